package foxnet

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
)

// decide is the in-process computer player's decision (a test makes it
// fail to prove that a failing bot leaves and the server goes on).
var decide = (*bot.Brain).Decide

// newBot starts an in-process computer player: a client whose queue is
// read by a goroutine that parses the blocks, as any bot on the wire does,
// and answers through the same path as a connection's lines.
func (s *Server) newBot(n int) *client {
	c := s.newClient(nil, false, true)
	c.name = "bot" + strconv.Itoa(n)
	s.names[c.name] = c
	brain := bot.NewBrain(c.name, s.cfg.Seed+uint64(n)*7919)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() {
			// a bot's mistake must not take the server down: it leaves
			if v := recover(); v != nil {
				s.cfg.Logger.Error("foxhunt: a bot failed and leaves", "bot", c.name, "panic", fmt.Sprint(v))
				c.close()
				s.post(event{kind: evLeave, c: c})
			}
		}()
		var r Reader
		var rest []byte
		for {
			var b []byte
			select {
			case b = <-c.out:
			case <-c.done:
				return
			case <-s.quit:
				return
			}
			rest = append(rest, b...)
			for {
				i := bytes.IndexByte(rest, '\n')
				if i < 0 {
					break
				}
				st, _ := r.Line(string(rest[:i]))
				rest = rest[i+1:]
				if st != nil && c.inRun.Load() {
					if !s.handleLine(c, decide(brain, &st.View)) {
						return
					}
				}
			}
			rest = append(rest[:0:0], rest...)
		}
	}()
	return c
}
