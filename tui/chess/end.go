package chess

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// endScreen is the end of a game: the result, the last board of each side
// the screen may show (the player's against the computer; both, side by
// side, in a hot-seat game once it is over), and what each side took and lost.
type endScreen struct {
	c     *screen.Context
	tiles *screen.Tiles
	m     *match
	guard screen.KeyGuard
}

func newEnd(c *screen.Context, m *match) *endScreen {
	return &endScreen{c: c, tiles: newTiles(c.Styles), m: m, guard: screen.NewKeyGuard(c.Now())}
}

// Init does nothing.
func (e *endScreen) Init() tea.Cmd { return nil }

// Update plays again (R) or leaves for the chess menu.
func (e *endScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok || e.guard.Blocks(e.c.Now()) {
		return screen.Stay, nil
	}
	switch k.String() {
	case "r", "R":
		// Again: the same sides and level, a new board.
		set := Setup{HotSeat: e.m.hotSeat, Human: e.m.human, Level: e.m.bot.Level, Seed: e.c.Seed()}
		return screen.Replace(Open(e.c, set)), tea.EnableMouseCellMotion
	case "enter", "esc", "q", "Q", " ":
		return screen.Replace(newMenu(e.c)), nil
	}
	return screen.Stay, nil
}

// result is the first line.
func (e *endScreen) result() string {
	w, drawn, _ := e.m.g.Result()
	switch {
	case drawn:
		return "NO WINNER: neither side could move"
	case !e.m.hotSeat && w == e.m.human:
		return "YOU WIN: the " + w.Other().String() + " king has left the board"
	case !e.m.hotSeat:
		return "YOU LOSE: your king has left the board"
	}
	return strings.ToUpper(w.Title()) + " WINS: the " + w.Other().String() + " king has left the board"
}

// column is one side's last board and its count.
func (e *endScreen) column(side chess.Color) []string {
	v := e.m.g.View(side)
	lines := []string{e.c.Styles.Heading.Render(side.Title() + "'s last view")}
	lines = append(lines, boardLines(&v, e.tiles, noMarks())...)
	lines = append(lines, "Took: "+kindsLine(v.Captured, side.Other()), "Lost: "+kindsLine(v.Lost, side))
	return lines
}

// View draws the result and the boards.
func (e *endScreen) View() string {
	w := e.c.Width
	note := fmt.Sprintf(" · move %d", moveNo(e.m.g))
	var body []string
	sides := []chess.Color{e.m.human}
	if e.m.hotSeat {
		sides = []chess.Color{chess.White, chess.Black}
	}
	if len(sides) == 2 {
		l, r := e.column(sides[0]), e.column(sides[1])
		if lw, rw := widest(l), widest(r); w >= lw+rw+4 {
			body = screen.Columns(l, r, lw, rw, 4, w)
		}
	}
	if body == nil {
		col := e.column(e.viewer(sides))
		body = screen.Columns(col, nil, widest(col), 0, 0, w)
	}
	for i, l := range body {
		if lipgloss.Width(l) > w {
			body[i] = screen.Fit(l, w)
		}
	}
	return screen.EndFrame(e.c, e.result(), note, e.m.players(), body, screen.EndHints)
}

// viewer is the one board shown when two do not fit: the winner's.
func (e *endScreen) viewer(sides []chess.Color) chess.Color {
	if len(sides) == 1 {
		return sides[0]
	}
	w, _, _ := e.m.g.Result()
	return w
}

// widest is the width of a block's widest line.
func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, lipgloss.Width(l))
	}
	return w
}
