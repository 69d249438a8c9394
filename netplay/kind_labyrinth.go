package netplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/games/match"
)

// labyrinthKind runs the Labyrinth (docs/labyrinth.md) with the server as
// its referee, on a random field drawn by the game's generator: people and
// computer seats take turns; each seat's answers, notebook, inventory and
// start are its own secret. A spectator follows one seat.
var labyrinthKind = Kind{
	Name: KindLabyrinth, Title: "the Labyrinth", MaxBot: 1,
	Bots: [2]int{0, labyrinth.MaxPlayers - 2}, Solo: [3]int{1, labyrinth.MaxPlayers - 1, 1},
	Round: LabyrinthStartRound, Follow: true,
	New:   newLabMatch,
	Load:  loadLabMatch,
	State: func() Message { return &LabyrinthState{} },
}

// Facts of the server's Labyrinth games (docs/protocol.md).
const (
	// LabyrinthSize is the side of the random field the server plays.
	LabyrinthSize = 10
	// LabyrinthStartRound is how long the start round of a game that
	// asks for start cells waits: then a seat that has not chosen gets a
	// random cell.
	LabyrinthStartRound = 60 * time.Second
	// labFieldSalt and labRNGSalt make the field's and the game's sources
	// from the seed (a client regenerates the field from reveal's seed
	// with labFieldSalt).
	labFieldSalt = 0x1ab
	labRNGSalt   = 0x1ab5
	// LabyrinthFreePerTurn bounds the commands that cost no turn (E, ?,
	// a shot without bullets) a seat may send in one turn: each adds an
	// answer that every later state of the seat carries.
	LabyrinthFreePerTurn = 2
	// LabyrinthMaxRounds bounds a game: when its last round has been
	// played and nobody got out, it ends with no winner.
	LabyrinthMaxRounds = 600
)

// labMaxRounds is LabyrinthMaxRounds (a test shortens it).
var labMaxRounds = LabyrinthMaxRounds

// labMatch is a Labyrinth game on the server: the referee (g, nil during
// the start round), what each seat has heard (logs: the seat's notebook is
// drawn from them alone), and the computer's seats, which play from their
// own notebooks, as a person would.
type labMatch struct {
	seed       uint64
	rows, cols int
	lab        *labyrinth.File
	g          *labyrinth.Game
	pcg        *rand.PCG // the random starts and the computer's choices
	rng        *rand.Rand
	starts     []labyrinth.Cell // the start round's choices
	chosen     []bool
	computer   []bool
	logs       [][]labyrinth.Answer
	books      []labyrinth.Notebook
	free       int // commands that cost no turn sent in the turn being played
	maxRounds  int
}

func newLabMatch(s Setup) (Game, error) {
	n := s.People + s.Bots
	if n < 1 || n > labyrinth.MaxPlayers {
		return nil, fmt.Errorf("a Labyrinth game has 1 to %d seats, not %d", labyrinth.MaxPlayers, n)
	}
	m, err := makeLabMatch(s.Seed, LabyrinthSize, LabyrinthSize, n)
	if err != nil {
		return nil, err
	}
	for i := s.People; i < n; i++ {
		m.computer[i] = true
	}
	if !s.Choose {
		for i := range m.starts {
			m.starts[i], m.chosen[i] = labyrinth.RandomStart(m.lab, m.rng), true
		}
		if err := m.begin(); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// makeLabMatch draws the field of seed and sets up n empty seats.
func makeLabMatch(seed uint64, rows, cols, n int) (*labMatch, error) {
	lab, err := labyrinth.Generate(rows, cols, rand.New(rand.NewPCG(seed, labFieldSalt)))
	if err != nil {
		return nil, err
	}
	pcg := rand.NewPCG(seed, labRNGSalt)
	return &labMatch{seed: seed, rows: rows, cols: cols, lab: lab, pcg: pcg, rng: rand.New(pcg),
		starts: make([]labyrinth.Cell, n), chosen: make([]bool, n), computer: make([]bool, n),
		logs: make([][]labyrinth.Answer, n), books: make([]labyrinth.Notebook, n), maxRounds: labMaxRounds}, nil
}

// begin starts the referee once every start is chosen: each seat hears
// its own start cell.
func (m *labMatch) begin() error {
	g, err := labyrinth.New(m.lab, m.starts)
	if err != nil {
		return err
	}
	m.g = g
	m.tell(g.Opening())
	return nil
}

// tell gives each answer to its seat alone.
func (m *labMatch) tell(answers []labyrinth.Answer) {
	for _, a := range answers {
		if a.Player >= 1 && a.Player <= len(m.logs) {
			m.logs[a.Player-1] = append(m.logs[a.Player-1], a)
			m.books[a.Player-1].Observe(a)
		}
	}
}

func (m *labMatch) Seats() int { return len(m.starts) }

func (m *labMatch) ToAct() []int {
	if m.g == nil {
		var out []int
		for i, c := range m.chosen {
			if !c {
				out = append(out, i+1)
			}
		}
		return out
	}
	if m.over() {
		return nil
	}
	return []int{m.g.Current()}
}

// over reports whether the game has ended: someone got out, or the last
// round was played.
func (m *labMatch) over() bool {
	return m.g != nil && (m.g.Over() || m.g.Turn() > m.maxRounds)
}

// Round is 1 during the start round, when every seat chooses at once.
func (m *labMatch) Round() int {
	if m.g == nil {
		return 1
	}
	return 0
}

// EndRound gives each seat that has not chosen a random start cell.
func (m *labMatch) EndRound() {
	if m.g != nil {
		return
	}
	for i := range m.chosen {
		if !m.chosen[i] {
			m.starts[i], m.chosen[i] = labyrinth.RandomStart(m.lab, m.rng), true
		}
	}
	if err := m.begin(); err != nil {
		// Starts on the field always make a game: a failure is a bug.
		panic("netplay: the Labyrinth refused its starts: " + err.Error())
	}
}

func (m *labMatch) Apply(seat int, a string) error {
	if seat < 1 || seat > m.Seats() {
		return ErrNotYourTurn
	}
	if m.g == nil {
		if m.chosen[seat-1] {
			return ErrNotYourTurn
		}
		c, err := m.parseStart(a)
		if err != nil {
			return err
		}
		m.starts[seat-1], m.chosen[seat-1] = c, true
		for _, ok := range m.chosen {
			if !ok {
				return nil
			}
		}
		return m.begin()
	}
	if m.over() {
		return match.ErrOver
	}
	if m.g.Current() != seat {
		return ErrNotYourTurn
	}
	if f := strings.Fields(strings.ToLower(a)); len(f) > 0 && f[0] == "start" {
		return errors.New("the game has begun: your start cell was told to you; play W, A, S, D, X and a direction, E or ?")
	}
	cmd, err := labyrinth.ParseCommand(a)
	if err != nil {
		return err
	}
	free := !cmd.CostsTurn()
	if b, _ := m.g.Inventory(seat); cmd.Kind == labyrinth.Shoot && b == 0 {
		free = true // a shot without bullets
	}
	if free && m.free >= LabyrinthFreePerTurn {
		return fmt.Errorf("you have sent %d commands that cost no turn this turn, the most: step (W, A, S, D) or shoot", LabyrinthFreePerTurn)
	}
	turn := m.g.Turn()
	answers, err := m.g.Act(cmd)
	if err != nil {
		return err
	}
	m.tell(answers)
	if m.g.Current() == seat && m.g.Turn() == turn && !m.g.Over() {
		m.free++ // the turn was not spent
	} else {
		m.free = 0
	}
	return nil
}

// parseStart reads a start round's action: "start x,y" or "start R".
func (m *labMatch) parseStart(a string) (labyrinth.Cell, error) {
	rest, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(a)), "start")
	rest = strings.TrimSpace(rest)
	if !ok || rest == "" {
		return labyrinth.Cell{}, fmt.Errorf("choose your start cell: start x,y (x the row, y the column, from 0) or start R for a random cell")
	}
	if rest == "r" {
		return labyrinth.RandomStart(m.lab, m.rng), nil
	}
	rest = strings.Trim(rest, "()")
	xs, ys, ok := strings.Cut(rest, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return labyrinth.Cell{}, fmt.Errorf("a start cell is x,y (x the row, y the column, from 0), or R for a random cell")
	}
	c := labyrinth.Cell{X: x, Y: y}
	if !m.lab.Fields[0].In(c) {
		return labyrinth.Cell{}, fmt.Errorf("%v is outside the field: x goes from 0 to %d, y from 0 to %d", c, m.rows-1, m.cols-1)
	}
	return c, nil
}

func (m *labMatch) Outcome() match.Outcome {
	if !m.over() {
		return match.Outcome{}
	}
	if w, _ := m.g.Winner(); w != 0 {
		return match.Outcome{Over: true, Winners: []int{w}}
	}
	return match.Outcome{Over: true}
}

// Leave hands a seat given up to the computer, so that the others play on.
func (m *labMatch) Leave(seat int) {
	if seat >= 1 && seat <= m.Seats() {
		m.computer[seat-1] = true
	}
}

func (m *labMatch) Computer(seat int) bool {
	return seat >= 1 && seat <= m.Seats() && m.computer[seat-1]
}

func (m *labMatch) Level() int {
	for _, c := range m.computer {
		if c {
			return 1
		}
	}
	return 0
}

func (m *labMatch) Moves() int {
	if m.g == nil {
		return 0
	}
	return m.g.Turn()
}

// Bot is the computer's command for seat: a random start, then a walk
// drawn from its own notebook alone (explore the nearest cell it has not
// visited; with the key, out through an exit it has found).
func (m *labMatch) Bot(seat int) string {
	if !m.Computer(seat) {
		return ""
	}
	if m.g == nil {
		if m.chosen[seat-1] {
			return ""
		}
		return "start R"
	}
	if m.over() || m.g.Current() != seat {
		return ""
	}
	_, key := m.g.Inventory(seat)
	return dirKey(explore(&m.books[seat-1], key, m.rng))
}

// dirKeys are the step commands of each direction.
var dirKeys = [...]string{labyrinth.Up: "W", labyrinth.Left: "A", labyrinth.Down: "S", labyrinth.Right: "D"}

func dirKey(d labyrinth.Dir) string { return dirKeys[d] }

// explore is the first step of the shortest walk, on the notebook's sheet,
// to a cell not visited yet — or, with the key, out through a door found —
// through sides not known to be walls. Ties, a notebook with nowhere left
// to go, and one step in eight are random.
func explore(n *labyrinth.Notebook, key bool, rng *rand.Rand) labyrinth.Dir {
	s := n.Sheet()
	limit := max(n.Rows, n.Cols, 1)
	inside := func(c labyrinth.Cell) bool {
		if s.Anchored {
			return c.X >= 0 && c.Y >= 0 && c.X < n.Rows && c.Y < n.Cols
		}
		d := c.X - s.Pos.X
		e := c.Y - s.Pos.Y
		return d >= -limit && d <= limit && e >= -limit && e <= limit
	}
	dirs := []labyrinth.Dir{labyrinth.Up, labyrinth.Left, labyrinth.Down, labyrinth.Right}
	if rng.IntN(8) == 0 {
		// A notebook can be wrong (a rubber room lies, a teleport is not
		// told): now and then a random step gets a walk out of a loop.
		return dirs[rng.IntN(len(dirs))]
	}
	first := map[labyrinth.Cell]labyrinth.Dir{}
	queue := []labyrinth.Cell{s.Pos}
	seen := map[labyrinth.Cell]bool{s.Pos: true}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if out, ok := s.Doors[c]; ok && key {
			if c == s.Pos {
				return out
			}
			return first[c]
		}
		if _, visited := s.Marks[c]; !visited && c != s.Pos {
			return first[c]
		}
		rng.Shuffle(len(dirs), func(i, j int) { dirs[i], dirs[j] = dirs[j], dirs[i] })
		for _, d := range dirs {
			next := c.Step(d)
			if out, door := s.Doors[c]; seen[next] || !inside(next) || s.Sides[labyrinth.SideOf(c, d)] || door && out == d {
				continue // a door is no way on: it leads out, with the key
			}
			seen[next] = true
			if c == s.Pos {
				first[next] = d
			} else {
				first[next] = first[c]
			}
			queue = append(queue, next)
		}
	}
	return dirs[rng.IntN(len(dirs))]
}

// LabyrinthState is the state message of a Labyrinth game: what one seat
// may know — the answers the referee gave it, and nothing of the other
// seats' — with the message's fields around it (docs/protocol.md).
type LabyrinthState struct {
	StateHead
	LabyrinthView
}

// Type is the message's t: state.
func (*LabyrinthState) Type() string { return TypeState }

// check refuses a Labyrinth state a screen could not draw safely.
func (s *LabyrinthState) check() error {
	switch {
	case s.Seat < 0 || s.Seat > labyrinth.MaxPlayers || len(s.Names) > labyrinth.MaxPlayers:
		return errors.New("a seat out of range")
	case s.Rows < 0 || s.Cols < 0 || s.Rows > labyrinth.MaxGenSide || s.Cols > labyrinth.MaxGenSide:
		return fmt.Errorf("a field of %d × %d cells", s.Rows, s.Cols)
	case len(s.Said) != len(s.Answers):
		return errors.New("answers and sentences that do not match")
	}
	for _, a := range s.Answers {
		if err := a.Check(labyrinth.MaxPlayers); err != nil {
			return err
		}
	}
	return nil
}

// LabyrinthView is the body of a Labyrinth state: what one seat may know.
type LabyrinthView struct {
	// Seat is whose answers these are (0: a view with none).
	Seat  int    `json:"seat"`
	Phase string `json:"phase"` // start, play, over
	// Round is the round being played (0 in the start round).
	Round   int  `json:"round"`
	Rows    int  `json:"rows"`
	Cols    int  `json:"cols"`
	Bullets int  `json:"bullets"`
	Key     bool `json:"key"`
	// Answers are every answer the referee gave the seat, in order; Said
	// their sentences.
	Answers  []labyrinth.Answer `json:"answers"`
	Said     []string           `json:"said"`
	Winner   int                `json:"winner,omitempty"`
	WinRound int                `json:"win_round,omitempty"`
	// Reveal, once the game is over, shows the field and everyone's way.
	Reveal *LabyrinthReveal `json:"reveal,omitempty"`
}

// LabyrinthReveal is the field and every seat's start and path, shown to
// everyone once the game is over.
type LabyrinthReveal struct {
	Seed    uint64         `json:"seed"`
	Rows    int            `json:"rows"`
	Cols    int            `json:"cols"`
	Map     []string       `json:"map"`
	Players []LabyrinthWay `json:"players"`
}

// LabyrinthWay is where one seat started and every main-field cell its
// body stood on.
type LabyrinthWay struct {
	Seat  int              `json:"seat"`
	Start labyrinth.Cell   `json:"start"`
	Path  []labyrinth.Cell `json:"path"`
}

// View is what seat may know: its own answers and inventory (seat 0: none
// of anyone's); once over, the field and everyone's way.
func (m *labMatch) View(seat int) any {
	v := &LabyrinthView{Phase: "start", Rows: m.rows, Cols: m.cols, Answers: []labyrinth.Answer{}, Said: []string{}}
	if seat >= 1 && seat <= m.Seats() {
		v.Seat = seat
		v.Answers = m.logs[seat-1]
		if v.Answers == nil {
			v.Answers = []labyrinth.Answer{}
		}
		for _, a := range v.Answers {
			v.Said = append(v.Said, a.Text())
		}
	}
	if m.g == nil {
		return v
	}
	v.Phase, v.Round = "play", m.g.Turn()
	if v.Seat != 0 {
		v.Bullets, v.Key = m.g.Inventory(v.Seat)
	}
	if m.over() {
		v.Phase = "over"
		v.Winner, v.WinRound = m.g.Winner()
		v.Reveal = m.reveal()
	}
	return v
}

func (m *labMatch) reveal() *LabyrinthReveal {
	r := &LabyrinthReveal{Seed: m.seed, Rows: m.rows, Cols: m.cols, Map: drawField(m.lab)}
	for i := 1; i <= m.Seats(); i++ {
		p := m.g.Player(i)
		r.Players = append(r.Players, LabyrinthWay{Seat: i, Start: p.Start, Path: p.Path})
	}
	return r
}

// drawField draws the main field in text: 2·rows+1 lines of 2·cols+1
// characters, '+' corners, '-' and '|' walls, a space for an open side or
// an exit's way out, and each cell's character of the field file.
func drawField(lab *labyrinth.File) []string {
	f := lab.Fields[0]
	exit := func(x, y int, d labyrinth.Dir) bool {
		sp, ok := lab.Special(0, labyrinth.Cell{X: x, Y: y})
		return ok && sp.Kind == "Exit" && sp.Dir == d
	}
	// wall reports whether a wall stands on side d of cell (x, y).
	wall := func(x, y int, d labyrinth.Dir) bool {
		switch {
		case d == labyrinth.Up && x == 0, d == labyrinth.Down && x == f.Rows-1,
			d == labyrinth.Left && y == 0, d == labyrinth.Right && y == f.Cols-1:
			return !exit(x, y, d)
		case d == labyrinth.Up:
			return f.WallDown[(x-1)*f.Cols+y]
		case d == labyrinth.Down:
			return f.WallDown[x*f.Cols+y]
		case d == labyrinth.Left:
			return f.WallRight[x*f.Cols+y-1]
		}
		return f.WallRight[x*f.Cols+y]
	}
	side := func(b bool, w byte) byte {
		if b {
			return w
		}
		return ' '
	}
	out := make([]string, 0, 2*f.Rows+1)
	for x := 0; x < f.Rows; x++ {
		top := []byte{'+'}
		mid := []byte{side(wall(x, 0, labyrinth.Left), '|')}
		for y := 0; y < f.Cols; y++ {
			top = append(top, side(wall(x, y, labyrinth.Up), '-'), '+')
			c := f.Cells[x*f.Cols+y]
			if c < ' ' || c > '~' {
				c = '?'
			}
			mid = append(mid, byte(c), side(wall(x, y, labyrinth.Right), '|'))
		}
		out = append(out, string(top), string(mid))
	}
	bottom := []byte{'+'}
	for y := 0; y < f.Cols; y++ {
		bottom = append(bottom, side(wall(f.Rows-1, y, labyrinth.Down), '-'), '+')
	}
	return append(out, string(bottom))
}

// labSaved is a Labyrinth game in the server's data folder: the field is
// drawn again from its seed.
type labSaved struct {
	Seed     uint64               `json:"seed"`
	Rows     int                  `json:"rows"`
	Cols     int                  `json:"cols"`
	Game     json.RawMessage      `json:"game,omitempty"`
	Starts   []labyrinth.Cell     `json:"starts"`
	Chosen   []bool               `json:"chosen"`
	Computer []bool               `json:"computer"`
	Logs     [][]labyrinth.Answer `json:"logs"`
	RNG      []byte               `json:"rng"`
	// MaxRounds is the game's last round (0: LabyrinthMaxRounds).
	MaxRounds int `json:"max_rounds,omitempty"`
}

func (m *labMatch) MarshalJSON() ([]byte, error) {
	s := labSaved{Seed: m.seed, Rows: m.rows, Cols: m.cols, Starts: m.starts, Chosen: m.chosen, Computer: m.computer, Logs: m.logs, MaxRounds: m.maxRounds}
	if m.g != nil {
		g, err := m.g.MarshalJSON()
		if err != nil {
			return nil, err
		}
		s.Game = g
	}
	rng, err := m.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	s.RNG = rng
	return json.Marshal(s)
}

func loadLabMatch(data []byte) (Game, error) {
	var s labSaved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	n := len(s.Starts)
	switch {
	case n < 1 || n > labyrinth.MaxPlayers || len(s.Chosen) != n || len(s.Computer) != n || len(s.Logs) != n:
		return nil, fmt.Errorf("a Labyrinth game of %d seats with %d choices, %d computers and %d logs", n, len(s.Chosen), len(s.Computer), len(s.Logs))
	case s.Rows < labyrinth.MinGenSide || s.Cols < labyrinth.MinGenSide || s.Rows > labyrinth.MaxGenSide || s.Cols > labyrinth.MaxGenSide:
		return nil, fmt.Errorf("a Labyrinth field of %d × %d cells", s.Rows, s.Cols)
	}
	m, err := makeLabMatch(s.Seed, s.Rows, s.Cols, n)
	if err != nil {
		return nil, err
	}
	if s.MaxRounds > 0 {
		m.maxRounds = s.MaxRounds
	}
	if err := m.pcg.UnmarshalBinary(s.RNG); err != nil {
		return nil, fmt.Errorf("the Labyrinth game's random source: %w", err)
	}
	copy(m.starts, s.Starts)
	copy(m.chosen, s.Chosen)
	copy(m.computer, s.Computer)
	for i, log := range s.Logs {
		for _, a := range log {
			if err := a.Check(n); err != nil || a.Player != i+1 {
				return nil, fmt.Errorf("a damaged answer in seat %d's log", i+1)
			}
		}
		m.logs[i] = log
		for _, a := range log {
			m.books[i].Observe(a)
		}
	}
	if len(s.Game) > 0 {
		if m.g, err = labyrinth.Load(m.lab, s.Game); err != nil {
			return nil, err
		}
		if m.g.Players() != n {
			return nil, fmt.Errorf("a Labyrinth game of %d players in %d seats", m.g.Players(), n)
		}
	}
	return m, nil
}
