package layers

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/minotaur-game/minotaur"

// pkg is what `go list -json` says of one of the module's packages.
type pkg struct {
	ImportPath string
	Imports    []string // direct
	Deps       []string // every package it needs, transitively
}

// listModule lists the module's packages (not their tests) with go list.
func listModule(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", module+"/...").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v (the test needs the go command on PATH)", err)
	}
	touchSources(t)
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages of %s", len(pkgs), module)
	}
	return pkgs
}

// touchSources opens every Go file of the module, so that go test's cache
// (which does not see what go list read) runs the test again when an
// import changes.
func touchSources(t *testing.T) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module's root: %v", err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			f.Close()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// rel is a package's path inside the module ("" for none of ours).
func rel(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

// standard reports whether path is a package of the standard library
// (its first element has no dot).
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// under reports whether r is dir or a package inside it.
func under(r, dir string) bool { return r == dir || strings.HasPrefix(r, dir+"/") }

// game is the game a package under games/ or tui/ belongs to ("" when
// none): games/labyrinth/x → labyrinth.
func game(r, root string) string {
	rest, ok := strings.CutPrefix(r, root+"/")
	if !ok {
		return ""
	}
	g, _, _ := strings.Cut(rest, "/")
	return g
}

// broken lists every arrow of the module that points the wrong way.
func broken(pkgs []pkg) []string {
	var bad []string
	for _, p := range pkgs {
		from, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		for _, imp := range p.Imports {
			to, ours := rel(imp)
			switch {
			case from == "games/match" && !standard(imp):
				bad = append(bad, from+" imports "+imp+": games/match imports only the standard library")
			case from == "internal/spell" && !standard(imp):
				bad = append(bad, from+" imports "+imp+": internal/spell imports only the standard library")
			case from == "internal/cli" && !standard(imp) && imp != "github.com/spf13/pflag":
				bad = append(bad, from+" imports "+imp+": internal/cli imports only pflag and the standard library")
			case under(from, "games") && !standard(imp) && !(ours && (to == "games/match" || game(to, "games") == game(from, "games"))):
				bad = append(bad, from+" imports "+imp+": a game's rules (and its computer player, games/<game>/bot) import the standard library, games/match and that game's packages only")
			case ours && to == "tui" && !under(from, "cmd") && from != "sshplay":
				bad = append(bad, from+" imports tui: only cmd and sshplay import the shell")
			}
		}
		for _, dep := range p.Deps {
			to, ours := rel(dep)
			switch {
			case from == "engine" && !standard(dep):
				bad = append(bad, "engine needs "+dep+": the engine imports only the standard library")
			case !ours:
			case under(from, "games") && under(to, "games") && game(to, "games") != game(from, "games") && to != "games/match":
				bad = append(bad, from+" needs "+to+": no game imports another game")
			case under(from, "games") && (under(to, "tui") || under(to, "netplay")):
				bad = append(bad, from+" needs "+to+": a game's rules know no front end")
			case from == "levels" && under(to, "games"):
				bad = append(bad, from+" needs "+to+": levels is Minotaur's level files; a game's own files are checked through the list of games")
			case under(from, "netplay") && under(to, "tui"):
				bad = append(bad, from+" needs "+to+": netplay never imports tui")
			case from == "tui/keymap" && under(to, "tui"):
				bad = append(bad, from+" needs "+to+": the keymap imports no screens")
			case to == "tui/keymap":
				// every screen may know the keys: the keymap is a leaf
			case from == "tui/screen" && under(to, "tui") && to != "tui/screen":
				bad = append(bad, from+" needs "+to+": the shared widgets import no game's screens")
			case under(from, "tui/screen") || !under(from, "tui") || from == "tui":
			case to == "tui":
				bad = append(bad, from+" needs tui: a game's screens import tui/screen, tui imports them")
			case under(to, "tui") && game(to, "tui") != "screen" && game(to, "tui") != game(from, "tui"):
				bad = append(bad, from+" needs "+to+": no game's screens import another's")
			}
		}
	}
	return bad
}

// TestLayering keeps the arrows one way (docs/architecture.md): a game's
// rules and its computer player (games/<game>/bot) import the standard
// library, games/match (the shape of a match, not a game) and that game's
// packages only — no levels, no other game, no front end; games/match
// imports only the standard library; the engine imports only the standard
// library; internal/cli (what every command shares) imports only pflag and
// the standard library, internal/spell only the standard library; levels
// needs no game's package; netplay never imports tui; only cmd and sshplay
// import tui; tui imports each game's screens, which import tui/screen and never tui or
// another game's screens; tui/keymap (the keys) imports no screens, and
// every screen may import it.
func TestLayering(t *testing.T) {
	pkgs := listModule(t)
	seen := map[string]bool{}
	for _, p := range pkgs {
		r, _ := rel(p.ImportPath)
		seen[r] = true
	}
	for _, want := range []string{"engine", "games/labyrinth", "tui", "tui/screen", "tui/labyrinth", "netplay"} {
		if !seen[want] {
			t.Errorf("go list does not list %s/%s", module, want)
		}
	}
	for _, b := range broken(pkgs) {
		t.Error(b)
	}
}

// TestLayeringCatches checks that each rule above fails on an arrow that
// breaks it.
func TestLayeringCatches(t *testing.T) {
	m := func(r string) string { return module + "/" + r }
	for _, tc := range []pkg{
		{ImportPath: m("games/trails"), Imports: []string{m("games/labyrinth")}, Deps: []string{m("games/labyrinth")}},
		{ImportPath: m("games/chess"), Imports: []string{"github.com/charmbracelet/lipgloss"}},
		{ImportPath: m("games/match"), Imports: []string{m("levels")}, Deps: []string{m("levels")}},
		{ImportPath: m("games/match"), Imports: []string{m("games/chess")}, Deps: []string{m("games/chess")}},
		{ImportPath: m("games/chess"), Imports: []string{m("levels")}, Deps: []string{m("levels"), m("tui/screen")}},
		{ImportPath: m("games/labyrinth"), Imports: []string{"fmt", m("levels")}, Deps: []string{"fmt", m("levels"), m("saves"), m("engine")}},
		{ImportPath: m("games/trails/bot"), Imports: []string{m("games/chess")}, Deps: []string{m("games/chess")}},
		{ImportPath: m("games/foxhunt/bot"), Imports: []string{m("games/foxhunt"), m("foxnet")}, Deps: []string{m("games/foxhunt"), m("foxnet")}},
		{ImportPath: m("engine"), Imports: []string{"fmt"}, Deps: []string{"fmt", "github.com/gofrs/flock"}},
		{ImportPath: m("netplay"), Deps: []string{m("tui")}},
		{ImportPath: m("tui/labyrinth"), Deps: []string{m("tui/screen"), m("tui")}},
		{ImportPath: m("tui/chess"), Deps: []string{m("tui/screen"), m("tui/labyrinth")}},
		{ImportPath: m("tui/screen"), Deps: []string{m("tui/labyrinth")}},
		{ImportPath: m("tui/minotaur"), Imports: []string{m("tui")}, Deps: []string{m("tui")}},
		{ImportPath: m("netplay"), Imports: []string{m("tui")}},
		{ImportPath: m("levels"), Imports: []string{m("games/labyrinth"), m("engine")}, Deps: []string{m("games/labyrinth"), m("engine")}},
		{ImportPath: m("internal/cli"), Imports: []string{m("tui/screen")}, Deps: []string{m("tui/screen")}},
		{ImportPath: m("internal/spell"), Imports: []string{"github.com/spf13/pflag"}},
		{ImportPath: m("tui/keymap"), Deps: []string{m("tui/screen")}},
	} {
		if len(broken([]pkg{tc})) == 0 {
			t.Errorf("%s importing %v passes", tc.ImportPath, tc.Deps)
		}
	}
	fine := []pkg{
		{ImportPath: m("games/foxhunt"), Imports: []string{"fmt", m("games/match")}, Deps: []string{"fmt", m("games/match")}},
		{ImportPath: m("games/labyrinth"), Imports: []string{"fmt", "embed"}, Deps: []string{"fmt", "embed"}},
		{ImportPath: m("games/chess/bot"), Imports: []string{"math", m("games/chess")}, Deps: []string{"math", m("games/chess")}},
		{ImportPath: m("levels"), Imports: []string{m("internal/spell"), m("engine")}, Deps: []string{m("internal/spell"), m("engine")}},
		{ImportPath: m("internal/cli"), Imports: []string{"github.com/spf13/pflag", "io"}, Deps: []string{"github.com/spf13/pflag", "io"}},
		{ImportPath: m("tui/labyrinth"), Deps: []string{m("tui/screen"), m("games/labyrinth"), m("saves"), m("internal/cli")}},
		{ImportPath: m("tui"), Deps: []string{m("tui/screen"), m("tui/labyrinth"), m("netplay")}},
		{ImportPath: m("tui/screen"), Deps: []string{m("netplay"), m("saves"), m("internal/cli")}},
		{ImportPath: m("tui/minotaur"), Deps: []string{m("tui/screen"), m("engine"), m("netplay")}},
		{ImportPath: m("cmd/minotaur"), Imports: []string{m("tui")}, Deps: []string{m("tui")}},
		{ImportPath: m("sshplay"), Imports: []string{m("tui")}, Deps: []string{m("tui")}},
		{ImportPath: m("tui/screen"), Deps: []string{m("tui/keymap")}},
		{ImportPath: m("tui/trails"), Deps: []string{m("tui/screen"), m("tui/keymap")}},
	}
	if b := broken(fine); len(b) > 0 {
		t.Errorf("the right arrows are refused: %v", b)
	}
}
