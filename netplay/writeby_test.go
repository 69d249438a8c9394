package netplay

import (
	"bytes"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// writeByLevel is a co-op board without monsters: seat 1 steps right
// ("d") onto free floor, and the game goes on.
func writeByLevel(t testing.TB) engine.Level {
	return parseLevel(t,
		"#########",
		"#P.PK..E#",
		"#########",
	)
}

// writeLog records, in order, which session's transport was written and
// the type of the first line of each write.
type writeLog struct {
	mu     sync.Mutex
	writes []string
}

func (w *writeLog) add(name string, p []byte) {
	m, err := DecodeMessage(bytes.TrimSuffix(p[:bytes.IndexByte(p, '\n')+1], []byte("\n")))
	typ := "?"
	if err == nil {
		typ = messageType(m)
	}
	w.mu.Lock()
	w.writes = append(w.writes, name+":"+typ)
	w.mu.Unlock()
}

// recConn is a transport that takes every write whole, at once, and
// records it: through the connection (a writer's or the reader's own
// write) or without waiting (tryWrite).
type recConn struct {
	net.Conn // nil: only writes are used
	name     string
	log      *writeLog
}

func (c recConn) Write(p []byte) (int, error)      { c.log.add(c.name, p); return len(p), nil }
func (c recConn) SetWriteDeadline(time.Time) error { return nil }
func (c recConn) tryWrite(p []byte) int            { c.log.add(c.name, p); return len(p) }

func messageType(m Message) string {
	switch m.(type) {
	case *State:
		return TypeState
	default:
		return "other"
	}
}

// TestActorsStateFirstThenOthers: when a player's action is handled by
// its reader, the player's own state is written first, then its partner's
// and the spectator's, by the same reader before it reads on: no writer
// goroutine is started for them.
func TestActorsStateFirstThenOthers(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{writeByLevel(t)}
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Shutdown(t.Context()) })
	sess := map[string]*Session{}
	for _, name := range []string{"alice", "bob", "carol"} {
		ss, err := srv.Attach(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		ss.Handle([]byte(`{"t":"hello","v":1,"name":"` + name + `"}`))
		sess[name] = ss
	}
	sess["alice"].Handle([]byte(`{"t":"invite","to":"bob"}`))
	sess["bob"].Handle([]byte(`{"t":"accept","from":"alice"}`))
	var id string
	for l, ok := sess["alice"].take(); ok; l, ok = sess["alice"].take() {
		if m, err := DecodeMessage(bytes.TrimSuffix(l.bytes(), []byte("\n"))); err == nil {
			if s, ok := m.(*Start); ok {
				id = s.Game
			}
		}
	}
	if id == "" {
		t.Fatal("alice got no start")
	}
	sess["carol"].Handle([]byte(`{"t":"watch","game":"` + id + `"}`))
	log := &writeLog{}
	for name, ss := range sess {
		for _, ok := ss.take(); ok; _, ok = ss.take() {
		}
		rc := recConn{name: name, log: log}
		ss.conn, ss.selfWrite, ss.raw = rc, true, rc
	}
	before := srv.writers.Load()

	// What readLoop does with alice's line.
	alice := sess["alice"]
	alice.handling.Store(true)
	alice.Handle([]byte(`{"t":"act","a":"d"}`))
	alice.handled()

	log.mu.Lock()
	got := append([]string(nil), log.writes...)
	log.mu.Unlock()
	if len(got) != 3 || got[0] != "alice:state" || !contains(got[1:], "bob:state") || !contains(got[1:], "carol:state") {
		t.Fatalf("writes when alice's action was handled: %q; want alice's state, then bob's and carol's", got)
	}
	if n := srv.writers.Load() - before; n != 0 {
		t.Errorf("%d writer goroutines started for the partner's and the spectator's states; want none", n)
	}
	for name, ss := range sess {
		if n := ss.queued(); n != 0 {
			t.Errorf("%s has %d lines still queued", name, n)
		}
	}
}
