package foxnet

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
)

// BotStats is what a bot over the wire saw.
type BotStats struct {
	Name    string
	Blocks  int
	Matches int   // matches seen to their end ("game is over")
	Last    State // the last block
}

// RunBot plays the computer player over a connection in either dialect
// until the connection ends or it has seen matches matches end (0: no
// limit). A name, when given, is asked for with name:NAME.
func RunBot(rw io.ReadWriter, name string, matches int, seed uint64) (BotStats, error) {
	var st BotStats
	if name != "" {
		if _, err := io.WriteString(rw, "name:"+name+"\n"); err != nil {
			return st, err
		}
	}
	br := bufio.NewReaderSize(rw, 64<<10)
	bw := bufio.NewWriter(rw)
	var r Reader
	var brain *bot.Brain
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			if errors.Is(err, io.EOF) {
				return st, nil
			}
			return st, err
		}
		line = line[:len(line)-1]
		s, perr := r.Line(line)
		if perr != nil {
			return st, fmt.Errorf("the server sent a block this bot cannot read: %w", perr)
		}
		if r.Name != "" && (brain == nil || brain.Name != r.Name) {
			brain = bot.NewBrain(r.Name, seed)
			st.Name = r.Name
		}
		if r.Over {
			r.Over = false
			st.Matches++
			if matches > 0 && st.Matches >= matches {
				io.WriteString(rw, "q\n")
				return st, nil
			}
			continue
		}
		if s == nil || brain == nil {
			continue
		}
		st.Blocks++
		st.Last = *s
		if s.Round == s.Rounds && st.Blocks > 1 {
			continue // the last block of a match: nothing more to play
		}
		bw.WriteString(brain.Decide(&s.View) + "\n")
		if err := bw.Flush(); err != nil {
			return st, err
		}
	}
}
