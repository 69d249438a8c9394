package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Rule constants, kept in one place.
const (
	LightRadius      = 3
	PenumbraRadius   = 5
	TorchLightRadius = 5
	TorchPenumbra    = 7
	// WandererSight is the radius within which a wanderer sees a player:
	// the player's own light radius (what you can see can see you).
	WandererSight     = LightRadius
	FreezeActions     = 3
	CompassTiles      = 8
	MinotaurLeapRange = 6
	MinotaurRest      = 3
	// minotaurWait is the number of actions between aiming and leaping
	// minus one: it leaps on its second action after aiming.
	minotaurWait = 1
	// huntChaseDist: at this path distance or less a hunter chases.
	huntChaseDist = 2
	// HearingRange is the path distance within which a hunter hears a
	// player while the key lies on the map; HearingRangeKey once it is
	// taken (the key rattles). A hunter that hears nobody keeps its post.
	HearingRange    = 6
	HearingRangeKey = 12
	// CampaignLevels is the length of the generated campaign.
	CampaignLevels = 7
)

// Errors returned by Apply.
var (
	ErrGameOver     = errors.New("the game is over")
	ErrNotYourTurn  = errors.New("it is not this seat's turn")
	ErrBadAction    = errors.New("unknown action")
	ErrNoSuchSeat   = errors.New("no such seat")
	ErrSeatInactive = errors.New("this seat is not on the board")
)

// Config starts a game.
type Config struct {
	// Seed fixes every maze and every random choice of the campaign.
	Seed uint64
	// Players is 1 (solo) or 2 (co-op).
	Players int
	// Levels are the levels to play in order; nil plays the generated
	// campaign of CampaignLevels levels.
	Levels []Level
	// Start is the 1-based level to begin at; 0 begins at level 1. A level
	// plays the same whether it is reached or started at: its play
	// randomness is seeded from the seed and its number alone.
	Start int
}

// Game is one campaign in progress. It is not safe for concurrent use: one
// goroutine owns a Game (the server serialises access to it).
type Game struct {
	seed    uint64
	custom  []Level // nil for the generated campaign
	players int
	pcg     *rand.PCG
	src     countingSource // pcg, counted: the draws since the level began
	rng     *rand.Rand     // draws from src

	levelNo int // 1-based
	lv      Level
	b       *board
	glyphs  []byte // static map characters (walls, floor, exit)
	items   []Item // current items per tile
	mem     []bool // remembered tiles, shared by the team
	memItem []Item // items as last seen in light
	keyed   bool   // the team has the key
	turns   int
	bonuses int
	seats   [2]seat
	sights  [2]sightCache // each seat's field of view, derived: not part of the state
	mons    []monster
	compass []Point
	next    int // seat index (0 or 1) expected to act in the round; -1 none
	round   bool
	passed  []LevelScore
	result  Result

	// blind is set on the solver's private games: nobody looks, so sight and
	// memory are not kept, and a passed level ends the game instead of
	// starting the next one.
	blind bool
	// boardSearch makes a lone player's hunters use the search over the
	// whole board, as with two players: for the test that both agree.
	boardSearch bool
	evBuf       []Event // a blind game's events, reused by every Apply

	// scratch buffers, not part of the state
	dm        distMap
	sr        search  // a monster's search outward
	near      distMap // from the active players, for the hunters of a round
	nearSeat  [2]int  // seat index of each source of near
	nearOK    bool
	onPath    []int32 // path indexes for interceptPoint; all zero between calls
	pathBuf   []Point // the player's path to the key, for interceptPoint
	keyDist   distMap // from the key for players, while the exit is closed
	keyDistOK bool
	paths     *tileSearches // an imagined game's monsters' searches, kept (Sim)
	// actHeard lists, per seat, the hunters that heard it when they acted
	// this round (hearings reports those that start to hear it), emptied
	// by every Apply.
	actHeard [2][]heardAt
}

type seat struct {
	Pos     Point     `json:"pos"`
	State   SeatState `json:"state"`
	Away    bool      `json:"away"`    // disconnected (State may still be caught/escaped)
	Gone    bool      `json:"gone"`    // left the game for good: out on every level
	Torch   bool      `json:"torch"`   // carries a torch this level
	Freezes int       `json:"freezes"` // freezes in the pocket, this level
	Prev    Point     `json:"prev"`    // tile at the start of this round, for swaps
	Moved   bool      `json:"moved"`
	// LeftAt is, for a seat that went away from the board of this level,
	// the turn it left on plus one (0: none): coming back before another
	// turn began, it takes its place again (SetAway).
	LeftAt   int  `json:"left_at,omitempty"`
	Occupied bool `json:"-"`
	// InLight lists the monsters (by index) in this seat's light after the
	// last action, so that one coming into it is reported once (EvSighted).
	InLight []int `json:"in_light,omitempty"`
	// Heard lists the hunters that hear this seat after the last action,
	// with their path distance, so that one starting to hear it is
	// reported once (EvHeard) and the View can say them.
	Heard []hearing `json:"heard,omitempty"`
}

// New starts a game at the first level.
func New(cfg Config) (*Game, error) {
	if cfg.Players != 1 && cfg.Players != 2 {
		return nil, fmt.Errorf("a game has 1 or 2 players, not %d", cfg.Players)
	}
	if cfg.Levels != nil && len(cfg.Levels) == 0 {
		return nil, errors.New("a campaign needs at least one level")
	}
	for i := range cfg.Levels {
		if err := cfg.Levels[i].Validate(); err != nil {
			return nil, fmt.Errorf("level %d: %w", i+1, err)
		}
	}
	g := &Game{seed: cfg.Seed, players: cfg.Players}
	if cfg.Levels != nil {
		g.custom = make([]Level, len(cfg.Levels))
		for i, l := range cfg.Levels {
			g.custom[i] = l.clone()
		}
	}
	start := cfg.Start
	if start == 0 {
		start = 1
	}
	if start < 1 || start > g.Levels() {
		return nil, fmt.Errorf("level %d does not exist: the campaign has levels 1 to %d", start, g.Levels())
	}
	g.setRNG(&rand.PCG{})
	if _, err := g.startLevel(start); err != nil {
		return nil, err
	}
	return g, nil
}

// playStream separates the random numbers of play from those of generation.
const playStream = 0x6d696e6f74617572 // "minotaur"

// seedLevel resets the play randomness for level n: every level's random
// choices (the wanderers') depend on the seed, the level number and the
// players' actions in that level only, so the solver that vets a level at
// generation sees exactly the game a player will play.
func (g *Game) seedLevel(n int) {
	g.pcg.Seed(g.seed, playStream+uint64(n))
	g.src.draws = 0
}

// setRNG makes pcg the game's source of play randomness.
func (g *Game) setRNG(pcg *rand.PCG) {
	g.pcg = pcg
	g.src = countingSource{pcg: pcg}
	g.rng = rand.New(&g.src)
}

// countingSource draws from a PCG and counts the draws. Since each level
// reseeds the PCG, the count alone tells two states of its stream apart:
// the solver merges game states by it.
type countingSource struct {
	pcg   *rand.PCG
	draws uint64
}

func (s *countingSource) Uint64() uint64 {
	s.draws++
	return s.pcg.Uint64()
}

func (l Level) clone() Level {
	c := l
	c.Wall = append([]bool(nil), l.Wall...)
	c.Starts = append([]Point(nil), l.Starts...)
	c.Bonuses = append([]Placed(nil), l.Bonuses...)
	c.Monsters = append([]Placed(nil), l.Monsters...)
	return c
}

// Levels returns the number of levels in the campaign.
func (g *Game) Levels() int {
	if g.custom != nil {
		return len(g.custom)
	}
	return CampaignLevels
}

// Seed returns the campaign seed.
func (g *Game) Seed() uint64 { return g.seed }

// Players returns the number of seats.
func (g *Game) Players() int { return g.players }

// LevelNumber returns the 1-based number of the level being played.
func (g *Game) LevelNumber() int { return g.levelNo }

// TurnNumber returns the level's turn counter (View.Turn).
func (g *Game) TurnNumber() int { return g.turns }

// Result tells whether the game goes on, is won or is lost.
func (g *Game) Result() Result { return g.result }

// Score returns the total score of the passed levels.
func (g *Game) Score() int {
	s := 0
	for _, p := range g.passed {
		s += p.Score
	}
	return s
}

// CurrentLevel returns a copy of the definition of the level being played, as
// it started.
func (g *Game) CurrentLevel() Level { return g.lv.clone() }

// Turn returns the seat (1 or 2) that Apply expects next, or 0 when the game
// is over or no seat is on the board.
func (g *Game) Turn() int {
	if g.result != InProgress || g.next < 0 {
		return 0
	}
	return g.next + 1
}

// Upcoming returns work that deals the next level of a generated campaign
// ahead of time, so that reaching it takes no wait: run it on another
// goroutine (it touches nothing of g). It returns nil when there is nothing
// to deal: custom levels, or the last level.
func (g *Game) Upcoming() func() {
	if g.custom != nil || g.levelNo >= CampaignLevels || g.result != InProgress {
		return nil
	}
	seed, n := g.seed, g.levelNo+1
	return func() { Generate(seed, n) }
}

func (g *Game) levelDef(n int) (Level, error) {
	if g.custom != nil {
		return g.custom[n-1].clone(), nil
	}
	return Generate(g.seed, n)
}

// startLevel sets up level n: every connected seat becomes active on its
// start tile, monsters and items are placed, memory is cleared.
func (g *Game) startLevel(n int) ([]Event, error) {
	lv, err := g.levelDef(n)
	if err != nil {
		return nil, err
	}
	g.beginLevel(n, lv)
	return []Event{{Kind: EvLevelStarted, Level: n}}, nil
}

// beginLevel installs lv as level n and puts everyone on it.
func (g *Game) beginLevel(n int, lv Level) {
	g.levelNo = n
	g.seedLevel(n)
	g.setLevel(lv)
	for i := 0; i < g.players; i++ {
		s := &g.seats[i]
		s.Torch = false
		s.Freezes = 0
		s.InLight = s.InLight[:0]
		s.Heard = s.Heard[:0]
		s.Pos = lv.Starts[min(i, len(lv.Starts)-1)]
		s.Prev = s.Pos
		s.Moved = false
		s.LeftAt = 0
		switch {
		case s.Away: // gone for good, or not back yet
			s.State = Away
		default:
			s.State = Active
		}
	}
	g.mons = g.mons[:0]
	for _, m := range lv.Monsters {
		mo := monster{Kind: MonsterKind(m.Kind), Pos: m.Pos, Prev: m.Pos, Dir: -1}
		if mo.Kind == Minotaur {
			mo.Phase = phaseRest
			mo.Count = MinotaurRest
		}
		g.mons = append(g.mons, mo)
	}
	g.keyed = false
	g.turns, g.bonuses = 0, 0
	g.compass = nil
	g.round = false
	g.next = g.firstActive(0)
	g.see()
}

// setLevel installs a level's board and items without touching seats or
// monsters (used by startLevel and by Load).
func (g *Game) setLevel(lv Level) {
	g.lv = lv
	g.b = newBoard(&g.lv)
	n := lv.Rows * lv.Cols
	g.glyphs = WallGlyphs(lv.Rows, lv.Cols, lv.Wall)
	g.glyphs[g.b.exit] = 'E'
	g.items = make([]Item, n)
	g.items[g.b.idx(lv.Key)] = Key
	for _, bo := range lv.Bonuses {
		g.items[g.b.idx(bo.Pos)] = Item(bo.Kind)
	}
	g.mem = make([]bool, n)
	g.memItem = make([]Item, n)
	g.keyDistOK = false
	g.onPath = nil
}

// firstActive returns the index of the first active seat at or after i, or -1.
func (g *Game) firstActive(i int) int {
	for ; i < g.players; i++ {
		if g.seats[i].State == Active {
			return i
		}
	}
	return -1
}

// Apply plays one action of the given seat (1 or 2) and returns what
// happened, in order. A step into a wall or the closed exit costs no turn.
// When the last active seat of a round has acted, the monsters act. A passed
// level starts the next one at once (its events follow EvLevelPassed).
func (g *Game) Apply(seatNo int, a Action) (out Events, err error) {
	if g.result != InProgress {
		return nil, ErrGameOver
	}
	if seatNo < 1 || seatNo > g.players {
		return nil, ErrNoSuchSeat
	}
	if _, ok := ParseAction(byte(a)); !ok {
		return nil, ErrBadAction
	}
	if g.next < 0 {
		return nil, ErrSeatInactive
	}
	if seatNo-1 != g.next {
		return nil, ErrNotYourTurn
	}
	i := seatNo - 1
	s := &g.seats[i]
	var ev []Event
	if g.blind {
		// The buffer is kept as it grew (out, whatever return ran), so a
		// blind game settles into no allocation at all.
		ev = g.evBuf[:0]
		defer func() {
			if cap(out) > cap(g.evBuf) {
				g.evBuf = out[:0]
			}
		}()
	} else {
		ev = make([]Event, 0, 4) // an action tells a few events: one allocation, not a growth for each
	}
	target := s.Pos.Add(a.Delta())
	if a == UseFreeze && s.Freezes == 0 {
		return append(ev, Event{Kind: EvNoFreeze, Seat: seatNo, Pos: s.Pos}), nil
	}
	if target != s.Pos {
		if g.b.isWall(target) {
			return append(ev, Event{Kind: EvBumpedWall, Seat: seatNo, Pos: target}), nil
		}
		if g.b.idx(target) == g.b.exit && !g.keyed {
			return append(ev, Event{Kind: EvBumpedExit, Seat: seatNo, Pos: target}), nil
		}
	}
	if !g.round {
		g.round = true
		g.turns++
		for j := range g.seats {
			g.seats[j].Prev = g.seats[j].Pos
			g.seats[j].Moved = false
		}
		for j := range g.mons {
			g.mons[j].Prev = g.mons[j].Pos
		}
	}
	switch a {
	case Skip:
		ev = append(ev, Event{Kind: EvSkipped, Seat: seatNo, Pos: s.Pos})
	case UseFreeze:
		s.Freezes--
		for j := range g.mons {
			g.mons[j].Frozen += FreezeActions
		}
		ev = append(ev, Event{Kind: EvFroze, Seat: seatNo, Pos: s.Pos})
	default:
		s.Pos = target
		s.Moved = true
		ev = append(ev, Event{Kind: EvMoved, Seat: seatNo, Pos: target})
		ev = g.pickUp(i, ev)
	}
	if s.State == Active {
		ev = g.captureByStanding(i, ev)
	}
	g.see()
	// Whose turn next: the next active seat of this round, else the monsters.
	g.next = g.firstActive(i + 1)
	if g.next < 0 {
		if g.anyActive() {
			ev = g.monstersAct(ev)
			g.see()
		}
		g.round = false
		g.next = g.firstActive(0)
	}
	return g.settle(g.hearings(g.sightings(ev)))
}

func (g *Game) anyActive() bool { return g.firstActive(0) >= 0 }

// pickUp handles what seat i finds on its new tile.
func (g *Game) pickUp(i int, ev []Event) []Event {
	s := &g.seats[i]
	t := g.b.idx(s.Pos)
	switch it := g.items[t]; {
	case it == Key:
		g.items[t] = NoItem
		g.keyed = true
		ev = append(ev, Event{Kind: EvTookKey, Seat: i + 1, Pos: s.Pos, Item: Key})
	case it.IsBonus():
		g.items[t] = NoItem
		g.bonuses++
		ev = append(ev, Event{Kind: EvTookBonus, Seat: i + 1, Pos: s.Pos, Item: it})
		ev = g.applyBonus(i, it, ev)
	}
	g.unmarkCompass(s.Pos)
	if t == g.b.exit && g.keyed {
		s.State = Escaped
		ev = append(ev, Event{Kind: EvEscaped, Seat: i + 1, Pos: s.Pos})
	}
	return ev
}

func (g *Game) applyBonus(i int, it Item, ev []Event) []Event {
	s := &g.seats[i]
	switch it {
	case Freeze:
		s.Freezes++
	case Torch:
		s.Torch = true
		ev = append(ev, Event{Kind: EvTorchLit, Seat: i + 1})
	case Compass:
		target := g.lv.Key
		if g.keyed {
			target = g.lv.Exit
		}
		g.dm.fill(g.b, playerPass(g.b, g.keyed), target)
		path := g.dm.path(g.b, s.Pos, CompassTiles)
		for _, p := range path {
			if !containsPoint(g.compass, p) {
				g.compass = append(g.compass, p)
			}
			g.mem[g.b.idx(p)] = true
		}
		e := Event{Kind: EvCompass, Seat: i + 1, Path: append([]Point(nil), path...)}
		if !g.keyed {
			e.Item = Key // the way to the key, not the exit
		}
		ev = append(ev, e)
	}
	return ev
}

func (g *Game) unmarkCompass(p Point) {
	for j, c := range g.compass {
		if c == p {
			g.compass = append(g.compass[:j], g.compass[j+1:]...)
			return
		}
	}
}

func containsPoint(ps []Point, p Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// captureByStanding: a player on a monster's tile is caught.
func (g *Game) captureByStanding(i int, ev []Event) []Event {
	s := &g.seats[i]
	for _, m := range g.mons {
		if m.Pos == s.Pos {
			s.State = Caught
			return append(ev, Event{Kind: EvCaught, Seat: i + 1, Pos: s.Pos, Monster: m.Kind})
		}
	}
	return ev
}

// settle ends the level or the game when no seat is active any more: the
// level is passed when someone escaped; else a connected seat waiting for the
// next level comes on at once (the board would otherwise stay empty); else
// the game waits while a seat is away and may come back, and is lost when
// every seat is caught or gone.
func (g *Game) settle(ev []Event) ([]Event, error) {
	if g.anyActive() {
		return ev, nil
	}
	waiting, away := -1, false
	for i := 0; i < g.players; i++ {
		s := &g.seats[i]
		if s.State != Away || s.Gone {
			continue
		}
		away = true
		if !s.Away && waiting < 0 {
			waiting = i
		}
	}
	switch {
	case g.hasEscaped():
		sc := ScoreLevel(g.levelNo, g.turns, g.bonuses)
		g.passed = append(g.passed, sc)
		ev = append(ev, Event{Kind: EvLevelPassed, Level: g.levelNo, Score: sc})
		if g.levelNo >= g.Levels() || g.blind {
			g.result = Won
			g.next = -1
			return append(ev, Event{Kind: EvGameWon}), nil
		}
		more, err := g.startLevel(g.levelNo + 1)
		if err != nil {
			return ev, err
		}
		ev = append(ev, more...)
		// Nobody connected: the new level waits for its players.
	case waiting >= 0:
		s := &g.seats[waiting]
		s.State = Active
		s.Pos = g.lv.Starts[min(waiting, len(g.lv.Starts)-1)]
		s.Prev, s.Moved, s.LeftAt = s.Pos, false, 0
		g.round = false
		g.next = waiting
		g.see()
		ev = append(ev, Event{Kind: EvSeatEnters, Seat: waiting + 1, Pos: s.Pos})
	case away:
		// The game waits for a player who may come back.
	default:
		g.result = Lost
		g.next = -1
		ev = append(ev, Event{Kind: EvGameLost})
	}
	return ev, nil
}

// SetAway marks a seat as disconnected (away true) or connected again. An
// active seat that goes away leaves the board at once, and the turn passes on
// if it was its turn. A seat that comes back before another turn began (no
// round was played without it) takes its place again, on the tile it left,
// unless a monster stands there; otherwise it plays again from the start of
// the next level — or at once, from its start tile, when nobody is on the
// board. SetAway returns what happened. A seat that is gone (Abandon) stays
// out.
func (g *Game) SetAway(seatNo int, away bool) ([]Event, error) {
	if seatNo < 1 || seatNo > g.players {
		return nil, ErrNoSuchSeat
	}
	i := seatNo - 1
	s := &g.seats[i]
	if g.result != InProgress || s.Away == away || s.Gone {
		return nil, nil
	}
	s.Away = away
	if !away {
		ev := []Event{{Kind: EvSeatBack, Seat: seatNo}}
		if s.State == Away && s.LeftAt == g.turns+1 && g.monsterOn(s.Pos) < 0 {
			s.State, s.LeftAt = Active, 0
			if !g.round || g.next < 0 {
				g.round = false
				g.next = g.firstActive(0)
			}
			g.see()
			return ev, nil
		}
		return g.settle(ev)
	}
	ev := []Event{{Kind: EvSeatAway, Seat: seatNo}}
	if s.State != Active {
		return g.settle(ev)
	}
	s.State = Away
	s.LeftAt = g.turns + 1
	return g.leaveBoard(i, ev)
}

// Abandon takes a seat out of the game for good (its player left, or did not
// come back in time): it stays away on this level and every later one, the
// partner plays on alone, and the game is lost when nobody else can play.
func (g *Game) Abandon(seatNo int) ([]Event, error) {
	if seatNo < 1 || seatNo > g.players {
		return nil, ErrNoSuchSeat
	}
	i := seatNo - 1
	s := &g.seats[i]
	if g.result != InProgress || s.Gone {
		return nil, nil
	}
	s.Gone, s.Away = true, true
	ev := []Event{{Kind: EvSeatGone, Seat: seatNo}}
	if s.State == Active {
		s.State = Away
		return g.leaveBoard(i, ev)
	}
	return g.settle(ev)
}

// leaveBoard finishes the round when seat i, which has just left the board,
// had the turn, then settles the level.
func (g *Game) leaveBoard(i int, ev []Event) ([]Event, error) {
	if g.next == i {
		g.next = g.firstActive(i + 1)
		if g.next < 0 && g.round && g.anyActive() {
			ev = g.monstersAct(ev)
			g.see()
		}
		if g.next < 0 {
			g.round = false
			g.next = g.firstActive(0)
		}
	}
	return g.settle(ev)
}

// monsterOn returns the index of the monster on p, or -1.
func (g *Game) monsterOn(p Point) int {
	for j := range g.mons {
		if g.mons[j].Pos == p {
			return j
		}
	}
	return -1
}

func (g *Game) hasEscaped() bool {
	for i := 0; i < g.players; i++ {
		if g.seats[i].State == Escaped {
			return true
		}
	}
	return false
}
