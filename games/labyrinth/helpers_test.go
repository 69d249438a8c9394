package labyrinth

import (
	"fmt"
	"strings"
	"testing"
)

// parse reads a hand-drawn field; a field that does not parse fails the test.
func parse(t testing.TB, text string) *File {
	t.Helper()
	lab, err := Parse("test.txt", []byte(text))
	if err != nil {
		t.Fatalf("the test field does not parse: %v\n%s", err, text)
	}
	return lab
}

// newGame starts a game on a hand-drawn field.
func newGame(t testing.TB, text string, starts ...Cell) *Game {
	t.Helper()
	g, err := New(parse(t, text), starts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// lines formats answers as the headless mode prints them.
func lines(answers []Answer) []string {
	var out []string
	for _, a := range answers {
		out = append(out, fmt.Sprintf("P%d: %s", a.Player, a.Text()))
	}
	return out
}

// play plays commands in turn order and returns every answer line.
func play(t testing.TB, g *Game, cmds ...string) []string {
	t.Helper()
	var out []string
	for _, s := range cmds {
		c, err := ParseCommand(s)
		if err != nil {
			t.Fatal(err)
		}
		a, err := g.Act(c)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		out = append(out, lines(a)...)
	}
	return out
}

// expect plays commands and compares the answer lines.
func expect(t *testing.T, g *Game, cmds []string, want ...string) {
	t.Helper()
	got := play(t, g, cmds...)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("after %q the referee said:\n%s\nwant:\n%s", cmds, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// at fails unless player n acts at cell c of field f.
func at(t *testing.T, g *Game, n, f int, c Cell) {
	t.Helper()
	p := g.Player(n)
	top := p.Levels[len(p.Levels)-1]
	if top.Field != f || top.Pos != c {
		t.Fatalf("player %d is at %v of field %d, want %v of field %d", n, top.Pos, top.Field, c, f)
	}
}

func cell(x, y int) Cell { return Cell{X: x, Y: y} }

func cmds(s string) []string { return strings.Fields(strings.ReplaceAll(s, "X ", "X")) }
