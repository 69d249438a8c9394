package netplay

import "github.com/minotaur-game/minotaur/engine"

// told returns what a state message tells seat viewer of events: the
// engine narrator's sentences in the third person (a protocol client is
// told every deed by the doer's name, its own included), and the events
// themselves, as the narrator selects them (a bump only to the player who
// bumped).
func told(events []engine.Event, viewer int, names [2]string) ([]string, []engine.Event) {
	n := engine.Narrator{Seat: viewer, Names: names}
	return n.Sentences(events), n.Told(events)
}

// toldInto is told appending to sentences and happened (emptied first),
// whose storage a state's builder keeps from one state to the next.
func toldInto(events []engine.Event, viewer int, names [2]string, sentences []string, happened []engine.Event) ([]string, []engine.Event) {
	n := engine.Narrator{Seat: viewer, Names: names}
	return n.AppendSentences(sentences[:0], events), n.AppendTold(happened[:0], events)
}
