package labyrinth

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// labEndScreen shows, once the game is over, the true field with one
// player's real path beside that player's notebook; Tab goes through the
// players.
type labEndScreen struct {
	c      *screen.Context
	tiles  *screen.Tiles
	lg     *labGame
	player int // 1-based
	dx, dy int // scroll of the true field, in characters
	sheet  int // the notebook sheet shown
	// guard ignores the keys of the first half second, as every end
	// screen does: the Enter that opened it, held, does not leave it.
	guard screen.KeyGuard
}

func newLabEnd(c *screen.Context, lg *labGame) *labEndScreen {
	w, _ := lg.g.Winner()
	e := &labEndScreen{c: c, tiles: newTiles(c.Styles), lg: lg, player: max(w, 1), guard: screen.NewKeyGuard(c.Now())}
	e.sheet = lg.books[e.player-1].Current
	return e
}

// Init does nothing.
func (e *labEndScreen) Init() tea.Cmd { return nil }

// Update switches players, scrolls, or leaves.
func (e *labEndScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok || e.guard.Blocks(e.c.Now()) {
		return screen.Stay, nil
	}
	n := e.lg.g.Players()
	switch k.String() {
	case "tab":
		e.player = e.player%n + 1
		e.sheet = e.lg.books[e.player-1].Current
	case "shift+tab":
		e.player = (e.player+n-2)%n + 1
		e.sheet = e.lg.books[e.player-1].Current
	case "1", "2", "3", "4":
		if p := int(k.Runes[0] - '0'); p <= n {
			e.player = p
			e.sheet = e.lg.books[e.player-1].Current
		}
	case "[":
		e.sheet = max(e.sheet-1, 0)
	case "]":
		e.sheet = min(e.sheet+1, len(e.lg.books[e.player-1].Sheets)-1)
	case "up", "w", "W":
		e.dy -= 2
	case "down", "s", "S":
		e.dy += 2
	case "left", "a", "A":
		e.dx -= 2
	case "right", "d", "D":
		e.dx += 2
	case "r", "R":
		// Again: the same field and number of players, new starts.
		return screen.Replace(Open(e.c, &Setup{Name: e.lg.name, Text: e.lg.text, Lab: e.lg.g.Lab(), Players: n})), nil
	case "enter", "esc", "q", "Q":
		return screen.Replace(newLabMenu(e.c)), nil
	}
	return screen.Stay, nil
}

// View draws the field and the notebook side by side.
func (e *labEndScreen) View() string {
	g := e.lg.g
	w, h := e.c.Width, e.c.Height
	p := e.player
	areaH := h - 4

	field := fieldCanvas(g, p)
	nb := &e.lg.books[p-1]
	sheet := nb.Sheets[min(e.sheet, len(nb.Sheets)-1)]
	book, bx, by := sheetCanvas(nb, sheet)

	bookW := min(book.w, max((w-3)/2, 10))
	fieldW := min(field.w, w-3-bookW)
	fh, bh := min(field.h, areaH-1), min(book.h, areaH-1)
	// The field window starts centred on the player's last place, moved by
	// the arrows.
	body := g.Player(p).Body().Pos
	fx := screen.Window(field.w, fieldW, 2*body.Y+1+e.dx)
	fy := screen.Window(field.h, fh, 2*body.X+1+e.dy)
	fLines := field.lines(e.tiles, fx, fy, fieldW, fh)
	bLines := book.lines(e.tiles, screen.Window(book.w, bookW, bx), screen.Window(book.h, bh, by), bookW, bh)

	title := "THE GAME WAS LEFT"
	if win, turn := g.Winner(); win != 0 {
		title = fmt.Sprintf("PLAYER %d GOT OUT IN TURN %d", win, turn)
	}
	heading := fmt.Sprintf("Player %d: the true field and the real path  ·  the notebook, sheet %d of %d",
		p, min(e.sheet, len(nb.Sheets)-1)+1, len(nb.Sheets))
	return screen.EndFrame(e.c, title, " · "+e.lg.name, heading, screen.Columns(fLines, bLines, fieldW, bookW, 3, w),
		"@ where the player ended · . their path · Tab: next player · [ ] sheets · arrows: scroll · "+screen.EndHints)
}
