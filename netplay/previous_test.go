package netplay

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The data folder in testdata/previous was written by the server of main
// at 58f01c6, before Minotaur's campaign became a Game of the rooms'
// common code (a co-op game stopped mid-round and a daily challenge, on
// previousConfig), with its players' tokens in tokens.json; transcript.txt
// is what that server said to previousWalk on a copy of the folder: both
// games resumed, a spectator, moves, a bump, refusals, chat, the daily
// challenge won, both co-op players leaving. The server of today must
// load the folder and say the same, byte for byte: a client of the
// previous commit plays on as before.

// previousFolder is what the fixture keeps besides the data folder.
type previousFolder struct {
	Tokens map[string]string `json:"tokens"` // by player name
	Coop   string            `json:"coop"`   // the co-op game's id
	Daily  string            `json:"daily"`  // the daily challenge's id
}

// previousFixture is the fixture of the previous server's data folder and
// what it keeps besides; a missing fixture fails the test.
const previousFixture = "testdata/previous"

// readPrevious reads what the fixture keeps besides the data folder.
func readPrevious(t *testing.T) previousFolder {
	t.Helper()
	var f previousFolder
	data, err := os.ReadFile(filepath.Join(previousFixture, "tokens.json"))
	if err != nil {
		t.Fatalf("the fixture of the previous server is missing: %v", err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// previousConfig is the server's configuration of the fixture: two
// corridors, and the day of the daily challenge.
func previousConfig(t *testing.T, dir string) Config {
	cfg := twoCorridors(t)
	cfg.Now = func() time.Time { return day }
	cfg.DataDir = dir
	return cfg
}

// copyTree copies a data folder, its daily tables included.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

var newToken32 = regexp.MustCompile(`"token":"[0-9a-f]{32}"`)

// previousWalk plays the scripted walk on the server at addr and returns
// every line each client read, in the order the walk read them. Lobby and
// daily lines, which a server pushes when it likes, are left out; a new
// player's token is written as TOKEN; a line that does not come is
// written as "(nothing)".
func previousWalk(t *testing.T, addr string, f previousFolder) string {
	var out strings.Builder
	clients := map[string]*tclient{}
	read := func(name string, n int) (last string) {
		c := clients[name]
		for i := 0; i < n; i++ {
			var line string
			for {
				c.conn.SetReadDeadline(time.Now().Add(2 * time.Second))
				s, err := c.r.ReadString('\n')
				if err != nil {
					line = "(nothing)"
					break
				}
				s = strings.TrimSuffix(s, "\n")
				if strings.HasPrefix(s, `{"t":"lobby"`) || strings.HasPrefix(s, `{"t":"daily"`) {
					continue
				}
				line = newToken32.ReplaceAllString(s, `"token":"TOKEN"`)
				break
			}
			out.WriteString(name + " < " + line + "\n")
			last = line
		}
		return last
	}
	send := func(name, line string) {
		out.WriteString(name + " > " + line + "\n")
		clients[name].sendRaw(line)
	}
	connect := func(name string) {
		clients[name] = dial(t, addr)
		clients[name].name = name
	}
	for _, name := range []string{"bob", "alice", "carol"} {
		connect(name)
	}
	send("bob", `{"t":"hello","v":1,"name":"bob","token":"`+f.Tokens["bob"]+`"}`)
	read("bob", 3)
	send("alice", `{"t":"hello","v":1,"name":"alice","token":"`+f.Tokens["alice"]+`"}`)
	read("alice", 3)
	read("bob", 1)
	connect("dave")
	send("dave", `{"t":"hello","v":1,"name":"dave"}`)
	read("dave", 1)
	send("dave", `{"t":"watch","game":"`+f.Coop+`"}`)
	read("dave", 2)
	read("alice", 1)
	read("bob", 1)
	// bob's turn (the fixture stopped mid-round): a bump, refusals, moves.
	send("bob", `{"t":"act","a":"w"}`)
	read("bob", 1)
	send("alice", `{"t":"act","a":"d"}`)
	read("alice", 1)
	send("bob", `{"t":"act","a":"x"}`)
	read("bob", 1)
	send("bob", `{"t":"act","a":"up"}`)
	read("bob", 1)
	send("bob", `{"t":"act","a":"d"}`)
	for _, name := range []string{"alice", "bob", "dave"} {
		read(name, 1)
	}
	send("alice", `{"t":"act","a":"."}`)
	for _, name := range []string{"alice", "bob", "dave"} {
		read(name, 1)
	}
	send("bob", `{"t":"chat","text":"hello from the corridor"}`)
	for _, name := range []string{"alice", "bob", "dave"} {
		read(name, 1)
	}
	// The daily challenge, resumed and played to its end.
	send("carol", `{"t":"hello","v":1,"name":"carol","token":"`+f.Tokens["carol"]+`"}`)
	read("carol", 3)
	for i := 0; i < 8; i++ {
		send("carol", `{"t":"act","a":"d"}`)
		if strings.HasPrefix(read("carol", 1), `{"t":"over"`) {
			break
		}
	}
	// bob leaves; alice plays on alone, then leaves too: the game is lost.
	send("bob", `{"t":"leave"}`)
	read("alice", 2)
	read("dave", 1)
	send("alice", `{"t":"act","a":"d"}`)
	read("alice", 1)
	read("dave", 1)
	send("alice", `{"t":"leave"}`)
	read("dave", 2)
	send("alice", `{"t":"act","a":"d"}`)
	read("alice", 1)
	return out.String()
}

// TestPreviousServerFiles: the data folder of the server of the commit
// before loads, and the walk through it reads as it did then.
func TestPreviousServerFiles(t *testing.T) {
	fixture := previousFixture
	f := readPrevious(t)
	want, err := os.ReadFile(filepath.Join(fixture, "transcript.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTree(t, filepath.Join(fixture, "data"), dir)
	srv, addr := startServer(t, previousConfig(t, dir))
	got := previousWalk(t, addr, f)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < max(len(gl), len(wl)); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("line %d of the walk differs from the previous server's:\n got %s\nwant %s", i+1, g, w)
			}
		}
	}
}
