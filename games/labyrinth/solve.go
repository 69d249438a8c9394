package labyrinth

// Solve returns the shortest list of steps that wins the game for a player
// alone on lab's main field from start: to a key (when the field has one),
// then out through an exit. It knows the true field, as only the referee
// does: it is for tests, demonstrations and bots that cheat. Sleep cells
// are avoided (a dream's steps are not the field's); stuns cost turns but
// no commands, so they are not avoided. It returns false when there is no
// such walk.
func Solve(lab *File, start Cell) ([]Dir, bool) {
	f := &lab.Fields[0]
	n := f.Rows * f.Cols
	keyed := false
	for _, ch := range f.Cells {
		if sp, ok := lab.Legend[ch]; ok && sp.Kind == "Key" {
			keyed = true
		}
	}
	// A state is a cell and whether the key is held: index k*n + cell.
	const none = -1
	prev := make([]int32, 2*n)
	via := make([]Dir, 2*n)
	for i := range prev {
		prev[i] = -2
	}
	k0 := 0
	if !keyed {
		k0 = 1 // no key to find: as good as holding it
	}
	s0 := k0*n + start.X*f.Cols + start.Y
	prev[s0] = none
	queue := []int32{int32(s0)}
	for head := 0; head < len(queue); head++ {
		s := int(queue[head])
		k, u := s/n, s%n
		c := Cell{X: u / f.Cols, Y: u % f.Cols}
		sp, special := lab.Special(0, c)
		for d := Up; d <= Right; d++ {
			if special && sp.Kind == "Exit" && sp.Dir == d {
				if k == 1 {
					// Won: walk the states back.
					path := []Dir{d}
					for t := s; prev[t] != none; t = int(prev[t]) {
						path = append(path, via[t])
					}
					for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
						path[i], path[j] = path[j], path[i]
					}
					return path, true
				}
				continue
			}
			if special && sp.Kind == "RubberRoom" && sp.Dir != d || !f.Open(c, d) {
				continue
			}
			nc := c.Step(d)
			if to, ok := lab.Special(0, nc); ok {
				switch to.Kind {
				case "Sleep":
					continue
				case "Teleport":
					nc = to.To
				}
			}
			nk := k
			if to, ok := lab.Special(0, nc); ok && to.Kind == "Key" {
				nk = 1
			}
			t := nk*n + nc.X*f.Cols + nc.Y
			if prev[t] == -2 {
				prev[t], via[t] = int32(s), d
				queue = append(queue, int32(t))
			}
		}
	}
	return nil, false
}
