package chess

import (
	"encoding/json"
	"strings"
	"testing"
)

// editSave saves a new game, lets edit change its JSON as a map, and
// returns the result.
func editSave(t *testing.T, edit func(m map[string]any)) []byte {
	t.Helper()
	data, err := json.Marshal(New(src(7)))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func board(m map[string]any) []any { return m["position"].(map[string]any)["board"].([]any) }

// An edited save with a position no game can reach is refused with what is
// wrong, rather than played (a pawn on the last rank would never move).
func TestLoadRefusesImpossiblePositions(t *testing.T) {
	whiteKing := map[string]any{"k": int(King), "c": int(White), "hp": 6, "max": 6}
	whitePawn := map[string]any{"k": int(Pawn), "c": int(White), "hp": 2, "max": 2}
	for _, tc := range []struct {
		name, want string
		edit       func(m map[string]any)
	}{
		{"white pawn on h8", "pawn on h8", func(m map[string]any) { board(m)[int(At(7, 7))] = whitePawn }},
		{"pawn on its own first rank", "pawn on a1", func(m map[string]any) { board(m)[int(At(0, 0))] = whitePawn }},
		{"three white kings", "3 white kings", func(m map[string]any) {
			board(m)[int(At(0, 3))] = whiteKing
			board(m)[int(At(1, 3))] = whiteKing
		}},
		{"no black king", "no black king", func(m map[string]any) { board(m)[int(At(4, 7))] = map[string]any{"k": 0} }},
		{"negative HP", "HP", func(m map[string]any) {
			board(m)[int(At(3, 1))] = map[string]any{"k": int(Pawn), "c": int(White), "hp": -41, "max": 2}
		}},
		{"board of 63 cells", "63 cells", func(m map[string]any) {
			p := m["position"].(map[string]any)
			p["board"] = board(m)[:63]
		}},
		{"board of 65 cells", "65 cells", func(m map[string]any) {
			p := m["position"].(map[string]any)
			p["board"] = append(board(m), map[string]any{"k": 0})
		}},
		{"fog of 63 cells", "fog of 63", func(m map[string]any) {
			s := m["sight"].([]any)
			s[1] = s[1].([]any)[:63]
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(editSave(t, tc.edit))
			if err == nil {
				t.Fatal("loaded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("refused with %q, want it to say %q", err, tc.want)
			}
		})
	}
	if _, err := Load(editSave(t, func(map[string]any) {})); err != nil {
		t.Errorf("an unedited save: %v", err)
	}
}

// A view from the wire that no game can show is refused before it is
// drawn: the client would index its glyph tables with it.
func TestViewCheck(t *testing.T) {
	g := randomGame(t, 5, 30)
	for c := White; c <= Black; c++ {
		v := g.View(c)
		if err := v.Check(); err != nil {
			t.Fatalf("a real view of %s: %v", c, err)
		}
	}
	open := func(v *View) int {
		for i, c := range v.Cells {
			if c.Piece.Empty() && c.Sight == Seen {
				return i
			}
		}
		t.Fatal("no empty cell in sight")
		return 0
	}
	for _, tc := range []struct {
		name string
		edit func(v *View)
	}{
		{"open cell with -1 turns", func(v *View) { i := open(v); v.Cells[i].Sight, v.Cells[i].Left = Open, -1 }},
		{"open cell with 12 turns", func(v *View) { i := open(v); v.Cells[i].Sight, v.Cells[i].Left = Open, 12 }},
		{"negative HP", func(v *View) { v.Cells[v.kingCell()].Piece.HP = -21 }},
		{"sight 7", func(v *View) { v.Cells[3].Sight = 7 }},
		{"side 5", func(v *View) { v.Side = 5 }},
		{"bonus 9", func(v *View) { v.Cells[open(v)].Bonus = 9 }},
		{"a piece in the fog", func(v *View) {
			for i := range v.Cells {
				if v.Cells[i].Sight == Fog {
					v.Cells[i].Piece = NewPiece(Queen, Black)
					return
				}
			}
		}},
		{"lost piece of kind 0", func(v *View) { v.Lost = append(v.Lost, None) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := g.View(White)
			tc.edit(&v)
			if err := v.Check(); err == nil {
				t.Error("passed")
			}
		})
	}
}

// kingCell is the cell of the view's own king.
func (v *View) kingCell() int {
	for i, c := range v.Cells {
		if c.Piece.Kind == King && c.Piece.Color == v.Side {
			return i
		}
	}
	return 0
}
