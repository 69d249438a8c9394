package netplay

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/chess"
)

// A client refuses a chess state it could not draw safely, as it refuses a
// Trails one: a hostile server's open cell with -1 turns left crashed the
// screen, and a negative HP wrote control bytes to the terminal.
func TestChessStateChecked(t *testing.T) {
	g := chess.New(rand.NewPCG(1, 2))
	line, err := json.Marshal(&ChessState{T: TypeState, Kind: KindChess, Seq: 1, Names: []string{"a", "b"}, View: g.View(chess.White)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeMessage(line); err != nil {
		t.Fatalf("a real state refused: %v", err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	cell := func(m map[string]any, i int) map[string]any { return m["cells"].([]any)[i].(map[string]any) }
	for name, f := range map[string]func(m map[string]any){
		"open cell with -1 turns left": func(m map[string]any) { cell(m, 30)["sight"], cell(m, 30)["left"] = 1, -1 },
		"pawn with -41 HP": func(m map[string]any) {
			cell(m, 8)["piece"].(map[string]any)["hp"] = -41
		},
		"sight 9":          func(m map[string]any) { cell(m, 0)["sight"] = 9 },
		"side 3":           func(m map[string]any) { m["to_move"] = 3 },
		"three names":      func(m map[string]any) { m["names"] = []string{"a", "b", "c"} },
		"event of kind 99": func(m map[string]any) { m["told"] = []map[string]any{{"kind": 99}} },
	} {
		if _, err := DecodeMessage(edit(f)); err == nil || !strings.Contains(err.Error(), "chess") {
			t.Errorf("%s: decoded (%v)", name, err)
		}
	}
}
