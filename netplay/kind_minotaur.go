package netplay

import (
	"errors"
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/games/match"
	"github.com/minotaur-game/minotaur/safetext"
)

// Minotaur's campaign as a Game (docs/protocol.md): co-op (two seats) or
// solo (one), every seat a person's. Its messages predate the other
// kinds, so a room of it carries no kind (its kind field is ""), and it
// does a few things its own way, each through an optional interface of
// the rooms' common code: a seat whose player is gone leaves the board
// and plays again at the next level (awayer); its state lines are built
// by hand, with the sentences of what happened, and a solo game's
// spectators share its player's line (ownLines); a wall bump is heard
// only by the seat that bumped; the file is written when a round is
// complete (roundSaver); its over carries the score and level, which the
// daily challenge's table records (campaign); its start carries the seed
// and the daily flag (seeded).
//
// minotaurKind loads the games of the data folder whose kind is "" or
// "minotaur"; it is not in kinds, which are the kinds a client may name
// in hello besides Minotaur's: Minotaur's games are started by invite
// and solo without a kind, dealt off the server's lock (Server.deal).
var minotaurKind = Kind{
	Name: KindMinotaur, Title: "Minotaur",
	Load: func(data []byte) (Game, error) {
		g, err := engine.Load(data)
		if err != nil {
			return nil, err
		}
		return newMinotaurGame(g, false), nil
	},
	Daily: true,
}

// minotaurGame is an engine.Game in a room. The room's lock guards it.
type minotaurGame struct {
	g *engine.Game
	// ev is what happened since the last states were sent: the next
	// broadcast tells it, and sends nothing when it is empty.
	ev []engine.Event
	// quiet is the seat whose act spent no turn (a bump): only it is
	// told, and nothing is saved. 0 otherwise.
	quiet int
	// save is set when the last act completed a round (the turn back to
	// the first seat on the board, a new level, the end).
	save  bool
	toAct [1]int
	view  engine.View // the view of the state being sent, its storage reused
	// said and happened are the state's sentences and events, their
	// storage reused like the view's.
	said     []string
	happened []engine.Event
}

// newMinotaurGame wraps g; a new game's first states tell that its level
// started.
func newMinotaurGame(g *engine.Game, started bool) *minotaurGame {
	m := &minotaurGame{g: g}
	if started {
		m.ev = append(m.ev, engine.Event{Kind: engine.EvLevelStarted, Level: g.LevelNumber()})
	}
	return m
}

var (
	_ Game       = (*minotaurGame)(nil)
	_ awayer     = (*minotaurGame)(nil)
	_ ownLines   = (*minotaurGame)(nil)
	_ campaign   = (*minotaurGame)(nil)
	_ roundSaver = (*minotaurGame)(nil)
	_ seeded     = (*minotaurGame)(nil)
)

func (m *minotaurGame) Seats() int { return m.g.Players() }

// ToAct is the seat whose turn it is; none while nobody is on the board
// or once the game is over.
func (m *minotaurGame) ToAct() []int {
	t := m.g.Turn()
	if t == 0 {
		return nil
	}
	m.toAct[0] = t
	return m.toAct[:]
}

// Apply plays a seat's action, one of w a s d . f.
func (m *minotaurGame) Apply(seat int, a string) error {
	action, ok := engine.Action(0), false
	if len(a) == 1 {
		action, ok = engine.ParseAction(a[0])
	}
	if !ok {
		return &refused{CodeBadAction, fmt.Sprintf("action %q is not one of w a s d . f (up, left, down, right, skip, use a freeze)", safetext.Short(a, 16))}
	}
	level := m.g.LevelNumber()
	ev, err := m.g.Apply(seat, action)
	if err != nil {
		switch {
		case (errors.Is(err, engine.ErrNotYourTurn) || errors.Is(err, engine.ErrSeatInactive)) && m.g.Turn() == 0:
			return &refused{CodeNotYourTurn, "nobody can move now: wait for the next level"}
		case errors.Is(err, engine.ErrNotYourTurn), errors.Is(err, engine.ErrSeatInactive):
			return match.ErrNotYourTurn // the room names the seat to act
		case errors.Is(err, engine.ErrBadAction):
			return fmt.Errorf("action %q is not one of w a s d . f", a)
		case errors.Is(err, engine.ErrGameOver):
			return match.ErrOver
		}
		return &refused{CodeProto, fmt.Sprintf("the server could not play that action: %v", err)}
	}
	m.ev = append(m.ev, ev...)
	if !ev.TurnSpent() {
		// Nothing changed: only the player who acted hears of it.
		m.quiet, m.save = seat, false
		return nil
	}
	// The file is written when a round is complete, not after every
	// action: half the writes, and nothing but a half round to replay.
	m.save = m.g.Result() != engine.InProgress || m.g.Turn() <= seat || m.g.LevelNumber() != level
	return nil
}

// View is what seat sees (0: the team's view, a spectator's).
func (m *minotaurGame) View(seat int) any {
	if seat == 0 {
		return m.g.TeamView()
	}
	return m.g.View(seat)
}

// Outcome: the campaign is won or lost by the seats together, each with
// the team's score.
func (m *minotaurGame) Outcome() match.Outcome {
	res := m.g.Result()
	if res == engine.InProgress {
		return match.Outcome{}
	}
	oc := match.Outcome{Over: true, Scores: make([]int, m.g.Players())}
	for i := range oc.Scores {
		oc.Scores[i] = m.g.Score()
		if res == engine.Won {
			oc.Winners = append(oc.Winners, i+1)
		}
	}
	return oc
}

func (m *minotaurGame) MarshalJSON() ([]byte, error) { return m.g.MarshalJSON() }

// AppendJSON appends what MarshalJSON writes (jsonAppender).
func (m *minotaurGame) AppendJSON(dst []byte) ([]byte, error) { return m.g.AppendJSON(dst) }

func (m *minotaurGame) Computer(int) bool { return false }
func (m *minotaurGame) Bot(int) string    { return "" }
func (m *minotaurGame) Level() int        { return 0 }
func (m *minotaurGame) Moves() int        { return m.g.TurnNumber() }
func (m *minotaurGame) Seed() uint64      { return m.g.Seed() }

// SetAway takes an absent seat off the board: the partner plays on
// alone, and the seat plays again at the next level. A solo game waits
// as it is instead (false). Coming back, it reports whether the seat is
// on the board again at once (the others are shown it).
func (m *minotaurGame) SetAway(seat int, away bool) bool {
	if away && m.g.Players() == 1 {
		return false
	}
	ev, _ := m.g.SetAway(seat, away)
	m.ev = append(m.ev, ev...)
	return away || len(ev) > 0
}

// Leave gives a seat up for good (the room took it off the board first):
// it counts as caught from now on, so the partner plays on alone and a
// game nobody can finish ends.
func (m *minotaurGame) Leave(seat int) {
	ev, _ := m.g.Abandon(seat)
	m.ev = append(m.ev, ev...)
}

// saveDue reports whether the last act completed a round.
func (m *minotaurGame) saveDue() bool { return m.save }

// overLine is the over message of every seat and spectator: the result
// (lost while the game is not over: dropped, or its player left), the
// score and the level.
func (m *minotaurGame) overLine() []byte {
	res := m.g.Result()
	if res == engine.InProgress {
		res = engine.Lost
	}
	return encode(&Over{T: TypeOver, Result: res.String(), Score: m.g.Score(), Level: m.g.LevelNumber()})
}

// leaveLine is the over message of a player who leaves: a solo game ends,
// lost where it stood; a co-op partner plays on, and the one who left is
// told nothing.
func (m *minotaurGame) leaveLine(int) []byte {
	if m.g.Players() != 1 {
		return nil
	}
	return m.overLine()
}

// progress is the score, the level, and whether the game was won, for
// the daily challenge's table and the log.
func (m *minotaurGame) progress() (score, level int, won bool) {
	return m.g.Score(), m.g.LevelNumber(), m.g.Result() == engine.Won
}

// names are the seats' player names ("" for a seat a solo game lacks).
func minotaurNames(r *room) [2]string {
	var n [2]string
	for i := range r.seats {
		n[i] = r.seats[i].name
	}
	return n
}

// state is seat i's state with the given seq, its view in m.view: good
// until the next.
func (m *minotaurGame) state(r *room, i int, seq int64) State {
	names := minotaurNames(r)
	m.said, m.happened = toldInto(m.ev, i+1, names, m.said, m.happened)
	m.g.ViewInto(&m.view, i+1)
	return newState(seq, m.view, names, m.said, m.happened)
}

// sendState sends seat i (0-based) its state, with the sentences of what
// happened.
func (m *minotaurGame) sendState(r *room, i int) {
	ss := r.seats[i].sess
	if ss == nil {
		return
	}
	line, buf := m.state(r, i, ss.seq.Add(1)).pooledLine()
	ss.queueBy(outLine{b: line, buf: buf}, r.by)
}

// broadcast tells every connected seat and every spectator what happened
// (only the seat that bumped, for a bump); nothing when nothing did.
func (m *minotaurGame) broadcast(r *room) {
	if len(m.ev) == 0 {
		return
	}
	defer m.sent()
	if m.quiet != 0 {
		m.sendState(r, m.quiet-1)
		return
	}
	r.level.Store(int32(m.g.LevelNumber()))
	r.turn.Store(int32(m.g.TurnNumber()))
	if len(r.seats) == 1 && len(r.watchers) > 0 {
		// A solo game's spectators see what its player sees: the
		// player's line, shared, with your_turn and seat made theirs.
		var seq int64
		ss := r.seats[0].sess
		if ss != nil {
			seq = ss.seq.Add(1)
		}
		r.share(sharedState(m.state(r, 0, seq), true), ss)
		return
	}
	for i := range r.seats {
		m.sendState(r, i)
	}
	if len(r.watchers) > 0 {
		names := minotaurNames(r)
		sentences, happened := told(m.ev, 0, names)
		m.g.TeamViewInto(&m.view)
		r.showAll(m.view, names, sentences, happened)
	}
}

// sent forgets what happened, once told.
func (m *minotaurGame) sent() {
	clear(m.ev)
	m.ev, m.quiet = m.ev[:0], 0
}

// watchLine is a new spectator's state: the team's view, with nothing
// told. Every spectator sees the team's view, whichever seat it asked for.
func (m *minotaurGame) watchLine(r *room, ss *Session) []byte {
	return newState(ss.seq.Add(1), m.g.TeamView(), minotaurNames(r), nil, nil).line()
}
