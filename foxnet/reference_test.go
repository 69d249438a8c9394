package foxnet

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// shape names each line of a block by its kind, so that two blocks of the
// same size and player count can be compared whatever their map.
func shape(block string) []string {
	var out []string
	for _, l := range strings.Split(block, "\n") {
		l = strings.TrimPrefix(l, "\033[H\033[2J")
		switch {
		case l == strings.Repeat("*", 59):
			out = append(out, "stars")
		case l == "":
			out = append(out, "blank")
		case regexp.MustCompile(`^game:\d+/\d+,round:\d+/\d+,players:\d+,mapsize:x\d\dy\d\d,timeout:\d+\.\d\ds,$`).MatchString(l):
			out = append(out, "info")
		case l == "map:" || l == "scoretable:" || l == "/scoretable":
			out = append(out, l)
		case regexp.MustCompile(`^([_wWBbrhfpP*]\|)+$`).MatchString(l):
			out = append(out, "row"+strconv.Itoa(len(l)/2))
		case regexp.MustCompile(`^name:[^,]+,score:\d+,x:\d+,y:\d+;$`).MatchString(l):
			out = append(out, "player")
		default:
			out = append(out, "other:"+l)
		}
	}
	return out
}

// The raw bytes a player got from the reference server v0.5.5: our Reader
// reads every block of it, each header's length is its block's, and our
// mica block has the same shape as the reference's.
func TestReferenceTranscript(t *testing.T) {
	raw, err := os.ReadFile("testdata/reference-v0.5.5.transcript")
	if err != nil {
		t.Fatalf("fixture missing: %v", err)
	}
	// every messageLength:N is followed by exactly N bytes of block
	var first string
	blocks := 0
	for rest := raw; ; {
		i := bytes.Index(rest, []byte("messageLength:"))
		if i < 0 {
			break
		}
		rest = rest[i+len("messageLength:"):]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(string(rest[:j]))
		block := string(rest[j : j+n])
		if !strings.HasSuffix(block, "/scoretable\n"+strings.Repeat("*", 59)+"\n") {
			t.Fatalf("block %d: %d bytes by its header do not end with the table's frame: %q", blocks, n, block)
		}
		if blocks == 0 {
			first = block
		}
		blocks++
		rest = rest[j+n:]
	}
	var r Reader
	var states []*State
	for _, line := range strings.Split(string(raw), "\n") {
		s, err := r.Line(line)
		if err != nil {
			t.Fatal(err)
		}
		if s != nil {
			states = append(states, s)
		}
	}
	if len(states) != blocks || blocks < 4 {
		t.Fatalf("read %d states of %d blocks", len(states), blocks)
	}
	if r.Name != "capture" || !r.Over {
		t.Fatalf("name %q, over %v", r.Name, r.Over)
	}
	s := states[0]
	if s.Game != 1 || s.Games != 2 || s.Round != 1 || s.Rounds != 3 || s.W != 7 || s.H != 7 || s.Players != 2 || s.Timeout != "0.30" {
		t.Fatalf("first state %+v", s)
	}
	if s.Table[0].Name != "capture" || s.At(s.Table[0].At) != 'f' {
		t.Fatalf("the fox's row %+v on %q", s.Table[0], s.Rows)
	}

	g, err := foxhunt.New(foxhunt.Config{W: 7, H: 7, Rounds: 3, Seed: 1}, []string{"capture", "ours"})
	if err != nil {
		t.Fatal(err)
	}
	ours := string(AppendBlock(nil, Mica, g, Frame{Game: 1, Games: 2, Timeout: 300 * time.Millisecond}))
	a, b := shape(first), shape(ours)
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("the reference's block\n%v\nours\n%v", a, b)
	}
	if len(ours) != len(first) {
		t.Fatalf("our block is %d bytes, the reference's %d for the same size and players", len(ours), len(first))
	}
}
