package saves

import (
	"fmt"
	"os"
	"testing"
)

// Child processes: the kill-safety and concurrency tests run this test
// binary again with childEnv set to the name of a child's job.
const childEnv = "MINOTAUR_SAVES_TEST_CHILD"

var children = map[string]func() error{}

func TestMain(m *testing.M) {
	if job := os.Getenv(childEnv); job != "" {
		run, ok := children[job]
		if !ok {
			fmt.Fprintf(os.Stderr, "unknown child job %q\n", job)
			os.Exit(3)
		}
		if err := run(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
