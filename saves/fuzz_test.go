package saves

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// FuzzDecodeSave feeds the save loader arbitrary bytes: it must never panic,
// must refuse with a *DamageError or a *NewerVersionError, and a save it
// accepts must survive being written and read again unchanged.
func FuzzDecodeSave(f *testing.F) {
	g, _ := engine.New(engine.Config{Seed: 4, Players: 2})
	good, _ := encodeSave(g, NewRecorder(4, nil, 2), day)
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"format": "minotaur-save", "version": 1, "game": {"format": "minotaur-game", "version": 1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeSave(data)
		if err != nil {
			var de *DamageError
			var nv *NewerVersionError
			if !errors.As(err, &de) && !errors.As(err, &nv) {
				t.Fatalf("error %v is %T", err, err)
			}
			return
		}
		again, err := encodeSave(g, nil, day)
		if err != nil {
			t.Fatalf("an accepted save cannot be written again: %v", err)
		}
		g2, err := DecodeSave(again)
		if err != nil {
			t.Fatalf("a save written again cannot be read: %v", err)
		}
		a, _ := json.Marshal(g)
		b, _ := json.Marshal(g2)
		if string(a) != string(b) {
			t.Fatal("the game changed on the way through a save")
		}
		// The loaded game must be playable without a panic.
		for _, act := range []engine.Action{engine.Up, engine.Left, engine.Down, engine.Right, engine.Skip} {
			if g.Turn() == 0 {
				break
			}
			g.Apply(g.Turn(), act)
			g.View(1)
		}
	})
}

// FuzzParseReplay feeds the replay reader arbitrary bytes: it must never
// panic, must refuse with a *ReplayError, and a replay it accepts must be
// written back identically and, for the generated campaign, play without a
// panic.
func FuzzParseReplay(f *testing.F) {
	f.Add([]byte(`{"format": "minotaur-replay", "version": 2, "seed": 42, "levels": null, "players": 1, "moves": "ddsw.wwa"}`))
	f.Add([]byte(`{"format": "minotaur-replay", "version": 2, "seed": 7, "levels": ["+---+\n|PKE|\n+---+\n"], "players": 2, "moves": ".."}`))
	f.Add([]byte(`{"format": "minotaur-replay", "version": 3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseReplay(data)
		if err != nil {
			var re *ReplayError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is %T", err, err)
			}
			return
		}
		back, err := ParseReplay(r.Encode())
		if err != nil || back.Seed != r.Seed || back.Players != r.Players || back.Moves != r.Moves || len(back.Levels) != len(r.Levels) {
			t.Fatalf("written back and read: %+v, %v; want %+v", back, err, r)
		}
		if r.Levels == nil && len(r.Moves) <= 300 {
			r.Run(nil) // errors are fine; panics are not
		}
	})
}

// FuzzParseScores: the high-score reader never panics, and what it accepts
// is at most TableSize clean entries, best first.
func FuzzParseScores(f *testing.F) {
	f.Add([]byte(`{"format": "minotaur-scores", "version": 1, "entries": [{"name": "a\u001b[31m", "score": 10, "level": 2, "date": "2026-03-14T15:09:26Z", "seed": 1}]}`))
	f.Add([]byte(`{"format": "minotaur-scores", "version": 1, "entries": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parseScores(data)
		if err != nil {
			return
		}
		if len(entries) > TableSize {
			t.Fatalf("%d entries", len(entries))
		}
		for i, e := range entries {
			if e.Name != CleanName(e.Name) || e.Name == "" || e.Score <= 0 || (i > 0 && entries[i-1].Score < e.Score) {
				t.Fatalf("entry %d %+v", i, e)
			}
		}
	})
}
