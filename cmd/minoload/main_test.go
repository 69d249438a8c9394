package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"--games", "-1"}, {"--games", "0"}, {"--duration", "0"}, {"--watchers", "-2"}, {"stray"}} {
		var out, errb bytes.Buffer
		if status := run(args, &out, &errb); status != 2 || !strings.HasPrefix(errb.String(), "minoload: ") {
			t.Errorf("%q: status %d, stderr %q", args, status, errb.String())
		}
	}
}
