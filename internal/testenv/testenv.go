// Package testenv holds the switches of the module's tests, read from the
// environment so that `go test ./...` passes them to every package alike:
//
//	go test ./...                          # quick: every behaviour, small samples
//	MINOTAUR_TEST_LONG=1 go test ./...     # make test-long: the statistical games in full
//	MINOTAUR_TEST_E2E=1 go test ./cmd/minotaur ./sshplay   # make e2e: tmux and OpenSSH
//
// A test with a long statistical part asks for its sample size:
//
//	seeds := testenv.Pick(3, 20) // 3 in the quick suite, 20 under make test-long
//
// An end-to-end test starts with testenv.E2E(t). Neither switch depends on
// -v: what runs is the same whatever go test prints.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// LongVar and E2EVar are the environment variables that switch the long
// checks and the end-to-end tests on (value "1").
const (
	LongVar = "MINOTAUR_TEST_LONG"
	E2EVar  = "MINOTAUR_TEST_E2E"
)

// Long reports whether the long checks run (MINOTAUR_TEST_LONG=1: make
// test-long and CI).
func Long() bool { return os.Getenv(LongVar) == "1" }

// Pick returns quick in the quick suite and long under MINOTAUR_TEST_LONG=1.
func Pick[T any](quick, long T) T {
	if Long() {
		return long
	}
	return quick
}

// strict reports whether a missing tool fails a test instead of skipping
// it: under CI=true, the long checks and the end-to-end tests.
func strict() bool {
	return Long() || os.Getenv(E2EVar) == "1" || os.Getenv("CI") == "true"
}

// E2E skips the test unless MINOTAUR_TEST_E2E=1 (make e2e and CI): the
// end-to-end tests drive real terminals and take seconds each. Then each of
// tools must be installed, or the test fails.
func E2E(t testing.TB, tools ...string) {
	t.Helper()
	if os.Getenv(E2EVar) != "1" {
		t.Skip("an end-to-end test: run it with make e2e (" + E2EVar + "=1)")
	}
	for _, tool := range tools {
		Tool(t, tool)
	}
}

// Tool returns the path of the program name. When it is missing, the test
// is skipped in a plain go test, and fails under CI=true, the long checks
// and the end-to-end tests, where every test must run.
func Tool(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if strict() {
		t.Fatalf("%s is needed by this test: %v", name, err)
	}
	t.Skipf("%s is not installed (under CI=true, %s=1 or %s=1 this fails)", name, LongVar, E2EVar)
	return ""
}
