package chess

import (
	"fmt"
	"strings"
)

// Say words an event for the side it was told to: "Your knight attacked a
// pawn at e5: the pawn died, the knight has 2 HP."
func Say(side Color, e Event) string { return say(side, e, Bonus.Title) }

// sayWire is Say with the bonuses' names of the files and the wire
// (hp_upgrade): the script's output (script.go) is a file format and
// keeps them.
func sayWire(side Color, e Event) string { return say(side, e, Bonus.String) }

func say(side Color, e Event, name func(Bonus) string) string {
	own := e.Side == side
	who := func() string { // the acting piece, at the start of a sentence
		if own {
			return "Your " + e.Piece.String()
		}
		return "The " + e.Side.String() + " " + e.Piece.String()
	}
	hp := func(n int) string {
		if n == 1 {
			return "1 HP"
		}
		return fmt.Sprintf("%d HP", n)
	}
	switch e.Kind {
	case Moved:
		switch {
		case e.From.Valid() && e.To.Valid():
			return fmt.Sprintf("%s moved %v→%v.", who(), e.From, e.To)
		case e.To.Valid():
			return fmt.Sprintf("A %s %s came out of the fog to %v.", e.Side, e.Piece, e.To)
		default:
			return fmt.Sprintf("%s on %v went into the fog.", who(), e.From)
		}
	case Castled:
		if own {
			return fmt.Sprintf("You castled: king %v→%v, rook %v→%v.", e.From, e.To, e.At, e.Via)
		}
		var seen []string
		if e.From.Valid() || e.To.Valid() {
			seen = append(seen, "king "+cells(e.From, e.To))
		}
		if e.At.Valid() || e.Via.Valid() {
			seen = append(seen, "rook "+cells(e.At, e.Via))
		}
		return fmt.Sprintf("%s castled: %s.", e.Side.Title(), strings.Join(seen, ", "))
	case Stopped:
		return fmt.Sprintf("%s met a piece it could not see at %v and stopped there.", who(), e.At)
	case Attacked:
		var s string
		if own {
			s = fmt.Sprintf("Your %s attacked a %s at %v: ", e.Piece, e.Other, e.At)
		} else {
			from := ""
			if e.From.Valid() {
				from = " from " + e.From.String()
			}
			s = fmt.Sprintf("The %s %s%s attacked your %s at %v: ", e.Side, e.Piece, from, e.Other, e.At)
		}
		// The attacker and the defender, told apart by their owners when
		// they are of one kind.
		att, def := "the "+e.Piece.String(), "the "+e.Other.String()
		if e.Piece == e.Other {
			mine, theirs := "your "+e.Piece.String(), "the "+e.Side.Other().String()+" "+e.Piece.String()
			if own {
				att, def = mine, theirs
			} else {
				att, def = "the "+e.Side.String()+" "+e.Piece.String(), mine
			}
		}
		if e.Died {
			return s + fmt.Sprintf("%s died, %s has %s.", att, def, hp(e.OtherHP))
		}
		return s + fmt.Sprintf("%s died, %s has %s.", def, att, hp(e.HP))
	case Damaged:
		if e.Died {
			return fmt.Sprintf("%s lost %s on the damage cell at %v and died.", who(), hp(e.Amount), e.At)
		}
		return fmt.Sprintf("%s lost %s on the damage cell at %v and has %s.", who(), hp(e.Amount), e.At, hp(e.HP))
	case Regenerated:
		return fmt.Sprintf("%s took the regen at %v: +%s, %d/%d.", who(), e.At, hp(e.Amount), e.HP, e.Max)
	case Upgraded:
		return fmt.Sprintf("%s took the %s at %v: %d/%d HP.", who(), name(HPUpgrade), e.At, e.HP, e.Max)
	case KingHealed:
		s := fmt.Sprintf("%s took the %s", who(), name(KingHPUpgrade))
		if e.From.Valid() {
			s += " at " + e.From.String()
		}
		if !e.At.Valid() {
			return s + "."
		}
		if own {
			return s + fmt.Sprintf(": your king has %d/%d HP.", e.HP, e.Max)
		}
		return s + fmt.Sprintf(": the %s king on %v has %d/%d HP.", e.Side, e.At, e.HP, e.Max)
	case Added:
		s := fmt.Sprintf("%s took the %s", who(), name(AddPiece))
		if e.From.Valid() {
			s += " at " + e.From.String()
		}
		if !e.At.Valid() {
			return s + "."
		}
		return s + fmt.Sprintf(": a new %s stands on %v.", e.Piece, e.At)
	case Wasted:
		why := "it does nothing for a king"
		if e.Bonus == AddPiece && e.Piece != King {
			why = "no cell beside it is free, the bonus is lost"
		}
		return fmt.Sprintf("%s took the %s at %v: %s.", who(), name(e.Bonus), e.At, why)
	case Promoted:
		if own {
			return fmt.Sprintf("Your pawn on %v became a %s (%s).", e.At, e.Other, hp(e.HP))
		}
		return fmt.Sprintf("The %s pawn on %v became a %s (%s).", e.Side, e.At, e.Other, hp(e.HP))
	case Appeared:
		if !own {
			// the other side's fog lifted there: not this side's
			return fmt.Sprintf("%s %s bonus appeared at %v.", article(name(e.Bonus)), name(e.Bonus), e.At)
		}
		return fmt.Sprintf("%s %s bonus appeared at %v as the fog lifted.", article(name(e.Bonus)), name(e.Bonus), e.At)
	case Passed:
		if own {
			return "You have no legal move and pass."
		}
		return fmt.Sprintf("%s has no legal move and passes.", e.Side.Title())
	case Won:
		if own {
			return fmt.Sprintf("You win: the %s king has left the board.", e.Side.Other())
		}
		return "You lose: your king has left the board."
	case Drawn:
		return "Neither side can move: the game ends without a winner."
	}
	return ""
}

func cells(a, b Sq) string {
	f, t := "?", "?"
	if a.Valid() {
		f = a.String()
	}
	if b.Valid() {
		t = b.String()
	}
	return f + "→" + t
}

// article is "A" or "An" before a word.
func article(w string) string {
	// "HP" is said "aitch-pee": an HP upgrade, an hp_upgrade
	if w != "" && (strings.ContainsRune("aeiouAEIOU", rune(w[0])) || strings.HasPrefix(strings.ToLower(w), "hp")) {
		return "An"
	}
	return "A"
}

// SayWatching is Say for a spectator who watches side's view: side is
// named where a player of it reads "you" ("The white pawn moved e2→e4."
// where White's player reads "Your pawn moved e2→e4.").
func SayWatching(side Color, e Event) string {
	s := Say(side, e)
	name, title := side.String(), side.Title()
	for _, r := range [][2]string{
		{"You have no legal move and pass.", title + " has no legal move and passes."},
		{"You win: ", title + " wins: "},
		{"You lose: your king", title + " loses: the " + name + " king"},
		{"You castled: ", title + " castled: "},
		{"Your ", "The " + name + " "},
		{"your ", "the " + name + " "},
	} {
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}
