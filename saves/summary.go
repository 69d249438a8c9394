package saves

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// Summary is what a run summary tells: the short plain-text file beside a
// finished game's replay (same name, .txt), for the player to read or to
// paste into a chat (docs/files.md).
type Summary struct {
	// Seed is the campaign seed; LevelNames the names of the level files
	// played, in order (nil for the generated campaign, whose seed plays
	// the game again).
	Seed       uint64
	LevelNames []string
	Players    int
	// Result is how the game stands: won, lost, or in progress (left).
	Result engine.Result
	// Level is the level reached of Levels; Turn and Bonuses are that
	// level's when the game ended; Score the total of the passed levels.
	Level, Levels int
	Turn, Bonuses int
	Score         int
	Passed        []engine.LevelScore
	Cause, Tip    string // the end screen's sentences ("" when none)
	Replay        string // the replay file's name
	Played        time.Time
}

// summaryWidth is the widest line of a summary's sentences: short enough
// for a chat window.
const summaryWidth = 72

// Text is the summary as the file holds it: plain text, lines of at most
// 72 columns where words allow, ending in a newline. It depends on s
// alone.
func (s Summary) Text() string {
	var b strings.Builder
	line := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	para := func(text string) {
		if text = strings.TrimSpace(text); text != "" {
			b.WriteString("\n" + wrapText(text, summaryWidth) + "\n")
		}
	}
	var result string
	switch s.Result {
	case engine.Won:
		result = fmt.Sprintf("won all %d levels", s.Levels)
	case engine.Lost:
		result = fmt.Sprintf("lost on level %d of %d", s.Level, s.Levels)
	default:
		result = fmt.Sprintf("left on level %d of %d", s.Level, s.Levels)
	}
	who := ""
	if s.Players == 2 {
		who = " (co-op)"
	}
	line("Minotaur%s: %s, score %d", who, result, s.Score)
	if len(s.LevelNames) == 0 {
		line("Seed %d (the same seed plays the same mazes)", s.Seed)
	} else {
		b.WriteString(wrapText("Levels: "+strings.Join(s.LevelNames, ", "), summaryWidth) + "\n")
		line("Seed %d", s.Seed)
	}
	if !s.Played.IsZero() {
		line("Played %s", s.Played.Format("2006-01-02 15:04"))
	}
	b.WriteString("\n")
	line("%-5s %6s %8s %6s", "Level", "Turns", "Bonuses", "Score")
	for _, p := range s.Passed {
		line("%-5d %6d %8d %6d", p.Level, p.Turns, p.Bonuses, p.Score)
	}
	switch s.Result {
	case engine.Lost:
		line("%-5d %6d %8d %6s", s.Level, s.Turn, s.Bonuses, "lost")
	case engine.InProgress:
		line("%-5d %6d %8d %6s", s.Level, s.Turn, s.Bonuses, "left")
	}
	para(s.Cause)
	para(s.Tip)
	if s.Replay != "" {
		b.WriteString("\n")
		line("Replay: %s", s.Replay)
	}
	return b.String()
}

// wrapText breaks text into lines of at most w columns at spaces (a word
// longer than w has a line of its own); newlines in text are kept.
func wrapText(text string, w int) string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		var cur string
		for _, word := range strings.Fields(para) {
			switch {
			case cur == "":
				cur = word
			case len([]rune(cur))+1+len([]rune(word)) <= w:
				cur += " " + word
			default:
				out = append(out, cur)
				cur = word
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// SummaryPath is the path of the run summary beside the replay at replay:
// the same name, .txt instead of .json.
func SummaryPath(replay string) string {
	return strings.TrimSuffix(replay, filepath.Ext(replay)) + ".txt"
}

// WriteSummary writes text as the run summary beside the replay at replay
// (SummaryPath), atomically (WriteFile), and returns the summary's path.
// The replay is never touched: a summary that cannot be written loses
// nothing else.
func WriteSummary(replay, text string) (string, error) {
	path := SummaryPath(replay)
	if err := WriteFile(path, []byte(text)); err != nil {
		return "", fmt.Errorf("the run summary was not written: %w", err)
	}
	return path, nil
}
