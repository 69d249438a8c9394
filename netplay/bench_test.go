package netplay

import (
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// BenchmarkStateLevel7 builds and encodes one `state` line of level 7.
func BenchmarkStateLevel7(b *testing.B) {
	lv, err := engine.Generate(3, 7)
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(engine.Config{Seed: 3, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		b.Fatal(err)
	}
	names := [2]string{"alice", "bob"}
	ev := []engine.Event{{Kind: engine.EvMoved, Seat: 1}, {Kind: engine.EvTookKey, Seat: 1, Item: engine.Key}}
	b.ReportAllocs()
	n := 0
	for i := 0; i < b.N; i++ {
		v := g.View(1)
		sentences, happened := told(ev, 1, names)
		n = len(newState(int64(i), v, names, sentences, happened).line())
	}
	b.ReportMetric(float64(n), "bytes/line")
}

// BenchmarkAct plays actions through the server core (no network): the
// request line parsed, the turn applied, both seats' states built and
// queued.
func BenchmarkAct(b *testing.B) {
	lv := parseLevel(b,
		"#########",
		"#PP.....#",
		"#.#####.#",
		"#...K...#",
		"#.#####.#",
		"#......E#",
		"#########",
	)
	srv, err := NewServer(Config{Levels: []engine.Level{lv}, LobbyInterval: -1, PingAfter: time.Hour, DropAfter: 2 * time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	var ss [2]*Session
	for i, name := range []string{"alice", "bob"} {
		ss[i], _ = srv.Attach(name, nil)
		ss[i].Handle([]byte(`{"t":"hello","v":1,"name":"` + name + `"}`))
	}
	var last []byte
	drain := func() {
		for _, s := range ss {
			for len(s.out) > 0 {
				last = (<-s.out).bytes()
			}
		}
	}
	ss[0].Handle([]byte(`{"t":"invite","to":"bob"}`))
	ss[1].Handle([]byte(`{"t":"accept","from":"alice"}`))
	drain()
	// Seat 1 walks right and back, seat 2 skips: the game never ends.
	moves := [][]byte{[]byte(`{"t":"act","a":"d"}`), []byte(`{"t":"act","a":"a"}`)}
	skip := []byte(`{"t":"act","a":"."}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			ss[0].Handle(moves[(i/2)%2])
		} else {
			ss[1].Handle(skip)
		}
		drain()
	}
	if m, err := DecodeMessage(last[:len(last)-1]); err != nil || m.Type() != TypeState {
		b.Fatalf("the actions were answered with %q", last)
	}
}
