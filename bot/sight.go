package bot

// Sight as the engine computes it — symmetric shadowcasting (Albert Ford's
// algorithm), Euclidean radius within r + ½ — on the map the bot knows,
// tiles never seen counted as open: a wanderer sees a player exactly when
// the player would see the wanderer's tile.

type frac struct{ num, den int }

func withinRadius(dx, dy, r int) bool { return dx*dx+dy*dy <= r*r+r }

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// canSee reports whether tile to lies in sight of tile from within radius.
func (k *known) canSee(from, to, radius int) bool {
	o, t := k.pt(from), k.pt(to)
	dx, dy := t.X-o.X, t.Y-o.Y
	if !withinRadius(dx, dy, radius) {
		return false
	}
	if from == to {
		return true
	}
	for q := 0; q < 4; q++ {
		// The target's depth and column in quadrant q.
		var depth, col int
		switch q {
		case 0:
			depth, col = -dy, dx
		case 1:
			depth, col = dx, dy
		case 2:
			depth, col = dy, dx
		default:
			depth, col = -dx, dy
		}
		if depth <= 0 || col < -depth || col > depth {
			continue
		}
		if k.scan(o.X, o.Y, q, radius, 1, frac{-1, 1}, frac{1, 1}, depth, col) {
			return true
		}
	}
	return false
}

func (k *known) wallAt(ox, oy, q, depth, col int) bool {
	var x, y int
	switch q {
	case 0:
		x, y = ox+col, oy-depth
	case 1:
		x, y = ox+depth, oy+col
	case 2:
		x, y = ox+col, oy+depth
	default:
		x, y = ox-depth, oy+col
	}
	if x < 0 || y < 0 || x >= k.cols || y >= k.rows {
		return true
	}
	return !k.mwalk[y*k.cols+x]
}

// scan is the shadowcaster's row scan, looking for the tile (tDepth, tCol).
func (k *known) scan(ox, oy, q, radius, depth int, start, end frac, tDepth, tCol int) bool {
	if depth > radius || depth > tDepth {
		return false
	}
	minCol := floorDiv(2*depth*start.num+start.den, 2*start.den)
	maxCol := -floorDiv(-(2*depth*end.num - end.den), 2*end.den)
	prevWall, havePrev := false, false
	for col := minCol; col <= maxCol; col++ {
		wall := k.wallAt(ox, oy, q, depth, col)
		if depth == tDepth && col == tCol {
			symmetric := col*start.den >= depth*start.num && col*end.den <= depth*end.num
			if wall || symmetric {
				return true
			}
		}
		if havePrev && prevWall && !wall {
			start = frac{2*col - 1, 2 * depth}
		}
		if havePrev && !prevWall && wall {
			if k.scan(ox, oy, q, radius, depth+1, start, frac{2*col - 1, 2 * depth}, tDepth, tCol) {
				return true
			}
		}
		prevWall, havePrev = wall, true
	}
	if havePrev && !prevWall {
		return k.scan(ox, oy, q, radius, depth+1, start, end, tDepth, tCol)
	}
	return false
}
