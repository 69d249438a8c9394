package minotaur

import (
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
)

// Endings teach (docs/guide.md, "The end of a game"): a lost game's end screen adds one tip drawn
// from how it was lost — what the player saw of the catch (the catcher,
// the monsters in light the turn before, the path walked, the key), never
// what was hidden. The tips' numbers are the rules' own.

// lossKind is how a game was lost, as the player saw it.
type lossKind int

const (
	lossNone             lossKind = iota // not lost by this seat's capture
	lossRestingMinotau                   // walked onto the Minotaur's tile
	lossMarkedArea                       // the Minotaur leapt onto the marked square the player stayed in
	lossPinched                          // two monsters closed in at once
	lossWalkedInto                       // stepped onto a monster's tile
	lossWalkedIntoFrozen                 // stepped onto a frozen monster's tile
	lossUnseen                           // caught by a monster never seen
	lossHunterBeforeKey                  // a hunter on the way to the key
	lossHunterAfterKey                   // a hunter, the key in hand
	lossWanderer                         // a wanderer that saw the player
)

// lossOf tells how seat lost: caught the capture that ended the game,
// seen the monsters the seat saw just before it, path the tiles it walked
// on the level, v its last view.
func lossOf(seat int, v engine.View, caught *engine.Event, seen []engine.MonsterView, path []engine.Point) lossKind {
	if caught == nil || caught.Seat != seat {
		return lossNone
	}
	best, found := engine.MonsterView{}, false
	near := 0
	for _, mv := range seen {
		if dist(mv.Pos, caught.Pos) <= 2 {
			near++
		}
		if mv.Kind == caught.Monster && (!found || dist(mv.Pos, caught.Pos) < dist(best.Pos, caught.Pos)) {
			best, found = mv, true
		}
	}
	moved := len(path) >= 2 && path[len(path)-2] != caught.Pos
	switch {
	case caught.Monster == engine.Minotaur && found && best.Pos == caught.Pos:
		return lossRestingMinotau
	case caught.Monster == engine.Minotaur:
		return lossMarkedArea
	case near >= 2:
		return lossPinched
	case found && best.Pos == caught.Pos && moved && best.Frozen:
		return lossWalkedIntoFrozen
	case found && best.Pos == caught.Pos && moved:
		return lossWalkedInto
	case !found:
		return lossUnseen
	case caught.Monster == engine.Hunter && !v.Key:
		return lossHunterBeforeKey
	case caught.Monster == engine.Hunter:
		return lossHunterAfterKey
	}
	return lossWanderer
}

// tip is the end screen's advice for a loss of kind k ("" for none).
func (k lossKind) tip() string {
	switch k {
	case lossRestingMinotau:
		return fmt.Sprintf("Tip: walking onto the Minotaur is capture, resting or not — its %d resting actions are for slipping past it, not through it.", engine.MinotaurRest)
	case lossMarkedArea:
		return "Tip: when the ! marks appear you have two moves — step out of the marked 3×3 square before the Minotaur lands; waiting inside it is capture."
	case lossPinched:
		return "Tip: two monsters closed in at once — when two are about, keep a way out behind you: a loop, or a corridor neither of them holds."
	case lossWalkedInto:
		return "Tip: you stepped onto a monster's tile — X looks at what is ahead without spending a turn."
	case lossWalkedIntoFrozen:
		return "Tip: a frozen monster still catches you — stepping onto its tile is capture; go round it while it cannot move."
	case lossUnseen:
		return "Tip: it caught you from the dark — a torch (^) lights twice as far, and a freeze (*) in your pocket buys three actions to get away."
	case lossHunterBeforeKey:
		return fmt.Sprintf("Tip: hunters keep their post on the way to the key and hear you %d steps away — come at the key by another corridor, or lead the hunter round a loop first.", engine.HearingRange)
	case lossHunterAfterKey:
		return fmt.Sprintf("Tip: with the key in hand, hunters hear you %d steps away — go for the exit by a way you know, keeping a loop between you.", engine.HearingRangeKey)
	case lossWanderer:
		return fmt.Sprintf("Tip: a wanderer sees you within %d tiles along its line of sight — break its line round a corner rather than run down a straight corridor.", engine.WandererSight)
	}
	return ""
}
