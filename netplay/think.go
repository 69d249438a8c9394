package netplay

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The computer's thinking (docs/server.md, "The computer's moves"). A
// computer seat whose move takes a real search (Trails, chess: a Game
// that is a thinker) does not think on the connection path of the person
// it answers: the room takes a copy of what the computer may know (think)
// and hands it to a bounded pool of thinkers, sized to the machine
// (GOMAXPROCS less one, at least one), so that people's actions, which run
// on their own connections' goroutines, never wait for a computer and
// always have a processor the thinkers cannot all take. On Linux each
// thinker has an OS thread of its own at the lowest priority (SCHED_IDLE
// and nice 19: think_linux.go), so
// that it runs only on what the people leave, and a search waits now and
// then while connections are handling people's lines (yieldToPeople), so
// that it does not run beside them at all; while the thinkers work,
// Go is lent one processor more per thinker (Config.Processors, see
// lend), so that a thinker's thread waiting for the system never holds a
// processor the people's goroutines need. The move comes
// back to the room and is applied under the room's lock like any action;
// the states of the person's move and of the computer's answer go out
// together, as one state, when it does (docs/protocol.md). Each move has a
// deadline (Config.ThinkTime): when the thought is not back by then — the
// pool saturated, or the search slow — the room plays the computer's
// cheaper level at once (quick, microseconds) and the late thought is
// thrown away. A thought that would come too late — its deadline nearer,
// when a thinker takes it, than twice what the kind's thoughts took lately —
// is not begun: the quick move is played then. A saturated server slows
// the computer's games to the deadline and makes them weaker, never the
// people's. The kinds whose computers decide in
// microseconds (the Labyrinth, the Fox hunt) play inline as before.

// DefaultThinkTime is the deadline of a computer's move; DefaultComputerGames
// the computer games of each kind a server plays at once.
const (
	DefaultThinkTime     = time.Second
	DefaultComputerGames = 100
)

// thinker is a Game whose computer thinks long enough to be worth doing off
// the connection path. think returns, under the room's lock, the thought
// for seat: a function that runs on a thinker with no lock held and reads
// only copies it took, and returns the action (one of ToAct). quick is
// the action of the computer's cheapest level, chosen at once under the
// room's lock when the thought is late.
type thinker interface {
	think(seat int, pause func()) func() string
	quick(seat int) string
}

// thought is one computer move being thought. The room keeps its pending
// thought (room.thought); a thought that is no longer the room's is
// thrown away when it comes back.
type thought struct {
	r     *room
	seat  int
	moves int // the game's Moves when asked: the position thought about
	run   func() string
	timer *time.Timer
	due   time.Time // the deadline
	// settled is set once the room has its move (the thought's or the
	// quick one): a thinker skips a thought still queued then.
	settled atomic.Bool
}

// thinkPool runs thoughts on n goroutines. The queue holds at most one
// thought per computer game; one that does not fit waits for its deadline.
type thinkPool struct {
	n    int
	jobs chan *thought
	busy atomic.Int32 // thinkers thinking now
	// took is, by kind, how long a thought took lately (wall clock, ns,
	// a moving average): a thought whose deadline is nearer than twice
	// that is not begun — the quick move is played at once instead.
	took map[string]*atomic.Int64

	// Processors lent to Go while the thinkers work (lend).
	procs   func(extra int) // Config.Processors; nil: none are lent
	linger  time.Duration   // lent until the thinkers have been idle this long
	lendMu  sync.Mutex      // held while lending or giving back
	lent    atomic.Bool
	lastEnd atomic.Int64 // when the last thought ended (UnixNano)
	back    *time.Timer  // gives the processors back (giveBack); nil until the first lend
	closed  bool         // Shutdown: nothing more is lent; under lendMu
}

// lendLinger is how long the thinkers stay idle before the processors
// lent for them are given back.
const lendLinger = time.Second

// lend gives Go one processor more per thinker when it has none lent:
// called by a thinker about to think, after it counted itself busy. A
// thinker's thread at the lowest priority still holds one of Go's
// processors while it searches; were that one of the machine's, the
// people's goroutines would have one fewer whenever the computer thinks
// (on two cores with 20 computer games, the players' p99 was 4-5x the same
// load without them). An idle processor more is not free either: Go's
// scheduler then spins over more processors than the machine has, and
// the people's work cost 9 % more CPU an action, its p99 a quarter more
// (medians of nine and ten runs: docs/performance.md). So the processors are lent while the
// computer thinks and given back once it has been idle for lendLinger.
func (p *thinkPool) lend() {
	if p.procs == nil || p.lent.Load() {
		return
	}
	p.lendMu.Lock()
	defer p.lendMu.Unlock()
	if p.lent.Load() || p.closed {
		return
	}
	p.procs(p.n)
	p.lent.Store(true)
	if p.back == nil {
		p.back = time.AfterFunc(p.linger, p.giveBack)
	} else {
		p.back.Reset(p.linger)
	}
}

// thoughtEnded notes when a thinker's thought ended, for giveBack.
func (p *thinkPool) thoughtEnded(now time.Time) {
	if p.procs != nil {
		p.lastEnd.Store(now.UnixNano())
	}
}

// giveBack returns the lent processors once the thinkers have been idle
// for lendLinger, and looks again later while they are not. Of a thinker
// that counts itself busy (then reads lent) and giveBack (which clears lent,
// then reads busy), one sees the other: no thought goes without its
// processor.
func (p *thinkPool) giveBack() {
	p.lendMu.Lock()
	defer p.lendMu.Unlock()
	if !p.lent.Load() || p.closed {
		return
	}
	idle := time.Since(time.Unix(0, p.lastEnd.Load()))
	if idle < p.linger {
		p.back.Reset(p.linger - idle)
		return
	}
	p.lent.Store(false)
	if p.busy.Load() > 0 {
		p.lent.Store(true)
		p.back.Reset(p.linger)
		return
	}
	p.procs(0)
}

// closeLending stops lending at Shutdown and gives back what is lent.
func (p *thinkPool) closeLending() {
	p.lendMu.Lock()
	defer p.lendMu.Unlock()
	p.closed = true
	if p.back != nil {
		p.back.Stop()
	}
	if p.lent.Load() {
		p.lent.Store(false)
		p.procs(0)
	}
}

// expect is how long a thought of kind is expected to take.
func (p *thinkPool) expect(kind string) time.Duration {
	if a := p.took[kind]; a != nil {
		return time.Duration(a.Load())
	}
	return 0
}

// observe notes how long a thought of kind took.
func (p *thinkPool) observe(kind string, d time.Duration) {
	if a := p.took[kind]; a != nil {
		old := a.Load()
		a.Store(old + (int64(d)-old)/8)
	}
}

// DefaultThinkers is the pool's size on this machine: one processor is
// left to the people.
func DefaultThinkers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// startThinkers starts the pool. Called once by NewServer.
func (s *Server) startThinkers() {
	n := s.cfg.Thinkers
	if n <= 0 {
		n = DefaultThinkers()
	}
	queue := 0
	for _, k := range kinds {
		queue += s.computerCap(k.Name)
	}
	s.pool = &thinkPool{
		n: n, jobs: make(chan *thought, max(64, min(queue, 1<<16))), took: map[string]*atomic.Int64{},
		procs: s.cfg.Processors, linger: s.cfg.lendLinger,
	}
	if s.pool.linger <= 0 {
		s.pool.linger = lendLinger
	}
	for k := range kinds {
		s.pool.took[k] = new(atomic.Int64)
	}
	s.thinkWake = make(chan struct{}, n)
	s.bg.Add(n)
	for range n {
		go func() {
			defer s.bg.Done()
			lowerThinker()
			s.thinkLoop()
		}()
	}
}

func (s *Server) thinkLoop() {
	for {
		select {
		case <-s.quit:
			return
		case t := <-s.pool.jobs:
			if t.settled.Load() {
				continue // its deadline passed while it waited
			}
			if time.Until(t.due) < 2*s.pool.expect(t.r.kind) {
				// It would come too late: the quick move now, not at the
				// deadline, and the thinker goes on to the next.
				s.thoughtDone(t, "", true)
				continue
			}
			s.pool.busy.Add(1)
			s.pool.lend()
			start := time.Now()
			var a string
			if s.cfg.thinkVia != nil {
				a = s.cfg.thinkVia(t.run)
			} else {
				a = t.run()
			}
			end := time.Now()
			s.pool.observe(t.r.kind, end.Sub(start))
			s.pool.thoughtEnded(end)
			s.pool.busy.Add(-1)
			s.wakeThinker()
			s.thoughtDone(t, a, false)
		}
	}
}

// think asks the pool for the computer's move of seat, unless the room
// already waits for it. Caller holds r.mu.
func (s *Server) think(r *room, th thinker, seat int) {
	moves := r.m.Moves()
	if t := r.thought; t != nil && t.seat == seat && t.moves == moves {
		return
	}
	r.dropThought()
	t := &thought{r: r, seat: seat, moves: moves, run: th.think(seat, s.yieldToPeople), due: time.Now().Add(s.cfg.ThinkTime)}
	r.thought = t
	t.timer = time.AfterFunc(s.cfg.ThinkTime, func() { s.thoughtDone(t, "", true) })
	select {
	case s.pool.jobs <- t:
	default:
		// The queue is full: the deadline plays the quick move.
	}
}

// dropThought forgets the room's pending thought. Caller holds r.mu.
func (r *room) dropThought() {
	if t := r.thought; t != nil {
		t.settled.Store(true)
		t.timer.Stop()
		r.thought = nil
	}
}

// thoughtDone applies the computer's move a (late: the deadline passed,
// and the quick move is played instead) when t is still the room's
// pending thought, like a person's action: the game settles, everyone gets
// their state, the game is saved, and finished when over.
func (s *Server) thoughtDone(t *thought, a string, late bool) {
	if s.stopping.Load() {
		return // Shutdown saves the game as it stands
	}
	r := t.r
	r.mu.Lock()
	if r.thought != t || r.done {
		r.mu.Unlock()
		return
	}
	r.dropThought()
	if late {
		s.lateThoughts.Add(1)
	}
	played := false
	if r.m.Moves() == t.moves && !r.m.Outcome().Over {
		played = !late && a != "" && r.m.Apply(t.seat, a) == nil
		if q := ""; !played {
			q = r.m.(thinker).quick(t.seat)
			played = q != "" && r.m.Apply(t.seat, q) == nil
		}
		if !played {
			// As a computer that answers nothing playable inline: the
			// game waits, and is not asked again at once.
			s.log.Error("the computer has no move", "game", r.id, "seat", t.seat)
		}
	}
	if played {
		s.settle(r)
	}
	r.broadcast()
	ended := r.m.Outcome().Over
	if ended {
		r.done = true
	}
	r.mu.Unlock()
	s.persist(r)
	if ended {
		s.mu.Lock()
		s.finish(r)
		s.mu.Unlock()
	}
}

// computerCap is how many computer games of kind the server plays at once.
func (s *Server) computerCap(kind string) int {
	if n, ok := s.cfg.ComputerGames[kind]; ok {
		return max(0, n)
	}
	return DefaultComputerGames
}

// computerRefusal is the sentence for a computer game beyond the kind's
// cap, "" when there is room. Caller holds mu.
func (s *Server) computerRefusal(k *Kind) string {
	n := s.computerCap(k.Name)
	if s.computerGames[k.Name] < n {
		return ""
	}
	// Short enough for one line of an 80-column lobby.
	if n == 0 {
		return "no " + k.Title + " against the computer on this server: invite a player"
	}
	return "the computer is busy with " + strconv.Itoa(n) + " " + k.Title + " games: invite a player"
}

// countComputer notes that a room with computer seats from its start began
// (+1) or ended (-1). Caller holds mu.
func (s *Server) countComputer(r *room, d int) {
	if r.bots > 0 && r.kind != "" {
		s.computerGames[r.kind] += d
	}
}

// ParseComputerGames reads serve's --computer-games: "" (every kind its
// default), N (every kind N), or KIND=N,… (the kinds named; the others
// their default).
func ParseComputerGames(s string) (map[string]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	out := map[string]int{}
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 {
			return nil, fmt.Errorf("%d games: give 0 or more", n)
		}
		for k := range kinds {
			out[k] = n
		}
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.Atoi(v)
		switch {
		case !ok || err != nil:
			return nil, fmt.Errorf("%q: give N, or KIND=N for each kind, as in trails=50,chess=20", part)
		case kinds[k] == nil:
			return nil, fmt.Errorf("%q: %s", part, kindError(k))
		case n < 0:
			return nil, fmt.Errorf("%q: give 0 or more games", part)
		}
		out[k] = n
	}
	return out, nil
}

// yieldToPeople is the computer's Pause: a thinker searching goes on only
// while a processor is left idle besides the people's lines being handled
// and the thinkers running — on two processors with one thinker, only
// while no connection is handling a line — and waits here otherwise, so
// that its thread does not run beside the people's (on two cores even a
// thread at the lowest priority slowed them: beside 20 computer games
// their p50 moved up to 18 % and their p99 up to 1.8x;
// docs/performance.md). On a machine with processors to spare the
// thinkers use them: a server is not kept from thinking by people it has
// room for.
func (s *Server) yieldToPeople() {
	if !s.crowded(0) {
		return
	}
	s.thinkWait.Add(1)
	for s.crowded(1) {
		select {
		case <-s.thinkWake:
		case <-s.quit:
			s.thinkWait.Add(-1)
			return
		}
	}
	s.thinkWait.Add(-1)
}

// crowded reports whether the people's lines being handled and the
// thinkers running would leave no processor idle, with self more thinkers
// running than counted (a waiting thinker asks for itself).
func (s *Server) crowded(self int32) bool {
	running := s.pool.busy.Load() - s.thinkWait.Load() + self
	return s.people.Load()+running >= s.cores
}

// peopleDone notes that a connection handled its line.
func (s *Server) peopleDone() {
	s.people.Add(-1)
	s.wakeThinker()
}

// wakeThinker wakes a waiting thinker when it may go on: a person's line
// was handled, or a thinker's thought ended. (Of a thinker that counts
// itself waiting, then looks, and this, which looks at the count, one sees
// the other: no thinker waits with an idle processor.)
func (s *Server) wakeThinker() {
	if s.thinkWait.Load() > 0 && !s.crowded(1) {
		select {
		case s.thinkWake <- struct{}{}:
		default:
		}
	}
}
