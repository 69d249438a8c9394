package chess

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/games/chess"
	chessbot "github.com/minotaur-game/minotaur/games/chess/bot"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// botGame opens a game against the computer at level 1 with the seed.
func botGame(t *testing.T, seed uint64, human chess.Color, w, h int) *driver {
	cfg := testConfig(t, seed)
	cfg.Chess = &Setup{Human: human, Level: 1, Seed: seed}
	return newDriver(t, cfg, w, h)
}

// typeMove types a move and Enter.
func (d *driver) typeMove(m string) {
	d.keys(m + "<enter>")
}

func TestPlayScreens(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
	}{{"chess_play", 80, 24}, {"chess_play_small", 40, 12}} {
		t.Run(c.name, func(t *testing.T) {
			d := botGame(t, 5, chess.White, c.w, c.h)
			d.expectScreen("chess")
			d.typeMove("e2e4")
			d.typeMove("g1f3")
			frame := d.screen()
			checkFits(t, frame, c.w, c.h)
			golden(t, c.name, frame)
			if !strings.Contains(frame, "N3") || !strings.Contains(frame, "░░░") {
				t.Errorf("no knight with its HP or no fog on the board:\n%s", frame)
			}
		})
	}
}

// TestBoardShowsOnlyTheView: on every screen of a game the cells in the
// side's fog are drawn as fog, and every piece and bonus drawn is the
// view's.
func TestBoardShowsOnlyTheView(t *testing.T) {
	d := botGame(t, 9, chess.White, 80, 24)
	g := d.game()
	for i := 0; i < 40 && !g.m.g.Over(); i++ {
		v := g.m.g.View(chess.White)
		lines := strings.Split(d.screen(), "\n")
		for row := 0; row < 8; row++ {
			line := []rune(lines[1+row] + "   ") // the panel's lines lose their trailing blanks
			for col := 0; col < 8; col++ {
				s := rowSq(chess.White, row, col)
				got := string(line[2+col*cellW : 2+col*cellW+cellW])
				want, _ := cellText(v.Cells[s])
				if got != want {
					t.Fatalf("move %d: %v drawn %q, the view has %q", i, s, got, want)
				}
				if v.Cells[s].Sight == chess.Fog && got != "░░░" {
					t.Fatalf("%v is in white's fog but drawn %q", s, got)
				}
			}
		}
		m, _ := chessbot.Player{Level: 2, Seed: 1}.Move(&v)
		d.typeMove(m.String())
	}
}

func TestCursorPickAndMouse(t *testing.T) {
	d := botGame(t, 5, chess.White, 80, 24)
	g := d.game()
	// The cursor starts on a piece that can move (the king cannot), so
	// that the first Enter picks it.
	if g.cursor.String() != "e2" {
		t.Fatalf("the cursor starts on %v, want the pawn on e2 before the king", g.cursor)
	}
	d.keys("<enter>") // the pawn on e2
	if g.sel.String() != "e2" {
		t.Fatalf("picked %v", g.sel)
	}
	if frame := d.screen(); !strings.Contains(frame, "Your pawn on e2:") {
		t.Errorf("no word of the picked pawn:\n%s", frame)
	}
	d.keys("<up><up><enter>")
	if p := g.m.g.View(chess.White).Cells[chess.At(4, 3)].Piece; p.Kind != chess.Pawn {
		t.Fatalf("e4 holds %+v after the cursor's move", p)
	}
	if g.m.g.Ply() < 2 {
		t.Fatal("the computer did not answer")
	}
	// A click on the knight, then on f3. Cells are three columns wide
	// after the rank's two; the board starts on the second line.
	click := func(file, rankFromTop int) {
		d.Send(tea.MouseMsg{X: 2 + file*cellW + 1, Y: 1 + rankFromTop, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	}
	click(6, 7) // g1
	if g.sel.String() != "g1" {
		t.Fatalf("the click picked %v", g.sel)
	}
	click(5, 5) // f3
	if p := g.m.g.View(chess.White).Cells[chess.At(5, 2)].Piece; p.Kind != chess.Knight {
		t.Fatalf("f3 holds %+v after the clicks", p)
	}
	// A wrong target says why and keeps the piece picked.
	d.keys("<enter>")     // the knight, under the cursor
	d.keys("<up><enter>") // to f4: not a knight's move
	if !strings.Contains(d.screen(), "cannot go to") {
		t.Errorf("no word of a refused target:\n%s", d.screen())
	}
}

func TestTypedMoves(t *testing.T) {
	d := botGame(t, 5, chess.White, 80, 24)
	g := d.game()
	d.keys("e2e")
	if !strings.Contains(d.screen(), "Move: e2e_") {
		t.Errorf("the typed move is not shown:\n%s", d.screen())
	}
	d.keys("5<enter>")
	if !strings.Contains(d.screen(), "your pawn on e2 cannot go to e5") || g.m.g.Ply() != 0 {
		t.Errorf("e2e5 was not refused with its reason:\n%s", d.screen())
	}
	d.typeMove("d2d4") // d moves the cursor too, and is typed
	if g.m.g.Ply() != 2 {
		t.Errorf("d2d4 was not played: ply %d\n%s", g.m.g.Ply(), d.screen())
	}
	// A cell typed alone picks that cell, whatever the cursor is on; the
	// next cell typed is the target.
	d.typeMove("g1")
	if !strings.Contains(d.screen(), "Your knight on g1:") {
		t.Errorf("g1 Enter did not pick the knight on g1:\n%s", d.screen())
	}
	d.typeMove("f3")
	if g.m.g.Ply() != 4 {
		t.Errorf("g1, f3 did not play the knight: ply %d\n%s", g.m.g.Ply(), d.screen())
	}
	// Part of a move is answered, not taken for the cursor's cell.
	d.typeMove("b1c")
	if !strings.Contains(d.screen(), `"b1c" is not a whole move`) || g.m.g.Ply() != 4 {
		t.Errorf("b1c Enter was not refused:\n%s", d.screen())
	}
}

func TestPromotionChoice(t *testing.T) {
	cfg := testConfig(t, 1)
	d := newDriver(t, cfg, 80, 24)
	pos := chess.Position{}
	pos.Board[chess.At(0, 0)] = chess.NewPiece(chess.King, chess.White)
	pos.Board[chess.At(7, 7)] = chess.NewPiece(chess.King, chess.Black)
	pos.Board[chess.At(4, 6)] = chess.NewPiece(chess.Pawn, chess.White)
	m := &match{g: chess.Setup(pos, chess.White, rand.NewPCG(1, 1)), hotSeat: true}
	g := newGameScreen(d.c, m, false)
	d.Screens = append(d.Screens[:0], g)
	d.keys("<enter>") // the hand-over
	d.typeMove("e7e8")
	if g.promo == nil || !strings.Contains(d.screen(), "becomes: Q queen") {
		t.Fatalf("no promotion question:\n%s", d.screen())
	}
	d.keys("x")
	if !strings.Contains(d.screen(), "Press Q, R, B or N") {
		t.Errorf("a wrong key is not answered:\n%s", d.screen())
	}
	d.keys("n")
	if p := m.g.View(chess.White).Cells[chess.At(4, 7)].Piece; p.Kind != chess.Knight || p.HP != 3 {
		t.Fatalf("e8 holds %+v, want the new knight", p)
	}
	golden(t, "chess_moved", d.screen())
}

// TestHotSeatHandOver: each turn of a hot-seat game hides the board behind
// a hand-over screen that names the side, and each side sees its own board.
func TestHotSeatHandOver(t *testing.T) {
	cfg := testConfig(t, 3)
	cfg.Chess = &Setup{HotSeat: true, Seed: 3}
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, cfg, size[0], size[1])
		frame := d.screen()
		checkFits(t, frame, size[0], size[1])
		if !strings.Contains(frame, "White's turn — press Enter") || strings.Contains(frame, "P1") {
			t.Fatalf("the first hand-over:\n%s", frame)
		}
		if size[0] == 80 {
			golden(t, "chess_handover", frame)
		}
		d.keys("<enter>")
		d.typeMove("e2e4")
		if !strings.Contains(d.screen(), "to Black") {
			t.Fatalf("after White's move:\n%s", d.screen())
		}
		d.keys("<enter>")
		frame = d.screen()
		if !strings.Contains(frame, "Black's turn — press Enter") || strings.Contains(frame, "P1") || strings.Contains(frame, "p1") {
			t.Fatalf("the hand-over to Black shows a board:\n%s", frame)
		}
		d.keys("<enter>")
		frame = d.screen()
		checkFits(t, frame, size[0], size[1])
		if !strings.Contains(frame, "Black to move") || !strings.Contains(frame, "p1") || strings.Contains(frame, "P1") {
			t.Fatalf("Black's board:\n%s", frame)
		}
		if size[0] == 80 {
			golden(t, "chess_black", frame)
		}
	}
}

// TestGameAgainstTheBotToItsEnd plays the player's side with the level-3
// computer's choices, typed in, until the game ends; then the end screen
// and back to the chess menu. The save made on the way is gone at the end.
func TestGameAgainstTheBotToItsEnd(t *testing.T) {
	d := botGame(t, 11, chess.White, 80, 24)
	g := d.game()
	me := chessbot.Player{Level: 3, Seed: 77}
	for i := 0; i < 300 && !g.m.g.Over(); i++ {
		if i == 5 {
			d.keys("<esc>")
			d.expectScreen("chess-pause")
			d.keys("<down><enter>") // Save
			d.keys("<esc>")
			if g.m.file == "" {
				t.Fatalf("the game was not saved:\n%s", d.screen())
			}
		}
		v := g.m.g.View(chess.White)
		m, _ := me.Move(&v)
		if m.Promo != chess.None {
			d.typeMove(m.String()[:4])
			d.keys(string(m.Promo.Letter()))
		} else {
			d.typeMove(m.String())
		}
	}
	if !g.m.g.Over() {
		t.Fatal("the game did not end in 300 moves")
	}
	frame := d.screen()
	if !strings.Contains(frame, "WINS") {
		t.Fatalf("the last board:\n%s", frame)
	}
	entries, _ := os.ReadDir(cfg(d))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), SaveExt) {
			t.Errorf("the ended game's save %s is still there", e.Name())
		}
	}
	d.keys("<enter>")
	d.expectScreen("chess-end")
	later(t, 600_000_000)
	frame = d.screen()
	checkFits(t, frame, 80, 24)
	if !strings.Contains(frame, "YOU WIN") {
		t.Errorf("the end screen:\n%s", frame)
	}
	golden(t, "chess_end", frame)
	// R plays again: the same side and level, a new board.
	end := d.Top()
	d.keys("r")
	d.expectScreen("chess")
	if again := d.game(); again.m.g.Ply() != 0 || again.m.human != chess.White || again.m.bot.Level != g.m.bot.Level || again.m.hotSeat {
		t.Errorf("R on the end screen: ply %d, human %v, level %d", again.m.g.Ply(), again.m.human, again.m.bot.Level)
	}
	if nav, _ := end.Update(tea.KeyMsg{Type: tea.KeyEnter}); nav.Op != screen.OpReplace {
		t.Fatalf("Enter on the end screen: %+v", nav)
	} else if _, ok := nav.To.(*menuScreen); !ok {
		t.Fatalf("Enter on the end screen opens %T, not the chess menu", nav.To)
	}
}

func cfg(d *driver) string { return d.c.Saves }

// TestSaveAndContinue: a game saved from the pause menu is listed by the
// chess menu and goes on from where it was, on the same side.
func TestSaveAndContinue(t *testing.T) {
	c := testConfig(t, 4)
	c.Chess = &Setup{Human: chess.Black, Level: 2, Seed: 4}
	d := newDriver(t, c, 80, 24)
	g := d.game()
	if g.m.g.Ply() != 1 {
		t.Fatalf("the computer (White) did not open: ply %d", g.m.g.Ply())
	}
	d.typeMove("e7e5")
	before, _ := g.m.encode(fixedNow)
	d.keys("<esc>")
	d.expectScreen("chess-pause")
	d.keys("<down><enter>")
	if !strings.Contains(d.screen(), "Saved as chess-") {
		t.Fatalf("the pause menu after Save:\n%s", d.screen())
	}
	d.keys("<down><enter>") // Quit to menu: nothing unsaved
	d.expectScreen("chess-menu")
	frame := d.screen()
	if !strings.Contains(frame, "Black vs computer (level 2) · move 2") {
		t.Fatalf("the chess menu does not list the save:\n%s", frame)
	}
	golden(t, "chess_menu", frame)
	d.keys("<down><down><down><down><enter>")
	d.expectScreen("chess")
	g2 := d.game()
	after, _ := g2.m.encode(fixedNow)
	if string(before) != string(after) {
		t.Error("the game continued is not the one saved")
	}
	if g2.side != chess.Black || !strings.Contains(d.screen(), "Welcome back.") {
		t.Errorf("continued on %v:\n%s", g2.side, d.screen())
	}
	// A damaged save is listed as such and cannot be opened.
	os.WriteFile(filepath.Join(c.Saves, "chess-broken"+SaveExt), []byte("{"), 0o644)
	d.keys("<esc><down><down><enter>") // pause, Quit to menu
	d.expectScreen("chess-menu")
	if !strings.Contains(d.screen(), "damaged") {
		t.Errorf("the damaged save is not marked:\n%s", d.screen())
	}
}

func TestHelpAndLog(t *testing.T) {
	d := botGame(t, 5, chess.White, 40, 12)
	d.typeMove("e2e4")
	d.keys("?")
	d.expectScreen("chess-help")
	checkFits(t, d.screen(), 40, 12)
	d.keys("<down>q")
	d.expectScreen("chess")
	d.keys("l")
	d.expectScreen("chess-log")
	if !strings.Contains(d.screen(), "Your pawn moved e2→e4.") {
		t.Errorf("the log:\n%s", d.screen())
	}
	checkFits(t, d.screen(), 40, 12)
	d.keys("x")
	d.expectScreen("chess")
	d = botGame(t, 5, chess.White, 80, 24)
	d.keys("?")
	golden(t, "chess_help", d.screen())
}

// TestColour: with colours the frames still fit and the fog, the open
// cells and the pieces are drawn from the glyph table.
func TestColour(t *testing.T) {
	lipgloss.SetColorProfile(termenv.ANSI256)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := botGame(t, 5, chess.White, size[0], size[1])
		if d.c.Styles.Mono {
			t.Fatal("the styles are mono under ANSI256")
		}
		d.typeMove("e2e4")
		d.typeMove("e4e5")
		d.keys("<up><enter>") // the cursor and a piece picked, its targets marked
		raw := d.Frame(d.c)   // as the root draws it (the cursor mark taken out)
		if !strings.Contains(raw, "\x1b[") {
			t.Fatal("no colour in the frame")
		}
		checkFits(t, ansi.Strip(raw), size[0], size[1])
		golden(t, "chess_colour_"+itoa(size[0])+"x"+itoa(size[1]), raw)
	}
}

func TestMenuStartsGames(t *testing.T) {
	c := testConfig(t, 8)
	d := newDriver(t, c, 80, 24)
	d.keys("o")
	d.expectScreen("chess-menu")
	d.keys("<down><down><down><right>") // the level: 3
	if !strings.Contains(d.screen(), "Computer: level 3") {
		t.Fatalf("the level did not change:\n%s", d.screen())
	}
	d.keys("<up><up><enter>") // Play Black
	d.expectScreen("chess")
	g := d.game()
	if g.side != chess.Black || g.m.bot.Level != 3 || g.m.g.Ply() != 1 {
		t.Fatalf("side %v, level %d, ply %d", g.side, g.m.bot.Level, g.m.g.Ply())
	}
	if !strings.Contains(d.screen(), "8  ") && !strings.Contains(d.screen(), "1 ") {
		t.Errorf("no board:\n%s", d.screen())
	}
	lines := strings.Split(d.screen(), "\n")
	if !strings.HasPrefix(lines[1], "1 ") {
		t.Errorf("Black's board is not turned (rank 1 on top):\n%s", d.screen())
	}
}

// TestHotSeatEnd: once a hot-seat game is over, its end shows both sides'
// last boards side by side, or the winner's alone on a small terminal.
func TestHotSeatEnd(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, testConfig(t, 1), size[0], size[1])
		pos := chess.Position{}
		pos.Board[chess.At(4, 0)] = chess.NewPiece(chess.King, chess.White)
		q := chess.NewPiece(chess.Queen, chess.White)
		q.HP, q.Max = 6, 6
		pos.Board[chess.At(4, 1)] = q
		pos.Board[chess.At(4, 3)] = chess.NewPiece(chess.King, chess.Black)
		pos.Board[chess.At(0, 6)] = chess.NewPiece(chess.Pawn, chess.Black)
		m := &match{g: chess.Setup(pos, chess.White, rand.NewPCG(1, 1)), hotSeat: true}
		d.Screens = append(d.Screens[:0], newGameScreen(d.c, m, false))
		d.keys("<enter>")
		d.typeMove("e2e4")
		if !strings.Contains(d.screen(), "WHITE WINS") {
			t.Fatalf("after the king's death:\n%s", d.screen())
		}
		d.keys("<enter>")
		d.expectScreen("chess-end")
		frame := d.screen()
		checkFits(t, frame, size[0], size[1])
		two := strings.Contains(frame, "White's last view") && strings.Contains(frame, "Black's last view")
		if two != (size[0] == 80) {
			t.Errorf("both boards %v at %dx%d:\n%s", two, size[0], size[1], frame)
		}
		if size[0] == 80 {
			golden(t, "chess_end_hotseat", frame)
		}
		later(t, 600_000_000)
		d.keys("<enter>")
		d.expectScreen("chess-menu")
	}
}

// TestMenuFitsSmall: the chess menu, with a saved game listed, fits whole
// at 40×12, and its cursor reaches every item.
func TestMenuFitsSmall(t *testing.T) {
	c := testConfig(t, 2)
	c.Chess = &Setup{Human: chess.White, Level: 1, Seed: 2}
	d := newDriver(t, c, 40, 12)
	d.typeMove("e2e4")
	d.keys("<esc><down><enter><down><enter>") // pause, Save, Quit to menu
	d.expectScreen("chess-menu")
	frame := d.screen()
	checkFits(t, frame, 40, 12)
	if strings.Contains(frame, "…") {
		t.Errorf("the menu cuts a line at 40×12:\n%s", frame)
	}
	golden(t, "chess_menu_small", frame)
	d.keys("<up>")
	if !strings.Contains(d.screen(), "> saved") {
		t.Errorf("the saved game is not reachable:\n%s", d.screen())
	}
	checkFits(t, d.screen(), 40, 12)
}

// TestLogWrapsUnderItsEntry: an entry of the log too long for the side
// panel wraps onto lines indented under it, each entry marked "› ", so
// that no line of the panel starts with a stray space and no cut piece of
// an entry stands at the top of the log.
func TestLogWrapsUnderItsEntry(t *testing.T) {
	for moves := 2; moves <= 6; moves++ {
		w, h := 80, 24
		d := botGame(t, 7, chess.White, w, h)
		d.typeMove("e2e4") // a damage cell at e3: "...lost 0 HP on the damage cell at e3 and has 1 HP."
		for _, m := range []string{"d2d3", "b1c3", "g1f3", "a2a3", "h2h3"}[:moves-1] {
			d.typeMove(m)
		}
		frame := d.screen()
		lines := strings.Split(frame, "\n")
		col, from := 28, 0 // the side panel
		for i, l := range lines {
			if strings.Contains(l, "What you saw") {
				from = i + 1
			}
		}
		wrapped, entries := false, 0
		for i := from; i < len(lines)-1; i++ {
			r := []rune(lines[i])
			if len(r) <= col {
				continue
			}
			l := string(r[col:])
			switch {
			case strings.HasPrefix(l, "› "):
				entries++
			case strings.HasPrefix(l, "  ") && entries > 0:
				wrapped = true
			default:
				t.Errorf("%d×%d: line %d of the log is neither an entry nor its continuation: %q\n%s", w, h, i+1, l, frame)
			}
		}
		if entries == 0 || !wrapped {
			t.Errorf("%d×%d: want entries and a wrapped one:\n%s", w, h, frame)
		}
	}
}

// At 40×12, where the board leaves no line for the log, the last lines
// wrap what would not fit on one rather than cutting it: the title gives
// its line (its move number goes to the status line).
func TestSmallScreenWrapsTheLastLine(t *testing.T) {
	d := botGame(t, 5, chess.White, 40, 12)
	d.typeMove("e2e4")
	d.typeMove("e4e5")
	d.keys("<up><enter>") // a piece picked: the hint is longer than a line
	frame := d.screen()
	checkFits(t, frame, 40, 12)
	if !strings.Contains(strings.Join(strings.Fields(frame), " "), "Your pawn on e5: Enter on a marked cell · Esc: put it back") {
		t.Errorf("the hint of a picked piece is not whole at 40×12:\n%s", frame)
	}
	if !strings.Contains(frame, "White to move · move 2 · lost 0, took 0") {
		t.Errorf("the status line lacks the move number:\n%s", frame)
	}
}

// A hostile view draws no control byte and no panic, even before the
// client's check refuses it: negative HP, negative turns left.
func TestHostileCellsDrawPrintable(t *testing.T) {
	for _, hp := range []int{-48, -41, -21, -1, 0, 9, 10, 1000} {
		text := pieceText(chess.Piece{Kind: chess.Pawn, Color: chess.White, HP: hp, Max: 2})
		for _, r := range text {
			if r < 0x20 || r == 0x7f {
				t.Errorf("HP %d draws %q", hp, text)
			}
		}
	}
	for _, left := range []int{-1, -1000, 0, 5, 99} {
		text, _ := cellText(chess.Cell{Sight: chess.Open, Left: left})
		if text == "" {
			t.Errorf("turns left %d draws nothing", left)
		}
	}
}

// The keys' line is never cut in the middle ("… L log · ? help · E…" at
// 60×20): the whole line where it fits, else the keys needed first.
func TestKeysLineNeverCut(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {66, 20}, {80, 24}, {40, 12}} {
		d := botGame(t, 5, chess.White, size[0], size[1])
		lines := strings.Split(d.screen(), "\n")
		last := strings.TrimRight(lines[len(lines)-1], " ")
		if strings.Contains(last, "…") || !strings.HasSuffix(last, "Esc pause") {
			t.Errorf("%v: the keys' line is cut: %q", size, last)
		}
	}
}
