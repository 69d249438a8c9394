package foxnet

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
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
		brain := bot.NewBrain("bot", sd)
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
				g.Submit(0, brain.Decide(&st.View))
			}
			for i := 1; i < players; i++ {
				g.Submit(i, bot.RandomMove(rng))
			}
			g.Submit(0, brain.Decide(&st.View))
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

// HuntResult is one match of computer players against each other.
type HuntResult struct {
	Seed      uint64
	Catches   int // rounds in which a hunter caught the fox
	Paralysed int // players hit by a beam, counted each hit
	FoxHits   int // of them, the fox
}

// Hunt plays matches of players computer players against each other, in
// process on the rules, each reading the round's block through the wire's
// Reader as it would over TCP, their commands arriving in a random order.
// It measures how well the bot hunts: the catches per match.
func Hunt(matches, rounds, players, w, h int, seed uint64) ([]HuntResult, error) {
	var out []HuntResult
	for m := 0; m < matches; m++ {
		sd := seed + uint64(m)
		names := make([]string, players)
		brains := make([]*bot.Brain, players)
		for i := range names {
			names[i] = fmt.Sprintf("bot%d", i+1)
			brains[i] = bot.NewBrain(names[i], sd+uint64(i)*7919)
		}
		g, err := foxhunt.New(foxhunt.Config{W: w, H: h, Rounds: rounds, Seed: sd}, names)
		if err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewPCG(sd, 43))
		res := HuntResult{Seed: sd}
		var buf []byte
		order := make([]int, players)
		for i := range order {
			order[i] = i
		}
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
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, i := range order {
				g.Submit(i, brains[i].Decide(&st.View))
			}
			fox := -1
			for i, p := range g.Players() {
				if p.Fox {
					fox = i
				}
			}
			rep := g.EndRound()
			if rep.Caught >= 0 {
				res.Catches++
			}
			res.Paralysed += len(rep.Paralysed)
			for _, p := range rep.Paralysed {
				if p == fox {
					res.FoxHits++
				}
			}
		}
		out = append(out, res)
	}
	return out, nil
}
