package chess

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Stages of the game screen.
const (
	stHandover = iota // hot-seat: "Black's turn — press Enter", the board hidden
	stPlay            // the side's own board: pick a move
	stMoved           // hot-seat: the mover reads what happened, then Enter hides the board
	stOver            // the game has ended: the result over the last board
)

// gameKeyMap is the keys of the game screen.
type gameKeyMap struct {
	Up, Down, Left, Right, Pick, Help, Log, Pause key.Binding
}

// gameKeys are the keys of the game screen as the active keymap binds
// them. (A typed move's letters and digits come first: e2e4, e7e8q.)
func gameKeys() gameKeyMap { return gameKeysCache.Get() }

var gameKeysCache = keymap.NewCached(func(m *keymap.Map) gameKeyMap {
	const g = keymap.Chess
	return gameKeyMap{
		Up:    m.Binding(g, "up", "↑/W", "up"),
		Down:  m.Binding(g, "down", "↓/S", "down"),
		Left:  m.Binding(g, "left", "←/A", "left"),
		Right: m.Binding(g, "right", "→/D", "right"),
		Pick:  m.Binding(g, "pick", "Enter", "pick"),
		Help:  m.Binding(g, "help", "?", "help"),
		Log:   m.Binding(g, "log", "L", "log"),
		Pause: m.Binding(g, "pause", "Esc", "pause"),
	}
})

// gameScreen is a chess game on the screen: against the computer, or two
// players taking turns at one keyboard with the board hidden in between.
type gameScreen struct {
	c      *screen.Context
	t      table   // what the screen reads: the game here, or the server's states
	net    *online // set when the game is on a server
	tiles  *screen.Tiles
	m      *match
	stage  int
	side   chess.Color // whose board is shown
	cursor chess.Sq
	sel    chess.Sq    // the piece picked, or NoSq
	typed  string      // a move being typed: "e2e"
	promo  *chess.Move // a pawn's move to the last rank waits for its piece
	since  int         // the side's log entries before this were seen on an earlier turn
	note   string
}

func newGameScreen(c *screen.Context, m *match, resumed bool) *gameScreen {
	s := &gameScreen{c: c, t: m.g, tiles: newTiles(c.Styles), m: m, sel: chess.NoSq, cursor: chess.NoSq}
	switch {
	case m.g.Over():
		s.stage, s.side = stOver, s.viewer()
	case m.hotSeat:
		s.stage, s.side = stHandover, m.g.ToMove()
	default:
		s.side = m.human
		s.botMoves()
		s.begin()
		if m.g.Over() {
			s.stage = stOver
		}
	}
	if resumed {
		s.note = "Welcome back."
	}
	return s
}

// viewer is the side whose board the end shows: the player against the
// computer, the winner of a hot-seat game.
func (s *gameScreen) viewer() chess.Color {
	if !s.m.hotSeat {
		return s.m.human
	}
	w, drawn, _ := s.t.Result()
	if drawn {
		return s.t.ToMove()
	}
	return w
}

// begin shows the side its own board for its turn.
func (s *gameScreen) begin() {
	s.stage = stPlay
	s.since = s.m.seen[s.side]
	s.sel, s.typed, s.promo = chess.NoSq, "", nil
	if !s.cursor.Valid() {
		s.cursor = s.startCell()
	}
}

// startCell is where the cursor starts a turn: on the side's piece that
// can move nearest its king (on the king's file first), so that the first
// Enter picks something; the king itself when nothing can move.
func (s *gameScreen) startCell() chess.Sq {
	king := s.ownKing()
	v := s.t.View(s.side)
	best, bestD := king, -1
	for _, m := range chess.Moves(&v) {
		df := m.From.File() - king.File()
		dr := m.From.Rank() - king.Rank()
		d := max(abs(df), abs(dr))*16 + abs(df)
		if bestD < 0 || d < bestD {
			best, bestD = m.From, d
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ownKing is the cell of the shown side's king (e1 when it is gone).
func (s *gameScreen) ownKing() chess.Sq {
	v := s.t.View(s.side)
	p := v.Position()
	if k := p.KingAt(s.side); k != chess.NoSq {
		return k
	}
	return chess.At(4, 0)
}

// Init asks for the mouse, and online waits for the server.
func (s *gameScreen) Init() tea.Cmd {
	if s.net != nil {
		return tea.Batch(tea.EnableMouseCellMotion, s.net.link.Wait())
	}
	return tea.EnableMouseCellMotion
}

// botMoves lets the computer move while it is its turn. It decides from
// its own side's view alone, in a few milliseconds (docs/chess.md), so it
// moves at once, in Update: no answer of it can reach another screen (the
// pause menu) and be lost there.
func (s *gameScreen) botMoves() {
	if s.net != nil {
		return // the server's computer moves on the server
	}
	g := s.m.g
	for !s.m.hotSeat && !g.Over() && g.ToMove() != s.m.human {
		v := g.View(g.ToMove()) // the computer's own view, and nothing else
		m, ok := s.m.bot.Move(&v)
		if !ok {
			return
		}
		if _, err := g.Apply(m); err != nil {
			s.note = "The computer's move was refused: " + err.Error()
			return
		}
		s.m.unsaved = true
	}
}

// Update plays keys, clicks and the computer's moves.
func (s *gameScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if s.net != nil {
		if m, err, ok := s.net.link.Unpack(msg); ok {
			return s.netUpdate(m, err)
		}
	}
	switch msg := msg.(type) {
	case screen.SavedMsg:
		s.Saved(msg)
		if msg.Err != nil {
			s.note = screen.SaveFailed(msg.Err)
		}
	case tea.MouseMsg:
		return s.mouse(msg)
	case tea.KeyMsg:
		return s.key(msg)
	}
	return screen.Stay, nil
}

// afterMove goes on after any move: the end, the hand-over, the computer.
func (s *gameScreen) afterMove() tea.Cmd {
	if s.t.Over() {
		s.stage, s.side = stOver, s.viewer()
		s.sel, s.typed, s.promo = chess.NoSq, "", nil
		s.m.unsaved = false
		file := s.m.file
		s.m.file = ""
		return screen.RemoveSave(s.c.Saves, file) // an ended game needs no place to come back to
	}
	if !s.m.hotSeat {
		s.botMoves()
		if s.t.Over() {
			return s.afterMove()
		}
		s.begin()
	}
	return nil
}

func (s *gameScreen) key(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if s.net != nil {
		if nav, cmd, done := s.netKey(k); done {
			return nav, cmd
		}
	}
	switch s.stage {
	case stHandover:
		switch {
		case k.Type == tea.KeyEnter:
			s.side = s.t.ToMove()
			s.cursor = chess.NoSq
			s.begin()
			s.note = ""
		case key.Matches(k, gameKeys().Pause):
			return screen.Push(screen.NewPause(s.c, s)), nil
		}
		return screen.Stay, nil
	case stMoved:
		switch {
		case k.Type == tea.KeyEnter:
			s.stage, s.note = stHandover, ""
		case key.Matches(k, gameKeys().Help):
			return screen.Push(newHelp(s.c)), nil
		case key.Matches(k, gameKeys().Log):
			return screen.Push(s.logPager()), nil
		case key.Matches(k, gameKeys().Pause):
			return screen.Push(screen.NewPause(s.c, s)), nil
		}
		return screen.Stay, nil
	case stOver:
		switch {
		case k.Type == tea.KeyEnter, k.Type == tea.KeyEsc:
			return screen.Replace(newEnd(s.c, s.m)), tea.DisableMouse
		case key.Matches(k, gameKeys().Log):
			return screen.Push(s.logPager()), nil
		}
		return screen.Stay, nil
	}
	if s.promo != nil {
		return s.promotion(k)
	}
	if k.Type == tea.KeyRunes && len(k.Runes) == 1 && s.typeRune(k.Runes[0]) {
		if s.note == keymap.Active().Unknown(keymap.Chess) {
			s.note = "" // the move being typed shows instead
		}
		return screen.Stay, nil
	}
	if k.Type == tea.KeyBackspace && s.typed != "" {
		s.typed = s.typed[:len(s.typed)-1]
		return screen.Stay, nil
	}
	myTurn := s.myTurn()
	switch {
	case key.Matches(k, gameKeys().Up):
		s.moveCursor(0, 1)
	case key.Matches(k, gameKeys().Down):
		s.moveCursor(0, -1)
	case key.Matches(k, gameKeys().Left):
		s.moveCursor(-1, 0)
	case key.Matches(k, gameKeys().Right):
		s.moveCursor(1, 0)
	case key.Matches(k, gameKeys().Pick):
		if !myTurn {
			// Online, the other side's turn: say so rather than keep
			// a move that its state would drop.
			switch {
			case s.net != nil && s.net.seat == 0:
				s.note, s.typed, s.sel = "You are watching.", "", chess.NoSq
			case s.net != nil && s.stage == stPlay:
				s.note, s.typed, s.sel = fmt.Sprintf("Not your turn: %s is to move.", s.t.ToMove().Title()), "", chess.NoSq
			}
			return screen.Stay, nil
		}
		if m, err := chess.ParseMove(s.typed); err == nil && len(s.typed) >= 4 {
			s.typed = ""
			return screen.Stay, s.play(m)
		}
		typed := s.typed
		s.typed = ""
		switch sq, ok := chess.ParseSq(typed); {
		case ok:
			// a cell typed alone ("e2", then "e4"): picked as the cursor's
			s.cursor = sq
			return screen.Stay, s.pick(sq)
		case typed != "":
			s.note = fmt.Sprintf("%q is not a whole move: type the cell it leaves and the cell it goes to, like e2e4.", typed)
			return screen.Stay, nil
		}
		return screen.Stay, s.pick(s.cursor)
	case key.Matches(k, gameKeys().Help):
		return screen.Push(newHelp(s.c)), nil
	case key.Matches(k, gameKeys().Log):
		return screen.Push(s.logPager()), nil
	case k.Type == tea.KeyEsc && (s.sel != chess.NoSq || s.typed != ""):
		s.sel, s.typed, s.note = chess.NoSq, "", ""
	case key.Matches(k, gameKeys().Pause):
		return screen.Push(screen.NewPause(s.c, s)), nil
	default:
		if keymap.IsUnknown(k) && k.Type != tea.KeyBackspace {
			s.note = keymap.Active().Unknown(keymap.Chess)
		}
	}
	return screen.Stay, nil
}

// typeRune adds a character to a move being typed (e2e4, e7e8q). The
// letters a and d are files as well as the cursor's left and right: they
// move the cursor and also start or go on with a typed move.
func (s *gameScreen) typeRune(r rune) bool {
	r = toLower(r)
	next := s.typed + string(r)
	switch {
	case movePrefix(next):
		s.typed = next
	case movePrefix(string(r)):
		s.typed = string(r)
	default:
		return false
	}
	if r == 'a' || r == 'd' {
		return false // the cursor moves too
	}
	return true
}

func toLower(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r - 'A' + 'a'
	}
	return r
}

// movePrefix reports whether t can begin a move in coordinate notation.
func movePrefix(t string) bool {
	if len(t) == 0 || len(t) > 5 {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch i {
		case 0, 2:
			if c < 'a' || c > 'h' {
				return false
			}
		case 1, 3:
			if c < '1' || c > '8' {
				return false
			}
		case 4:
			if !strings.ContainsRune("qrbn", rune(c)) {
				return false
			}
		}
	}
	return true
}

// myTurn reports whether the shown side may move now.
func (s *gameScreen) myTurn() bool {
	return s.stage == stPlay && s.t.ToMove() == s.side
}

// moveCursor moves the cursor on the board as the side sees it.
func (s *gameScreen) moveCursor(df, dr int) {
	if flipped(s.side) {
		df, dr = -df, -dr
	}
	f := min(max(s.cursor.File()+df, 0), 7)
	r := min(max(s.cursor.Rank()+dr, 0), 7)
	s.cursor = chess.At(f, r)
}

// moves are the side's offered moves from the picked piece.
func (s *gameScreen) moves(from chess.Sq) []chess.Move {
	v := s.t.View(s.side)
	var out []chess.Move
	for _, m := range chess.Moves(&v) {
		if m.From == from {
			out = append(out, m)
		}
	}
	return out
}

// pick is Enter (or a click) on a cell: pick a piece of the side, or send
// the picked one there.
func (s *gameScreen) pick(at chess.Sq) tea.Cmd {
	v := s.t.View(s.side)
	p := v.Cells[at].Piece
	s.note = ""
	if !p.Empty() && p.Color == s.side && at != s.sel {
		if len(s.moves(at)) == 0 {
			s.note = fmt.Sprintf("Your %s on %v has no move.", p.Kind, at)
			s.sel = chess.NoSq
			return nil
		}
		s.sel = at
		return nil
	}
	if s.sel == chess.NoSq {
		s.note = "Pick one of your pieces first: move the cursor onto it and press Enter."
		return nil
	}
	if at == s.sel {
		s.sel = chess.NoSq
		return nil
	}
	var found []chess.Move
	for _, m := range s.moves(s.sel) {
		if m.To == at {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		s.note = fmt.Sprintf("Your %s on %v cannot go to %v.", v.Cells[s.sel].Piece.Kind, s.sel, at)
		return nil
	case 1:
		return s.play(found[0])
	}
	m := chess.Move{From: s.sel, To: at}
	s.promo = &m
	return nil
}

// promotion reads the piece a pawn becomes: Q, R, B or N; Esc takes the
// move back.
func (s *gameScreen) promotion(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if k.Type == tea.KeyEsc {
		s.promo, s.sel = nil, chess.NoSq
		return screen.Stay, nil
	}
	kinds := map[string]chess.Kind{"q": chess.Queen, "r": chess.Rook, "b": chess.Bishop, "n": chess.Knight}
	kind, ok := kinds[strings.ToLower(k.String())]
	if !ok {
		s.note = "Press Q, R, B or N for the piece the pawn becomes, Esc to take the move back."
		return screen.Stay, nil
	}
	m := *s.promo
	m.Promo = kind
	s.promo = nil
	return screen.Stay, s.play(m)
}

// play sends a move to the referee.
func (s *gameScreen) play(m chess.Move) tea.Cmd {
	s.note = ""
	if m.Promo == chess.None {
		if p := s.t.View(s.side).Cells[m.From].Piece; p.Kind == chess.Pawn && m.To.Rank() == 7*(1-int(s.side)) {
			for _, l := range s.moves(m.From) {
				if l.To == m.To && l.Promo != chess.None {
					s.promo = &m
					return nil
				}
			}
		}
	}
	if s.net != nil {
		return s.netPlay(m)
	}
	before := len(s.t.Log(s.side))
	if _, err := s.m.g.Apply(m); err != nil {
		s.note = "Not a move: " + err.Error() + "."
		return nil
	}
	s.m.unsaved = true
	s.sel = chess.NoSq
	s.cursor = m.To
	// What the side was told before this move is old news on its next
	// turn; the move's own outcome is still lit then, with what followed.
	s.m.seen[s.side] = before
	s.since = before
	if s.m.hotSeat && !s.t.Over() {
		s.stage = stMoved
		return nil
	}
	return s.afterMove()
}

// mouse: a click on a cell moves the cursor there and picks it.
func (s *gameScreen) mouse(msg tea.MouseMsg) (screen.Nav, tea.Cmd) {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft {
		return screen.Stay, nil
	}
	switch s.stage {
	case stHandover:
		return screen.Stay, nil
	case stMoved, stOver:
		return screen.Stay, nil
	}
	at, ok := cellAt(s.side, msg.X, msg.Y-1) // the board starts under the title
	if !ok {
		return screen.Stay, nil
	}
	s.cursor = at
	if s.promo != nil || !s.myTurn() {
		return screen.Stay, nil
	}
	return screen.Stay, s.pick(at)
}

// View draws the stage.
func (s *gameScreen) View() string {
	st := s.c.Styles
	switch s.stage {
	case stHandover:
		side := s.t.ToMove()
		body := st.Title.Render(side.Title()+"'s turn — press Enter") + "\n\n" +
			fmt.Sprintf("Move %d · %s", moveNo(s.t), s.players()) + "\n\n" +
			st.Faint.Render(screen.Wrap(side.Other().Title()+" looks away. Esc: pause (save, quit).", max(s.c.Width-10, 20)))
		if s.note != "" {
			body += "\n\n" + st.Warn.Render(s.note)
		}
		return s.c.Center(st.Box.Render(body))
	}
	return s.playView()
}

// title is the first line.
func (s *gameScreen) title(w int) string {
	st := s.c.Styles
	t := st.Title.Render("OPEN-WORLD CHESS")
	if w >= 60 {
		t += st.Faint.Render(" · " + s.players())
	}
	return screen.Fit(t+st.Faint.Render(fmt.Sprintf(" · move %d", moveNo(s.t))), w)
}

// players says who plays.
func (s *gameScreen) players() string {
	if s.net != nil {
		return s.net.title
	}
	return s.m.players()
}

// status says whose turn it is, or how the game ended.
func (s *gameScreen) status() string {
	st := s.c.Styles
	g := s.t
	if n := s.net; n != nil && n.over != nil && !g.Over() {
		// The server ended it without a last state: a seat given up.
		switch n.over.Result {
		case "lost":
			return st.Bad.Render("You left the game: " + n.over.Winner + " wins.")
		case "won":
			return st.Good.Render("YOU WIN: your opponent left the game.")
		}
		return st.Warn.Render("The game was given up.")
	}
	if w, drawn, over := g.Result(); over {
		if drawn {
			return st.Warn.Render("Neither side can move: no winner.")
		}
		if s.net != nil && s.net.gone != 0 {
			return st.Good.Render(fmt.Sprintf("%s WINS: %s left the game.", strings.ToUpper(w.Title()), w.Other().Title()))
		}
		if !s.m.hotSeat && w != s.m.human && (s.net == nil || s.net.seat != 0) {
			return st.Bad.Render(fmt.Sprintf("%s WINS: your king has left the board.", strings.ToUpper(w.Title())))
		}
		return st.Good.Render(fmt.Sprintf("%s WINS: the %s king has left the board.", strings.ToUpper(w.Title()), w.Other()))
	}
	switch {
	case s.stage == stMoved:
		return st.Heading.Render("Your move is made.")
	case g.ToMove() == s.side:
		return st.Heading.Render(fmt.Sprintf("%s to move", g.ToMove().Title()))
	}
	return st.Faint.Render(fmt.Sprintf("%s to move", g.ToMove().Title()))
}

// marks are the cursor, the picked piece and its targets.
func (s *gameScreen) marks() marks {
	mk := noMarks()
	if s.stage != stPlay {
		return mk
	}
	mk.cursor = s.cursor
	if s.sel != chess.NoSq {
		mk.selected = s.sel
		for _, m := range s.moves(s.sel) {
			mk.targets[m.To] = true
		}
	}
	return mk
}

// logLines are the side's log, wrapped to w: what it saw happen, the
// entries since its last turn in full light, the older ones faint. Each
// entry starts with "› " and the lines it wraps onto are indented under
// it (as Minotaur's message panel draws them).
func (s *gameScreen) logLines(w int) []string {
	var out []string
	for _, e := range s.logEntries(w) {
		out = append(out, e...)
	}
	return out
}

// logEntries are logLines, one slice of lines per entry.
func (s *gameScreen) logEntries(w int) [][]string {
	st := s.c.Styles
	var out [][]string
	for i, e := range s.t.Log(s.side) {
		var lines []string
		for j, l := range strings.Split(screen.Wrap(s.say(e), max(w-2, 8)), "\n") {
			if j == 0 {
				l = "› " + l
			} else {
				l = "  " + l
			}
			if i >= s.since {
				lines = append(lines, st.Text.Render(l))
			} else {
				lines = append(lines, st.Faint.Render(l))
			}
		}
		out = append(out, lines)
	}
	return out
}

// lastEntries are the last whole entries of the log that fit in room lines,
// so that no cut fragment of an entry stands at the top; when the latest
// alone is taller than the room, its start.
func lastEntries(entries [][]string, room int) []string {
	if room <= 0 {
		return nil
	}
	n, first := 0, len(entries)
	for first > 0 && n+len(entries[first-1]) <= room {
		first--
		n += len(entries[first])
	}
	if first == len(entries) {
		if first == 0 {
			return nil
		}
		return entries[first-1][:room]
	}
	var out []string
	for _, e := range entries[first:] {
		out = append(out, e...)
	}
	return out
}

// bottomUnfit is a width at which bottom and smallBottom cut nothing: their
// whole text, to wrap.
const bottomUnfit = 1 << 10

// bottom is the last line: a question, a note, a move being typed, or the keys.
func (s *gameScreen) bottom(w int) string {
	st := s.c.Styles
	switch {
	case s.net != nil && s.net.leaving:
		return st.Warn.Render(screen.Fit("Leave the game? The other side wins it. Y: leave · any other key: stay", w))
	case s.net != nil && s.stage == stOver:
		return st.Warn.Render(screen.Fit("Enter: back to the lobby · L: your log", w))
	case s.promo != nil && s.note != "":
		return st.Warn.Render(screen.Fit(s.note, w))
	case s.promo != nil && w < 60:
		return st.Warn.Render(screen.Fit("Pawn becomes: Q R B N (Esc: back)", w))
	case s.promo != nil:
		return st.Warn.Render(screen.Fit(fmt.Sprintf("The pawn on %v becomes: Q queen · R rook · B bishop · N knight (Esc: back)", s.promo.To), w))
	case s.note != "":
		return st.Warn.Render(screen.Fit(s.note, w))
	case s.stage == stMoved && w < 60:
		return st.Warn.Render(screen.Fit(fmt.Sprintf("Enter: hide board, pass to %s", s.t.ToMove().Title()), w))
	case s.stage == stMoved:
		return st.Warn.Render(screen.Fit(fmt.Sprintf("Enter: hide your board and hand over to %s", s.t.ToMove().Title()), w))
	case s.stage == stOver:
		return st.Warn.Render(screen.Fit("Enter: the end of the game · L: your log", w))
	case s.typed != "":
		return st.Heading.Render(screen.Fit("Move: "+s.typed+"_ (Enter plays it, Backspace, Esc)", w))
	case s.sel != chess.NoSq:
		p := s.t.View(s.side).Cells[s.sel].Piece
		return screen.Fit(st.Heading.Render(fmt.Sprintf("Your %s on %v:", p.Kind, s.sel))+st.Faint.Render(" Enter on a marked cell · Esc: put it back"), w)
	}
	k := func(keys, what string) string { return st.Key.Render(keys) + " " + st.Faint.Render(what) }
	km, g := keymap.Active(), keymap.Chess
	esc := "pause"
	if s.net != nil {
		esc = "leave"
	}
	if s.net != nil && s.net.seat == 0 {
		k := func(keys, what string) string { return st.Key.Render(keys) + " " + st.Faint.Render(what) }
		return screen.Fit(strings.Join([]string{st.Heading.Render("Watching " + s.side.Title() + "'s side"), k("Tab", "the other side"), k(km.Label(g, "log", "L"), "log"), k("Esc", "back")}, st.Faint.Render(" · ")), w)
	}
	// the whole line where it fits, else the keys a player needs first:
	// none is ever cut in the middle
	full := strings.Join([]string{k(km.MoveLabel(g, "arrows"), "cursor"), k(km.Label(g, "pick", "Enter"), "pick"), k("e2e4", "type"), k(km.Label(g, "log", "L"), "log"), k(km.Label(g, "help", "?"), "help"), k(km.Label(g, "pause", "Esc"), esc)}, st.Faint.Render(" · "))
	if ansi.StringWidth(full) <= w {
		return full
	}
	return screen.Fit(strings.Join([]string{k(km.Label(g, "pick", "Enter"), "pick"), k(km.Label(g, "log", "L"), "log"), k(km.Label(g, "help", "?"), "help"), k(km.Label(g, "pause", "Esc"), esc)}, st.Faint.Render(" · ")), w)
}

// smallBottom is the last line of a small terminal: with no room for the
// log under the board, the latest thing the side was told (a move or a
// fight before a new bonus) takes the keys' place while it is new (L shows
// the log, ? the keys).
func (s *gameScreen) smallBottom(w int, logShown bool) string {
	msg, ok := s.latestMessage()
	if logShown || !ok {
		return s.bottom(w)
	}
	return screen.Fit(msg, w-9) + s.c.Styles.Faint.Render(" (L: log)")
}

// latestMessage is what smallBottom tells in the keys' place, if anything:
// the latest thing the side was told while the screen is quiet.
func (s *gameScreen) latestMessage() (string, bool) {
	log := s.t.Log(s.side)
	quiet := s.promo == nil && s.note == "" && s.typed == "" && s.sel == chess.NoSq && s.stage == stPlay &&
		(s.net == nil || !s.net.leaving)
	if !quiet || len(log) == 0 || len(log) <= s.since {
		return "", false
	}
	last := log[len(log)-1]
	for i := len(log) - 1; i >= s.since; i-- {
		if log[i].Kind != chess.Appeared { // a fight or a move says more than a new bonus
			last = log[i]
			break
		}
	}
	return s.say(last), true
}

// say tells an event as this screen's reader reads it: a player in the
// second person, a spectator in the third (chess.SayWatching).
func (s *gameScreen) say(e chess.Event) string {
	if s.net != nil && s.net.seat == 0 {
		return chess.SayWatching(s.side, e)
	}
	return chess.Say(s.side, e)
}

// tightBottom is the last room lines of a tight terminal: the short form
// of smallBottom when it fits a line; else its whole text wrapped, a
// message cut at the end of the room with a pointer to the log.
func (s *gameScreen) tightBottom(w, room int) string {
	short := s.smallBottom(w, false)
	if lipgloss.Width(short) < w || room < 2 {
		return short
	}
	if msg, ok := s.latestMessage(); ok {
		lines := strings.Split(ansi.Wrap(msg, w, ""), "\n")
		if len(lines) > room {
			lines = lines[:room]
			lines[room-1] = screen.Fit(lines[room-1]+" …", w-9) + s.c.Styles.Faint.Render(" (L: log)")
		}
		return strings.Join(lines, "\n")
	}
	if lines := strings.Split(ansi.Wrap(s.bottom(bottomUnfit), w, ""), "\n"); len(lines) <= room {
		return strings.Join(lines, "\n")
	}
	return short
}

// panelW is the side panel's width beside the board, 0 when there is no room.
func (s *gameScreen) panelW() int {
	if w := s.c.Width - boardW - 2; w >= 24 {
		return min(w, 52)
	}
	return 0
}

// playView is a side's screen: the board, and beside it (or under it, on
// a small terminal) whose turn it is, the captured and lost pieces and
// the log of what the side saw happen.
func (s *gameScreen) playView() string {
	w, h := s.c.Width, s.c.Height
	v := s.t.View(s.side)
	board := boardLines(&v, s.tiles, s.marks())
	var b strings.Builder
	pw := s.panelW()
	// tight: a small terminal with no line for the log under the board
	// (40×12): the title gives its line to the last one, so that what the
	// side was told, or the keys, take two lines rather than being cut.
	tight := pw == 0 && h-3-len(board) <= 0
	if !tight {
		b.WriteString(s.title(w) + "\n")
	}
	if pw > 0 {
		panel := []string{s.status(), "",
			"Captured: " + kindsLine(v.Captured, s.side.Other()),
			"Lost:     " + kindsLine(v.Lost, s.side), ""}
		panel = append(panel, legend(s.tiles)...)
		panel = append(panel, "", s.c.Styles.Heading.Render("What you saw"))
		room := h - 2 - len(panel)
		panel = append(panel, lastEntries(s.logEntries(pw), room)...)
		for i := 0; i < h-2; i++ {
			line := ""
			if i < len(board) {
				line = board[i]
			}
			line += strings.Repeat(" ", max(boardW+2-lipgloss.Width(line), 0))
			if i < len(panel) {
				line += screen.Fit(panel[i], pw)
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
		b.WriteString(s.bottom(w))
		return b.String()
	}
	// A small terminal: the status and the last entries of the log under
	// the board; L shows the whole log.
	for _, l := range board {
		b.WriteString(l + "\n")
	}
	figures := s.c.Styles.Faint.Render(fmt.Sprintf(" · lost %d, took %d", len(v.Lost), len(v.Captured)))
	if moved := s.c.Styles.Faint.Render(fmt.Sprintf(" · move %d", moveNo(s.t))) + figures; tight && lipgloss.Width(s.status()+moved) <= w {
		figures = moved // the title's figure, when there is room
	}
	under := []string{screen.Fit(s.status()+figures, w)}
	if tight {
		b.WriteString(under[0] + "\n")
		b.WriteString(s.tightBottom(w, h-len(board)-len(under)))
		return b.String()
	}
	room := h - 2 - len(board) - len(under)
	under = append(under, lastEntries(s.logEntries(w), room)...)
	for i, l := range under {
		if i >= h-2-len(board) {
			break
		}
		b.WriteString(screen.Fit(l, w) + "\n")
	}
	for i := len(board) + len(under); i < h-2; i++ {
		b.WriteString("\n")
	}
	b.WriteString(s.smallBottom(w, room > 0))
	return b.String()
}

// logPager shows the side's whole log.
func (s *gameScreen) logPager() *screen.Pager {
	return screen.NewPager(s.c, "WHAT "+strings.ToUpper(s.side.Title())+" SAW", func(w int) string {
		lines := s.logLines(w)
		if len(lines) == 0 {
			return "Nothing yet."
		}
		return strings.Join(lines, "\n")
	}, screen.ScrollHint, true)
}

// Summary is the pause menu's line: nothing of either side's board.
func (s *gameScreen) Summary() string {
	return fmt.Sprintf("Open-world chess · %s · move %d", s.m.players(), moveNo(s.t))
}

// Unsaved reports progress since the last save (none online: the server
// keeps the game).
func (s *gameScreen) Unsaved() bool { return s.net == nil && s.m.unsaved }

// Save starts writing the game to its save file.
func (s *gameScreen) Save() (tea.Cmd, error) {
	if s.net != nil {
		return nil, fmt.Errorf("a game on a server is kept by the server")
	}
	data, err := s.m.encode(s.c.Now())
	if err != nil {
		return nil, err
	}
	s.m.unsaved = false
	return writeSave(s.c.Saves, s.m.file, data, s.c.Now()), nil
}

// Saved notes the file the game went to, or that it is unsaved again.
func (s *gameScreen) Saved(msg screen.SavedMsg) {
	switch {
	case msg.Err != nil:
		s.m.unsaved = true
	case !s.t.Over():
		s.m.file = filepath.Base(msg.Path)
	}
}

// Menu is where Quit to menu goes: the chess menu.
func (s *gameScreen) Menu() screen.Screen { return newMenu(s.c) }

// Interrupt handles Ctrl+C: with unsaved progress the pause menu asks
// first; a second Ctrl+C there quits.
func (s *gameScreen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	if s.net != nil {
		return screen.Stay, tea.Quit // the server keeps the seat for its grace period
	}
	if p, asking := top.(*screen.Pause); asking && p.Quitting() {
		return screen.Stay, tea.Quit
	}
	if s.m.unsaved {
		p := screen.NewPause(s.c, s)
		p.AskQuit()
		return screen.Push(p), nil
	}
	return screen.Stay, tea.Quit
}

// Hangup saves a game with unsaved progress when its players are gone.
func (s *gameScreen) Hangup() tea.Cmd {
	if s.net != nil || !s.m.unsaved {
		return nil
	}
	data, err := s.m.encode(s.c.Now())
	if err != nil {
		return nil
	}
	return writeSave(s.c.Saves, s.m.file, data, s.c.Now())
}
