package foxnet

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// item is one thing a mica player receives: a block (the bytes a
// messageLength: header announces) or a line.
type item struct {
	block string
	line  string
}

// micaItems reads a mica player's stream item by item.
type micaItems struct{ br *bufio.Reader }

func (m *micaItems) next() (item, error) {
	const head = "messageLength:"
	var l []byte
	for {
		b, err := m.br.ReadByte()
		if err != nil {
			return item{}, err
		}
		if b == '\n' {
			return item{line: string(l)}, nil
		}
		l = append(l, b)
		if string(l) != head {
			continue
		}
		n := 0
		for {
			b, err := m.br.ReadByte()
			if err != nil {
				return item{}, err
			}
			if b < '0' || b > '9' {
				m.br.UnreadByte()
				break
			}
			n = n*10 + int(b-'0')
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(m.br, body); err != nil {
			return item{}, err
		}
		return item{block: string(body)}, nil
	}
}

var (
	scoreRE  = regexp.MustCompile(`score:\d+`)
	yourIDRE = regexp.MustCompile(`^YourID:[a-z]{8}$`)
)

// segments cuts items at each wfyc (kept at the segment's end) and
// normalizes them for comparison: a player's ID (random on both servers)
// and the scores (the reference scores +1 a round, ours the wiki's growing
// rule, checked apart) are masked.
func segment(items []item) [][]string {
	var out [][]string
	var cur []string
	for _, it := range items {
		s := it.line
		if it.block != "" {
			s = "BLOCK " + scoreRE.ReplaceAllString(it.block, "score:_")
		} else if yourIDRE.MatchString(s) {
			s = "YourID:_"
		}
		cur = append(cur, s)
		if s == strings.TrimSuffix(micaWait, "\n") {
			out = append(out, cur)
			cur = nil
		}
	}
	return append(out, cur)
}

// scores is each table row's points by name, of every block.
func scores(t *testing.T, items []item) (foxes []string, points []map[string]int) {
	var r Reader
	for _, it := range items {
		if it.block == "" {
			continue
		}
		var st *State
		for _, l := range strings.SplitAfter(it.block, "\n") {
			s, err := r.Line(strings.TrimSuffix(l, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if s != nil {
				st = s
			}
		}
		if st == nil {
			t.Fatalf("a block our Reader did not read: %q", it.block)
		}
		m := map[string]int{}
		for _, e := range st.Table {
			m[e.Name] = e.Points
		}
		foxes = append(foxes, st.Table[0].Name)
		points = append(points, m)
	}
	return foxes, points
}

// The match recorded from the reference server (testdata/README.md) is
// played again on our server in the mica dialect, on the recorded map,
// with the same lines sent: every block is the same byte for byte but for
// the scores (the border, the fuse of a bomb laid under its thrower, the
// chain through a bomb lying on a special, that special destroyed, four
// rounds of paralysis, a throw while paralysed, b12d laid on the own
// field), and so are the lines around them (the greeting, the rename
// answers, the echoes, the E: line) but for the reference's "E: name
// already taken" about a player's own new name before the start.
func TestReplayReferenceMatch(t *testing.T) {
	var recorded [2][]item
	for i, f := range []string{"testdata/reference-v0.5.5-match-a.transcript", "testdata/reference-v0.5.5-match-b.transcript"} {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatalf("fixture missing: %v", err)
		}
		m := micaItems{bufio.NewReader(bytes.NewReader(raw))}
		for {
			it, err := m.next()
			if err != nil {
				break
			}
			if it.line == "E: name already taken" {
				continue // the reference renames twice before the start
			}
			recorded[i] = append(recorded[i], it)
			if strings.Contains(it.block, "game:1/2,round:40/40,") {
				break // the end of its first game: ours ends the match there
			}
		}
	}
	raw, err := os.ReadFile("testdata/reference-v0.5.5-match.commands")
	if err != nil {
		t.Fatalf("fixture missing: %v", err)
	}
	var cmds [][2]string
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		cmds = append(cmds, [2]string{f[0], f[1]})
	}
	if len(cmds) != 41 {
		t.Fatalf("%d lines of commands, want the names and 40 rounds", len(cmds))
	}

	// the recorded map, without its players, and where they start
	// (what lies under a player at the start, the reference's players may
	// start on a special, is what the first block that shows the field
	// shows)
	var blocks []*State
	var r Reader
	for _, it := range recorded[0] {
		for _, l := range strings.SplitAfter(it.block, "\n") {
			if s, _ := r.Line(strings.TrimSuffix(l, "\n")); s != nil {
				blocks = append(blocks, s)
			}
		}
	}
	if len(blocks) != 41 || blocks[0].W != 11 || blocks[0].H != 11 {
		t.Fatalf("the fixture has %d blocks of game 1, want 41 on 11 × 11", len(blocks))
	}
	first := blocks[0]
	rows := make([]string, len(first.Rows))
	for y, row := range first.Rows {
		b := []byte(row)
		for x, c := range b {
			if c != 'p' && c != 'f' && c != 'P' {
				continue
			}
			b[x] = '_'
			for _, s := range blocks[1:] {
				if u := s.At(foxhunt.Point{X: x, Y: y}); !strings.ContainsRune("pfP*", rune(u)) {
					if strings.ContainsRune("rbh", rune(u)) {
						b[x] = u
					}
					break
				}
			}
		}
		rows[y] = string(b)
	}
	board, err := foxhunt.ParseBoard(rows)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Fox Bot", "hunter"}
	at := map[string]foxhunt.Point{}
	for _, e := range first.Table {
		at[e.Name] = e.At
	}
	fox := 0
	if first.Table[0].Name == names[1] {
		fox = 1
	}
	cfg := Config{Players: 2, Rounds: 40, W: 11, H: 11, Timeout: 5 * time.Second, Wire: Mica, Matches: 1, StartDelay: 2 * time.Second,
		newGame: func(c foxhunt.Config, seated []string) (*foxhunt.Game, error) {
			if c.Rules != foxhunt.Reference {
				return nil, fmt.Errorf("the mica dialect plays rules %d", c.Rules)
			}
			c.NoRespawn = true // the reference never lets a special appear
			return foxhunt.NewOnBoard(board, c, seated, []foxhunt.Point{at[names[0]], at[names[1]]}, fox)
		}}
	ts := startServer(t, cfg)

	var conns [2]net.Conn
	var ours [2][]item
	var streams [2]*micaItems
	for i := range conns {
		c, err := net.Dial("tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns[i], streams[i] = c, &micaItems{bufio.NewReader(c)}
		// the name is sent at once (the server answers it after the
		// greeting), so that it is in before the match starts
		io.WriteString(c, cmds[0][i]+"\n")
		for k := 0; k < 4; k++ {
			c.SetReadDeadline(time.Now().Add(10 * time.Second))
			it, err := streams[i].next()
			if err != nil {
				t.Fatal(err)
			}
			ours[i] = append(ours[i], it)
		}
	}
	// each client's items up to its next wfyc (or the end)
	upTo := func(i int) {
		for {
			conns[i].SetReadDeadline(time.Now().Add(10 * time.Second))
			it, err := streams[i].next()
			if err != nil {
				t.Fatalf("player %d after %d items: %v", i, len(ours[i]), err)
			}
			if it.line == strings.TrimSuffix(gameIsOver, "\n") {
				return
			}
			ours[i] = append(ours[i], it)
			if it.line == strings.TrimSuffix(micaWait, "\n") {
				return
			}
		}
	}
	for _, cmd := range cmds[1:] {
		upTo(0)
		upTo(1)
		for i := range conns {
			io.WriteString(conns[i], cmd[i]+"\n")
		}
	}
	upTo(0)
	upTo(1)

	// the reference echoes a line from the reader's goroutine, so its echo
	// comes before or after the block of the round the line ended: the
	// echo is looked for in its segment, wherever it is
	echo := func(seg []string, sent string) ([]string, bool) {
		for j, l := range seg {
			if l == sent {
				return append(append([]string(nil), seg[:j]...), seg[j+1:]...), true
			}
		}
		return seg, false
	}
	for i := range ours {
		want, got := segment(recorded[i]), segment(ours[i])
		for k := 1; k < len(cmds) && k < len(want) && k < len(got); k++ {
			var ok bool
			want[k], _ = echo(want[k], cmds[k][i])
			if got[k], ok = echo(got[k], cmds[k][i]); !ok {
				t.Fatalf("player %q: our server did not echo %q", names[i], cmds[k][i])
			}
		}
		for k := 0; k < max(len(want), len(got)); k++ {
			var w, g []string
			if k < len(want) {
				w = want[k]
			}
			if k < len(got) {
				g = got[k]
			}
			if strings.Join(w, "\n") != strings.Join(g, "\n") {
				t.Fatalf("player %q, after its line %d (%q): the reference sent\n%s\n\nours\n%s", names[i], k, cmds[min(k, len(cmds)-1)][i], strings.Join(w, "\n"), strings.Join(g, "\n"))
			}
		}
	}
	// the scores: the reference's fox scores 1 a round, ours one more than
	// the rounds in a row it has been the fox
	for _, side := range []struct {
		who   string
		items []item
		gain  func(streak int) int
	}{{"the reference", recorded[0], func(int) int { return 1 }}, {"ours", ours[0], func(n int) int { return n + 1 }}} {
		foxes, points := scores(t, side.items)
		streak := 0
		for k := 1; k < len(points); k++ { // block 0 is the start's, block k round k's
			if k > 1 && foxes[k] == foxes[k-1] {
				streak++
			} else {
				streak = 1
			}
			for _, n := range names {
				want := points[k-1][n]
				if n == foxes[k] {
					want += side.gain(streak)
				}
				if points[k][n] != want {
					t.Fatalf("%s, block %d: %s has %d points, want %d", side.who, k, n, points[k][n], want)
				}
			}
		}
	}
}
