package levels

import (
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
)

// ReplayLevels parses the level-file texts a replay carries (its Levels);
// nil for a replay of the generated campaign. path names the replay in
// the messages: "FILE level N:LINE:COL: message".
func ReplayLevels(path string, texts []string) ([]engine.Level, error) {
	if texts == nil {
		return nil, nil
	}
	out := make([]engine.Level, len(texts))
	for i, text := range texts {
		lv, _, err := Parse(fmt.Sprintf("%s level %d", path, i+1), []byte(text))
		if err != nil {
			return nil, fmt.Errorf("%s: level %d of the replay cannot be played:\n%v", path, i+1, err)
		}
		out[i] = lv
	}
	return out, nil
}
