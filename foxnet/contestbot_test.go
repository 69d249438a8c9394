package foxnet

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// contestBot is a bot written against the reference server's behaviour
// alone, as the MICA 2016 contestants wrote theirs: it sends a name with a
// space as it connects, reads every block (messageLength:N, then N bytes) until "game is
// over", answers each "wfyc" with its command followed by a blank line
// ("\n\n", as real bots did), and finds its way assuming the border of W
// around the map: it looks at x-1, x+1, y-1, y+1 without a bounds check,
// so a map without the border crashes it, as it crashed the real bots.
type contestBot struct {
	name    string
	rng     *rand.Rand
	refused []string // answers that refused a command
	blocks  []botBlock
	over    bool
}

type botBlock struct {
	round  int
	rows   []string
	table  []botRow // the fox first
	border bool
}

type botRow struct {
	name   string
	points int
	x, y   int
}

func parseBotBlock(s string) (botBlock, error) {
	var b botBlock
	inMap := false
	for _, l := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(l, "game:"):
			i := strings.Index(l, "round:")
			j := strings.Index(l[i:], "/")
			if i < 0 || j < 0 {
				return b, fmt.Errorf("info line %q", l)
			}
			b.round, _ = strconv.Atoi(l[i+len("round:") : i+j])
		case l == "map:":
			inMap = true
		case inMap && l == "":
			inMap = false
		case inMap:
			b.rows = append(b.rows, strings.ReplaceAll(l, "|", ""))
		case strings.HasPrefix(l, "name:"):
			k := strings.LastIndex(l, ",score:")
			if k < 0 {
				return b, fmt.Errorf("table row %q", l)
			}
			var r botRow
			r.name = l[len("name:"):k]
			if _, err := fmt.Sscanf(l[k:], ",score:%d,x:%d,y:%d;", &r.points, &r.x, &r.y); err != nil {
				return b, fmt.Errorf("table row %q: %v", l, err)
			}
			b.table = append(b.table, r)
		}
	}
	if len(b.rows) == 0 || len(b.table) == 0 {
		return b, fmt.Errorf("no map or no table in %q", s)
	}
	b.border = true
	h, w := len(b.rows), len(b.rows[0])
	for y, row := range b.rows {
		for x := 0; x < len(row); x++ {
			if (x == 0 || y == 0 || x == w-1 || y == h-1) && row[x] != 'W' {
				b.border = false
			}
		}
	}
	return b, nil
}

func passable(c byte) bool { return c != 'W' && c != 'w' && c != 'B' }

// decide is the bot's command: the hunter walks the shortest way to the
// fox and now and then throws a bomb at it when it is in line; the fox
// steps to the neighbour farthest from the nearest hunter.
func (bot *contestBot) decide(b botBlock) string {
	me, fox := -1, b.table[0]
	for i, r := range b.table {
		if r.name == bot.name {
			me = i
		}
	}
	if me < 0 {
		return "x"
	}
	x, y := b.table[me].x, b.table[me].y
	moves := []struct {
		key    string
		dx, dy int
	}{{"w", 0, -1}, {"a", -1, 0}, {"s", 0, 1}, {"d", 1, 0}}
	// distances from a field over passable fields; no bounds checks: the
	// border of W stops every walk
	dist := func(fx, fy int) [][]int {
		d := make([][]int, len(b.rows))
		for i := range d {
			d[i] = make([]int, len(b.rows[i]))
			for j := range d[i] {
				d[i][j] = -1
			}
		}
		d[fy][fx] = 0
		q := [][2]int{{fx, fy}}
		for len(q) > 0 {
			p := q[0]
			q = q[1:]
			for _, m := range moves {
				nx, ny := p[0]+m.dx, p[1]+m.dy
				if d[ny][nx] < 0 && passable(b.rows[ny][nx]) {
					d[ny][nx] = d[p[1]][p[0]] + 1
					q = append(q, [2]int{nx, ny})
				}
			}
		}
		return d
	}
	if me == 0 { // the fox
		var hunters [][][]int
		for _, r := range b.table[1:] {
			hunters = append(hunters, dist(r.x, r.y))
		}
		best, bestD := "x", -1
		for _, m := range moves {
			nx, ny := x+m.dx, y+m.dy
			if !passable(b.rows[ny][nx]) {
				continue
			}
			near := 1 << 30
			for _, h := range hunters {
				if h[ny][nx] >= 0 && h[ny][nx] < near {
					near = h[ny][nx]
				}
			}
			if near > bestD || near == bestD && bot.rng.IntN(2) == 0 {
				best, bestD = m.key, near
			}
		}
		return best
	}
	for _, m := range moves {
		// the fox in line, 2 to 3 fields away: a bomb in front of it, now and then
		for k := 1; k <= 3; k++ {
			nx, ny := x+k*m.dx, y+k*m.dy
			if !passable(b.rows[ny][nx]) {
				break
			}
			if nx == fox.x && ny == fox.y && k >= 2 && bot.rng.IntN(4) == 0 {
				return "b" + strconv.Itoa(k-1) + m.key
			}
		}
	}
	d := dist(fox.x, fox.y)
	best, bestD := "x", d[y][x]
	for _, m := range moves {
		nx, ny := x+m.dx, y+m.dy
		if v := d[ny][nx]; v >= 0 && (bestD < 0 || v < bestD) && passable(b.rows[ny][nx]) {
			best, bestD = m.key, v
		}
	}
	if best == "x" {
		return moves[bot.rng.IntN(4)].key // walled off: wander
	}
	return best
}

// play runs the bot over conn until "game is over"; a crash of its
// pathfinding (a map without the border) is returned as an error.
func (bot *contestBot) play(conn net.Conn) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the bot crashed: %v", v)
		}
	}()
	in := &micaItems{bufio.NewReader(conn)}
	// it names itself on connecting, before reading the greeting
	if _, err := io.WriteString(conn, "name:"+bot.name+"\n"); err != nil {
		return err
	}
	greeted := false
	for {
		conn.SetReadDeadline(time.Now().Add(30 * time.Second))
		it, err := in.next()
		if err != nil {
			return fmt.Errorf("after %d blocks: %v", len(bot.blocks), err)
		}
		switch {
		case it.block != "":
			b, err := parseBotBlock(it.block)
			if err != nil {
				return err
			}
			if !b.border {
				return fmt.Errorf("round %d: no border of W around the map", b.round)
			}
			bot.blocks = append(bot.blocks, b)
		case strings.HasPrefix(it.line, "YourName:") && !greeted:
			greeted = true // the greeting's name, before the rename
		case strings.HasPrefix(it.line, "E: invalid name"):
			return fmt.Errorf("its name %q was refused: %s", bot.name, it.line)
		case strings.HasPrefix(it.line, "YourName:"):
			if got := strings.TrimPrefix(it.line, "YourName:"); got != bot.name {
				return fmt.Errorf("named %q, asked for %q", got, bot.name)
			}
		case it.line == AlreadyText || strings.HasPrefix(it.line, "You already") || strings.HasPrefix(it.line, "Game "):
			bot.refused = append(bot.refused, it.line)
		case it.line == "wfyc: waiting for your command":
			if len(bot.blocks) == 0 {
				return fmt.Errorf("wfyc before a block")
			}
			io.WriteString(conn, bot.decide(bot.blocks[len(bot.blocks)-1])+"\n\n")
		case it.line == "game is over":
			bot.over = true
			return nil
		}
	}
}

// Bots written against the reference server alone play whole matches of
// 2 and 8 players on ours in the mica dialect: none crashes, none has a
// command refused, each reads every block to "game is over", and the
// final table each read is the server's result and follows the rules
// (the fox scores one more than its rounds in a row as the fox).
func TestContestBotsPlayMica(t *testing.T) {
	for _, tc := range []struct{ players, rounds, size int }{{2, 120, 11}, {8, 80, 17}} {
		t.Run(strconv.Itoa(tc.players)+" players", func(t *testing.T) {
			ts := startServer(t, Config{Players: tc.players, Rounds: tc.rounds, W: tc.size, H: tc.size,
				Timeout: 5 * time.Second, Wire: Mica, Matches: 1, Seed: uint64(tc.players), StartDelay: 2 * time.Second})
			bots := make([]*contestBot, tc.players)
			errs := make([]error, tc.players)
			var wg sync.WaitGroup
			for i := range bots {
				bots[i] = &contestBot{name: fmt.Sprintf("Fox Bot %d", i+1), rng: rand.New(rand.NewPCG(uint64(i), 36))}
				conn, err := net.Dial("tcp", ts.addr)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = bots[i].play(conn)
				}()
			}
			wg.Wait()
			for i, bot := range bots {
				if errs[i] != nil {
					t.Fatalf("%s: %v", bot.name, errs[i])
				}
			}
			var res Result
			select {
			case res = <-ts.results:
			case <-time.After(10 * time.Second):
				t.Fatal("no result")
			}
			want := map[string]int{}
			for _, e := range res.Table {
				want[e.Name] = e.Points
			}
			catches := 0
			for i, bot := range bots {
				if len(bot.refused) > 0 {
					t.Fatalf("%s: %d commands refused: %q", bot.name, len(bot.refused), bot.refused)
				}
				if !bot.over || len(bot.blocks) != tc.rounds+1 {
					t.Fatalf("%s read %d blocks (over %v), want %d", bot.name, len(bot.blocks), bot.over, tc.rounds+1)
				}
				last := bot.blocks[len(bot.blocks)-1]
				if len(last.table) != tc.players {
					t.Fatalf("%s: final table %+v", bot.name, last.table)
				}
				for _, r := range last.table {
					if want[r.name] != r.points {
						t.Fatalf("%s read %s with %d points; the server's result says %d", bot.name, r.name, r.points, want[r.name])
					}
				}
				streak := 0
				for k := 1; k < len(bot.blocks); k++ {
					b, prev := bot.blocks[k], bot.blocks[k-1]
					if k > 1 && b.table[0].name == prev.table[0].name {
						streak++
					} else {
						streak = 1
						if k > 1 && i == 0 {
							catches++
						}
					}
					before := map[string]int{}
					for _, r := range prev.table {
						before[r.name] = r.points
					}
					for _, r := range b.table {
						gain := 0
						if r.name == b.table[0].name {
							gain = streak + 1
						}
						if r.points != before[r.name]+gain {
							t.Fatalf("%s, round %d: %s has %d points, had %d; the rules give %d more", bot.name, b.round, r.name, r.points, before[r.name], gain)
						}
					}
				}
			}
			t.Logf("%d players, %d rounds: winner %s with %d points; the fox was caught %d times", tc.players, tc.rounds, res.Table[0].Name, res.Table[0].Points, catches)
		})
	}
}
