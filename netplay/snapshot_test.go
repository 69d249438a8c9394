package netplay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// snapshotReflect is a room's savedGame as encoding/json writes it, the
// game's JSON put in as its MarshalJSON writes it: the snapshot as it was
// written before appendSnapshot, the reference it is held to.
func (r *room) snapshotReflect() ([]byte, error) {
	g, err := r.m.MarshalJSON()
	if err != nil {
		return nil, err
	}
	seats := make([]savedSeat, 0, len(r.seats))
	for _, s := range r.seats {
		ss := savedSeat{Name: s.name, Away: s.away}
		if s.p != nil {
			ss.TokenHash = s.tokenHash
		}
		seats = append(seats, ss)
	}
	head, err := json.Marshal(savedGame{Format: serverGameFormat, Version: serverGameVersion, ID: r.id, Daily: r.daily, Kind: r.kind, Bots: r.bots, Seats: seats})
	if err != nil {
		return nil, err
	}
	head, ok := bytes.CutSuffix(head, []byte("null}"))
	if !ok {
		return nil, fmt.Errorf("a saved game's head ends with %q", head[max(0, len(head)-16):])
	}
	return append(append(append([]byte(nil), head...), g...), '}'), nil
}

// sameSnapshot fails t unless the room's snapshot, alone and appended to a
// reused buffer, is byte for byte the reference.
func sameSnapshot(t *testing.T, r *room, buf []byte, what string) []byte {
	t.Helper()
	want, err := r.snapshotReflect()
	if err != nil {
		t.Fatalf("%s: reference: %v", what, err)
	}
	got, err := r.snapshot()
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: snapshot (%v):\n got %s\nwant %s", what, err, got, want)
	}
	buf, err = r.appendSnapshot(append(buf[:0], "old"...))
	if err != nil || !bytes.Equal(buf[3:], want) || string(buf[:3]) != "old" {
		t.Fatalf("%s: appendSnapshot (%v):\n got %s\nwant old%s", what, err, buf, want)
	}
	return buf
}

// TestSnapshotIsEncodingJSON: a room's snapshot is byte for byte what it
// was when encoding/json wrote its head, for games of every kind played a
// while, co-op and solo Minotaur of every level and a daily challenge,
// with seats given up, away, played by the computer, and names a file
// from an older server may hold.
func TestSnapshotIsEncodingJSON(t *testing.T) {
	var buf []byte
	odd := "al<ice> & \"bob\" \u2028 \xff"
	seatsFor := func(n int, rng *rand.Rand) []roomSeat {
		seats := make([]roomSeat, n)
		for i := range seats {
			seats[i] = roomSeat{name: fmt.Sprintf("player%d", i+1), tokenHash: fmt.Sprintf("%064x", rng.Uint64())}
			switch rng.IntN(4) {
			case 0: // given up
			case 1:
				seats[i].p, seats[i].away = &player{}, true
			default:
				seats[i].p = &player{}
			}
		}
		seats[0].name = odd
		return seats
	}
	rooms := 0
	for _, players := range []int{1, 2} {
		for level := 1; level <= engine.CampaignLevels; level++ {
			g, err := engine.New(engine.Config{Seed: uint64(level), Players: players, Start: level})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(level), uint64(players)))
			r := &room{id: fmt.Sprintf("%016x", rng.Uint64()), m: &minotaurGame{g: g}, seats: seatsFor(players, rng)}
			if level == 3 {
				r.daily = "2026-12-02"
			}
			for step := 0; step < 80 && g.Turn() != 0; step++ {
				buf = sameSnapshot(t, r, buf, fmt.Sprintf("Minotaur, %d players, level %d, step %d", players, level, step))
				if _, err := g.Apply(g.Turn(), engine.Action("wasd."[rng.IntN(5)])); err != nil {
					t.Fatal(err)
				}
				rooms++
			}
		}
	}
	for _, name := range []string{KindTrails, KindChess, KindLabyrinth, KindFoxhunt} {
		kd := kinds[name]
		for bots := 0; bots <= 1; bots++ {
			people := 2 - bots
			level := 0
			if bots > 0 {
				level = 1
			}
			m, err := kd.New(Setup{Seed: 7, People: people, Bots: bots, Level: level, Names: []string{"a", "b"}})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(bots)))
			r := &room{id: fmt.Sprintf("%016x", rng.Uint64()), kind: name, m: m, bots: bots, seats: seatsFor(m.Seats(), rng)}
			for step := 0; step < 12; step++ {
				buf = sameSnapshot(t, r, buf, fmt.Sprintf("%s with %d computer seats, step %d", name, bots, step))
				rooms++
				acted := false
				for _, seat := range m.ToAct() {
					if a := m.Bot(seat); a != "" && m.Apply(seat, a) == nil {
						acted = true
					}
				}
				if !acted {
					break
				}
			}
		}
	}
	t.Logf("%d snapshots compared", rooms)
}

// BenchmarkSnapshot writes a co-op room of level 7, mid-level, as the
// data folder's store does after every round: appendSnapshot into a
// reused buffer; BenchmarkSnapshotReflect is the same as it was written
// before (encoding/json's head, the engine's game by reflection, copied).
func BenchmarkSnapshot(b *testing.B) {
	r := benchRoom(b)
	var buf []byte
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		buf, _ = r.appendSnapshot(buf[:0])
	}
	cpu.Report(b)
}

// BenchmarkSnapshotFresh is snapshot(): a buffer of the last one's size.
func BenchmarkSnapshotFresh(b *testing.B) {
	r := benchRoom(b)
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		r.snapshot()
	}
	cpu.Report(b)
}

func BenchmarkSnapshotReflect(b *testing.B) {
	r := benchRoom(b)
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		r.snapshotReflect()
	}
	cpu.Report(b)
}

func benchRoom(b *testing.B) *room {
	g, err := engine.New(engine.Config{Seed: 1, Players: 2, Start: 7})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	for i := 0; i < 60 && g.Turn() != 0; i++ {
		g.Apply(g.Turn(), engine.Action("wasd."[rng.IntN(5)]))
	}
	return &room{id: "0123456789abcdef", m: &minotaurGame{g: g}, seats: []roomSeat{
		{p: &player{}, name: "alice", tokenHash: fmt.Sprintf("%064x", 1)},
		{p: &player{}, name: "bob", tokenHash: fmt.Sprintf("%064x", 2)},
	}}
}
