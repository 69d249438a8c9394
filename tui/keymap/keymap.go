// Package keymap is the keys of play of every game and of the lobby: each
// game's actions with their default keys, the player's keymap file that
// rebinds them, and the one keymap a program uses (Active).
//
// The file (docs/guide.md, "Your own keys") has one line an action:
//
//	# a comment
//	up = w, k, up
//	help = ?, F1
//
// A line names the action as the help screens do and every key it is to
// have: the line replaces the action's default keys in every game that
// has the action. A broken line is reported with its line number and the
// action keeps its default keys.
package keymap

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The games (and the lobby) whose keys a keymap holds.
const (
	Minotaur  = "minotaur"
	Labyrinth = "labyrinth"
	Trails    = "trails"
	Chess     = "chess"
	FoxHunt   = "foxhunt"
	Lobby     = "lobby"
)

// Games are the games and the lobby, in the order the docs list them.
var Games = []string{Minotaur, Labyrinth, Trails, Chess, FoxHunt, Lobby}

// Action is an action a key can be bound to, as the keymap file names it.
type Action struct {
	Name string
	What string // what it does, for the docs and the reports
}

// Actions are every action of the keymap file, in the order the docs list
// them.
var Actions = []Action{
	{"up", "move up (in menus and lists too)"},
	{"down", "move down"},
	{"left", "move left"},
	{"right", "move right"},
	{"wait", "wait a turn (Minotaur), do nothing this round (Fox hunt)"},
	{"help", "open the help"},
	{"pause", "open and close the pause menu"},
	{"quit", "leave the game (asks first when something would be lost); the lobby: back to the menu"},
	{"undo", "take back your last move (Trails and Towers, against the computer)"},
	{"restart", "start the game again (Trails and Towers)"},
	{"freeze", "use a pocketed freeze (Minotaur)"},
	{"look", "look: name what is on a tile (Minotaur)"},
	{"travel", "travel to the key or the exit (Minotaur)"},
	{"explore", "explore toward the edge of the known map (Minotaur)"},
	{"messages", "every message of the game (Minotaur)"},
	{"chat", "type a chat line (Minotaur with others, the lobby)"},
	{"shoot", "shoot (the Labyrinth)"},
	{"inventory", "show what you carry (the Labyrinth)"},
	{"prev-sheet", "the previous player's sheet (the Labyrinth)"},
	{"next-sheet", "the next player's sheet (the Labyrinth)"},
	{"pick", "pick the piece under the cursor, or where it goes (chess)"},
	{"log", "the log of what you saw (chess)"},
	{"bomb", "throw or lay a bomb (Fox hunt)"},
	{"centre", "centre the map on the fox again, watching (Fox hunt)"},
	{"invite", "invite the selected player (the lobby)"},
	{"computer", "play against the computer (the lobby)"},
	{"accept", "accept the last invitation (the lobby)"},
	{"decline", "decline the last invitation (the lobby)"},
	{"watch", "watch the selected game (the lobby)"},
	{"solo", "a solo game on the server (the lobby)"},
	{"daily", "the daily challenge (the lobby)"},
}

// The moves: WASD and the arrows, the vi-keys (h j k l, lower case: Shift+H
// stays help) and the numpad's digits (8 4 6 2, and 5 to wait). No game
// moves diagonally, so y u b n are not bound.
var (
	upKeys    = []string{"w", "W", "up", "k", "8"}
	downKeys  = []string{"s", "S", "down", "j", "2"}
	leftKeys  = []string{"a", "A", "left", "h", "4"}
	rightKeys = []string{"d", "D", "right", "l", "6"}
	helpKeys  = []string{"?", "H"}
	pauseKeys = []string{"esc", "p", "P"}
	quitKeys  = []string{"q", "Q"}
)

type binding struct {
	action string
	keys   []string
}

// defaults are each game's actions and their default keys, in the order
// a help screen lists them. The table is built on first use, not at
// start: every command of the program would pay for it, `minotaur
// version` too (docs/performance.md, "Start-up").
var defaults = sync.OnceValue(func() map[string][]binding {
	return map[string][]binding{
		Minotaur: {
			{"up", upKeys}, {"down", downKeys}, {"left", leftKeys}, {"right", rightKeys},
			{"wait", []string{" ", "5"}}, {"freeze", []string{"f", "F"}}, {"look", []string{"x", "X"}},
			{"travel", []string{">", "t", "T"}}, {"explore", []string{"o", "O"}},
			{"messages", []string{"ctrl+p"}}, {"chat", []string{"enter"}},
			{"help", helpKeys}, {"pause", pauseKeys}, {"quit", quitKeys},
		},
		Labyrinth: {
			{"up", upKeys}, {"down", downKeys}, {"left", leftKeys}, {"right", rightKeys},
			{"shoot", []string{"x", "X"}}, {"inventory", []string{"e", "E"}},
			{"prev-sheet", []string{"["}}, {"next-sheet", []string{"]"}},
			{"help", helpKeys}, {"pause", pauseKeys}, {"quit", quitKeys},
		},
		Trails: {
			{"up", upKeys}, {"down", downKeys}, {"left", leftKeys}, {"right", rightKeys},
			{"undo", []string{"u", "U"}}, {"restart", []string{"r", "R"}},
			{"help", helpKeys}, {"pause", pauseKeys}, {"quit", quitKeys},
		},
		// Chess types its moves (e2e4, e7e8q): letters a–h, digits 1–8 and
		// q r b n are a move's, so neither vi-keys nor the numpad nor Q move
		// or quit here, and help is ? alone.
		Chess: {
			{"up", []string{"w", "W", "up"}}, {"down", []string{"s", "S", "down"}},
			{"left", []string{"a", "A", "left"}}, {"right", []string{"d", "D", "right"}},
			{"pick", []string{"enter", " "}}, {"log", []string{"l", "L"}},
			{"help", []string{"?"}}, {"pause", pauseKeys},
		},
		// The Fox hunt's digits after B are the bomb's reach, so the numpad
		// moves only between bombs.
		FoxHunt: {
			{"up", upKeys}, {"down", downKeys}, {"left", leftKeys}, {"right", rightKeys},
			{"wait", []string{" ", "n", "N", "5"}}, {"bomb", []string{"b", "B"}},
			{"centre", []string{"c", "C", "home"}},
			{"help", helpKeys}, {"pause", pauseKeys}, {"quit", quitKeys},
		},
		Lobby: {
			{"up", []string{"up", "w", "W", "k", "8"}}, {"down", []string{"down", "s", "S", "j", "2"}},
			{"invite", []string{"i", "I"}}, {"computer", []string{"b", "B"}},
			{"accept", []string{"a", "A"}}, {"decline", []string{"d", "D"}},
			{"watch", []string{"v", "V"}}, {"solo", []string{"n", "N"}}, {"daily", []string{"c", "C"}},
			{"chat", []string{"t", "T", "enter"}},
			{"help", helpKeys}, {"quit", []string{"esc", "q", "Q"}},
		},
	}
})

// Problem is a broken line of a keymap file: where, and what is wrong.
type Problem struct {
	File string
	Line int // 0: the file as a whole
	Msg  string
}

// Error is "FILE:LINE: message".
func (p Problem) Error() string {
	if p.Line == 0 {
		return p.File + ": " + p.Msg
	}
	return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
}

// Map is the keys of every game: the defaults with the player's lines
// applied. The zero Map is not usable; start from Default or Parse.
type Map struct {
	keys   map[string]map[string][]string // game → action → keys
	action map[string]map[string]string   // game → key → action
	user   map[string]bool                // actions the file rebinds
}

// Default is the map of the default keys.
func Default() *Map {
	m, _ := Parse("", nil)
	return m
}

// Parse reads a keymap file's text. name is the file's name for the
// reports. Every broken line is a Problem, and the action of a broken
// line keeps its default keys; the rest of the file still applies.
func Parse(name string, text []byte) (*Map, []Problem) {
	var probs []Problem
	bad := func(line int, format string, a ...any) {
		probs = append(probs, Problem{File: name, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
	type userLine struct {
		action string
		keys   []string
		line   int
	}
	var lines []userLine
	seen := map[string]int{}
	if !utf8.Valid(text) {
		bad(0, "is not text (UTF-8); the default keys are used")
		text = nil
	}
	for i, raw := range strings.Split(string(text), "\n") {
		n := i + 1
		l := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if j := strings.Index(l, " #"); j >= 0 {
			l = strings.TrimSpace(l[:j])
		}
		act, list, ok := strings.Cut(l, "=")
		act = strings.ToLower(strings.TrimSpace(act))
		if !ok {
			bad(n, "%q is not \"action = key, key\"", l)
			continue
		}
		if !known(act) {
			bad(n, "there is no action %q (the actions: %s)", act, names())
			continue
		}
		if prev, dup := seen[act]; dup {
			bad(n, "%s is bound again (first on line %d); line %d kept", act, prev, prev)
			continue
		}
		var keys []string
		fail := false
		for _, k := range strings.Split(list, ",") {
			k = strings.TrimSpace(k)
			if k == "" {
				continue
			}
			norm, err := keyName(k)
			if err != "" {
				bad(n, "%s: %s; %s keeps its default keys", k, err, act)
				fail = true
				break
			}
			if !slices.Contains(keys, norm) {
				keys = append(keys, norm)
			}
		}
		if fail {
			continue
		}
		if len(keys) == 0 {
			bad(n, "%s is given no key; it keeps its default keys", act)
			continue
		}
		seen[act] = n
		lines = append(lines, userLine{act, keys, n})
	}

	m := &Map{keys: map[string]map[string][]string{}, action: map[string]map[string]string{}, user: map[string]bool{}}
	// Two lines that give one key to two actions of the same game: the
	// later line is reported and does not apply (in any game).
	rejected := map[int]bool{}
	var kept []userLine
	for _, u := range lines {
	earlier:
		for _, o := range kept {
			for _, g := range Games {
				if !has(g, u.action) || !has(g, o.action) {
					continue
				}
				for _, k := range u.keys {
					if slices.Contains(o.keys, k) {
						bad(u.line, "%s is already %s's key (line %d) in %s; %s keeps its default keys", Display(k), o.action, o.line, g, u.action)
						rejected[u.line] = true
						break earlier
					}
				}
			}
		}
		if !rejected[u.line] {
			kept = append(kept, u)
		}
	}
	for _, u := range lines {
		if !rejected[u.line] {
			m.user[u.action] = true
		}
	}
	for _, g := range Games {
		keys := map[string][]string{}
		taken := map[string]bool{}
		for _, u := range lines {
			if !rejected[u.line] && has(g, u.action) {
				keys[u.action] = u.keys
				for _, k := range u.keys {
					taken[k] = true
				}
			}
		}
		// The default keys of the other actions, less those the file gave
		// to an action of its own.
		for _, b := range defaults()[g] {
			if _, ok := keys[b.action]; ok {
				continue
			}
			var left []string
			for _, k := range b.keys {
				if !taken[k] {
					left = append(left, k)
				}
			}
			keys[b.action] = left
		}
		m.keys[g] = keys
		act := map[string]string{}
		for _, b := range defaults()[g] {
			for _, k := range keys[b.action] {
				act[k] = b.action
			}
		}
		m.action[g] = act
	}
	for _, u := range lines {
		if rejected[u.line] {
			continue
		}
		for _, g := range Games {
			for _, b := range defaults()[g] {
				if !m.user[b.action] && len(m.keys[g][b.action]) == 0 && len(b.keys) > 0 && slices.ContainsFunc(b.keys, func(k string) bool { return slices.Contains(u.keys, k) }) {
					bad(u.line, "%s takes the last key of %s in %s, which now has none", u.action, b.action, g)
				}
			}
		}
	}
	slices.SortStableFunc(probs, func(a, b Problem) int { return a.Line - b.Line })
	return m, probs
}

func known(action string) bool {
	return slices.ContainsFunc(Actions, func(a Action) bool { return a.Name == action })
}

func has(game, action string) bool {
	return slices.ContainsFunc(defaults()[game], func(b binding) bool { return b.action == action })
}

func names() string {
	var out []string
	for _, a := range Actions {
		out = append(out, a.Name)
	}
	return strings.Join(out, ", ")
}

// named are the keys a file may name by a word (besides a single
// character): the names bubbletea gives them, and a few for characters
// the file's syntax takes. Built on first use, as defaults.
var named = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"space": " ", "comma": ",", "hash": "#", "equals": "=",
		"up": "up", "down": "down", "left": "left", "right": "right",
		"enter": "enter", "esc": "esc", "escape": "esc", "tab": "tab", "shift+tab": "shift+tab",
		"backspace": "backspace", "delete": "delete", "insert": "insert",
		"home": "home", "end": "end", "pgup": "pgup", "pgdown": "pgdown",
	}
})

// keyName is the key as bubbletea spells it (tea.KeyMsg.String), or why
// the file's word names no key.
func keyName(k string) (string, string) {
	if utf8.RuneCountInString(k) == 1 {
		r, _ := utf8.DecodeRuneInString(k)
		if !unicode.IsPrint(r) {
			return "", "is not a key"
		}
		return k, ""
	}
	low := strings.ToLower(k)
	if v, ok := named()[low]; ok {
		return v, ""
	}
	if n, ok := strings.CutPrefix(low, "f"); ok {
		var i int
		if _, err := fmt.Sscanf(n, "%d", &i); err == nil && fmt.Sprint(i) == n && i >= 1 && i <= 20 {
			return low, ""
		}
	}
	if c, ok := strings.CutPrefix(low, "ctrl+"); ok && len(c) == 1 && c[0] >= 'a' && c[0] <= 'z' && c != "c" && c != "m" && c != "i" {
		return low, ""
	}
	if c, ok := strings.CutPrefix(k, "alt+"); ok && utf8.RuneCountInString(c) == 1 {
		return k, ""
	}
	return "", "is not a key name (a character, or one of: space, comma, hash, up, down, left, right, enter, esc, tab, backspace, delete, home, end, pgup, pgdown, f1…f20, ctrl+a…ctrl+z but ctrl+c, alt+<character>)"
}

// Keys are the keys of a game's action, as bubbletea spells them.
func (m *Map) Keys(game, action string) []string {
	return append([]string(nil), m.keys[game][action]...)
}

// Action is the action k is bound to in game, "" for none. A paste is no
// key.
func (m *Map) Action(game string, k tea.KeyMsg) string {
	if k.Paste {
		return ""
	}
	return m.action[game][k.String()]
}

// Is reports whether k is bound to the action in game.
func (m *Map) Is(game string, k tea.KeyMsg, action string) bool {
	return action != "" && m.Action(game, k) == action
}

// Changed reports whether the action's keys in game are not its defaults
// (the file rebound it, or gave one of its keys to another action).
func (m *Map) Changed(game, action string) bool {
	for _, b := range defaults()[game] {
		if b.action == action {
			return !slices.Equal(b.keys, m.keys[game][action])
		}
	}
	return false
}

// Label is how a hint names the keys of an action: dflt, the hint's own
// words, while the action has its default keys; else the first two keys
// bound, "Z/F1", or "none" for none.
func (m *Map) Label(game, action, dflt string) string {
	if !m.Changed(game, action) {
		return dflt
	}
	return m.label(m.keys[game][action], 2, "/")
}

// LabelAll names every key of an action (for a help screen), joined by
// sep; dflt while the keys are the defaults.
func (m *Map) LabelAll(game, action, dflt, sep string) string {
	if !m.Changed(game, action) {
		return dflt
	}
	return m.label(m.keys[game][action], 0, sep)
}

func (m *Map) label(keys []string, most int, sep string) string {
	var out []string
	for _, k := range keys {
		d := Display(k)
		if len(k) == 1 && unicode.IsLetter(rune(k[0])) {
			twin := strings.ToUpper(k)
			if k == twin {
				twin = strings.ToLower(k)
			}
			if slices.Contains(keys, twin) {
				d = strings.ToUpper(k)
			}
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	if most > 0 && len(out) > most {
		out = out[:most]
	}
	return strings.Join(out, sep)
}

// MoveLabel names the four moves of a game in one hint: dflt while they
// have their default keys, else their first keys ("ZQSD" where those are
// letters, "Z/Q/S/D" otherwise).
func (m *Map) MoveLabel(game, dflt string) string {
	dirs := []string{"up", "left", "down", "right"}
	changed := false
	for _, d := range dirs {
		changed = changed || m.Changed(game, d)
	}
	if !changed {
		return dflt
	}
	var first []string
	letters := true
	for _, d := range dirs {
		f := "none"
		if ks := m.keys[game][d]; len(ks) > 0 {
			f = Display(ks[0])
		}
		letters = letters && utf8.RuneCountInString(f) == 1
		first = append(first, strings.ToUpper(f))
	}
	if letters {
		return strings.Join(first, "")
	}
	return strings.Join(first, "/")
}

// Unknown is the line a game shows for a key that does nothing in play:
// "Unknown key — ? for help", with the help key as bound.
func (m *Map) Unknown(game string) string {
	return "Unknown key — " + m.label(m.keys[game]["help"], 1, "") + " for help"
}

// IsUnknown reports whether a key that matched nothing in play is to be
// told as unknown: any key but a paste and Ctrl+C (the root's).
func IsUnknown(k tea.KeyMsg) bool { return !k.Paste && k.String() != "ctrl+c" }

// Display is how the help names a key: "↑", "Esc", "Space", "Ctrl+P".
func Display(k string) string {
	switch k {
	case " ":
		return "Space"
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	case "esc":
		return "Esc"
	case "enter":
		return "Enter"
	case "tab":
		return "Tab"
	case "shift+tab":
		return "Shift+Tab"
	case "backspace":
		return "Backspace"
	case "delete":
		return "Delete"
	case "insert":
		return "Insert"
	case "home":
		return "Home"
	case "end":
		return "End"
	case "pgup":
		return "PgUp"
	case "pgdown":
		return "PgDn"
	}
	if c, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return "Ctrl+" + strings.ToUpper(c)
	}
	if c, ok := strings.CutPrefix(k, "alt+"); ok {
		return "Alt+" + c
	}
	if len(k) > 1 && k[0] == 'f' {
		return "F" + k[1:]
	}
	return k
}

// active is the keymap of this program: the player's file in a local
// game, read once before the first screen (Use); the defaults otherwise —
// an SSH server's sessions play with the defaults.
var active atomic.Pointer[Map]

// defaultMap is the map of the default keys, built on first use (a Map
// is never changed once built, so one serves every caller).
var defaultMap = sync.OnceValue(Default)

// Active is the keymap the screens use.
func Active() *Map {
	if m := active.Load(); m != nil {
		return m
	}
	return defaultMap()
}

// Use makes m the keymap of the program (nil: the defaults). Call it
// before the screens start; a test restores the defaults after.
func Use(m *Map) {
	if m == nil {
		m = defaultMap()
	}
	active.Store(m)
}

// Binding is bubbles' binding of a game's action: its keys as bound, and
// its hint — label while the action has its default keys, else the keys
// bound (see Label).
func (m *Map) Binding(game, action, label, what string) key.Binding {
	return key.NewBinding(key.WithKeys(m.Keys(game, action)...), key.WithHelp(m.Label(game, action, label), what))
}

// Cached is what a game builds from the active keymap (its bindings),
// built again only when another keymap becomes active.
type Cached[T any] struct {
	build func(*Map) T
	last  atomic.Pointer[built[T]]
}

type built[T any] struct {
	m *Map
	v T
}

// NewCached returns the cache of build's result.
func NewCached[T any](build func(*Map) T) *Cached[T] { return &Cached[T]{build: build} }

// Get is build's result for the active keymap.
func (c *Cached[T]) Get() T {
	m := Active()
	if b := c.last.Load(); b != nil && b.m == m {
		return b.v
	}
	b := &built[T]{m: m, v: c.build(m)}
	c.last.Store(b)
	return b.v
}
