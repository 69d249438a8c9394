package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/netplay"
)

// The clients of the other kinds the server plays: Trails and chess between
// two people and against the server's computer, the Labyrinth and the Fox
// hunt between two people. Each plays random legal moves after thinking
// (--think, as the Minotaur players), a new game as soon as one ends, and
// measures the time from its action to the first state that comes after
// it: the state of its move (against the computer: with the computer's
// answer, which the server sends in the same state).

// gameKind is what a client of one kind plays.
type gameKind struct {
	wire string // the kind's name on the wire
	solo bool   // against the server's computer, else two people
}

var otherKinds = map[int]gameKind{
	kindTrails:   {netplay.KindTrails, false},
	kindTrailsAI: {netplay.KindTrails, true},
	kindChess:    {netplay.KindChess, false},
	kindChessAI:  {netplay.KindChess, true},
	kindLab:      {netplay.KindLabyrinth, false},
	kindFox:      {netplay.KindFoxhunt, false},
}

// kclient is one connection playing a kind other than Minotaur.
type kclient struct {
	kind    int
	gk      gameKind
	name    string
	partner string
	inviter bool
	o       options
	st      *stats
	rng     *rand.Rand
	conn    net.Conn
	wmu     sync.Mutex
	w       *bufio.Writer
	seat    int
	sentAt  atomic.Int64 // when the pending action was sent (unix ns), 0 none
	planned bool         // an action is planned or sent, not yet answered by a state
	timer   *time.Timer
	games   atomic.Int64 // games ended: an action planned in one is not sent in the next
	round   int          // the Fox hunt: the last round acted in
	states  int          // states received since the last start
	last    []byte
}

func newKClient(kind int, name string, i int, o options, st *stats) *kclient {
	return &kclient{kind: kind, gk: otherKinds[kind], name: name, o: o, st: st,
		rng: rand.New(rand.NewPCG(uint64(i), uint64(kind)))}
}

// playKind connects the clients of one game of kind (two people, or one
// against the computer) and plays until ctx ends.
func playKind(ctx context.Context, o options, st *stats, kind, i int) error {
	prefix := "k" + strconv.Itoa(kind) + "n" + strconv.Itoa(i)
	a := newKClient(kind, prefix+"a", 2*i, o, st)
	xs := []*kclient{a}
	if !a.gk.solo {
		b := newKClient(kind, prefix+"b", 2*i+1, o, st)
		a.partner, a.inviter, b.partner = b.name, true, a.name
		xs = []*kclient{b, a}
	}
	for _, x := range xs {
		if err := x.connect(ctx); err != nil {
			return err
		}
	}
	errc := make(chan error, len(xs))
	for _, x := range xs {
		go func() { errc <- x.loop(ctx) }()
	}
	err := <-errc
	for _, x := range xs {
		x.conn.Close()
	}
	for range xs[1:] {
		<-errc
	}
	return err
}

func (x *kclient) connect(ctx context.Context) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", x.o.addr)
	if err != nil {
		return err
	}
	x.conn = c
	x.w = bufio.NewWriter(c)
	x.st.connected[x.kind].Add(1)
	go func() { <-ctx.Done(); c.Close() }()
	return x.send(`{"t":"hello","v":1,"name":"` + x.name + `","bot":true,"kinds":["` + x.gk.wire + `"]}`)
}

func (x *kclient) send(line string) error {
	x.wmu.Lock()
	defer x.wmu.Unlock()
	x.conn.SetWriteDeadline(time.Now().Add(30 * time.Second))
	x.w.WriteString(line)
	x.w.WriteByte('\n')
	x.st.sent(x.kind, line, len(line)+1)
	return x.w.Flush()
}

// loop reads the server's lines and plays; the day's table (sent with
// the lobby) is not this client's business.
func (x *kclient) loop(ctx context.Context) error {
	return readLines(ctx, x.conn, x.st, x.kind, x.name, func([]byte) {}, x.state, func(m *wireMsg) {
		if m.T != netplay.TypeDaily {
			x.message(m)
		}
	})
}

func (x *kclient) message(m *wireMsg) {
	measuring := x.st.measuring.Load()
	switch m.T {
	case netplay.TypeWelcome:
		x.next()
	case netplay.TypePing:
		x.send(`{"t":"pong"}`)
	case netplay.TypeInvited:
		x.send(`{"t":"accept","from":"` + m.From + `"}`)
	case netplay.TypeStart:
		x.seat, x.round, x.states = m.Seat, 0, 0
		if (x.inviter || x.gk.solo) && measuring {
			x.st.started[x.kind].Add(1)
		}
	case netplay.TypeOver:
		x.games.Add(1)
		if x.timer != nil {
			x.timer.Stop()
		}
		x.planned = false
		x.sentAt.Store(0)
		if (x.inviter || x.gk.solo) && measuring {
			x.st.finished[x.kind].Add(1)
			if m.Result == "won" {
				x.st.won[x.kind].Add(1)
			}
		}
		x.next()
	case netplay.TypeError:
		switch {
		case m.Code == netplay.CodeNoSuchPlayer && x.inviter:
			// The partner has not said hello yet, or is still in its
			// last game: invite again soon.
			time.AfterFunc(50*time.Millisecond, x.next)
		default:
			x.st.addErr(kindNames[x.kind] + " " + m.Code)
			if m.Code == netplay.CodeRateLimited && x.gk.solo {
				time.AfterFunc(time.Second, x.next) // the server's cap of computer games
			}
		}
	}
}

// next starts the next game: an invitation, or a game against the computer.
func (x *kclient) next() {
	switch {
	case x.gk.solo:
		x.send(`{"t":"solo","kind":"` + x.gk.wire + `","level":` + strconv.Itoa(x.o.aiLevel) + `}`)
	case x.inviter:
		x.send(`{"t":"invite","to":"` + x.partner + `","kind":"` + x.gk.wire + `"}`)
	}
}

// kindState is the part of a state of the other kinds the clients read.
type kindState struct {
	YourTurn bool `json:"your_turn"`
	Round    int  `json:"round"` // the Fox hunt
	Legal    []struct {
		Dir int `json:"dir"`
	} `json:"legal"` // Trails
}

func (x *kclient) state(line []byte, now time.Time) error {
	measuring := x.st.measuring.Load()
	if measuring {
		x.st.states.Add(1)
	}
	// For the fan-out echo: a game's first state answers the start; after
	// it, the first state after this player's action answers that action,
	// and any other one its partner's (or, in the Fox hunt, the round's).
	x.states++
	sent := x.sentAt.Swap(0)
	switch {
	case x.states == 1:
		x.st.got(x.kind, roleOther, len(line))
	case sent != 0 || x.gk.solo:
		x.st.got(x.kind, roleActor, len(line))
	default:
		x.st.got(x.kind, rolePartner, len(line))
	}
	if sent != 0 {
		x.planned = false
		if measuring {
			x.st.lat[x.kind].add(now.Sub(time.Unix(0, sent)))
			x.st.acts[x.kind].Add(1)
		}
	}
	if x.planned || !bytes.Contains(line, yourTurn) {
		return nil
	}
	var a string
	switch x.gk.wire {
	case netplay.KindChess:
		m, err := netplay.DecodeMessage(line[:len(line)-1])
		if err != nil {
			return fmt.Errorf("%s: %v", x.name, err)
		}
		st, ok := m.(*netplay.ChessState)
		if !ok || !st.YourTurn {
			return nil
		}
		moves := chess.Moves(&st.View)
		if len(moves) == 0 {
			return nil
		}
		a = moves[x.rng.IntN(len(moves))].String()
	default:
		var s kindState
		if err := json.Unmarshal(line, &s); err != nil {
			return fmt.Errorf("%s: %v", x.name, err)
		}
		if !s.YourTurn {
			return nil
		}
		switch x.gk.wire {
		case netplay.KindTrails:
			if len(s.Legal) == 0 {
				return nil
			}
			a = [4]string{"U", "R", "D", "L"}[s.Legal[x.rng.IntN(len(s.Legal))].Dir&3]
		case netplay.KindLabyrinth:
			a = [4]string{"W", "A", "S", "D"}[x.rng.IntN(4)]
		case netplay.KindFoxhunt:
			if s.Round <= x.round {
				return nil // a state of the partner's command, this round
			}
			x.round = s.Round
			a = [5]string{"w", "a", "s", "d", "n"}[x.rng.IntN(5)]
		}
	}
	x.plan(a)
	return nil
}

// plan sends the action after thinking.
func (x *kclient) plan(a string) {
	think := time.Duration(0)
	if x.o.think > 0 {
		think = time.Duration(x.rng.Int64N(int64(2 * x.o.think)))
	}
	line := `{"t":"act","a":"` + a + `"}`
	x.planned = true
	gen := x.games.Load()
	var act func()
	act = func() {
		if x.games.Load() != gen {
			return // the game ended while the computer's games paused
		}
		now := time.Now()
		if wait := x.st.paused.waitFor(x.gk.solo, now); wait > 0 {
			time.AfterFunc(wait, act) // the computer's games pause
			return
		}
		x.sentAt.Store(now.UnixNano())
		x.send(line)
	}
	x.timer = time.AfterFunc(think, act)
}
