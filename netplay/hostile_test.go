package netplay

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/safetext"
)

// hostile is what a hostile server puts in every text field: a window
// title (OSC 0), a clipboard write (OSC 52), a screen clear, a bidi
// override, a zero-width space and an isolate around the word "evil".
const hostile = "\x1b]0;pwned\x07\x1b]52;c;ZXZpbA==\x07ev\u202eil\u200b\u2066\x1b[2J"

// messageTypes lists the `t` of every Type constant of the package,
// read from its source, so that a message type added later is tested too.
func messageTypes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 || !strings.HasPrefix(vs.Names[0].Name, "Type") {
				return true
			}
			if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				types = append(types, s)
			}
			return true
		})
	}
	if len(types) < 20 {
		t.Fatalf("found only %d message types in the source: %v", len(types), types)
	}
	return types
}

// fill sets every exported string reachable from v to hostile, giving
// every slice one element.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(hostile)
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes, not text
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i))
		}
	}
}

// strings returns every exported string reachable from v, with its path.
func stringsOf(v reflect.Value, path string, out map[string]string) {
	switch v.Kind() {
	case reflect.String:
		out[path] = v.String()
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			stringsOf(v.Elem(), path, out)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				stringsOf(v.Field(i), path+"."+f.Name, out)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			stringsOf(v.Index(i), path+"["+strconv.Itoa(i)+"]", out)
		}
	}
}

// TestHostileServerCleaned: a hostile server puts
// escape sequences and bidi and zero-width characters in every field of
// every message type it may send; what the client decodes — and so what
// any screen draws — holds none of them: the level's name and the daily's
// date as much as names and chat.
func TestHostileServerCleaned(t *testing.T) {
	want := safetext.Clean(hostile)
	if want != "evil" {
		t.Fatalf("the hostile text cleans to %q", want)
	}
	type variant struct {
		typ, kind string
		m         Message
		// valid makes the parts a client checks before it draws anything
		// (a Trails field's cells) valid again after the filling.
		valid func(Message)
	}
	var variants []variant
	for _, typ := range messageTypes(t) {
		if m := newMessage(typ); m != nil { // else a type only clients send
			variants = append(variants, variant{typ: typ, m: m})
		}
	}
	// The states of the other game kinds.
	variants = append(variants, variant{typ: TypeState, kind: KindChess, m: &ChessState{}, valid: func(m Message) {
		st := m.(*ChessState)
		st.Captured, st.Lost = []chess.Kind{chess.Pawn}, []chess.Kind{chess.Knight}
		st.Told[0].Kind = chess.Moved
	}})
	variants = append(variants, variant{typ: TypeState, kind: KindTrails, m: &TrailsState{}, valid: func(m Message) {
		v := &m.(*TrailsState).View
		v.Size = max(trails.MinSize, 7)
		v.Rows = nil
		for range v.Size {
			v.Rows = append(v.Rows, strings.Repeat(".", v.Size))
		}
		m.(*TrailsState).Names = append(m.(*TrailsState).Names, hostile)
	}})
	variants = append(variants, variant{typ: TypeState, kind: KindLabyrinth, m: &LabyrinthState{}, valid: func(m Message) {
		st := m.(*LabyrinthState)
		st.Seat, st.Rows, st.Cols = 1, 10, 10
		st.Answers = []labyrinth.Answer{{Player: 1, Says: []labyrinth.Said{{Fact: labyrinth.FactHelp}}}}
	}})
	variants = append(variants, variant{typ: TypeState, kind: KindFoxhunt, m: &FoxhuntState{}, valid: func(m Message) {
		st := m.(*FoxhuntState)
		st.Seat, st.W, st.H, st.Map = 1, foxhunt.MinSize, foxhunt.MinSize, nil
		for range st.H {
			st.Map = append(st.Map, strings.Repeat("_", st.W))
		}
		st.Players = []FoxPlayer{{Seat: 1}}
	}})
	tested := 0
	for _, vr := range variants {
		typ, m := vr.typ, vr.m
		tested++
		v := reflect.ValueOf(m)
		fill(v)
		if vr.valid != nil {
			vr.valid(m)
		}
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		var obj map[string]any
		if err := json.Unmarshal(data, &obj); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		obj["t"] = typ
		if vr.kind != "" {
			obj["kind"] = vr.kind
		}
		line, _ := json.Marshal(obj)
		if typ == TypeState && vr.kind == "" && !strings.Contains(string(line), `"name":"\u001b]0;pwned`) {
			t.Fatalf("the hostile state line carries no level name: %s", line)
		}
		got, err := DecodeMessage(line)
		if err != nil {
			t.Fatalf("%s: decoding %s: %v", typ, line, err)
		}
		found := map[string]string{}
		stringsOf(reflect.ValueOf(got), typ, found)
		evil := 0
		for path, s := range found {
			if s != safetext.Clean(s) || strings.ContainsAny(s, "\x1b\x07\u202e\u200b\u2066") {
				t.Errorf("%s reaches the screen as %q", path, s)
			}
			if s == want {
				evil++
			}
		}
		if evil == 0 && len(found) > 1 {
			t.Errorf("%s: no field kept the hostile text (cleaned) at all: %v", typ, found)
		}
	}
	for _, c := range []struct{ typ, path string }{{TypeState, "state.View.Name"}, {TypeDaily, "daily.Date"}, {TypeChat, "chat.Text"}} {
		m := newMessage(c.typ)
		fill(reflect.ValueOf(m))
		line, _ := json.Marshal(m)
		var obj map[string]any
		json.Unmarshal(line, &obj)
		obj["t"] = c.typ
		line, _ = json.Marshal(obj)
		got, err := DecodeMessage(line)
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]string{}
		stringsOf(reflect.ValueOf(got), c.typ, found)
		if found[c.path] != want {
			t.Errorf("%s is %q, want %q", c.path, found[c.path], want)
		}
	}
	if tested < 12 {
		t.Fatalf("only %d server message types tested", tested)
	}
}
