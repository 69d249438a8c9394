package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGuidePicturesMatchTheScreens: each picture of docs/guide.md that
// shows one of these screens is that screen's golden file, line for line
// (blank lines and the common indent aside), so that the guide changes
// when the screen does.
func TestGuidePicturesMatchTheScreens(t *testing.T) {
	guide, err := os.ReadFile(filepath.Join("..", "docs", "guide.md"))
	if err != nil {
		t.Fatal(err)
	}
	var pictures [][]string
	for _, m := range regexp.MustCompile("(?s)```[a-z]*\n(.*?)```").FindAllStringSubmatch(string(guide), -1) {
		pictures = append(pictures, pictureLines(m[1]))
	}
	for _, golden := range []string{
		"testdata/menu.golden",
		"testdata/saves_list.golden",
		"testdata/saves_list_40x12.golden",
		"testdata/lobby_mixed_40x12.golden",
		"minotaur/testdata/game_moves.golden",
		"minotaur/testdata/level_passed.golden",
		"minotaur/testdata/game_over.golden",
		"minotaur/testdata/game_over_40x12.golden",
		"minotaur/testdata/high_scores_full_40x12.golden",
	} {
		data, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("the golden file is missing: %v", err)
		}
		want := pictureLines(string(data))
		found, near := false, -1
		for i, p := range pictures {
			if strings.Join(p, "\n") == strings.Join(want, "\n") {
				found = true
				break
			}
			if len(p) > 0 && len(want) > 0 && p[0] == want[0] {
				near = i
			}
		}
		if !found {
			msg := "no picture of docs/guide.md is the screen " + golden + ":\n" + strings.Join(want, "\n")
			if near >= 0 {
				msg += "\n\nthe guide's nearest picture:\n" + strings.Join(pictures[near], "\n")
			}
			t.Error(msg)
		}
	}
}

// pictureLines are a picture's lines without the blank ones, the
// trailing spaces and the indent all its lines share.
func pictureLines(s string) []string {
	var lines []string
	indent := -1
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimRight(l, " ")
		if strings.TrimSpace(l) == "" {
			continue
		}
		lines = append(lines, l)
		n := len(l) - len(strings.TrimLeft(l, " "))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i := range lines {
		lines[i] = lines[i][indent:]
	}
	return lines
}
