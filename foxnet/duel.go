package foxnet

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// DuelResult is one match of the bot against random movers.
type DuelResult struct {
	Seed      uint64
	Bot       int   // the bot's points
	Random    []int // each random mover's points
	BotWins   bool  // the bot has more points than every random mover
	FoxRounds int   // rounds the bot was the fox
}

// Duel plays matches of one Brain against players-1 random movers, in
// process on the rules, the bot reading each round's block through the
// wire's Reader as it would over TCP.
func Duel(matches, rounds, players, w, h int, seed uint64) ([]DuelResult, error) {
	var out []DuelResult
	for m := 0; m < matches; m++ {
		sd := seed + uint64(m)
		names := []string{"bot"}
		for i := 1; i < players; i++ {
			names = append(names, fmt.Sprintf("random%d", i))
		}
		g, err := foxhunt.New(foxhunt.Config{W: w, H: h, Rounds: rounds, Seed: sd}, names)
		if err != nil {
			return nil, err
		}
		brain := NewBrain("bot", sd)
		rng := rand.New(rand.NewPCG(sd, 42))
		res := DuelResult{Seed: sd}
		var buf []byte
		for !g.Over() {
			buf = AppendBlock(buf[:0], Wiki, g, Frame{Game: 1, Games: 1, Timeout: time.Second})
			var r Reader
			var st *State
			for _, line := range strings.Split(string(bytes.TrimSuffix(buf, []byte("\n"))), "\n") {
				if s, err := r.Line(line); err != nil {
					return nil, err
				} else if s != nil {
					st = s
				}
			}
			if st == nil {
				return nil, fmt.Errorf("round %d: the block did not parse", g.Played())
			}
			// the random movers' lines arrive first half the time
			if rng.IntN(2) == 0 {
				g.Submit(0, brain.Decide(st))
			}
			for i := 1; i < players; i++ {
				g.Submit(i, RandomMove(rng))
			}
			g.Submit(0, brain.Decide(st))
			g.EndRound()
			if g.Players()[0].Fox {
				res.FoxRounds++
			}
		}
		ps := g.Players()
		res.Bot = ps[0].Points
		res.BotWins = true
		for _, p := range ps[1:] {
			res.Random = append(res.Random, p.Points)
			if p.Points >= res.Bot {
				res.BotWins = false
			}
		}
		out = append(out, res)
	}
	return out, nil
}
