package netplay

import "testing"

func TestTmpRaw(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = nil
	_, addr := startServer(t, cfg)
	a := login(t, addr, "a")
	b := login(t, addr, "b")
	a.send(map[string]any{"t": "invite", "to": "b"})
	for i := 0; i < 3; i++ {
		l, _ := a.line()
		t.Log("a", l[:min(len(l), 300)])
	}
	b.send(map[string]any{"t": "accept", "from": "a"})
	for i := 0; i < 4; i++ {
		l, _ := b.line()
		t.Log("b", l[max(0, len(l)-200):], len(l))
	}
}
