package main

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeUsageErrors: bad flags are one line and the usage, status 2.
func TestServeUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", []string{"--bogus"}, "unknown flag: --bogus"},
		{"argument", []string{"now"}, `unexpected argument "now"`},
		{"zero grace", []string{"--grace", "0s"}, "--grace must be positive"},
		{"no clients", []string{"--max-clients", "0"}, "--max-clients must be at least 1"},
		{"no clients per address", []string{"--max-per-addr", "0"}, "--max-per-addr must be at least 1"},
		{"no SSH sessions", []string{"--ssh-max-sessions", "0"}, "--ssh-max-sessions must be at least 1"},
		{"drop before ping", []string{"--ping-after", "40s"}, "--drop-after (30s) must be longer than --ping-after (40s)"},
		{"bad duration", []string{"--grace", "soon"}, `invalid argument "soon"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(append([]string{"serve", "--data", t.TempDir()}, tt.args...), &out, &errb)
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr %q", code, errb.String())
			}
			lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
			if !strings.Contains(lines[0], tt.want) || !strings.HasPrefix(lines[len(lines)-1], "usage: minotaur serve") {
				t.Fatalf("stderr %q, want %q then the usage", errb.String(), tt.want)
			}
		})
	}
}

// TestServeFailures: a taken port and a bad level file are told, status 1.
func TestServeFailures(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--addr", ln.Addr().String(), "--data", t.TempDir()}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "cannot listen on "+ln.Addr().String()) {
		t.Fatalf("taken port: exit %d, stderr %q", code, errb.String())
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("+---+\n|P.|\n+---+\n"), 0o644)
	errb.Reset()
	if code := run([]string{"serve", "--level", bad, "--data", t.TempDir()}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "bad.txt:") {
		t.Fatalf("bad level: exit %d, stderr %q", code, errb.String())
	}
}

func TestServeHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--help"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, flag := range []string{"--addr", "--data", "--grace", "--max-clients", "--max-per-addr", "--ssh-max-sessions", "--level", "--seed"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("help does not mention %s", flag)
		}
	}
}
