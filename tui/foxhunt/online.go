package foxhunt

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Bounds of a lobby's Fox hunt state before it is drawn.
const (
	maxSeats  = 8     // seats of a match on the server
	maxRounds = 10000 // rounds of a match
)

// onlineScreen is a Fox hunt match played or watched through the lobby's
// server: the server plays the rounds; the screen draws its states with
// the local match's map, table and keys (the Model's drawing), and sends
// the player's command of each round.
type onlineScreen struct {
	c    *screen.Context
	link screen.Link
	seat int // 0 for a spectator
	m    *Model

	st      *netplay.FoxhuntState // the last state drawn
	names   []string              // cleaned
	asking  bool                  // "Leave the match?" is asked
	refused string                // why the last state was not drawn
	over    *netplay.Over
	ended   bool
	// tick, when set, makes the command that redraws the time left.
	tick func() tea.Cmd
}

// onlineTick is the time left's redraw.
type onlineTick struct{}

// Online is the screen of a Fox hunt match through a server: start and
// the first state are the server's; a spectator's start has seat 0.
func Online(c *screen.Context, link screen.Link, start *netplay.Start, first *netplay.FoxhuntState) screen.Screen {
	mode := Play
	if start.Seat == 0 {
		mode = Watch
	}
	m := New(Options{Mode: mode, Renderer: c.Styles.Renderer, Mono: c.Styles.Mono, Palette: c.Styles.Palette, Now: c.Now, Embedded: true})
	s := &onlineScreen{c: c, link: link, seat: start.Seat, m: m,
		tick: func() tea.Cmd { return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return onlineTick{} }) }}
	s.take(first)
	return s
}

// Init waits for the server's next message (the game has taken the
// connection over from the lobby) and starts the clock of the time left.
func (s *onlineScreen) Init() tea.Cmd {
	if s.tick == nil {
		return s.link.Wait()
	}
	return tea.Batch(s.link.Wait(), s.tick())
}

// checkFox refuses a state the screen could not draw safely.
func checkFox(st *netplay.FoxhuntState) error {
	switch {
	case st == nil:
		return errors.New("no state")
	case len(st.Names) < 1 || len(st.Names) > maxSeats:
		return fmt.Errorf("a match of %d seats", len(st.Names))
	case st.Seat < 0 || st.Seat > len(st.Names):
		return errors.New("a seat out of range")
	case st.W < foxhunt.MinSize || st.H < foxhunt.MinSize || st.W > foxhunt.MaxSize || st.H > foxhunt.MaxSize:
		return fmt.Errorf("a map of %d × %d fields", st.W, st.H)
	case len(st.Map) != st.H:
		return fmt.Errorf("%d rows on a map of %d", len(st.Map), st.H)
	case st.Rounds < 1 || st.Rounds > maxRounds || st.Round < 0 || st.Round > st.Rounds:
		return fmt.Errorf("round %d of %d", st.Round, st.Rounds)
	case len(st.Players) > len(st.Names) || len(st.Bombs) > st.W*st.H:
		return errors.New("more players or bombs than the map holds")
	case st.RoundMS < 0 || st.LeftMS < 0 || st.RoundMS > int64(time.Hour/time.Millisecond):
		return errors.New("a round's time out of range")
	}
	for _, r := range st.Map {
		if len(r) != st.W {
			return fmt.Errorf("a row of %d fields on a map %d wide", len(r), st.W)
		}
		for i := 0; i < len(r); i++ {
			if !strings.ContainsRune("_wWrbhB*fpP", rune(r[i])) {
				return errors.New("a field that is not the map's")
			}
		}
	}
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x < st.W && y < st.H }
	seen := map[int]bool{}
	for _, p := range st.Players {
		if p.Seat < 1 || p.Seat > len(st.Names) || seen[p.Seat] || !in(p.X, p.Y) {
			return errors.New("a player off the map or out of the seats")
		}
		seen[p.Seat] = true
	}
	for _, b := range st.Bombs {
		if !in(b.X, b.Y) || b.Fuse < 0 || b.Fuse > 99 {
			return errors.New("a bomb off the map")
		}
	}
	for _, t := range append(slices.Clone(st.ToAct), st.Winners...) {
		if t < 1 || t > len(st.Names) {
			return errors.New("a seat out of range")
		}
	}
	return nil
}

// take draws a state of the server's, or refuses it with a sentence.
func (s *onlineScreen) take(st *netplay.FoxhuntState) {
	if err := checkFox(st); err != nil {
		s.refused = "The server sent a Fox hunt state this screen cannot draw (" + err.Error() + "); waiting for the next."
		return
	}
	s.refused = ""
	newRound := s.st == nil || st.Round != s.st.Round
	s.st = st
	s.names = make([]string, len(st.Names))
	for i, n := range st.Names {
		s.names[i] = safetext.Short(n, 16)
	}
	m := s.m
	fs := &foxnet.State{Rounds: st.Rounds, Players: len(st.Players), View: bot.View{Round: st.Round, W: st.W, H: st.H, Rows: st.Map}}
	// The table, the fox first, as the contest's blocks have it.
	players := slices.Clone(st.Players)
	sort.SliceStable(players, func(i, j int) bool { return players[i].Fox && !players[j].Fox })
	for _, p := range players {
		fs.Table = append(fs.Table, foxnet.Entry{Name: s.names[p.Seat-1], Points: p.Points, At: foxhunt.Point{X: p.X, Y: p.Y}})
	}
	m.st = fs
	for i, n := range s.names {
		m.colors[n] = i % numColors
	}
	if s.seat >= 1 {
		m.r.Name = s.names[s.seat-1]
	}
	m.known = map[foxhunt.Point]int{}
	for _, b := range st.Bombs {
		m.known[foxhunt.Point{X: b.X, Y: b.Y}] = b.Fuse
	}
	now := s.c.Now()
	m.now = now
	if st.RoundMS > 0 {
		m.timeout = time.Duration(st.RoundMS) * time.Millisecond
		m.roundAt = now.Add(-time.Duration(st.RoundMS-min(st.LeftMS, st.RoundMS)) * time.Millisecond)
	} else {
		m.timeout, m.roundAt = 0, now
	}
	if newRound {
		m.sent, m.bomb, m.bombDir = "", false, ""
		if len(st.Said) > 0 {
			said := make([]string, len(st.Said))
			for i, l := range st.Said {
				said[i] = safetext.Clean(l)
			}
			m.note = strings.Join(said, " ")
		} else {
			m.note = ""
		}
		for _, p := range st.Players {
			if p.Seat == s.seat && s.seat != 0 && p.Paralysed > 0 {
				m.note = strings.TrimSpace(m.note + fmt.Sprintf(" You are paralysed: your commands do nothing for %d more rounds.", p.Paralysed))
			}
		}
	}
	if s.seat != 0 && !slices.Contains(st.ToAct, s.seat) && m.sent == "" && len(st.ToAct) > 0 {
		m.sent = "your command"
	}
	if len(st.ToAct) == 0 && len(st.Winners) > 0 {
		s.ended = true
	}
}

// Update takes the server's messages, the clock and the keys.
func (s *onlineScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if m, err, ok := s.link.Unpack(msg); ok {
		return s.netUpdate(m, err)
	}
	switch msg := msg.(type) {
	case onlineTick:
		s.m.now = s.c.Now()
		if s.tick != nil && !s.ended {
			return screen.Stay, s.tick()
		}
	case tea.KeyMsg:
		return s.key(msg)
	}
	return screen.Stay, nil
}

// netUpdate handles what the connection reported.
func (s *onlineScreen) netUpdate(m netplay.Message, err error) (screen.Nav, tea.Cmd) {
	if err != nil {
		return screen.Replace(s.link.Lost(err)), nil
	}
	switch m := m.(type) {
	case *netplay.FoxhuntState:
		s.take(m)
	case *netplay.Over:
		s.over, s.ended = m, true
		// Back in the lobby on the server: what follows is the lobby's.
		return screen.Stay, nil
	case *netplay.Error:
		s.m.note = safetext.Clean(m.Msg) + "."
	case *netplay.Partner:
		s.m.note = safetext.Short(m.Name, 16) + ": " + safetext.Short(m.Status, 20) + "."
	case *netplay.Chat:
		if m.Scope != netplay.ScopeGame {
			s.link.Lobby(m)
			break
		}
		if m.From == "" {
			s.m.note = safetext.Clean(m.Text) + "."
		} else {
			s.m.note = safetext.Short(m.From, 16) + ": " + safetext.Clean(m.Text)
		}
	case *netplay.Start, *netplay.State:
		// Not this game's.
	default:
		s.link.Lobby(m)
	}
	return screen.Stay, s.link.Wait()
}

func (s *onlineScreen) send(a string) tea.Cmd {
	m := s.m
	m.bomb, m.bombDir = false, ""
	if m.sent != "" {
		m.note = "You already sent your command this round."
		return nil
	}
	m.sent, m.note = a, ""
	c := s.link.Client
	return func() tea.Msg {
		c.Move(a)
		return nil
	}
}

func (s *onlineScreen) leave() tea.Cmd {
	c := s.link.Client
	return func() tea.Msg {
		c.Leave()
		return nil
	}
}

// key plays the local match's keys: W A S D (arrows) move, B then a
// direction and a distance throws a bomb (B again lays it here), N or
// Space does nothing; Esc or Q leaves, after asking a player.
func (s *onlineScreen) key(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	m := s.m
	act, dir, key := foxKey(k)
	if s.ended {
		if key == "enter" || key == "esc" || key == "q" {
			if s.over == nil {
				return screen.Replace(s.link.Back(true)), s.leave()
			}
			return screen.Replace(s.link.Back(false)), nil
		}
		return screen.Stay, nil
	}
	if s.seat == 0 {
		if act == "quit" || key == "esc" {
			// The wait under way brings the server's answer to the lobby.
			return screen.Replace(s.link.Back(true)), s.leave()
		}
		m.pan(act, key)
		return screen.Stay, nil
	}
	if s.asking {
		s.asking = false
		if key == "y" {
			m.note = "Leaving…"
			return screen.Stay, s.leave()
		}
		m.note = ""
		return screen.Stay, nil
	}
	if key == "esc" && m.bomb {
		m.bomb, m.bombDir, m.note = false, "", ""
		return screen.Stay, nil
	}
	if act == "quit" || act == "pause" {
		s.asking = true
		return screen.Stay, nil
	}
	if act == "help" {
		// the keys on the note line: a help page over this screen would
		// hold up the server's rounds, which do not wait
		km, g := keymap.Active(), keymap.FoxHunt
		bomb := km.Label(g, "bomb", "B")
		m.note = km.MoveLabel(g, "WASD") + " step · " + bomb + ", a direction, 0-9: bomb · " + km.Label(g, "wait", "Space") + " nothing · " + km.Label(g, "quit", "Q") + " leave"
		return screen.Stay, nil
	}
	if s.st == nil {
		return screen.Stay, nil
	}
	if m.bomb {
		switch {
		case isDigit(key) && m.bombDir != "":
			return screen.Stay, s.send("b" + key + m.bombDir)
		case dir != "":
			m.bombDir = dir
			m.note = "Bomb " + dirName(dir) + ": how far? 0-9"
			return screen.Stay, nil
		case act == "bomb":
			return screen.Stay, s.send("b")
		case key == " " || key == "space" || key == "enter":
			if m.bombDir == "" {
				return screen.Stay, s.send("b")
			}
			return screen.Stay, s.send("b1" + m.bombDir)
		}
		return screen.Stay, nil
	}
	switch {
	case dir != "":
		return screen.Stay, s.send(dir)
	case act == "bomb":
		if m.sent != "" {
			m.note = "You already sent your command this round."
			return screen.Stay, nil
		}
		m.bomb, m.bombDir = true, ""
		m.note = "Bomb: a direction (WASD), or B again for your own field"
	case act == "wait":
		return screen.Stay, s.send("n")
	case act == "" && keymap.IsUnknown(k):
		m.note = keymap.Active().Unknown(keymap.FoxHunt)
	}
	return screen.Stay, nil
}

// View draws the map, the table and the keys as the local match does, or
// the final table.
func (s *onlineScreen) View() string {
	if s.c.TooSmall() {
		return s.c.TooSmallView()
	}
	m := s.m
	m.w, m.h = s.c.Width, s.c.Height
	if s.st == nil {
		st := s.c.Styles
		w := s.c.DialogWidth()
		return s.c.Dialog(st.Title.Render("Fox hunt"), screen.Wrap(s.refused, w), st.Faint.Render(screen.Wrap("Esc: leave the match", w)))
	}
	if s.ended {
		return s.finalView()
	}
	note := m.note
	switch {
	case s.refused != "":
		m.note = s.refused
	case s.asking:
		m.note = "Leave the match? You leave the table. (y/n)"
	}
	out := m.View()
	m.note = note
	return out
}

// finalView is the final table: each seat's points, the winners marked.
func (s *onlineScreen) finalView() string {
	st := s.c.Styles
	v := s.st
	type row struct {
		seat, points int
	}
	var rows []row
	for _, p := range v.Players {
		rows = append(rows, row{p.Seat, p.Points})
	}
	if s.over != nil && len(s.over.Scores) == len(s.names) {
		rows = rows[:0]
		for i, p := range s.over.Scores {
			rows = append(rows, row{i + 1, p})
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].points > rows[j].points })
	won := func(seat int) bool { return slices.Contains(v.Winners, seat) }
	var winners []string
	for _, w := range v.Winners {
		winners = append(winners, s.names[w-1])
	}
	title := "The match is over"
	switch {
	case len(winners) > 0:
		title = strings.Join(winners, " and ") + " won"
	case s.over != nil && s.over.Winner != "":
		title = safetext.Short(s.over.Winner, 40) + " won"
	case s.over != nil && s.seat != 0 && s.over.Result == "lost":
		title = "you left the match"
	}
	dw := s.c.DialogWidth()
	lines := []string{}
	n := min(len(rows), max(s.c.Height-8, 1))
	for i, r := range rows[:n] {
		mark := "  "
		if r.seat == s.seat {
			mark = "> "
		}
		line := fmt.Sprintf("%s%d. %-16s %6d", mark, i+1, s.names[r.seat-1], r.points)
		if won(r.seat) {
			line = st.Good.Render(line + " ★")
		}
		lines = append(lines, ansi.Truncate(line, dw, ""))
	}
	if len(rows) > n {
		lines = append(lines, fmt.Sprintf("  … %d more", len(rows)-n))
	}
	return s.c.Dialog(st.Title.Render(screen.Fit("Fox hunt: "+title, dw)), strings.Join(lines, "\n"),
		st.Faint.Render(screen.Wrap("Enter: back to the lobby", dw)))
}
