package levels

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// TestTutorial: the tutorial built into the program is examples/01-first-
// steps.txt byte for byte (one source), plays as a one-level campaign, and
// its lesson is the file's comment in words a player reads — no # marks,
// the title line left out.
func TestTutorial(t *testing.T) {
	lv, text, lesson, err := Tutorial()
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(filepath.Join("examples", TutorialFile))
	if err != nil {
		t.Fatalf("the tutorial's file: %v", err)
	}
	if text != string(file) {
		t.Error("the tutorial built in differs from examples/" + TutorialFile)
	}
	if lv.Name != "First Steps" {
		t.Errorf("the tutorial is named %q, want First Steps", lv.Name)
	}
	if _, err := engine.New(engine.Config{Seed: 1, Players: 1, Levels: []engine.Level{lv}}); err != nil {
		t.Errorf("the tutorial does not start a game: %v", err)
	}
	for _, want := range []string{"You are P. Find the key K", "it never catches up."} {
		if !strings.Contains(lesson, want) {
			t.Errorf("the lesson lacks %q:\n%s", want, lesson)
		}
	}
	if strings.Contains(lesson, "#") || strings.Contains(lesson, "tutorial level") || strings.Contains(lesson, "+---") {
		t.Errorf("the lesson holds a # mark, the title or the map:\n%s", lesson)
	}
}

// TestLessonOf: blank comment lines part the paragraphs; the comment ends
// at the first line that is not one.
func TestLessonOf(t *testing.T) {
	got := lessonOf("# Title\n#\n# one\n#  two\n#\n# three\nname: x\n# after\n")
	if want := "one two\n\nthree"; got != want {
		t.Errorf("lessonOf = %q, want %q", got, want)
	}
}
