package engine

import "fmt"

// What each monster does, and what taking each item does, in the rules'
// own numbers: the lines a front end shows when the player looks at one
// (the TUI's look mode, X). They sit beside the narrator so that a change
// of a rule's number changes its description with it.

// Does tells what a monster of kind k does, in one line: "Hunter — keeps
// its post until it hears you, 6 steps away (12 once you hold the key);
// …".
func (k MonsterKind) Does() string {
	switch k {
	case Hunter:
		return fmt.Sprintf("Hunter — keeps its post until it hears you, %d steps away (%d once you hold the key); "+
			"then it cuts you off on your way to the key, and chases you within %s steps",
			HearingRange, HearingRangeKey, number(huntChaseDist))
	case Wanderer:
		return fmt.Sprintf("Wanderer — roams the corridors at random; it sees you within %d tiles in its line of sight, "+
			"chases you, and searches where it lost you", WandererSight)
	case Minotaur:
		return fmt.Sprintf("Minotaur — rests %d actions, then marks the 3×3 square it will land on (up to %d tiles toward you) "+
			"and leaps on its second action after: step out of the marks; walking onto it is capture",
			MinotaurRest, MinotaurLeapRange)
	}
	return "a monster"
}

// Does tells what taking an item does, in one line.
func (it Item) Does() string {
	switch it {
	case Key:
		return "the key — take it and the exit opens"
	case Freeze:
		return fmt.Sprintf("a freeze — goes into your pocket (+%d points); F uses it: every monster skips its next %d actions",
			BonusScore, FreezeActions)
	case Torch:
		return fmt.Sprintf("a torch — lights %d tiles around you instead of %d, until the level ends (+%d points)",
			TorchLightRadius, LightRadius, BonusScore)
	case Compass:
		return fmt.Sprintf("a compass — marks the next %d tiles of the way to the key, or to the exit once you hold it (+%d points)",
			CompassTiles, BonusScore)
	}
	return "an item"
}

// number spells a small count the way a sentence does ("two").
func number(n int) string {
	words := [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}
