package minotaur

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
)

// hostileName is a level's name as a hostile file or server writes it:
// a window title (OSC 0), a clipboard write (OSC 52), a colour, a bidi
// override and a zero-width space around the word "Evil".
const hostileName = "\x1b]0;pwned\x07\x1b]52;c;ZXZpbA==\x07\x1b[31mEv\u202eil\u200b\x1b[0m"

// noEscapes fails when a drawn screen holds anything of the hostile name
// but its cleaned text: no OSC, none of its parameters shown as text, no
// bidi or zero-width character.
func noEscapes(t *testing.T, where, screen string) {
	t.Helper()
	for _, bad := range []string{"\x1b]", "\x07", "pwned", "52;c", "ZXZpbA", "\u202e", "\u200b"} {
		if strings.Contains(screen, bad) {
			t.Fatalf("%s: the screen holds %q:\n%q", where, bad, screen)
		}
	}
	if !strings.Contains(screen, "Evil") {
		t.Fatalf("%s: the level's name (cleaned: Evil) is not on the screen:\n%s", where, screen)
	}
}

// TestHostileLevelNameCleaned (in a replay too): a
// level whose name holds escape sequences and bidi or zero-width
// characters — in a replay's levels, or in a server's state — is drawn
// with its text only.
func TestHostileLevelNameCleaned(t *testing.T) {
	lv := corridor()
	lv.Name = hostileName
	// A replay file's level text, read as `minotaur replay` reads it.
	text := "name: " + hostileName + "\n" + strings.SplitN(levels.Format(lv), "\n", 2)[1]
	parsed, _, err := levels.Parse("replay level 1", []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	m, err := NewReplay(saves.Replay{Seed: 1, Players: 1, Moves: "dd", Levels: []string{text}}, []engine.Level{parsed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	noEscapes(t, "the replay", m.View())

	// The same name in a server's state line, decoded as the client does.
	g, err := engine.New(engine.Config{Seed: 1, Players: 1, Levels: []engine.Level{lv}})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1)
	line, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netplay.DecodeMessage([]byte(`{"t":"state","seq":1,` + string(line[1:])))
	if err != nil {
		t.Fatal(err)
	}
	b := newBoard(NewStyles(nil), 1, msg.(*netplay.State).View)
	noEscapes(t, "a server's state", b.View(80, 24))

	// A view that reached the board uncleaned (a save's level) is cleaned
	// where it is drawn.
	b = newBoard(NewStyles(nil), 1, v)
	noEscapes(t, "a saved game's view", b.View(80, 24))
}
