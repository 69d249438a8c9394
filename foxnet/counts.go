package foxnet

import (
	"errors"
	"sync"
	"sync/atomic"

	"github.com/minotaur-game/minotaur/netplay"
)

// Counts is what the server counts for its operator (minotaur foxhunt
// serve --metrics): the players, spectators and match now, and the
// commands, refusals and late rounds since the server started.
type Counts struct {
	// Players are the players connected now (in a match or waiting); the
	// server's own bots are not counted.
	Players int
	// Spectators are the spectators connected now.
	Spectators int
	// Matches is 1 while a match is played, else 0.
	Matches int
	// Commands are the round commands the matches took from players (a
	// second command in a round, and the bots' commands, are not counted).
	Commands uint64
	// Refused are the connections refused, by reason: server_full,
	// too_many_from_addr.
	Refused map[string]uint64
	// LateRounds are the rounds that ended at the --timeout because a
	// seated player had not sent its command.
	LateRounds uint64
}

// RefusalReasons are the reasons Counts.Refused may hold.
var RefusalReasons = []string{"server_full", "too_many_from_addr"}

// tally is what Counts counts over time.
type tally struct {
	commands atomic.Uint64
	late     atomic.Uint64
	mu       sync.Mutex
	refused  map[string]uint64
}

func (t *tally) refuse(err error) {
	reason := "server_full"
	if errors.Is(err, netplay.ErrTooManyFromAddr) {
		reason = "too_many_from_addr"
	}
	t.mu.Lock()
	if t.refused == nil {
		t.refused = map[string]uint64{}
	}
	t.refused[reason]++
	t.mu.Unlock()
}

// Counts returns what the server counts now.
func (s *Server) Counts() Counts {
	c := Counts{Refused: map[string]uint64{}, Commands: s.tally.commands.Load(), LateRounds: s.tally.late.Load()}
	if s.running.Load() {
		c.Matches = 1
	}
	s.tally.mu.Lock()
	for k, v := range s.tally.refused {
		c.Refused[k] = v
	}
	s.tally.mu.Unlock()
	s.mu.Lock()
	c.Spectators = len(s.specs)
	c.Players = len(s.conns) - len(s.specs)
	s.mu.Unlock()
	return c
}
