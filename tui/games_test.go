package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// TestGamesAgree keeps the list of games, the main menu, Continue, the
// lobby's chooser and the server's kinds in agreement: every game has a
// name, a title and an item of its own on the main menu under a key no
// other item has; every kind the server plays is a game of the list that
// the lobby offers, and the lobby offers no other; each game's files end
// in an extension no other game's do.
func TestGamesAgree(t *testing.T) {
	c := testCommon(t, 80, 24)
	games := c.games
	if len(games) == 0 {
		t.Fatal("the list of games is empty")
	}
	m := newMenu(c)
	labels := m.labels()
	letters := map[rune]string{}
	for _, it := range m.items {
		if other, ok := letters[it.letter]; ok {
			t.Errorf("the menu's %q and %q share the key %c", it.label, other, it.letter)
		}
		letters[it.letter] = it.label
		if strings.ContainsRune("WSKJ", it.letter) {
			t.Errorf("the menu's %q has the key %c, which moves the cursor", it.label, it.letter)
		}
	}
	names, exts := map[string]bool{}, map[string]string{}
	for _, g := range games {
		switch {
		case g.Name == "" || g.Title == "" || g.Short == "" || g.Menu == "" || g.Open == nil:
			t.Errorf("the game %q lacks its name, title, menu item or screen: %+v", g.Name, g)
		case names[g.Name]:
			t.Errorf("two games are named %q", g.Name)
		case g.Command != "" && g.Command != g.Name:
			t.Errorf("the game %q's subcommand is %q, not its name", g.Name, g.Command)
		}
		names[g.Name] = true
		if !slices.Contains(labels, g.Menu) || letters[g.Letter] != g.Menu {
			t.Errorf("the main menu has no item %q under the key %c: %v", g.Menu, g.Letter, labels)
		}
		for _, x := range g.Extra {
			if letters[x.Letter] != x.Label {
				t.Errorf("the main menu has no item %q under the key %c: %v", x.Label, x.Letter, labels)
			}
		}
		if g.Files != nil {
			if other, ok := exts[g.Files.Ext]; ok || g.Files.Ext == "" || g.Files.Ext == ".json" {
				t.Errorf("the saves of %s end in %q, as %s's (or Minotaur's own .json)", g.Name, g.Files.Ext, other)
			}
			exts[g.Files.Ext] = g.Name
			if g.Files.List == nil || g.Files.Resume == nil {
				t.Errorf("Continue can neither list nor resume the saves of %s", g.Name)
			}
		}
	}

	// The server's kinds: its own (Minotaur's) and the registered ones.
	server := append([]string{netplay.KindMinotaur}, netplay.ClientKinds()...)
	l := lobbyWith(t, 80, 24, mixedLobby)
	var offered []string
	for _, g := range l.kinds() {
		offered = append(offered, g.Name)
	}
	for _, k := range server {
		g := l.game(k)
		switch {
		case g == nil:
			t.Errorf("the server plays %q, a game the list has not", k)
		case g.Online == nil:
			t.Errorf("the server plays %q, but its game has no online screen", k)
		case !slices.Contains(offered, k):
			t.Errorf("the lobby's chooser does not offer %q: %v", k, offered)
		}
	}
	for _, k := range offered {
		if !slices.Contains(server, k) {
			t.Errorf("the lobby offers %q, which the server does not play", k)
		}
	}

	// The chooser, as the player sees it, lists the same games in order.
	l.cursor = 0 // bob
	l.key(screentest.Key("i"))
	view := ansi.Strip(l.View())
	for i, g := range l.kinds() {
		if want := string(rune('1'+i)) + " " + g.Title; !strings.Contains(view, want) {
			t.Errorf("the chooser lacks %q:\n%s", want, view)
		}
	}
}

// TestLobbyChooser: I on a player asks which game and invites to the one
// chosen; Esc closes the chooser and sends nothing; B with Minotaur chosen
// and no free bot says so.
func TestLobbyChooser(t *testing.T) {
	l := lobbyWith(t, 40, 12, mixedLobby)
	l.cursor = 0
	l.key(screentest.Key("i"))
	if view := ansi.Strip(l.View()); !strings.Contains(view, "Invite bob to which game?") || !strings.Contains(view, "Esc cancel") {
		t.Fatalf("I does not ask which game at 40×12:\n%s", view)
	}
	l.key(screentest.Key("esc"))
	if l.choosing != nil || l.gone {
		t.Fatal("Esc did not close the chooser, or left the lobby")
	}
	l.key(screentest.Key("i"))
	if _, cmd := l.key(screentest.Key("3")); cmd == nil || l.choosing != nil {
		t.Fatal("3 in the chooser sent no invitation")
	}
	if !strings.Contains(l.note, "Inviting bob to Open-world chess") {
		t.Errorf("the note does not tell the invitation: %q", l.note)
	}
	busy := lobbyWith(t, 80, 24, &netplay.Lobby{T: netplay.TypeLobby, Players: []netplay.LobbyPlayer{{Name: "bob", Status: netplay.StatusIdle}}})
	busy.key(screentest.Key("b"))
	if _, cmd := busy.key(screentest.Key("1")); cmd != nil || !strings.Contains(busy.note, "No bot is free") {
		t.Errorf("B, 1 without a free bot: note %q", busy.note)
	}
}
