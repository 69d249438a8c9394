package minotaur

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// endStage is where the end screen stands.
type endStage int

const (
	endChecking endStage = iota // reading the score table
	endName                     // asking for a name
	endAdding                   // writing the entry
	endDone                     // nothing more to ask
)

// endScreen is Game over or Victory: the final score, the level reached and
// the seed; when the score makes the top 10, a name prompt (prefilled with
// --name), then the table with the new entry highlighted.
type endScreen struct {
	c    *env
	sess Session
	view engine.View
	won  bool
	// why is the cause in words; final the last level's map, the path
	// and the catcher drawn on it (nil: the text alone).
	why    string
	short  string // the cause in fewest words, for a small terminal
	tip    string // the tip drawn from how the game was lost (tips.go), also at the end of why
	final  *endMap
	stage  endStage
	name   screen.Input
	replay string // the replay file written, or why not
	// replayErr tells that replay says why the replay was not written.
	replayErr bool
	// summary is the run summary's line: where it was written, or why
	// it was not ("" until the replay is written).
	summary    string
	summaryErr bool
	note       string
	// daily is the day's table of the daily challenge, once the server
	// sent it after this game (dailyName the player in it).
	daily     *netplay.Daily
	dailyName string
	// opened is when the screen appeared: keys that arrive less than
	// endKeyGrace later were typed during play (a held Space, a fast
	// fourth step) and are ignored.
	opened time.Time
	// typing guards the name prompt: a key held from play types nothing
	// (screen.KeyGuard.Holds).
	typing screen.KeyGuard
}

func newEndScreen(c *env, sess Session, v engine.View, won bool) *endScreen {
	e := &endScreen{c: c, sess: sess, view: v, won: won, opened: c.Now(), typing: screen.NewKeyGuard(c.Now())}
	e.name = screen.Input{Prompt: "Your name: ", Limit: 64}
	e.name.SetValue(saves.CleanName(c.cfg.Name))
	e.why = cause(v.Seat, v, won, nil, nil, nil)
	return e
}

// told gives the end screen what the game screen saw: the path walked on
// the last level, the capture that ended it (nil for none) and the
// monsters seen just before. It draws the final map.
func (e *endScreen) told(path []engine.Point, caught *engine.Event, seen []engine.MonsterView) {
	seat := e.view.Seat
	e.why = cause(seat, e.view, e.won, caught, seen, path)
	if !e.won {
		if t := lossOf(seat, e.view, caught, seen, path).tip(); t != "" {
			e.why += "\n\n" + t
			e.tip = t
		}
	}
	if caught != nil && caught.Seat == seat && !e.won {
		e.short = fmt.Sprintf("Caught by %s on turn %d of level %d.", caught.Monster.Called(), e.view.Turn, e.view.Level)
	}
	fv, revealed := finalView(e.sess, e.view)
	e.final = newEndMap(e.c.st, seat, fv, revealed, path, caught)
}

// qualifiedMsg tells whether the score enters the table.
type qualifiedMsg struct {
	ok     bool
	scores saves.Scores
	err    error
}

// scoreAddedMsg reports the entry written to the table.
type scoreAddedMsg struct {
	added saves.Added
	err   error
}

// Init writes the replay and reads the score table.
func (e *endScreen) Init() tea.Cmd {
	table, score, now := e.c.scores(), e.view.Score, e.c.Now()
	if t, ok := e.sess.(interface{ Told(cause, tip string) }); ok {
		cause := e.why
		if e.tip != "" {
			cause = strings.TrimSuffix(cause, "\n\n"+e.tip)
		}
		t.Told(cause, e.tip)
	}
	return tea.Batch(e.sess.End(), func() tea.Msg {
		ok, s, err := table.Qualifies(score, now)
		return qualifiedMsg{ok, s, err}
	})
}

// Update follows the stages.
func (e *endScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.EndedMsg:
		switch {
		case msg.Err != nil:
			e.replay, e.replayErr = msg.Err.Error(), true
		case msg.Replay != "":
			e.replay = msg.Replay
		}
		switch {
		case msg.SummaryErr != nil:
			e.summary, e.summaryErr = capital(msg.SummaryErr.Error())+".", true
		case msg.Summary != "":
			// Beside the replay: its name tells where.
			e.summary = filepath.Base(msg.Summary)
		}
	case DailyMsg:
		e.daily, e.dailyName = msg.Daily, msg.Name
	case qualifiedMsg:
		e.note = msg.scores.Notice
		switch {
		case msg.err != nil:
			e.note = "The high-score table cannot be read: " + msg.err.Error()
			e.stage = endDone
		case msg.ok:
			e.stage = endName
			e.name.Focus()
			return screen.Stay, nil
		default:
			e.stage = endDone
		}
	case scoreAddedMsg:
		if msg.err != nil {
			e.note = msg.err.Error()
			e.stage = endName
			return screen.Stay, nil
		}
		s := msg.added.Scores
		sc := newScoresScreen(e.c, msg.added.Rank, &s)
		sc.after = e.sess
		return screen.Replace(sc), nil
	case tea.KeyMsg:
		if e.stage == endName && e.typing.Holds(e.c.Now()) || e.c.Now().Sub(e.opened) < screen.KeyGrace {
			return screen.Stay, nil
		}
		switch e.stage {
		case endName:
			if msg.Type == tea.KeyEnter {
				e.stage = endAdding
				e.name.Blur()
				entry := saves.Entry{Name: e.name.Value(), Score: e.view.Score, Level: e.view.Level, Seed: e.view.Seed}
				table, now := e.c.scores(), e.c.Now()
				return screen.Stay, func() tea.Msg {
					a, err := table.Add(entry, now)
					return scoreAddedMsg{a, err}
				}
			}
			e.name.Update(msg)
			return screen.Stay, nil
		case endDone:
			switch strings.ToLower(msg.String()) {
			case "enter", "esc", "q", " ":
				return screen.Replace(afterGame(e.c, e.sess)), nil
			case "r":
				if !e.again() {
					break
				}
				g, err := NewGame(e.c.Context, e.c.cfg)
				if err != nil {
					e.note = "A new game could not start: " + err.Error()
					return screen.Stay, nil
				}
				return screen.Replace(g), g.Init()
			case "h":
				sc := newScoresScreen(e.c, 0, nil)
				sc.after = e.sess
				return screen.Replace(sc), nil
			}
		}
	}
	return screen.Stay, nil
}

// again reports whether R plays again here: after a game played at this
// keyboard (a new game of the same levels), not after a network game.
func (e *endScreen) again() bool {
	_, local := e.sess.(*LocalSession)
	return local
}

// back names where Enter goes: the lobby after a network game, else the
// menu.
func (e *endScreen) back() string {
	if _, ok := e.sess.(Resumable); ok {
		return "Enter: lobby"
	}
	if e.again() {
		return screen.EndHints
	}
	return "Enter: menu"
}

// View draws the result.
func (e *endScreen) View() string {
	st := e.c.st
	v := e.view
	tw := e.c.DialogWidth()
	if s, ok := e.besideMap(); ok {
		return s
	}
	title, cause := st.Bad.Render("GAME OVER"), e.why
	if e.won {
		title = st.Good.Render("VICTORY!")
	}
	stats := fmt.Sprintf("%-16s %d\n%-16s %d of %d\n%-16s %d", "Final score", v.Score,
		"Level reached", v.Level, v.Levels, "Seed", v.Seed)
	var table string
	if len(v.Passed) > 0 {
		table = st.Heading.Render(fmt.Sprintf("%-6s %5s %7s %6s", "Level", "Turns", "Bonuses", "Score"))
		for _, p := range v.Passed {
			table += fmt.Sprintf("\n%-6d %5d %7d %6d", p.Level, p.Turns, p.Bonuses, p.Score)
		}
	}
	var prompt string
	switch e.stage {
	case endChecking:
		prompt = "Reading the high scores…"
	case endName, endAdding:
		prompt = st.Warn.Render("A new high score!") + "\n" + e.name.View(min(saves.MaxNameWidth+14, tw)) + "\n" +
			st.Faint.Render("Enter: record it")
	case endDone:
		prompt = st.Faint.Render(strings.Join(screen.WrapParts(strings.Split(e.back()+" · H: high scores", " · "), " · ", tw), "\n"))
	}
	var replay string
	switch {
	case e.replay == "":
	case e.replayErr:
		replay = st.Warn.Render(screen.Wrap(e.replay, tw))
	default:
		// The whole path, on lines of its own: the player copies it into
		// `minotaur replay`.
		replay = st.Faint.Render("Replay saved:\n" + wrapPath(e.replay, tw))
	}
	if line := e.summaryLine(tw); line != "" && replay != "" {
		replay += "\n" + line
	}
	if e.daily != nil {
		lines := append([]string{st.Heading.Render(cut("Daily challenge "+e.daily.Date, tw))}, screen.DailyTable(st.Styles, e.daily, e.dailyName, 5, tw)...)
		stats += "\n\n" + strings.Join(lines, "\n")
	}
	sections := []string{title, screen.Wrap(cause, tw), stats, table, prompt, screen.Wrap(e.note, tw), replay}
	if screen.DialogHeight(sections...) > e.c.Height || lipgloss.Width(stats) > tw {
		// On a small terminal the per-level table gives way to what the
		// player must read and do, and the figures share a line.
		sections[3] = ""
		sections[2] = screen.Wrap(fmt.Sprintf("Score %d · level %d of %d · seed %d", v.Score, v.Level, v.Levels, v.Seed), tw)
		if replay != "" && !e.replayErr {
			sections[6] = st.Faint.Render(wrapPath("Replay saved: "+e.replay, tw))
			if line := e.summaryLine(tw); line != "" {
				sections[6] += "\n" + line
			}
		}
	}
	if screen.DialogHeight(sections...) > e.c.Height && e.short != "" {
		// Then the cause in its shortest words, with the tip when it
		// still fits (the replay's path, which a bug report needs, comes
		// first).
		sections[1] = screen.Wrap(e.short, tw)
		if e.tip != "" {
			withTip := append([]string(nil), sections...)
			withTip[1] = screen.Wrap(e.short+"\n"+e.tip, tw)
			if screen.DialogHeight(withTip...) <= e.c.Height {
				sections = withTip
			}
		}
	}
	if screen.DialogHeight(sections...) > e.c.Height && replay != "" && !e.replayErr {
		// Then the replay by its name only (the menu's Watch a replay
		// lists it), and its summary's line while that still fits.
		name := "Replay saved: " + filepath.Base(e.replay)
		if ansi.StringWidth(name) > tw {
			name = "Replay saved:\n" + screen.Fit(filepath.Base(e.replay), tw)
		}
		sections[6] = st.Faint.Render(name)
		if line := e.summaryLine(tw); line != "" {
			withLine := append([]string(nil), sections...)
			withLine[6] += "\n" + line
			if screen.DialogHeight(withLine...) <= e.c.Height {
				sections = withLine
			}
		}
	}
	if screen.DialogHeight(sections...) > e.c.Height && e.stage != endDone {
		// Then, while a name is asked, the replay's path: the player
		// still has it on the menu's Replays.
		sections[6] = ""
	}
	return e.c.Dialog(sections...)
}

// summaryLine is the run summary's line under the replay's path: its
// name, or where it is when the name does not fit w columns (faint); or why the summary was not written, wrapped (a
// warning); "" before the replay is written.
func (e *endScreen) summaryLine(w int) string {
	st := e.c.st
	switch {
	case e.summary == "":
		return ""
	case e.summaryErr:
		return st.Warn.Render(screen.Wrap(e.summary, w))
	}
	line := "Summary: " + e.summary
	if ansi.StringWidth(line) > w {
		line = "Summary: the same name, .txt"
	}
	return st.Faint.Render(screen.Fit(line, w))
}

// endTextMin is the narrowest the end screen's text column gets beside
// the map.
const endTextMin = 30

// besideMap draws the result beside the final map when the terminal is
// wide enough for both (two columns per tile, else one); ok is false when
// it is not, and the result is drawn alone.
func (e *endScreen) besideMap() (string, bool) {
	w, h := e.c.Width, e.c.Height
	m := e.final
	if m == nil {
		return "", false
	}
	// The wide map unless the narrow one leaves room for more of the text.
	var text []string
	wide, cut, found := false, 0, false
	for _, wd := range []bool{true, false} {
		mc := m.cols(wd)
		if w-mc-3 < endTextMin {
			continue
		}
		t, c := e.text(min(w-mc-3, 72), h)
		if !found || c < cut {
			text, wide, cut, found = t, wd, c, true
		}
	}
	if !found {
		return "", false
	}
	mc := m.cols(wide)
	legend := m.legend(e.c.st, mc)
	ml := m.lines(wide, min(m.d.rows, h-len(legend)))
	ml = append(ml, legend...)
	var b strings.Builder
	for y := 0; y < max(len(ml), len(text)); y++ {
		if y > 0 {
			b.WriteByte('\n')
		}
		if y < len(ml) {
			b.WriteString(ml[y])
			spaces(&b, mc-ansi.StringWidth(ml[y]))
		} else {
			spaces(&b, mc)
		}
		if y < len(text) {
			b.WriteString("   " + text[y])
		}
	}
	return e.c.Center(b.String()), true
}

// text is the summary in lines of at most w columns and, leaving out the
// score per level and then the blank lines when they do not fit, at most h
// lines; cut tells how much was left out (0 nothing, 1 the blank lines,
// 2 the table, 3 both, 4 lines of the notes).
func (e *endScreen) text(w, h int) (lines []string, cut int) {
	st := e.c.st
	v := e.view
	var head, table []string
	add := func(to *[]string, s string) { *to = append(*to, strings.Split(screen.Wrap(s, w), "\n")...) }
	if e.won {
		head = append(head, st.Good.Render("VICTORY!"), "")
	} else {
		head = append(head, st.Bad.Render("GAME OVER"), "")
	}
	add(&head, e.why)
	head = append(head, "")
	if stats := fmt.Sprintf("%-16s %d", "Seed", v.Seed); ansi.StringWidth(stats) <= w {
		head = append(head,
			fmt.Sprintf("%-16s %d", "Final score", v.Score),
			fmt.Sprintf("%-16s %d of %d", "Level reached", v.Level, v.Levels), stats)
	} else {
		add(&head, fmt.Sprintf("Score %d · level %d of %d · seed %d", v.Score, v.Level, v.Levels, v.Seed))
	}
	var dtable []string
	if e.daily != nil {
		dtable = append(dtable, "", st.Heading.Render(screen.Fit("Daily challenge "+e.daily.Date, w)))
		dtable = append(dtable, screen.DailyTable(st.Styles, e.daily, e.dailyName, 5, w)...)
	}
	if len(v.Passed) > 0 || !e.won {
		table = append(table, "", st.Heading.Render(fmt.Sprintf("%-6s %5s %7s %6s", "Level", "Turns", "Bonuses", "Score")))
		for _, p := range v.Passed {
			table = append(table, fmt.Sprintf("%-6d %5d %7d %6d", p.Level, p.Turns, p.Bonuses, p.Score))
		}
		if !e.won {
			table = append(table, fmt.Sprintf("%-6d %5d %7d %6s", v.Level, v.Turn, v.Bonuses, "lost"))
		}
	}
	var prompt, extra []string
	prompt = append(prompt, "")
	switch e.stage {
	case endChecking:
		prompt = append(prompt, "Reading the high scores…")
	case endName, endAdding:
		prompt = append(prompt, st.Warn.Render("A new high score!"), e.name.View(min(w, saves.MaxNameWidth+14)), st.Faint.Render("Enter: record it"))
	case endDone:
		prompt = append(prompt, st.Faint.Render(e.back()+" · H: high scores"))
	}
	if e.note != "" {
		extra = append(extra, "")
		add(&extra, e.note)
	}
	switch {
	case e.replay == "":
	case e.replayErr:
		extra = append(extra, "")
		for _, l := range strings.Split(screen.Wrap(e.replay, w), "\n") {
			extra = append(extra, st.Warn.Render(l))
		}
	default:
		// The whole path, on lines of its own: the player copies it into
		// `minotaur replay`.
		extra = append(extra, "", st.Faint.Render("Replay saved:"))
		for _, l := range strings.Split(wrapPath(e.replay, w), "\n") {
			extra = append(extra, st.Faint.Render(l))
		}
		if line := e.summaryLine(w); line != "" {
			extra = append(extra, strings.Split(line, "\n")...)
		}
	}
	join := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	unblank := func(l []string) []string {
		var out []string
		for _, s := range l {
			if s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	for i, try := range [][]string{
		join(head, dtable, table, prompt, extra),
		unblank(join(head, dtable, table, prompt, extra)),
		join(head, dtable, prompt, extra),
		unblank(join(head, dtable, prompt, extra)),
	} {
		if len(try) <= h {
			return try, i
		}
	}
	// The summary and the prompt first; what is left of the notes after.
	out := unblank(join(head, dtable, prompt))
	out = append(out, unblank(extra)...)
	return out[:min(len(out), h)], 4
}

// scoresScreen is the high-score table, the new entry (rank) highlighted.
type scoresScreen struct {
	c      *env
	rank   int
	scores *saves.Scores
	err    error
	// after is the game whose end led here: after a network game the
	// player goes back to that server's lobby (nil: the menu).
	after Session
	// cursor is the entry (0-based) whose seed and date the compact table
	// of a small terminal shows under it; ↑/↓ move it.
	cursor int
	moved  bool // the player moved the cursor (else it stands on rank)
}

func newScoresScreen(c *env, rank int, s *saves.Scores) *scoresScreen {
	return &scoresScreen{c: c, rank: rank, scores: s}
}

// scoresReadMsg carries the table.
type scoresReadMsg struct {
	s   saves.Scores
	err error
}

// Init reads the table unless it was handed over.
func (s *scoresScreen) Init() tea.Cmd {
	if s.scores != nil {
		return nil
	}
	table, now := s.c.scores(), s.c.Now()
	return func() tea.Msg {
		sc, err := table.Read(now)
		return scoresReadMsg{sc, err}
	}
}

// Update returns to the menu on Enter, Esc or Q.
func (s *scoresScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case scoresReadMsg:
		s.scores, s.err = &msg.s, msg.err
	case tea.KeyMsg:
		switch strings.ToLower(msg.String()) {
		case "up", "w", "k":
			s.cursor, s.moved = max(0, s.at()-1), true
		case "down", "s", "j":
			if s.scores != nil {
				s.cursor, s.moved = min(len(s.scores.Entries)-1, s.at()+1), true
			}
		case "enter", "esc", "q", " ":
			if s.after != nil {
				return screen.Replace(afterGame(s.c, s.after)), nil
			}
			return screen.Replace(s.c.Home()), nil
		}
	}
	return screen.Stay, nil
}

// at is the entry the cursor stands on: the new entry until the player
// moves it.
func (s *scoresScreen) at() int {
	if !s.moved && s.rank > 0 {
		return s.rank - 1
	}
	return s.cursor
}

// fullWidth is the width of the whole table (every column) for entries.
func fullWidth(entries []saves.Entry) (width, seedW int) {
	seedW = 4
	for _, e := range entries {
		seedW = max(seedW, len(strconv.FormatUint(e.Seed, 10)))
	}
	return 4 + 2 + saves.MaxNameWidth + 2 + 6 + 2 + 5 + 2 + seedW, seedW
}

// View draws the table: whole when the terminal has room for it, else
// compact.
func (s *scoresScreen) View() string {
	if s.err == nil && s.scores != nil && len(s.scores.Entries) > 0 {
		w, _ := fullWidth(s.scores.Entries)
		lines := len(s.scores.Entries) + 6
		if s.scores.Notice != "" {
			lines += 2 + len(strings.Split(screen.Wrap(s.scores.Notice, max(s.c.Width-8, 20)), "\n"))
		}
		if w > s.c.Width-2 || lines > s.c.Height || s.c.cfg.Levels != nil && lines+2 > s.c.Height {
			return s.compactView()
		}
	}
	return s.fullView()
}

// compactView is the table of a small terminal (40×12): rank, name, score
// and level in columns that fit 40, as many rows as the height allows (the
// window follows the cursor), and the seed and date of the entry under
// the cursor on a line of their own, so that the seed is still whole.
func (s *scoresScreen) compactView() string {
	st := s.c.st
	entries := s.scores.Entries
	at := max(0, min(s.at(), len(entries)-1))
	back := "Esc: menu"
	if _, ok := s.after.(Resumable); ok {
		back = "Esc: lobby"
	}
	nameW := max(4, min(saves.MaxNameWidth, s.c.Width-2-(2+1+1+6+1+2)))
	rows := max(1, s.c.Height-5) // title, head, seed line, notice/blank, keys
	top := screen.Window(len(entries), min(rows, len(entries)), at)
	var b strings.Builder
	b.WriteString(st.Title.Render("HIGH SCORES") + "\n")
	b.WriteString(st.Heading.Render(fmt.Sprintf("%2s %-*s %6s %2s", "#", nameW, "Name", "Score", "Lv")) + "\n")
	for i := top; i < top+min(rows, len(entries)); i++ {
		e := entries[i]
		name := e.Name
		if saves.NameWidth(name) > nameW {
			name = ansi.Truncate(name, nameW, "…")
		}
		name += strings.Repeat(" ", max(0, nameW-saves.NameWidth(name)))
		line := fmt.Sprintf("%2d %s %6d %2d", i+1, name, e.Score, e.Level)
		switch {
		case i+1 == s.rank:
			line = st.Hilite.Render(line) + " ◀"
		case i == at:
			line = st.Key.Render(line)
		}
		b.WriteString(line + "\n")
	}
	e := entries[at]
	b.WriteString(fmt.Sprintf("seed %d · %s\n", e.Seed, e.Date.Local().Format("2006-01-02")))
	if s.scores.Notice != "" {
		b.WriteString(st.Warn.Render(cut(s.scores.Notice, s.c.Width-2)) + "\n")
	}
	b.WriteString(st.Faint.Render("↑/↓ seed of each · " + back))
	return s.c.Center(b.String())
}

// fullView is the whole table.
func (s *scoresScreen) fullView() string {
	st := s.c.st
	var b strings.Builder
	b.WriteString(st.Title.Render("HIGH SCORES") + "\n")
	if lv := s.c.cfg.Levels; len(lv) > 0 {
		// A table of these level files' own (ScoresFile).
		names := make([]string, len(lv))
		for i, f := range lv {
			names[i] = safetext.Clean(f.Level.Name)
			if names[i] == "" {
				names[i] = fmt.Sprintf("level %d", i+1)
			}
		}
		b.WriteString(st.Faint.Render(screen.Wrap("Your levels' own table: "+strings.Join(names, ", "), max(s.c.Width-8, 20))) + "\n")
	}
	b.WriteString("\n")
	switch {
	case s.err != nil:
		b.WriteString(screen.Wrap(s.err.Error(), max(s.c.Width-8, 20)) + "\n")
	case s.scores == nil:
		b.WriteString("Reading the table…\n")
	case len(s.scores.Entries) == 0:
		b.WriteString("No scores yet: be the first!\n")
	default:
		// The seed replays the game: it is shown whole, the date left
		// out when the terminal is too narrow for both.
		seedW := 4
		for _, e := range s.scores.Entries {
			seedW = max(seedW, len(strconv.FormatUint(e.Seed, 10)))
		}
		date := 4+2+saves.MaxNameWidth+2+6+2+5+2+10+2+seedW <= s.c.Width-2
		head := fmt.Sprintf("%4s  %-16s  %6s  %5s  ", "Rank", "Name", "Score", "Level")
		if date {
			head += fmt.Sprintf("%-10s  ", "Date")
		}
		b.WriteString(st.Heading.Render(head+fmt.Sprintf("%-*s", seedW, "Seed")) + "\n")
		for i, e := range s.scores.Entries {
			line := fmt.Sprintf("%4d  %s  %6d  %5d  ", i+1, padName(e.Name), e.Score, e.Level)
			if date {
				line += e.Date.Local().Format("2006-01-02") + "  "
			}
			line += fmt.Sprintf("%-*d", seedW, e.Seed)
			if i+1 == s.rank {
				line = st.Hilite.Render(line) + " ◀ new"
			}
			b.WriteString(line + "\n")
		}
	}
	if s.scores != nil && s.scores.Notice != "" {
		b.WriteString("\n" + st.Warn.Render(screen.Wrap(s.scores.Notice, max(s.c.Width-8, 20))) + "\n")
	}
	back := "Enter or Esc: menu"
	if _, ok := s.after.(Resumable); ok {
		back = "Enter or Esc: lobby"
	}
	b.WriteString("\n" + st.Faint.Render(back))
	return s.c.Center(b.String())
}

// padName pads a cleaned name to the name column's width.
func padName(n string) string {
	return n + strings.Repeat(" ", max(0, saves.MaxNameWidth-saves.NameWidth(n)))
}
