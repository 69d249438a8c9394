package foxnet

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

var wikiMap = []string{
	"___w______",
	"___W______",
	"__WWw__Ww_",
	"_wwww_____",
	"___w______",
	"_____w__w_",
	"_r__W_____",
	"__w_w_____",
	"_w_w_w__w_",
	"bw_w__w__w",
}

func wikiGame(t *testing.T) *foxhunt.Game {
	t.Helper()
	b, err := foxhunt.ParseBoard(wikiMap)
	if err != nil {
		t.Fatal(err)
	}
	g, err := foxhunt.NewOnBoard(b, foxhunt.Config{Rounds: 1000, NoRespawn: true}, []string{"Player1", "Player2"},
		[]foxhunt.Point{{X: 0, Y: 1}, {X: 4, Y: 1}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatalf("fixture missing: %v", err)
	}
	return string(b)
}

// The wiki's example, replayed on its map, gives its blocks byte for byte.
func TestWikiBlocksByteForByte(t *testing.T) {
	g := wikiGame(t)
	f := Frame{Game: 1, Games: 2, Timeout: time.Second}
	check := func(name string) {
		t.Helper()
		got := string(AppendBlock(nil, Wiki, g, f))
		if want := fixture(t, name); got != want {
			t.Fatalf("%s: got\n%q\nwant\n%q", name, got, want)
		}
	}
	check("wiki-block1.txt")
	g.Submit(0, "b")
	g.Submit(1, "d")
	g.EndRound()
	check("wiki-block2.txt")
	g.Submit(0, "s")
	g.Submit(1, "s")
	g.EndRound()
	check("wiki-block3.txt")
}

func TestWikiTimeoutAsTheWikiWritesIt(t *testing.T) {
	g := wikiGame(t)
	got := string(AppendBlock(nil, Wiki, g, Frame{Timeout: 500 * time.Millisecond}))
	if !strings.HasPrefix(got, "Runde: 1/1000, Spieleranzahl: 2, Spielfeldgröße: x 10 y 10, Cmd-Timeout: 0.5, \n") {
		t.Fatalf("header %q", strings.SplitN(got, "\n", 2)[0])
	}
}

// The mica block is the reference server's GameState, character for
// character (its layout written out here from v0.5.5's source).
func TestMicaBlockAsTheReferenceServer(t *testing.T) {
	g := wikiGame(t)
	got := string(AppendBlock(nil, Mica, g, Frame{Game: 1, Games: 2, Timeout: 500 * time.Millisecond}))
	var want strings.Builder
	want.WriteString("\033[H\033[2J" + strings.Repeat("*", 59) + "\n")
	want.WriteString("\ngame:1/2,round:1/1000,players:2,mapsize:x10y10,timeout:0.50s,\n")
	want.WriteString("\nmap:\n")
	for _, line := range strings.Split(fixture(t, "wiki-block1.txt"), "\n")[3:13] {
		want.WriteString(line + "\n")
	}
	want.WriteString("\nscoretable:\nname:Player2,score:0,x:4,y:1;\nname:Player1,score:0,x:0,y:1;\n/scoretable\n")
	want.WriteString(strings.Repeat("*", 59) + "\n")
	if got != want.String() {
		t.Fatalf("got\n%q\nwant\n%q", got, want.String())
	}
	h := string(AppendHeader(nil, len(got)))
	if h != "messageLength:"+strconv.Itoa(len(want.String())) {
		t.Fatal(h)
	}
	small, _ := foxhunt.New(foxhunt.Config{W: 7, H: 5, Rounds: 3, Seed: 1}, []string{"a"})
	if s := string(AppendBlock(nil, Mica, small, Frame{Game: 1, Games: 1, Timeout: time.Second})); !strings.Contains(s, ",mapsize:x05y07,timeout:1.00s,\n") {
		t.Fatalf("mapsize of a 7x5 map: %q", s)
	}
}

// Both dialects parse back into the same state.
func TestReaderReadsBothDialects(t *testing.T) {
	g := wikiGame(t)
	g.Submit(0, "b")
	g.Submit(1, "d")
	g.EndRound()
	for _, d := range []Dialect{Wiki, Mica} {
		var r Reader
		block := AppendBlock(nil, d, g, Frame{Game: 1, Games: 2, Timeout: time.Second})
		text := string(block)
		if d == Mica {
			text = "YourID:abc\nYourName:Player1\n" + string(AppendHeader(nil, len(block))) + text + "E: out of bombs\nwfyc: waiting for your command\n"
		}
		var got *State
		for _, line := range strings.Split(text, "\n") {
			s, err := r.Line(line)
			if err != nil {
				t.Fatalf("%v: %v", d, err)
			}
			if s != nil {
				got = s
			}
		}
		if got == nil {
			t.Fatalf("%v: no state read", d)
		}
		if got.W != 10 || got.H != 10 || got.Round != 1 || got.Rounds != 1000 || got.Players != 2 || len(got.Rows) != 10 {
			t.Fatalf("%v: %+v", d, got)
		}
		if got.Table[0] != (Entry{Name: "Player2", Points: 2, At: foxhunt.Point{X: 5, Y: 1}}) {
			t.Fatalf("%v: the fox's row %+v", d, got.Table[0])
		}
		if got.At(foxhunt.Point{X: 5, Y: 1}) != 'f' || got.At(foxhunt.Point{X: 0, Y: 1}) != 'p' {
			t.Fatalf("%v: rows %q", d, got.Rows[:2])
		}
		if d == Mica && (r.Name != "Player1" || len(r.Lines) != 1 || r.Lines[0] != "E: out of bombs") {
			t.Fatalf("name %q lines %q", r.Name, r.Lines)
		}
	}
}

func TestReaderRefusesBrokenBlocks(t *testing.T) {
	for _, text := range []string{
		"Runde: 1/3, Spieleranzahl: 1, Spielfeldgröße: x 3 y 2, Cmd-Timeout: 1, \n\n\n_|_|_|\n_|_|\n",
		"Runde: 1/3, Spieleranzahl: 1, Spielfeldgröße: x 3 y 1, Cmd-Timeout: 1, \n\n\n_|_|_|\n\nName:\tPunkte:\tFeld:\nbad row\n",
		"Runde: 1/3, Spieleranzahl: 1, Spielfeldgröße: x 999 y 1, Cmd-Timeout: 1, \n",
		"game:1/1,round:1/1,players:1,mapsize:x01y03,timeout:1.00s,\n\nmap:\n_|_|_|\n\nscoretable:\nname:a,score:x,x:0,y:0;\n",
	} {
		var r Reader
		var err error
		for _, line := range strings.Split(text, "\n") {
			if _, err = r.Line(line); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("accepted %q", text)
		}
	}
}

func pt(x, y int) foxhunt.Point { return foxhunt.Point{X: x, Y: y} }

func readFixture(name string) (string, error) {
	b, err := os.ReadFile("testdata/" + name)
	return string(b), err
}
