# Minotaur — developer commands. The README's two commands need none of this.
GO      ?= go
PKGS    := ./...
FUZZTIME ?= 10s

.PHONY: run build test test-short test-long race vet bench perf-check fuzz e2e balance ci clean

run:            ## play
	$(GO) run ./cmd/minotaur

build:          ## build the binary into ./bin
	$(GO) build -o bin/minotaur ./cmd/minotaur

test:           ## the quick suite (go test ./...): every package, small samples of the statistical checks
	$(GO) test $(PKGS)

test-short:     ## the editing loop: -short leaves out the child processes and the longest checks
	$(GO) test -short $(PKGS)

test-long:      ## the statistical checks in full (MINOTAUR_TEST_LONG=1): example levels × 20 seeds, bot matches, generation over 1,000 seeds × 7 levels
	MINOTAUR_TEST_LONG=1 $(GO) test -timeout 30m $(PKGS)

race:
	$(GO) test -race $(PKGS)

vet:
	$(GO) vet $(PKGS)

bench:          ## every benchmark; figures go into docs/performance.md
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

PERFFLAGS ?= -count 3

perf-check:     ## re-run the benchmarks behind docs/performance.md's figures, print now/documented (PERFFLAGS='-count 5 -fail 1.5 -run Bot')
	$(GO) run ./cmd/perfcheck $(PERFFLAGS)

fuzz:           ## each fuzz target for FUZZTIME
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

E2E_PKGS := ./cmd/minotaur ./sshplay

e2e:            ## the real binary and the OpenSSH client driven in tmux (MINOTAUR_TEST_E2E=1), side by side
	MINOTAUR_TEST_E2E=1 $(GO) test -run 'E2E|OpenSSH' -count=1 -parallel 4 -timeout 15m $(E2E_PKGS)

BALANCE_SEEDS ?= 1-1000

balance:        ## measure the levels with the bots; rewrites the table in docs/balance.md
	$(GO) run ./cmd/minotaur balance --seeds $(BALANCE_SEEDS) > docs/balance.out
	{ echo "Measured at commit $$(git rev-parse --short HEAD) ($$(git log -1 --format=%cs)), seeds $(BALANCE_SEEDS):"; \
	  echo; echo '```'; cat docs/balance.out; echo '```'; } > docs/balance.table
	awk -v table=docs/balance.table \
	  '/<!-- balance:end -->/ { while ((getline l < table) > 0) print l; skip = 0 } \
	   !skip { print } /<!-- balance:begin -->/ { skip = 1 }' docs/balance.md > docs/balance.new
	mv docs/balance.new docs/balance.md
	rm -f docs/balance.out docs/balance.table

ci:             ## what CI runs
	bash .ci/run

clean:
	rm -rf bin
