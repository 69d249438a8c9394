package minotaur

import (
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// TestPartnerBackSaysWhen: the partner's return is told with the state
// that follows it — on this level again when they are on the board, else
// at the next level (it always said the next level, while they played at
// once); a partner who quit for now is not said to have lost the
// connection; once the partner has left for good, quitting does not say
// they play on alone.
func TestPartnerBackSaysWhen(t *testing.T) {
	state := func(partner engine.SeatState) *netplay.State {
		st := &netplay.State{}
		st.Level, st.Levels = 1, 3
		st.Players = []engine.PlayerView{{Seat: 1, State: engine.Active}, {Seat: 2, Name: "bob", State: partner}}
		return st
	}
	for _, tc := range []struct {
		partner engine.SeatState
		want    string
	}{
		{engine.Active, "bob is back and plays on this level again."},
		{engine.Away, "bob is back and joins at the next level."},
	} {
		s := &RemoteSession{seat: 1, names: [2]string{"ada", "bob"}}
		if msg := s.handle(&netplay.Partner{T: netplay.TypePartner, Name: "bob", Status: netplay.PartnerReconnected}); msg != nil {
			t.Errorf("the return is told before the state that says where bob is: %v", msg)
		}
		s.handle(state(tc.partner))
		if len(s.pending) != 1 || s.pending[0].(ChatMsg).Text != tc.want {
			t.Errorf("bob %v on return: told %v, want %q", tc.partner, s.pending, tc.want)
		}
	}

	s := &RemoteSession{seat: 1, names: [2]string{"ada", "bob"}}
	msg := s.handle(&netplay.Partner{T: netplay.TypePartner, Name: "bob", Status: netplay.PartnerStepped})
	if c, ok := msg.(ChatMsg); !ok || strings.Contains(c.Text, "lost the connection") || !strings.Contains(c.Text, "quit for now") {
		t.Errorf("bob's K (quit, keep my seat) is told as %v", msg)
	}
	if cost := s.QuitCost(); !strings.Contains(cost, "bob plays on alone") {
		t.Errorf("with bob in the game, quitting says %q", cost)
	}
	s.handle(&netplay.Partner{T: netplay.TypePartner, Name: "bob", Status: netplay.PartnerLeft})
	if cost := s.QuitCost(); strings.Contains(cost, "plays on alone") || !strings.Contains(cost, "bob has left the game") {
		t.Errorf("with bob gone for good, quitting says %q", cost)
	}
}
