package engine

import "slices"

// Status is the whole truth about a game at one moment, with nothing hidden:
// for replays' outcomes, tests and the server's bookkeeping. Never show it to
// a player; draw from View instead.
type Status struct {
	Result   Result        `json:"result"`
	Level    int           `json:"level"`
	Levels   int           `json:"levels"`
	Turn     int           `json:"turn"`
	Score    int           `json:"score"`
	Key      bool          `json:"key"`
	Seed     uint64        `json:"seed"`
	Players  []PlayerView  `json:"players"`
	Monsters []MonsterView `json:"monsters"`
	Passed   []LevelScore  `json:"passed"`
}

// Status returns the whole truth about the game now.
func (g *Game) Status() Status {
	st := Status{
		Result: g.result, Level: g.levelNo, Levels: g.Levels(), Turn: g.turns,
		Score: g.Score(), Key: g.keyed, Seed: g.seed,
		Players: g.playerViews(), Passed: append([]LevelScore(nil), g.passed...),
	}
	for _, m := range g.mons {
		st.Monsters = append(st.Monsters, g.monsterView(m))
	}
	return st
}

func (g *Game) playerViews() []PlayerView { return g.appendPlayerViews(nil) }

func (g *Game) appendPlayerViews(out []PlayerView) []PlayerView {
	for i := 0; i < g.players; i++ {
		s := g.seats[i]
		out = append(out, PlayerView{Seat: i + 1, Pos: s.Pos, State: s.State, Torch: s.Torch})
	}
	return out
}

func (g *Game) monsterView(m monster) MonsterView {
	v := MonsterView{Kind: m.Kind, Pos: m.Pos, Frozen: m.Frozen > 0, FrozenFor: m.Frozen}
	if m.Kind == Minotaur {
		switch m.Phase {
		case phaseRest:
			v.Resting, v.Left = true, m.Count
		case phaseReady:
			v.Resting, v.Left = true, 0 // aims on its next action
		case phaseAimed:
			v.Aiming, v.Left = true, m.Count+1
		}
	}
	return v
}

// View returns what the given seat (1 or 2) perceives now. Monsters appear
// only on tiles lit for that seat; items only as last seen in light; the
// Minotaur's marks always. A seat that is not on the board (caught, escaped,
// away) watches through an active partner's eyes.
func (g *Game) View(seatNo int) View {
	var v View
	g.ViewInto(&v, seatNo)
	return v
}

// ViewInto is View written into v, reusing the storage of v's slices: a
// server builds a view for every state it sends.
func (g *Game) ViewInto(v *View, seatNo int) {
	if seatNo < 1 || seatNo > g.players {
		seatNo = 1
	}
	i := seatNo - 1
	g.viewHead(v)
	v.Seat, v.Torch, v.Freezes, v.YourTurn = seatNo, g.seats[i].Torch, g.seats[i].Freezes, g.Turn() == seatNo
	g.fillSight(i, v.Map, v.Light)
	g.litMonsters(v)
	if ears := g.eyes(i); ears >= 0 {
		v.Heard = g.appendHeard(v.Heard, ears, 0)
	}
}

// TeamView returns what the team knows, for a spectator: the shared memory,
// the union of the active seats' light, the monsters in that light, and
// every seat. It is a View of seat 0: no seat's turn, a torch when a seat
// carries one, and the freezes of all pockets together. It shows nothing
// that no seat's View shows; in a solo game it is the player's View but
// for Seat and YourTurn.
func (g *Game) TeamView() View {
	var v View
	g.TeamViewInto(&v)
	return v
}

// TeamViewInto is TeamView written into v, reusing the storage of v's
// slices.
func (g *Game) TeamViewInto(v *View) {
	g.viewHead(v)
	v.Seat, v.Torch, v.Freezes, v.YourTurn = 0, false, 0, false
	for i := range g.players {
		v.Freezes += g.seats[i].Freezes
		v.Torch = v.Torch || g.seats[i].Torch
	}
	g.fillTeamSight(v.Map, v.Light)
	g.litMonsters(v)
	for i := range g.players {
		if g.seats[i].State == Active {
			seat := 0 // solo: the player's own list, as in their View
			if g.players == 2 {
				seat = i + 1
			}
			v.Heard = g.appendHeard(v.Heard, i, seat)
		}
	}
}

// viewHead fills what every view of the game shows alike, reusing v's
// slices; the seat's own fields and the sight are left to the caller.
func (g *Game) viewHead(v *View) {
	n := g.lv.Rows * g.lv.Cols
	*v = View{
		Level: g.levelNo, Levels: g.Levels(), Name: g.lv.Name,
		Seed: g.seed, Turn: g.turns, Score: g.Score(), Key: g.keyed,
		Bonuses: g.bonuses, Result: g.result, Rows: g.lv.Rows, Cols: g.lv.Cols,
		Map: slices.Grow(v.Map[:0], n)[:n], Light: slices.Grow(v.Light[:0], n)[:n],
		Monsters: v.Monsters[:0], Heard: v.Heard[:0],
		Marks: g.appendMarks(v.Marks[:0]), Compass: append(v.Compass[:0], g.compass...),
		Players: g.appendPlayerViews(v.Players[:0]), Passed: append(v.Passed[:0], g.passed...),
	}
}

// litMonsters lists the monsters on tiles v shows lit.
func (g *Game) litMonsters(v *View) {
	for _, m := range g.mons {
		if v.Light[g.b.idx(m.Pos)] == Lit {
			v.Monsters = append(v.Monsters, g.monsterView(m))
		}
	}
}
