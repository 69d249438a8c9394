package main

import (
	"bytes"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/foxnet"
)

func TestFoxhuntServeRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--size", "4,4"}, "--size 4,4: each side 5 to 101"},
		{[]string{"serve", "--size", "abc"}, `--size "abc": give ROWS,COLS`},
		{[]string{"serve", "--bots", "5", "--players", "4"}, "--bots 5: 0 to --players (4)"},
		{[]string{"serve", "--wire", "xml"}, `--wire "xml": choose wiki or mica`},
		{[]string{"serve", "--timeout", "1h"}, "--timeout 1h0m0s: 10ms to 1m"},
		{[]string{"serve", "--rounds", "0"}, "--rounds 0: 1 to"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"servx"}, `unknown command "servx": choose serve, play, watch or bot`},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"foxhunt"}, tc.args...), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: %q, want %q", tc.args, errb.String(), tc.want)
		}
	}
}

// foxhunt bot plays a whole match against a server and says so.
func TestFoxhuntBotPlaysAMatch(t *testing.T) {
	srv, err := foxnet.NewServer(foxnet.Config{Players: 2, Bots: 1, Rounds: 10, W: 9, H: 9, Timeout: time.Second, Matches: 1, StartDelay: 10 * time.Millisecond, Wire: foxnet.Mica})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	go srv.Run()
	defer srv.Close()
	var out, errb bytes.Buffer
	if code := run([]string{"foxhunt", "bot", "--server", ln.Addr().String(), "--name", "tester", "--matches", "1"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got := out.String(); !strings.Contains(got, "tester played 11 blocks, 1 matches to their end") {
		t.Fatalf("%q", got)
	}
}

// --size is ROWS,COLS now (rows first, as labyrinth --size); a map that is
// not square gets a one-line note of the order, for one release.
func TestFoxhuntServeSizeIsRowsCols(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"foxhunt", "serve", "--size", "15,30", "--wire", "xml"}, &out, &errb)
	if !strings.Contains(errb.String(), "note: --size is ROWS,COLS (it was W,H before): 15 rows, 30 columns") {
		t.Errorf("no note of the order: %q", errb.String())
	}
	errb.Reset()
	run([]string{"foxhunt", "serve", "--size", "15,102"}, &out, &errb)
	if !strings.Contains(errb.String(), "--size 15,102: each side 5 to 101") {
		t.Errorf("out of range: %q", errb.String())
	}
	errb.Reset()
	run([]string{"foxhunt", "serve", "--size", "21", "--wire", "xml"}, &out, &errb)
	if strings.Contains(errb.String(), "note:") {
		t.Errorf("a square map gets a note: %q", errb.String())
	}
}
