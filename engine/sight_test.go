package engine

import "testing"

// TestCanSeeAgreesWithFieldOfView checks the wanderers' quick line-of-sight
// test against the full field of view, for every pair of tiles within
// radius 4 (a wanderer's sight) and 6 on generated levels and a hand-made
// one with pillars: a wanderer must see a player exactly when the player,
// standing there, could see the wanderer's tile.
func TestCanSeeAgreesWithFieldOfView(t *testing.T) {
	var levels []Level
	for n := 1; n <= CampaignLevels; n += 3 {
		lv, err := Generate(uint64(40+n), n)
		if err != nil {
			t.Fatal(err)
		}
		levels = append(levels, lv)
	}
	levels = append(levels, tiny(t,
		"###########",
		"#P........#",
		"#.#.#.#.#.#",
		"#.........#",
		"#..##.#...#",
		"#.#....#.K#",
		"#........E#",
		"###########",
	))
	checked, seen := 0, 0
	for _, lv := range levels {
		g, err := New(Config{Seed: 1, Players: 1, Levels: []Level{lv}})
		if err != nil {
			t.Fatal(err)
		}
		for _, radius := range []int{4, 6} {
			for y := 0; y < g.b.rows; y++ {
				for x := 0; x < g.b.cols; x++ {
					from := Point{x, y}
					if g.b.isWall(from) {
						continue
					}
					full := map[Point]bool{}
					fov(g.b, from, radius, func(p Point) { full[p] = true })
					for ty := y - radius; ty <= y+radius; ty++ {
						for tx := x - radius; tx <= x+radius; tx++ {
							to := Point{tx, ty}
							if !g.b.in(to) {
								continue
							}
							if got := g.canSee(from, to, radius); got != full[to] {
								t.Fatalf("level %dx%d: canSee(%v, %v, %d) = %v, the field of view says %v", g.b.rows, g.b.cols, from, to, radius, got, full[to])
							}
							checked++
							if full[to] {
								seen++
							}
						}
					}
				}
			}
		}
	}
	if seen == 0 || seen == checked {
		t.Fatalf("%d of %d pairs seen: the check compared nothing useful", seen, checked)
	}
}
