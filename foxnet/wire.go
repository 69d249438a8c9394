// Package foxnet is the Fox hunt on the network: the wire's two dialects
// (wiki, the MICA 2016 wiki's texts; mica, what the contest's reference
// server v0.5.5 sends), the server that runs matches for bots and people
// over plain TCP, with the computer player of games/foxhunt/bot seated in
// process. It reads the rules from games/foxhunt and never imports a front
// end. See docs/foxhunt.md.
package foxnet

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
)

// Dialect is one of the wire's two forms of the state block.
type Dialect uint8

const (
	Wiki Dialect = iota // the seed's texts: "Runde: r/R, Spieleranzahl: …"
	Mica                // the reference server's: "messageLength:N", "game:…,round:…"
)

// ParseDialect reads a --wire value.
func ParseDialect(s string) (Dialect, error) {
	switch s {
	case "wiki":
		return Wiki, nil
	case "mica":
		return Mica, nil
	}
	return 0, fmt.Errorf("--wire %q: choose wiki or mica", s)
}

func (d Dialect) String() string {
	if d == Mica {
		return "mica"
	}
	return "wiki"
}

// The reference server's fixed texts (mica dialect).
const (
	stars      = "***********************************************************"
	clearHome  = "\033[H\033[2J"
	micaHello  = "Successfully connected to Bomberman-Server\nEnter q to disconnect.\n"
	micaWait   = "wfyc: waiting for your command\n"
	gameIsOver = "game is over\n"
)

// Frame is what a state block needs besides the game.
type Frame struct {
	Game, Games int           // the match's number in its series, and the series' length
	Timeout     time.Duration // the round's timeout
}

// AppendBlock appends the state block of g in dialect d (without the mica
// header; see AppendHeader).
func AppendBlock(dst []byte, d Dialect, g *foxhunt.Game, f Frame) []byte {
	b := g.Board()
	round := max(1, g.Played())
	ps := g.Players()
	n := 0
	for i := range ps {
		if !ps[i].Gone {
			n++
		}
	}
	mapStart := len(dst)
	if d == Wiki {
		dst = append(dst, "Runde: "...)
		dst = strconv.AppendInt(dst, int64(round), 10)
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, int64(g.Rounds()), 10)
		dst = append(dst, ", Spieleranzahl: "...)
		dst = strconv.AppendInt(dst, int64(n), 10)
		dst = append(dst, ", Spielfeldgröße: x "...)
		dst = strconv.AppendInt(dst, int64(b.W), 10)
		dst = append(dst, " y "...)
		dst = strconv.AppendInt(dst, int64(b.H), 10)
		dst = append(dst, ", Cmd-Timeout: "...)
		dst = strconv.AppendFloat(dst, f.Timeout.Seconds(), 'f', -1, 64)
		dst = append(dst, ", \n\n\n"...)
	} else {
		dst = append(dst, clearHome+stars+"\n\ngame:"...)
		dst = strconv.AppendInt(dst, int64(f.Game), 10)
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, int64(f.Games), 10)
		dst = append(dst, ",round:"...)
		dst = strconv.AppendInt(dst, int64(round), 10)
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, int64(g.Rounds()), 10)
		dst = append(dst, ",players:"...)
		dst = strconv.AppendInt(dst, int64(n), 10)
		dst = append(dst, ",mapsize:x"...)
		dst = appendTwo(dst, b.H)
		dst = append(dst, 'y')
		dst = appendTwo(dst, b.W)
		dst = append(dst, ",timeout:"...)
		dst = strconv.AppendFloat(dst, f.Timeout.Seconds(), 'f', 2, 64)
		dst = append(dst, "s,\n\nmap:\n"...)
	}
	mapStart = len(dst)
	dst = g.AppendMap(dst)
	// spread the map's W*H characters into rows of "c|"
	cells := append([]byte(nil), dst[mapStart:]...)
	dst = dst[:mapStart]
	for y := 0; y < b.H; y++ {
		for _, c := range cells[y*b.W : (y+1)*b.W] {
			dst = append(dst, c, '|')
		}
		dst = append(dst, '\n')
	}
	fox := g.Fox()
	row := func(i int) {
		p := &ps[i]
		if d == Wiki {
			dst = append(dst, p.Name...)
			dst = append(dst, '\t')
			dst = strconv.AppendInt(dst, int64(p.Points), 10)
			dst = append(dst, "\tx"...)
			dst = strconv.AppendInt(dst, int64(p.At.X), 10)
			dst = append(dst, " y"...)
			dst = strconv.AppendInt(dst, int64(p.At.Y), 10)
			dst = append(dst, '\n')
			return
		}
		dst = append(dst, "name:"...)
		dst = append(dst, p.Name...)
		dst = append(dst, ",score:"...)
		dst = strconv.AppendInt(dst, int64(p.Points), 10)
		dst = append(dst, ",x:"...)
		dst = strconv.AppendInt(dst, int64(p.At.X), 10)
		dst = append(dst, ",y:"...)
		dst = strconv.AppendInt(dst, int64(p.At.Y), 10)
		dst = append(dst, ";\n"...)
	}
	if d == Wiki {
		dst = append(dst, "\nName:\tPunkte:\tFeld:\n"...)
	} else {
		dst = append(dst, "\nscoretable:\n"...)
	}
	if fox >= 0 {
		row(fox)
	}
	for i := range ps {
		if i != fox && !ps[i].Gone {
			row(i)
		}
	}
	if d == Wiki {
		dst = append(dst, '\n')
	} else {
		dst = append(dst, "/scoretable\n"+stars+"\n"...)
	}
	return dst
}

func appendTwo(dst []byte, v int) []byte {
	if v < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(v), 10)
}

// AppendHeader appends the mica dialect's header for a block of n bytes:
// "messageLength:N", with no newline after it.
func AppendHeader(dst []byte, n int) []byte {
	dst = append(dst, "messageLength:"...)
	return strconv.AppendInt(dst, int64(n), 10)
}

// Entry is one row of a block's table.
type Entry = bot.Entry

// State is a parsed state block (either dialect): the wire's frame around
// what a player sees of the round (the round, the map with its separators
// gone, the table with the fox first), which the computer player reads.
type State struct {
	Dialect     Dialect
	Game, Games int
	Rounds      int
	Players     int
	Timeout     string
	bot.View
}

// Reader reads state blocks, and the lines around them, from a stream of
// lines in either dialect.
type Reader struct {
	cur     *State
	part    int // 0 outside, 1 header seen, 2 map, 3 table
	Name    string
	mlen    int
	Lines   []string // other lines since the last block ("E: …", answers)
	Over    bool     // "game is over" was read
	badRows int
}

// ErrBadBlock is returned for a block that does not parse.
var ErrBadBlock = errors.New("malformed state block")

// Line feeds one line (without its newline); it returns a state when the
// line completed one.
func (r *Reader) Line(line string) (*State, error) {
	line = strings.TrimRight(line, "\r")
	if strings.HasPrefix(line, "messageLength:") {
		// the header runs into the block's first line
		rest := line[len("messageLength:"):]
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		r.mlen, _ = strconv.Atoi(rest[:i])
		line = rest[i:]
	}
	line = strings.TrimPrefix(line, clearHome)
	switch {
	case strings.HasPrefix(line, "Runde: "):
		s, err := parseWikiHeader(line)
		if err != nil {
			return nil, err
		}
		r.cur, r.part = s, 2
		return nil, nil
	case strings.HasPrefix(line, "game:"):
		s, err := parseMicaHeader(line)
		if err != nil {
			return nil, err
		}
		r.cur, r.part = s, 1
		return nil, nil
	case strings.HasPrefix(line, "YourName:"):
		r.Name = line[len("YourName:"):]
		return nil, nil
	case line == "game is over":
		r.Over = true
		return nil, nil
	}
	if r.cur == nil {
		if line != "" && line != stars && !strings.HasPrefix(line, "YourID:") && !strings.HasPrefix(line, "wfyc") {
			if len(r.Lines) < 64 {
				r.Lines = append(r.Lines, line)
			}
		}
		return nil, nil
	}
	s := r.cur
	switch r.part {
	case 1: // mica: up to "map:"
		if line == "map:" {
			r.part = 2
		}
		return nil, nil
	case 2: // map rows, until the table
		if line == "" && len(s.Rows) == 0 {
			return nil, nil
		}
		if line == "" && s.Dialect == Wiki || line == "scoretable:" {
			if len(s.Rows) != s.H {
				r.cur = nil
				return nil, fmt.Errorf("%w: %d map rows, the header said %d", ErrBadBlock, len(s.Rows), s.H)
			}
			r.part = 3
			return nil, nil
		}
		if line == "" {
			return nil, nil
		}
		row := strings.ReplaceAll(line, "|", "")
		if len(row) != s.W {
			r.cur = nil
			return nil, fmt.Errorf("%w: map row %q is not %d fields wide", ErrBadBlock, line, s.W)
		}
		s.Rows = append(s.Rows, row)
		return nil, nil
	case 3:
		if s.Dialect == Wiki {
			if line == "Name:\tPunkte:\tFeld:" {
				return nil, nil
			}
			if line == "" {
				return r.done()
			}
			e, ok := parseWikiRow(line)
			if !ok {
				r.cur = nil
				return nil, fmt.Errorf("%w: table row %q", ErrBadBlock, line)
			}
			s.Table = append(s.Table, e)
			return nil, nil
		}
		if line == "/scoretable" {
			return r.done()
		}
		e, ok := parseMicaRow(line)
		if !ok {
			r.cur = nil
			return nil, fmt.Errorf("%w: table row %q", ErrBadBlock, line)
		}
		s.Table = append(s.Table, e)
	}
	return nil, nil
}

func (r *Reader) done() (*State, error) {
	s := r.cur
	r.cur, r.part = nil, 0
	if len(s.Table) != s.Players {
		return nil, fmt.Errorf("%w: %d table rows for %d players", ErrBadBlock, len(s.Table), s.Players)
	}
	for _, e := range s.Table {
		if e.At.X < 0 || e.At.Y < 0 || e.At.X >= s.W || e.At.Y >= s.H {
			return nil, fmt.Errorf("%w: %s stands at x%d y%d, off the %dx%d map", ErrBadBlock, e.Name, e.At.X, e.At.Y, s.W, s.H)
		}
	}
	return s, nil
}

func parseWikiHeader(line string) (*State, error) {
	s := &State{Dialect: Wiki}
	var t string
	_, err := fmt.Sscanf(line, "Runde: %d/%d, Spieleranzahl: %d, Spielfeldgröße: x %d y %d, Cmd-Timeout: %s", &s.Round, &s.Rounds, &s.Players, &s.W, &s.H, &t)
	if err != nil {
		return nil, fmt.Errorf("%w: header %q: %v", ErrBadBlock, line, err)
	}
	s.Timeout = strings.TrimSuffix(t, ",")
	return s, s.check()
}

func parseMicaHeader(line string) (*State, error) {
	s := &State{Dialect: Mica}
	s.Rules = foxhunt.Reference // the mica dialect plays the reference's rules
	for _, part := range strings.Split(line, ",") {
		k, v, ok := strings.Cut(part, ":")
		if !ok {
			continue
		}
		var err error
		switch k {
		case "game":
			_, err = fmt.Sscanf(v, "%d/%d", &s.Game, &s.Games)
		case "round":
			_, err = fmt.Sscanf(v, "%d/%d", &s.Round, &s.Rounds)
		case "players":
			s.Players, err = strconv.Atoi(v)
		case "mapsize":
			_, err = fmt.Sscanf(v, "x%dy%d", &s.H, &s.W)
		case "timeout":
			s.Timeout = strings.TrimSuffix(v, "s")
		}
		if err != nil {
			return nil, fmt.Errorf("%w: header %q: %s: %v", ErrBadBlock, line, k, err)
		}
	}
	return s, s.check()
}

func (s *State) check() error {
	if s.W < 1 || s.H < 1 || s.W > foxhunt.MaxSize || s.H > foxhunt.MaxSize || s.Players < 0 || s.Players > foxhunt.MaxPlayers {
		return fmt.Errorf("%w: size %dx%d, %d players", ErrBadBlock, s.W, s.H, s.Players)
	}
	return nil
}

func parseWikiRow(line string) (Entry, bool) {
	f := strings.Split(line, "\t")
	if len(f) != 3 {
		return Entry{}, false
	}
	pts, err := strconv.Atoi(f[1])
	if err != nil {
		return Entry{}, false
	}
	var e Entry
	if _, err := fmt.Sscanf(f[2], "x%d y%d", &e.At.X, &e.At.Y); err != nil {
		return Entry{}, false
	}
	e.Name, e.Points = f[0], pts
	return e, true
}

func parseMicaRow(line string) (Entry, bool) {
	line, ok := strings.CutSuffix(line, ";")
	if !ok {
		return Entry{}, false
	}
	var e Entry
	// the name may hold commas: the fields are read from the right
	i := strings.LastIndex(line, ",y:")
	j := strings.LastIndex(line[:max(i, 0)], ",x:")
	k := strings.LastIndex(line[:max(j, 0)], ",score:")
	if i < 0 || j < 0 || k < 0 || !strings.HasPrefix(line, "name:") {
		return Entry{}, false
	}
	var err1, err2, err3 error
	e.At.Y, err1 = strconv.Atoi(line[i+3:])
	e.At.X, err2 = strconv.Atoi(line[j+3 : i])
	e.Points, err3 = strconv.Atoi(line[k+7 : j])
	if err1 != nil || err2 != nil || err3 != nil {
		return Entry{}, false
	}
	e.Name = line[5:k]
	return e, true
}
