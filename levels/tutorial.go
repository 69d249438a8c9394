package levels

import (
	_ "embed" // the tutorial level, built into the program
	"strings"

	"github.com/minotaur-game/minotaur/engine"
)

// tutorialText is the first example level, examples/01-first-steps.txt,
// built into the program so that a player without a source checkout (an
// installed binary, a player over SSH) can play it. The file in examples/
// stays the one source.
//
//go:embed examples/01-first-steps.txt
var tutorialText string

// TutorialFile is the tutorial level's file name, as messages name it.
const TutorialFile = "01-first-steps.txt"

// Tutorial is the tutorial level: the level, the text of its file (a
// replay of it carries the text) and the lesson — the file's opening
// comment, without its first line (the title) and the # marks, as
// paragraphs of plain text.
func Tutorial() (lv engine.Level, text, lesson string, err error) {
	lv, _, err = Parse(TutorialFile, []byte(tutorialText))
	if err != nil {
		return engine.Level{}, "", "", err
	}
	return lv, tutorialText, lessonOf(tutorialText), nil
}

// lessonOf is the opening comment of a level file after its title line,
// as running text: the comment's lines joined, a blank comment line
// starting a new paragraph.
func lessonOf(text string) string {
	var paras []string
	var cur []string
	end := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	first := true
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		body, ok := strings.CutPrefix(strings.TrimLeft(line, " \t"), "#")
		if !ok {
			break
		}
		if first {
			first = false
			continue
		}
		if body = strings.TrimSpace(body); body == "" {
			end()
			continue
		}
		cur = append(cur, body)
	}
	end()
	return strings.Join(paras, "\n\n")
}
