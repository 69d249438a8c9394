# Minotaur — developer commands. The README's two commands need none of this.
GO      ?= go
PKGS    := ./...
FUZZTIME ?= 10s

.PHONY: run build test test-short test-long race vet bench perf-check fuzz e2e balance load load-computer ci clean man release release-check startup

run:            ## play
	$(GO) run ./cmd/minotaur

build:          ## build the binary into ./bin, pure Go (no C library, no dynamic loader)
	CGO_ENABLED=0 $(GO) build -o bin/minotaur ./cmd/minotaur

man:            ## write the manual page minotaur.6 (man -l minotaur.6 reads it)
	$(GO) run ./cmd/minotaur man > minotaur.6

# A release: the platforms below, pure Go, built so that the same commit gives
# the same bytes (-trimpath drops the build folder's paths, -buildvcs stamps
# the commit, -s -w drop the symbol and debug tables), the version stamped from
# git describe. See docs/release.md.
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
PLATFORMS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64
DIST      ?= dist
RELEASE_FLAGS = -trimpath -buildvcs=auto -ldflags '-s -w -X main.version=$(VERSION)'

release:        ## build every platform's binary, the manual page and SHA256SUMS into dist/
	rm -rf $(DIST) && mkdir -p $(DIST)
	@set -e; for p in $(PLATFORMS); do \
	  os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
	  echo "== $$os/$$arch"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build $(RELEASE_FLAGS) -o $(DIST)/minotaur-$(VERSION)-$$os-$$arch$$ext ./cmd/minotaur; \
	done
	CGO_ENABLED=0 $(GO) run $(RELEASE_FLAGS) ./cmd/minotaur man > $(DIST)/minotaur.6
	cd $(DIST) && sha256sum minotaur-* minotaur.6 > SHA256SUMS
	cat $(DIST)/SHA256SUMS

release-check:  ## make release twice, in dist/ and a second folder: the same bytes, or it fails
	$(MAKE) --no-print-directory release DIST=dist VERSION=$(VERSION)
	$(MAKE) --no-print-directory release DIST=dist/.again VERSION=$(VERSION)
	cd dist && sha256sum -c .again/SHA256SUMS
	rm -rf dist/.again
	@echo "release-check: every file of dist/ built twice, byte for byte the same"

startup:        ## what minotaur version costs to start, against a Go hello world (docs/performance.md)
	$(GO) run scripts/startup.go

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

LOAD_DURATION ?= 60s
LOAD_MIX ?= --games 200 --solo 200 --watchers 400 --daily 8 --trails 20 --trails-ai 10 --chess 20 --chess-ai 10 --labyrinth 20 --foxhunt 20 --think 250ms
LOAD_FLAGS ?=

load:           ## the standard mixed load of every kind against a real server on loopback (docs/performance.md); LOAD_DURATION, LOAD_MIX, LOAD_FLAGS
	@set -e; dir=$$(mktemp -d); trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf $$dir' EXIT; \
	$(GO) build -o $$dir/minotaur ./cmd/minotaur; $(GO) build -o $$dir/minoload ./cmd/minoload; \
	$$dir/minotaur serve --addr 127.0.0.1:0 --data $$dir/data --max-clients 3000 --max-per-addr 3000 2>$$dir/log & pid=$$!; \
	for i in $$(seq 50); do addr=$$(sed -n 's/.*msg=listening addr=\([^ ]*\).*/\1/p' $$dir/log | head -1); [ -n "$$addr" ] && break; sleep 0.1; done; \
	[ -n "$$addr" ] || { cat $$dir/log; exit 1; }; \
	uptime; $$dir/minoload --addr $$addr --pid $$pid --duration $(LOAD_DURATION) --ramp 10s --echo $(LOAD_MIX) $(LOAD_FLAGS); uptime

load-computer:  ## the moderate load beside 20 games against the computer, playing and pausing by turns: the players' latency with and without them (docs/performance.md)
	@$(MAKE) --no-print-directory load LOAD_MIX="--games 200 --solo 200 --watchers 400 --trails-ai 10 --chess-ai 10 --ai-pause 10s --think 250ms" LOAD_FLAGS="--echo=false $(LOAD_FLAGS)"

ci:             ## what CI runs
	bash .ci/run

clean:
	rm -rf bin dist minotaur.6
