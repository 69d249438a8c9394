package chess

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestStartPosition(t *testing.T) {
	g := New(src(1))
	if g.ToMove() != White {
		t.Fatalf("%v moves first, want white", g.ToMove())
	}
	if n := len(g.Legal()); n != 20 {
		t.Errorf("%d moves at the start, want the 20 of chess", n)
	}
	want := map[string]Piece{
		"e1": NewPiece(King, White), "d1": NewPiece(Queen, White), "a1": NewPiece(Rook, White),
		"c1": NewPiece(Bishop, White), "g1": NewPiece(Knight, White), "e2": NewPiece(Pawn, White),
		"e8": NewPiece(King, Black), "d8": NewPiece(Queen, Black), "h7": NewPiece(Pawn, Black),
	}
	for cell, p := range want {
		if got := g.piece(t, cell); got != p {
			t.Errorf("%s: %+v, want %+v", cell, got, p)
		}
	}
}

func TestMaxHP(t *testing.T) {
	want := map[Kind]int{King: 5, Queen: 3, Rook: 3, Bishop: 3, Knight: 3, Pawn: 1}
	for k, hp := range want {
		if p := NewPiece(k, Black); p.HP != hp || p.Max != hp {
			t.Errorf("a new %s has %d/%d HP, want %d/%d", k, p.HP, p.Max, hp, hp)
		}
	}
}

func TestCastling(t *testing.T) {
	g := Setup(pos(t, "Ke1", "Ra1", "Rh1", "ke8", "ra8", "rh8"), White, src(1))
	for _, m := range []string{"e1g1", "e1c1"} {
		if !offered(g, m) {
			t.Errorf("%s not offered with king and rook unmoved and the cells between empty", m)
		}
	}
	told := play(t, g, "e1g1")
	if g.piece(t, "g1").Kind != King || g.piece(t, "f1").Kind != Rook || !g.piece(t, "h1").Empty() || !g.piece(t, "e1").Empty() {
		t.Fatalf("after e1g1: g1 %v, f1 %v, h1 %v", g.piece(t, "g1"), g.piece(t, "f1"), g.piece(t, "h1"))
	}
	if got := Say(White, told[White][0]); got != "You castled: king e1→g1, rook h1→f1." {
		t.Errorf("told %q", got)
	}
	play(t, g, "e8c8")
	if g.piece(t, "c8").Kind != King || g.piece(t, "d8").Kind != Rook || !g.piece(t, "a8").Empty() {
		t.Fatalf("after e8c8: c8 %v, d8 %v", g.piece(t, "c8"), g.piece(t, "d8"))
	}

	blocked := Setup(pos(t, "Ke1", "Ra1", "Nb1", "Rh1", "ke8"), White, src(1))
	if offered(blocked, "e1c1") || !offered(blocked, "e1g1") {
		t.Errorf("a knight on b1: e1c1 offered %v, e1g1 %v; want only e1g1", offered(blocked, "e1c1"), offered(blocked, "e1g1"))
	}
	moved := Setup(pos(t, "Ke1", "Rh1", "ke8", "pa7"), White, src(1))
	play(t, moved, "h1h2", "a7a6", "h2h1", "a6a5")
	if offered(moved, "e1g1") {
		t.Error("castling offered with a rook that has moved")
	}
	king := Setup(pos(t, "Ke1", "Rh1", "ke8", "pa7"), White, src(1))
	play(t, king, "e1e2", "a7a6", "e2e1", "a6a5")
	if offered(king, "e1g1") {
		t.Error("castling offered with a king that has moved")
	}
}

func TestPawnMoves(t *testing.T) {
	g := New(src(1))
	if !offered(g, "e2e4") || !offered(g, "e2e3") || offered(g, "e2e5") {
		t.Error("a pawn on its first rank steps one or two cells, no more")
	}
	play(t, g, "e2e4", "a7a6")
	if offered(g, "e4e6") {
		t.Error("a pawn that has left its first rank steps two cells")
	}
	// No en passant: the black pawn's double step beside the white pawn
	// cannot be taken in passing.
	ep := Setup(pos(t, "Ke1", "Pe5", "ke8", "pd7"), Black, src(1))
	play(t, ep, "d7d5")
	if offered(ep, "e5d6") {
		t.Error("e5d6 offered: there is no en passant")
	}
	if !offered(ep, "e5e6") {
		t.Error("e5e6 not offered")
	}
	// A pawn takes diagonally only an enemy it sees, and never straight ahead.
	cap := Setup(pos(t, "Ke1", "Pe4", "ke8", "pd5", "pe5"), White, src(1))
	if !offered(cap, "e4d5") || offered(cap, "e4e5") || offered(cap, "e4f5") {
		t.Errorf("pawn e4: takes d5 %v, e5 %v, f5 %v; want only d5", offered(cap, "e4d5"), offered(cap, "e4e5"), offered(cap, "e4f5"))
	}
}

func TestPromotionChoice(t *testing.T) {
	g := Setup(pos(t, "Ka1", "Pe7", "kh8"), White, src(1))
	for _, k := range "qrbn" {
		if !offered(g, "e7e8"+string(k)) {
			t.Errorf("e7e8%c not offered", k)
		}
	}
	_, err := g.Apply(Move{From: sq(t, "e7"), To: sq(t, "e8")})
	if err == nil || !strings.Contains(err.Error(), "e7e8q, e7e8r, e7e8b or e7e8n") {
		t.Fatalf("e7e8 without a choice: %v", err)
	}
	told := play(t, g, "e7e8n")
	if p := g.piece(t, "e8"); p.Kind != Knight || p.HP != 3 || p.Max != 3 || p.Color != White {
		t.Fatalf("e8 holds %+v, want a white knight at 3/3", p)
	}
	if e, ok := find(told[White], Promoted); !ok || Say(White, e) != "Your pawn on e8 became a knight (3 HP)." {
		t.Errorf("told %v", told[White])
	}
	if _, err := Setup(pos(t, "Ka1", "Pe6", "kh8"), White, src(1)).Apply(mv(t, "e6e7q")); err == nil || !strings.Contains(err.Error(), "not a promotion") {
		t.Errorf("e6e7q: %v", err)
	}
}

func TestNoCheck(t *testing.T) {
	// The king may step where the black rook attacks it, and a piece between
	// king and rook may leave.
	g := Setup(pos(t, "Ke1", "Be2", "ke8", "rd8", "re7"), White, src(1))
	if !offered(g, "e1d2") || !offered(g, "e2d3") {
		t.Errorf("e1d2 offered %v, e2d3 offered %v: there is no check", offered(g, "e1d2"), offered(g, "e2d3"))
	}
}

func TestCombatExamples(t *testing.T) {
	cases := []struct {
		name      string
		a, d      string // HP of the attacking and the defending rook
		a3        Piece  // what stands on a3 after
		said      string
		attackerT bool
	}{
		{"2 vs 3", "2", "3", Piece{Kind: Rook, Color: Black, HP: 1, Max: 3, Moved: true}, "Your rook attacked a rook at a3: your rook died, the black rook has 1 HP.", false},
		{"4 vs 2", "4", "2", Piece{Kind: Rook, Color: White, HP: 2, Max: 4, Moved: true}, "Your rook attacked a rook at a3: the black rook died, your rook has 2 HP.", true},
		{"3 vs 3", "3", "3", Piece{Kind: Rook, Color: White, HP: 1, Max: 3, Moved: true}, "Your rook attacked a rook at a3: the black rook died, your rook has 1 HP.", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := Setup(pos(t, "Ke1", "Ra1:"+c.a, "kh8", "ra3:"+c.d), White, src(1))
			told := play(t, g, "a1a3")
			if got := g.piece(t, "a3"); got != c.a3 {
				t.Errorf("a3 holds %+v, want %+v", got, c.a3)
			}
			if !g.piece(t, "a1").Empty() {
				t.Errorf("a1 still holds %+v", g.piece(t, "a1"))
			}
			e, ok := find(told[White], Attacked)
			if !ok || e.Died == c.attackerT || e.OtherDied != c.attackerT {
				t.Fatalf("told %+v", told[White])
			}
			if got := Say(White, e); got != c.said {
				t.Errorf("said %q, want %q", got, c.said)
			}
			lost, captured := g.View(Black).Lost, g.View(White).Captured
			if c.attackerT && (!slices.Equal(lost, []Kind{Rook}) || !slices.Equal(captured, []Kind{Rook})) {
				t.Errorf("black lost %v, white captured %v", lost, captured)
			}
			if !c.attackerT && (!slices.Equal(g.View(White).Lost, []Kind{Rook}) || !slices.Equal(g.View(Black).Captured, []Kind{Rook})) {
				t.Errorf("white lost %v, black captured %v", g.View(White).Lost, g.View(Black).Captured)
			}
		})
	}
	// The spec's sentence.
	g := Setup(pos(t, "Ke1", "Nd3", "kh8", "pe5"), White, src(1))
	e, _ := find(play(t, g, "d3e5")[White], Attacked)
	if got := Say(White, e); got != "Your knight attacked a pawn at e5: the pawn died, the knight has 2 HP." {
		t.Errorf("said %q", got)
	}
	if got := Say(Black, e); got != "The white knight from d3 attacked your pawn at e5: the pawn died, the knight has 2 HP." {
		t.Errorf("black was told %q", got)
	}
}

func TestSliderStoppedByUnseenPiece(t *testing.T) {
	g := Setup(pos(t, "Ke1", "Ra1", "kh8", "pa6"), White, src(1))
	v := g.View(White)
	if c := v.Cells[sq(t, "a6")]; c.Sight != Fog || !c.Piece.Empty() {
		t.Fatalf("white sees a6 as %+v, want fog", c)
	}
	if !offered(g, "a1a8") {
		t.Fatal("a1a8 not offered: unseen cells count as empty")
	}
	told := play(t, g, "a1a8")
	told = withoutAppeared(told)
	if got := kinds(told[White]); !slices.Equal(got, []EventKind{Stopped, Attacked}) {
		t.Fatalf("white told %v", told[White])
	}
	if got := Say(White, told[White][0]); got != "Your rook met a piece it could not see at a6 and stopped there." {
		t.Errorf("said %q", got)
	}
	if p := g.piece(t, "a6"); p.Kind != Rook || p.Color != White || p.HP != 2 {
		t.Errorf("a6 holds %+v, want the white rook at 2 HP", p)
	}
	if !g.piece(t, "a8").Empty() {
		t.Error("the rook went on past the piece it met")
	}
	if got := kinds(told[Black]); !slices.Equal(got, []EventKind{Attacked}) {
		t.Errorf("black told %v, want only the attack on its pawn", told[Black])
	}
	// A move that ends short of the unseen piece is a plain move.
	g = Setup(pos(t, "Ke1", "Ra1", "kh8", "pa6"), White, src(1))
	if got := kinds(withoutAppeared(play(t, g, "a1a5"))[White]); !slices.Equal(got, []EventKind{Moved}) {
		t.Errorf("a1a5 told %v", got)
	}
}

func TestDamageCell(t *testing.T) {
	amounts := map[int]bool{}
	for seed := uint64(1); seed <= 200; seed++ {
		g := Setup(pos(t, "Ke1", "Ra1", "kh8", "*a4=damage"), White, src(seed))
		told := play(t, g, "a1a8")
		e, ok := find(told[White], Damaged)
		if !ok || e.At != sq(t, "a4") {
			t.Fatalf("seed %d: a rook passing over a4 was told %v", seed, told[White])
		}
		amounts[e.Amount] = true
		if e.Amount < 0 || e.Amount > 5 {
			t.Fatalf("seed %d: damage %d, want 0–5", seed, e.Amount)
		}
		if g.s.Pos.Bonus[sq(t, "a4")] != NoBonus {
			t.Fatalf("seed %d: the damage cell is still there after use", seed)
		}
		r := g.piece(t, "a8")
		if e.Amount >= 3 {
			if !r.Empty() || !g.piece(t, "a1").Empty() || !e.Died {
				t.Fatalf("seed %d: a rook losing %d of 3 HP is still on the board (%+v)", seed, e.Amount, r)
			}
			if !slices.Equal(g.View(White).Lost, []Kind{Rook}) {
				t.Errorf("seed %d: white lost %v", seed, g.View(White).Lost)
			}
		} else if r.Kind != Rook || r.HP != 3-e.Amount {
			t.Fatalf("seed %d: a8 holds %+v after losing %d HP", seed, r, e.Amount)
		}
	}
	if len(amounts) != 6 {
		t.Errorf("damage drawn over 200 games: %v, want every amount 0–5", amounts)
	}
	// Ending a move on it hurts too; a knight's jump passes over nothing.
	for seed := uint64(1); seed <= 20; seed++ {
		g := Setup(pos(t, "Ke1", "Nb1", "kh8", "*c3=damage", "*b2=damage"), White, src(seed))
		told := play(t, g, "b1c3")
		e, ok := find(told[White], Damaged)
		if !ok || e.At != sq(t, "c3") || g.s.Pos.Bonus[sq(t, "b2")] != Damage {
			t.Fatalf("seed %d: b1c3 told %v", seed, told[White])
		}
	}
}

func TestRegen(t *testing.T) {
	gains := map[int]bool{}
	for seed := uint64(1); seed <= 50; seed++ {
		g := Setup(pos(t, "Ke1", "Nb1:1/3", "kh8", "*c3=regen"), White, src(seed))
		e, ok := find(play(t, g, "b1c3")[White], Regenerated)
		p := g.piece(t, "c3")
		if !ok || p.HP != 1+e.Amount || e.Amount < 1 || e.Amount > 2 {
			t.Fatalf("seed %d: regen gave %+v, the knight has %d", seed, e, p.HP)
		}
		gains[e.Amount] = true
		g = Setup(pos(t, "Ke1", "Nb1:2/3", "kh8", "*c3=regen"), White, src(seed))
		play(t, g, "b1c3")
		if p := g.piece(t, "c3"); p.HP != 3 {
			t.Fatalf("seed %d: a knight at 2/3 has %d HP after regen, want 3 (its maximum)", seed, p.HP)
		}
	}
	if !gains[1] || !gains[2] {
		t.Errorf("regen gains %v, want both +1 and +2", gains)
	}
	g := Setup(pos(t, "Ke1:3/5", "kh8", "*e2=regen"), White, src(1))
	e, ok := find(play(t, g, "e1e2")[White], Wasted)
	if !ok || g.piece(t, "e2").HP != 3 || g.s.Pos.Bonus[sq(t, "e2")] != NoBonus {
		t.Fatalf("a king on regen: %+v, HP %d", e, g.piece(t, "e2").HP)
	}
	if got := Say(White, e); got != "Your king took the regen at e2: it does nothing for a king." {
		t.Errorf("said %q", got)
	}
}

func TestHPUpgrade(t *testing.T) {
	g := Setup(pos(t, "Ke1", "Nb1:2/3", "kh8", "*c3=hp_upgrade"), White, src(1))
	play(t, g, "b1c3")
	if p := g.piece(t, "c3"); p.HP != 2 || p.Max != 4 {
		t.Errorf("after hp_upgrade the knight has %d/%d, want 2/4", p.HP, p.Max)
	}
	g = Setup(pos(t, "Ke1", "kh8", "*e2=hp_upgrade"), White, src(1))
	if _, ok := find(play(t, g, "e1e2")[White], Wasted); !ok || g.piece(t, "e2").Max != 5 {
		t.Errorf("hp_upgrade raised a king to %d", g.piece(t, "e2").Max)
	}
}

func TestKingHPUpgrade(t *testing.T) {
	g := Setup(pos(t, "Ke1:2/5", "Nb1", "kh8", "*c3=king_hp_upgrade"), White, src(1))
	e, _ := find(play(t, g, "b1c3")[White], KingHealed)
	if k := g.piece(t, "e1"); k.HP != 5 || k.Max != 5 {
		t.Errorf("the king has %d/%d, want 5/5", k.HP, k.Max)
	}
	if got := Say(White, e); got != "Your knight took the king's HP upgrade at c3: your king has 5/5 HP." {
		t.Errorf("said %q", got)
	}
	g = Setup(pos(t, "Ke1", "Nb1", "kh8", "*c3=king_hp_upgrade"), White, src(1))
	play(t, g, "b1c3")
	if k := g.piece(t, "e1"); k.HP != 5 || k.Max != 6 {
		t.Errorf("a full king has %d/%d after king_hp_upgrade, want 5/6", k.HP, k.Max)
	}
	g = Setup(pos(t, "Ke1:1/5", "kh8", "*e2=king_hp_upgrade"), White, src(1))
	play(t, g, "e1e2")
	if k := g.piece(t, "e2"); k.HP != 5 {
		t.Errorf("a king taking king_hp_upgrade itself has %d HP", k.HP)
	}
}

func TestAddPiece(t *testing.T) {
	cases := []struct {
		name  string
		extra []string
		at    string
	}{
		{"north", nil, "c4"},
		{"east", []string{"Pc4"}, "d3"},
		{"south", []string{"Pc4", "Pd3"}, "c2"},
		{"west", []string{"Pc4", "Pd3", "Pc2"}, "b3"},
		{"north-east", []string{"Pc4", "Pd3", "Pc2", "Pb3"}, "d4"},
		{"a bonus is not free", []string{"*c4=regen"}, "d3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := Setup(pos(t, append([]string{"Ke1", "Nb1", "kh8", "*c3=add_piece"}, c.extra...)...), White, src(1))
			e, ok := find(play(t, g, "b1c3")[White], Added)
			if !ok || e.At != sq(t, c.at) {
				t.Fatalf("added at %v, want %s", e.At, c.at)
			}
			if p := g.piece(t, c.at); p.Kind != Knight || p.Color != White || p.HP != 3 || p.Max != 3 {
				t.Errorf("%s holds %+v", c.at, p)
			}
			if got := Say(White, e); got != "Your knight took the extra piece at c3: a new knight stands on "+c.at+"." {
				t.Errorf("said %q", got)
			}
		})
	}
	t.Run("no free cell", func(t *testing.T) {
		g := Setup(pos(t, "Ke1", "Nb1", "kh8", "*c3=add_piece", "Pb2", "Pc2", "Pd2", "Pb3", "Pd3", "Pb4", "Pc4", "Pd4"), White, src(1))
		before := 0
		for _, p := range g.s.Pos.Board {
			if !p.Empty() {
				before++
			}
		}
		e, ok := find(play(t, g, "b1c3")[White], Wasted)
		if !ok || e.Bonus != AddPiece {
			t.Fatal("add_piece with no free cell was not told as lost")
		}
		after := 0
		for _, p := range g.s.Pos.Board {
			if !p.Empty() {
				after++
			}
		}
		if after != before || g.s.Pos.Bonus[sq(t, "c3")] != NoBonus {
			t.Errorf("%d pieces before, %d after; bonus left %v", before, after, g.s.Pos.Bonus[sq(t, "c3")])
		}
		if got := Say(White, e); got != "Your knight took the extra piece at c3: no cell beside it is free, the bonus is lost." {
			t.Errorf("said %q", got)
		}
	})
	t.Run("none for a king", func(t *testing.T) {
		g := Setup(pos(t, "Ke1", "kh8", "*e2=add_piece"), White, src(1))
		if _, ok := find(play(t, g, "e1e2")[White], Wasted); !ok || g.s.Pos.KingAt(White) != sq(t, "e2") {
			t.Fatal("a king on add_piece")
		}
		for _, p := range g.s.Pos.Board {
			if p.Kind == King && p.Color == White && g.s.Pos.KingAt(White) != sq(t, "e2") {
				t.Fatal("a second king")
			}
		}
	})
	t.Run("a new pawn never on the last rank", func(t *testing.T) {
		g := Setup(pos(t, "Ke1", "Pb6", "kh1", "*b7=add_piece"), White, src(1))
		e, _ := find(play(t, g, "b6b7")[White], Added)
		if e.At != sq(t, "c7") {
			t.Errorf("a pawn added beside b7 stands on %v, want c7 (b8 is the last rank)", e.At)
		}
	})
}

func TestStartBonuses(t *testing.T) {
	kindsSeen := map[Bonus]bool{}
	for seed := uint64(1); seed <= 200; seed++ {
		g := New(src(seed))
		n := 0
		for s, b := range g.s.Pos.Bonus {
			if b == NoBonus {
				continue
			}
			n++
			kindsSeen[b] = true
			if r := Sq(s).Rank(); r < 2 || r > 5 || !g.s.Pos.Board[s].Empty() {
				t.Fatalf("seed %d: a bonus on %v", seed, Sq(s))
			}
		}
		if n != 6 {
			t.Fatalf("seed %d: %d bonuses at the start, want 6", seed, n)
		}
	}
	if len(kindsSeen) != 5 {
		t.Errorf("kinds drawn over 200 games: %v, want all five", kindsSeen)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	a, b := randomGame(t, 42, 200), randomGame(t, 42, 200)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Error("the same seed and moves gave two games")
	}
	c := randomGame(t, 43, 200)
	if jc, _ := json.Marshal(c); string(jc) == string(ja) {
		t.Error("two seeds gave the same game")
	}
}

func TestEachSideItsOwnFog(t *testing.T) {
	g := New(src(1))
	w, b := g.View(White), g.View(Black)
	for s := Sq(0); s < 64; s++ {
		if want := s.Rank() <= 3; (w.Cells[s].Sight == Seen) != want {
			t.Errorf("white sees %v: %v, want %v", s, w.Cells[s].Sight == Seen, want)
		}
		if want := s.Rank() >= 4; (b.Cells[s].Sight == Seen) != want {
			t.Errorf("black sees %v: %v, want %v", s, b.Cells[s].Sight == Seen, want)
		}
	}
	play(t, g, "e2e4")
	if c := g.View(Black).Cells[sq(t, "e4")]; c.Sight != Fog || !c.Piece.Empty() {
		t.Errorf("black sees the white pawn on e4: %+v", c)
	}
	if c := g.View(White).Cells[sq(t, "e6")]; c.Sight != Seen {
		t.Errorf("white does not see e6 from e4: %+v", c)
	}
	if c := g.View(White).Cells[sq(t, "e7")]; c.Sight != Fog {
		t.Errorf("white sees e7 from e4: %+v", c)
	}
}

func TestFogClosesOnSixthTurn(t *testing.T) {
	g := Setup(pos(t, "Ka1", "Rd1", "kh8", "rd8"), White, src(1))
	d3 := sq(t, "d3")
	if c := g.View(White).Cells[d3]; c.Sight != Seen {
		t.Fatalf("d3 beside the rook: %+v", c)
	}
	play(t, g, "d1h1") // the rook leaves: d3 is out of sight
	white := []string{"a1a2", "a2a1", "a1a2", "a2a1", "a1a2"}
	black := []string{"d8d3", "d3d8", "h8g8", "g8h8", "h8g8", "g8h8"}
	for turn := 1; turn <= 6; turn++ {
		play(t, g, black[turn-1])
		c := g.View(White).Cells[d3]
		if turn <= 5 {
			if c.Sight != Open || c.Left != 6-turn {
				t.Fatalf("white's turn %d after d3 left its sight: %+v, want open with %d turns left", turn, c, 6-turn)
			}
			if turn == 1 && c.Piece.Kind != Rook {
				t.Errorf("an open cell shows what is there now: %+v, want the black rook", c)
			}
			play(t, g, white[turn-1])
			continue
		}
		if c.Sight != Fog || !c.Piece.Empty() {
			t.Fatalf("white's sixth turn: %+v, want fog", c)
		}
	}
}

func TestReopenedFogGetsBonus(t *testing.T) {
	// The rook going h1→h5 opens f4–h7 (twelve empty cells in white's fog).
	appeared, opened := 0, 0
	for seed := uint64(1); seed <= 1000; seed++ {
		g := Setup(pos(t, "Ka1", "Rh1", "kh8"), White, src(seed))
		told := play(t, g, "h1h5")
		opened += 12
		for _, e := range told[White] {
			if e.Kind != Appeared {
				continue
			}
			appeared++
			if f, r := e.At.File(), e.At.Rank(); f < 5 || r < 3 || r > 6 || g.s.Pos.Bonus[e.At] != e.Bonus {
				t.Fatalf("seed %d: a bonus appeared on %v", seed, e.At)
			}
			if got, want := Say(White, e), article(e.Bonus.Title())+" "+e.Bonus.Title()+" bonus appeared at "+e.At.String()+" as the fog lifted."; got != want || (e.Bonus == AddPiece || e.Bonus == HPUpgrade) != strings.HasPrefix(got, "An ") {
				t.Fatalf("said %q", got)
			}
		}
		for _, e := range told[Black] {
			if e.Kind == Appeared && g.View(Black).Cells[e.At].Sight == Fog {
				t.Fatalf("seed %d: black told of a bonus in its fog", seed)
			}
			// Black sees the bonus appear, but it was White's fog that lifted.
			if got, want := Say(Black, e), article(e.Bonus.Title())+" "+e.Bonus.Title()+" bonus appeared at "+e.At.String()+"."; e.Kind == Appeared && got != want {
				t.Fatalf("seed %d: black was told %q, want %q", seed, got, want)
			}
		}
	}
	if pct := 100 * float64(appeared) / float64(opened); pct < 8.5 || pct > 11.5 {
		t.Errorf("%d bonuses on %d opened cells (%.1f %%), want about 10 %%", appeared, opened, pct)
	}
	// A cell still open when it comes back into sight did not close: no draw.
	for seed := uint64(1); seed <= 300; seed++ {
		g := Setup(pos(t, "Ka1", "Rh1", "kh8", "pa7"), White, src(seed))
		play(t, g, "h1h5")
		g.s.Pos.Bonus = [64]Bonus{} // nothing in the rook's way back
		play(t, g, "a7a6", "h5h1", "a6a5")
		told := play(t, g, "h1h5")
		if _, ok := find(told[White], Appeared); ok {
			t.Fatalf("seed %d: a bonus appeared on a cell that was still open", seed)
		}
	}
}

func TestKingLeavesBoard(t *testing.T) {
	t.Run("killed in combat", func(t *testing.T) {
		g := Setup(pos(t, "Ke1", "Qe2:6", "ke4"), White, src(1))
		told := play(t, g, "e2e4")
		w, drawn, over := g.Result()
		if !over || drawn || w != White {
			t.Fatalf("result %v %v %v", w, drawn, over)
		}
		if e, ok := find(told[Black], Won); !ok || Say(Black, e) != "You lose: your king has left the board." || Say(White, e) != "You win: the black king has left the board." {
			t.Errorf("told %v", told[Black])
		}
		if _, err := g.Apply(mv(t, "e1d1")); err != ErrOver {
			t.Errorf("a move after the end: %v", err)
		}
		if len(g.Legal()) != 0 {
			t.Error("moves offered after the end")
		}
	})
	t.Run("attacking king dies", func(t *testing.T) {
		g := Setup(pos(t, "Ke1:1/5", "ke2"), White, src(1))
		play(t, g, "e1e2")
		if w, _, over := g.Result(); !over || w != Black {
			t.Fatalf("a king dying in its own attack: over %v, winner %v", over, w)
		}
	})
	t.Run("killed by a damage cell", func(t *testing.T) {
		for seed := uint64(1); seed <= 30; seed++ {
			g := Setup(pos(t, "Ke1", "ke8:1/5", "*e7=damage"), Black, src(seed))
			told := play(t, g, "e8e7")
			e, _ := find(told[Black], Damaged)
			w, _, over := g.Result()
			if over != (e.Amount >= 1) || (over && w != White) {
				t.Fatalf("seed %d: damage %d, over %v winner %v", seed, e.Amount, over, w)
			}
		}
	})
}

func TestNoMovePasses(t *testing.T) {
	// Black's king in the corner, boxed by its own pawns that cannot move.
	g := Setup(pos(t, "Ka8", "Ra7", "kh1", "pg1", "pg2", "ph2"), White, src(1))
	told := play(t, g, "a7b7")
	if e, ok := find(told[White], Passed); !ok || e.Side != Black || Say(White, e) != "Black has no legal move and passes." || Say(Black, e) != "You have no legal move and pass." {
		t.Fatalf("told %v", told[White])
	}
	if g.ToMove() != White || g.Ply() != 2 {
		t.Errorf("after black passed: %v to move, ply %d", g.ToMove(), g.Ply())
	}
	// Neither side can move: the game ends without a winner.
	g = Setup(pos(t, "Ka8", "Pa7", "Pb7", "Pb8", "Pc2", "Pc4", "kh1", "pg1", "pg2", "ph2", "pc5"), White, src(1))
	told = play(t, g, "c2c3")
	if _, drawn, over := g.Result(); !over || !drawn {
		t.Fatalf("both stuck: over %v drawn %v; told %v", over, drawn, kinds(told[White]))
	}
}

func TestRefusals(t *testing.T) {
	g := New(src(1))
	for _, c := range []struct{ move, want string }{
		{"e3e4", "there is no white piece on e3"},
		{"e7e5", "there is no white piece on e7"}, // e7 is in white's fog
		{"g1g3", "your knight on g1 cannot go to g3"},
		{"e2e5", "your pawn on e2 cannot go to e5"},
	} {
		_, err := g.Apply(mv(t, c.move))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.move, err, c.want)
		}
	}
	if g.Ply() != 0 || g.ToMove() != White {
		t.Error("a refused move changed the game")
	}
	near := Setup(pos(t, "Ke1", "kh8", "pe3"), White, src(1))
	if _, err := near.Apply(mv(t, "e3e2")); err == nil || err.Error() != "the pawn on e3 is black's, not yours" {
		t.Errorf("e3e2: %v", err)
	}
	for _, s := range []string{"e2", "e2e", "i2i4", "e2e4k", "e2e4e5"} {
		if _, err := ParseMove(s); err == nil {
			t.Errorf("%q read as a move", s)
		}
	}
}

func TestSaveLoad(t *testing.T) {
	g := randomGame(t, 7, 30)
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	// Both go on alike: the random source was saved with the game.
	for i := 0; i < 60 && !g.Over(); i++ {
		m := g.Legal()[i%len(g.Legal())]
		tg, err1 := g.Apply(m)
		th, err2 := h.Apply(m)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		a, _ := json.Marshal(tg)
		b, _ := json.Marshal(th)
		if string(a) != string(b) {
			t.Fatalf("move %d: the loaded game went otherwise:\n%s\n%s", i, a, b)
		}
	}
	var raw map[string]any
	json.Unmarshal(data, &raw)
	raw["version"] = 99
	bad, _ := json.Marshal(raw)
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "version 99") {
		t.Errorf("a save of version 99: %v", err)
	}
	if _, err := Load([]byte("{")); err == nil {
		t.Error("a broken save was read")
	}
	// A save damaged in its log, its taken pieces or its last move is
	// refused with what is damaged, not drawn as "Your ? attacked a ?".
	for _, c := range []struct {
		field string
		value any
		want  string
	}{
		{"log", []any{[]any{map[string]any{"kind": 4, "side": 0, "piece": 42, "from": 12, "to": 28, "at": -1, "via": -1}}, []any{}}, "log of white is damaged (entry 1)"},
		{"log", []any{[]any{}, []any{map[string]any{"kind": 99, "side": 1, "from": -1, "to": -1, "at": -1, "via": -1}}}, "log of black is damaged"},
		{"log", []any{[]any{map[string]any{"kind": 1, "side": 0, "piece": 6, "from": 12, "to": 28, "at": 99, "via": -1}}, []any{}}, "log of white is damaged"},
		{"captured", []any{[]any{6, 42}, []any{}}, "taken or lost pieces of white are damaged"},
		{"lost", []any{[]any{}, []any{0}}, "taken or lost pieces of black are damaged"},
		{"last", map[string]any{"from": 99, "to": 12}, "last move is damaged"},
	} {
		var raw map[string]any
		json.Unmarshal(data, &raw)
		raw[c.field] = c.value
		bad, _ := json.Marshal(raw)
		if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("a save with %s %v: %v, want %q", c.field, c.value, err, c.want)
		}
	}
}

// A spectator reads the watched side in the third person, never "your".
func TestSayWatching(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: Moved, Side: White, Piece: Pawn, From: At(4, 1), To: At(4, 3)}, "The white pawn moved e2→e4."},
		{Event{Kind: Won, Side: White}, "White wins: the black king has left the board."},
		{Event{Kind: Won, Side: Black}, "White loses: the white king has left the board."},
		{Event{Kind: Passed, Side: White}, "White has no legal move and passes."},
	} {
		if got := SayWatching(White, c.e); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
