package labyrinth

import (
	"fmt"
	"math/rand/v2"
)

// Sizes of generated fields.
const (
	MinGenSide = 2
	MaxGenSide = 100
)

// SeedSalt is the second word of the source of a game's random field and
// random start cells: rand.NewPCG(seed, SeedSalt), on the screen and in a
// script alike, so that one seed gives one game.
const SeedSalt = 0x1ab

// Generate draws a random field of rows × cols cells, as the original's
// random_field did: one field, no sleep cells. It is a maze with loops, one
// exit on the border leading off the field, a key, armories, stuns, rubber
// rooms and teleports (at most 9), placed so that the exit can be reached
// from every cell (`check` passes) and the key and the armories from
// anywhere (they can be reached from the exit).
func Generate(rows, cols int, rng *rand.Rand) (*File, error) {
	if rows < MinGenSide || cols < MinGenSide || rows > MaxGenSide || cols > MaxGenSide {
		return nil, fmt.Errorf("a random field is %d to %d cells a side, not %d × %d", MinGenSide, MaxGenSide, rows, cols)
	}
	n := rows * cols
	f := Field{Rows: rows, Cols: cols, Cells: make([]rune, n), WallRight: make([]bool, n), WallDown: make([]bool, n)}
	for i := range f.Cells {
		f.Cells[i] = '.'
		f.WallRight[i] = i%cols < cols-1
		f.WallDown[i] = i/cols < rows-1
	}
	carveMaze(&f, rng)
	// Loops: open one standing inner wall in eight.
	for i := 0; i < n; i++ {
		if f.WallRight[i] && rng.IntN(8) == 0 {
			f.WallRight[i] = false
		}
		if f.WallDown[i] && rng.IntN(8) == 0 {
			f.WallDown[i] = false
		}
	}
	lab := &File{Legend: map[rune]Special{}}

	// The exit: a border cell, its door leading off the field.
	var exit int
	var door Dir
	switch side := rng.IntN(4); side {
	case 0:
		exit, door = rng.IntN(cols), Up
	case 1:
		exit, door = rng.IntN(rows)*cols, Left
	case 2:
		exit, door = (rows-1)*cols+rng.IntN(cols), Down
	default:
		exit, door = rng.IntN(rows)*cols+cols-1, Right
	}
	f.Cells[exit] = 'E'
	lab.Legend['E'] = Special{Char: 'E', Kind: "Exit", Dir: door}

	// The tree of shortest ways to the exit: toward[i] is the way from
	// cell i to the next cell on its way, order the cells by distance.
	toward := make([]Dir, n)
	parent := make([]int32, n)
	order := make([]int32, 0, n)
	seen := make([]bool, n)
	seen[exit], parent[exit] = true, -1
	order = append(order, int32(exit))
	for head := 0; head < len(order); head++ {
		u := int(order[head])
		c := Cell{X: u / cols, Y: u % cols}
		for d := Up; d <= Right; d++ {
			if !f.Open(c, d) {
				continue
			}
			nc := c.Step(d)
			v := nc.X*cols + nc.Y
			if !seen[v] {
				seen[v], parent[v], toward[v] = true, int32(u), d.Opposite()
				order = append(order, int32(v))
			}
		}
	}

	// Free cells in random order, taken one by one for the special cells.
	free := make([]int, 0, n-1)
	for i := 0; i < n; i++ {
		if i != exit {
			free = append(free, i)
		}
	}
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	// The key, and its way to the exit: that way is kept free of rubber
	// rooms and teleports, so that from the exit — which every cell
	// reaches — one can walk back to the key.
	key := free[0]
	free = free[1:]
	onWay := make([]bool, n)
	for u := int32(key); u >= 0; u = parent[u] {
		onWay[u] = true
	}
	var kept []int
	traps := free[:0]
	for _, u := range free {
		if onWay[u] {
			kept = append(kept, u)
		} else {
			traps = append(traps, u)
		}
	}
	free = traps
	take := func(k int) []int {
		k = min(k, len(free))
		out := free[:k]
		free = free[k:]
		return out
	}

	// Teleports first: a destination must not lead back through any
	// teleport on its way to the exit, or the way could loop.
	teleports := take(min(9, max(1, n/25)))
	isTele := make([]bool, n)
	for _, t := range teleports {
		isTele[t] = true
	}
	viaTele := make([]bool, n)
	var dests []int
	for _, u := range order {
		if parent[u] >= 0 {
			viaTele[u] = isTele[u] || viaTele[parent[u]]
		}
		if !viaTele[u] && int(u) != exit {
			dests = append(dests, int(u))
		}
	}
	for k, t := range teleports {
		if len(dests) == 0 {
			isTele[t] = false
			continue
		}
		d := dests[rng.IntN(len(dests))]
		ch := rune('1' + k)
		f.Cells[t] = ch
		lab.Legend[ch] = Special{Char: ch, Kind: "Teleport", To: Cell{X: d / cols, Y: d % cols}}
	}

	// Rubber rooms let out only toward the exit.
	rubberChar := [...]rune{Up: 'U', Left: 'L', Down: 'D', Right: 'R'}
	for _, u := range take(n / 20) {
		d := toward[u]
		ch := rubberChar[d]
		f.Cells[u] = ch
		lab.Legend[ch] = Special{Char: ch, Kind: "RubberRoom", Dir: d}
	}

	// The armories lie where one can go from the exit, so that whoever
	// can reach the exit can reach them too.
	f.Cells[key] = 'K'
	lab.Legend['K'] = Special{Char: 'K', Kind: "Key"}
	free = append(free, kept...)
	lab.Fields = []Field{f}
	fromExit := reachable(lab, exit)
	var near []int
	rest := free[:0]
	for _, u := range free {
		if fromExit[u] {
			near = append(near, u)
		} else {
			rest = append(rest, u)
		}
	}
	put := func(cells []int, ch rune, sp Special) {
		for _, u := range cells {
			f.Cells[u] = ch
			sp.Char = ch
			lab.Legend[ch] = sp
		}
	}
	k := min(len(near), max(1, n/60))
	put(near[:k], 'A', Special{Kind: "Armory"})
	rest = append(rest, near[k:]...)
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	put(rest[:min(len(rest), n/16)], 'S', Special{Kind: "Stun", Turns: 2})
	return lab, nil
}

// carveMaze opens the walls of a random spanning tree of the field's
// cells (a depth-first backtracker with an explicit stack).
func carveMaze(f *Field, rng *rand.Rand) {
	n := f.Rows * f.Cols
	seen := make([]bool, n)
	stack := make([]int32, 0, n)
	start := rng.IntN(n)
	seen[start] = true
	stack = append(stack, int32(start))
	var next [4]int
	for len(stack) > 0 {
		u := int(stack[len(stack)-1])
		r, c := u/f.Cols, u%f.Cols
		k := 0
		if r > 0 && !seen[u-f.Cols] {
			next[k] = u - f.Cols
			k++
		}
		if c > 0 && !seen[u-1] {
			next[k] = u - 1
			k++
		}
		if r < f.Rows-1 && !seen[u+f.Cols] {
			next[k] = u + f.Cols
			k++
		}
		if c < f.Cols-1 && !seen[u+1] {
			next[k] = u + 1
			k++
		}
		if k == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		v := next[rng.IntN(k)]
		switch v {
		case u - f.Cols:
			f.WallDown[v] = false
		case u - 1:
			f.WallRight[v] = false
		case u + f.Cols:
			f.WallDown[u] = false
		default:
			f.WallRight[u] = false
		}
		seen[v] = true
		stack = append(stack, int32(v))
	}
}

// reachable marks the cells of field 0 that can be reached from cell from
// by the moves of the game: through open sides, out of a rubber room only
// its way, a teleport landing on its destination.
func reachable(lab *File, from int) []bool {
	f := &lab.Fields[0]
	n := f.Rows * f.Cols
	seen := make([]bool, n)
	queue := []int{from}
	seen[from] = true
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		c := Cell{X: u / f.Cols, Y: u % f.Cols}
		sp, special := lab.Special(0, c)
		for d := Up; d <= Right; d++ {
			if special && sp.Kind == "RubberRoom" && sp.Dir != d || !f.Open(c, d) {
				continue
			}
			nc := c.Step(d)
			if to, ok := lab.Special(0, nc); ok && to.Kind == "Teleport" {
				nc = to.To
			}
			v := nc.X*f.Cols + nc.Y
			if !seen[v] {
				seen[v] = true
				queue = append(queue, v)
			}
		}
	}
	return seen
}
