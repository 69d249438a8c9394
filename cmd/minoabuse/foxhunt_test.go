package main

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/foxnet"
)

// The hostile server's blocks read as blocks (a client draws them, so the
// escape sequences reach its drawing, not a parse error), in both
// dialects, for a player and a spectator; every kind of hostile string is
// in what it sends, and a match ends with "game is over".
func TestHostileServerSendsReadableHostileBlocks(t *testing.T) {
	for _, d := range []foxnet.Dialect{foxnet.Wiki, foxnet.Mica} {
		for _, player := range []bool{true, false} {
			near, far := net.Pipe()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				defer close(done)
				hostileConn(ctx, options{foxRounds: 2}, d, far, player)
			}()
			var r foxnet.Reader
			br := bufio.NewReader(near)
			var all strings.Builder
			blocks, hostileNames := 0, 0
			for !r.Over {
				near.SetReadDeadline(time.Now().Add(10 * time.Second))
				l, err := br.ReadString('\n')
				if err != nil {
					t.Fatalf("%s, player %v: %v after %d blocks", d, player, err, blocks)
				}
				all.WriteString(l)
				s, err := r.Line(strings.TrimSuffix(l, "\n"))
				if err != nil {
					t.Fatalf("%s, player %v: the client's Reader refuses it: %v", d, player, err)
				}
				if s != nil {
					blocks++
					for _, e := range s.Table {
						if strings.ContainsAny(e.Name, "\x1b\u202e\u200b\u009d\x07") {
							hostileNames++
						}
					}
				}
			}
			cancel()
			near.Close()
			<-done
			if blocks != 3 || hostileNames < 3*3 {
				t.Errorf("%s, player %v: %d blocks, %d hostile names in their tables", d, player, blocks, hostileNames)
			}
			want := []string{"\x1b]0;", "\x1b[2J", "\u202e", "\u200b", "\u009d"}
			if player {
				want = append(want, "\x1b]52;", "\x9d0;RAW", "\x7f")
			}
			for _, w := range want {
				if !strings.Contains(all.String(), w) {
					t.Errorf("%s, player %v: no %q in what it sent", d, player, w)
				}
			}
		}
	}
}
