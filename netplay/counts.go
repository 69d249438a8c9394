package netplay

import (
	"errors"
	"sync"
	"sync/atomic"
)

// Counts is what the server counts for its operator (minotaur serve
// --metrics): a snapshot of the players, spectators and games now, and
// the actions and refusals since the server started.
type Counts struct {
	// Players are the players connected now (said hello; away ones, whose
	// connection is gone, are not counted), the server's bots included.
	Players int
	// Spectators are the connections watching a game now.
	Spectators int
	// Games are the games in progress by kind ("minotaur", "labyrinth",
	// "trails", "chess", "foxhunt"), solo games included; every kind is
	// there, 0 when none is played.
	Games map[string]int
	// Actions are the actions the games took from players (refused ones
	// are not counted; the computer seats' moves neither).
	Actions uint64
	// Refused are the connections and hellos refused, by reason:
	// server_full, too_many_from_addr (the connection limits),
	// shutting_down, bad_name, name_taken, bad_token, bad_version.
	Refused map[string]uint64
}

// RefusalReasons are the reasons Counts.Refused may hold, for a dashboard
// that wants each series from the start.
var RefusalReasons = []string{"server_full", "too_many_from_addr", "shutting_down", "bad_name", "name_taken", "bad_token", "bad_version"}

// tally is what Counts counts over time.
type tally struct {
	actions atomic.Uint64
	mu      sync.Mutex
	refused map[string]uint64
}

func (t *tally) refuse(reason string) {
	t.mu.Lock()
	if t.refused == nil {
		t.refused = map[string]uint64{}
	}
	t.refused[reason]++
	t.mu.Unlock()
}

// refuseLimit counts a connection the limits refused (Admit's error).
func (t *tally) refuseLimit(err error) {
	reason := "server_full"
	if errors.Is(err, ErrTooManyFromAddr) {
		reason = "too_many_from_addr"
	}
	t.refuse(reason)
}

// Counts returns what the server counts now.
func (s *Server) Counts() Counts {
	c := Counts{Games: map[string]int{}, Refused: map[string]uint64{}, Actions: s.tally.actions.Load()}
	s.tally.mu.Lock()
	for k, v := range s.tally.refused {
		c.Refused[k] = v
	}
	s.tally.mu.Unlock()
	c.Games[KindMinotaur] = 0
	for k := range kinds {
		c.Games[k] = 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for ss := range s.sessions {
		if ss.p != nil && ss.p.sess == ss {
			c.Players++
		}
		if ss.watching != nil {
			c.Spectators++
		}
	}
	for _, r := range s.rooms {
		kind := r.kind
		if kind == "" {
			kind = KindMinotaur
		}
		c.Games[kind]++
	}
	return c
}
