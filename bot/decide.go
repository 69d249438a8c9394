package bot

import (
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
)

// candidates are the actions the reference bot weighs, in the order ties
// are broken.
var candidates = [...]engine.Action{engine.Up, engine.Left, engine.Down, engine.Right, engine.Skip, engine.UseFreeze}

// How far a bonus may lie (in safe steps) for the bot to fetch it first.
const bonusReach = 6

// torchReach is bonusReach for a torch, while the seat has none.
const torchReach = 16

// bonusDetour is how many steps longer than the way to the key a bonus may
// make it, once the key is seen: hunters head for the key's way, and a
// player who dawdles finds one there.
const bonusDetour = 2

// keyMap fills b.kd with the distances to the key over the tiles a player
// may walk before the key is found (unknown tiles assumed open), for the
// hunters' intercept rule.
func (b *Reference) keyMap() {
	k := &b.k
	if k.key < 0 {
		return
	}
	for i := range b.kwalk {
		b.kwalk[i] = k.mwalk[i] && i != k.exit
	}
	b.queue = k.bfs(b.kwalk, b.kd, b.queue, k.key)
}

// decide returns the action the reference bot plays from tile p.
func (b *Reference) decide(v *engine.View, p int) engine.Action {
	k := &b.k
	leap := b.leapIn(v)
	b.chooseTargets(v, p, leap)
	b.traceScores(v, p, leap)
	best, bestA := int64(caughtScore)-1, engine.Skip
	for _, a := range candidates {
		val, ok := b.score(v, p, a, leap)
		if ok && val > best {
			best, bestA = val, a
		}
	}
	if v.Freezes > 0 && b.onHeels(v, p) {
		// A chaser of the same speed on the player's heels never falls
		// back: frozen, it loses the player (a wanderer out of sight, a
		// hunter out of hearing).
		return engine.UseFreeze
	}
	if best < safeBase/2 && !b.noPlan {
		// No way to the goal is safe: play the belief forward by the
		// engine's own rules, in a few worlds that agree with it.
		if a, ok := b.plan(v, p, bestA); ok {
			return a
		}
	}
	if best < safeBase/2 {
		// No way to the goal is safe (and no world could be drawn): look
		// further ahead by the bot's own reckoning of the rules.
		a, found, doomed := b.search(v, p, leap)
		if b.Trace != nil {
			fmt.Fprintf(b.Trace, "  search: %v found=%v nodes=%d\n", a, found, len(b.nodes))
		}
		if found || doomed {
			return a
		}
	}
	if best <= caughtScore {
		// Every action loses to the monsters as the bot sees them: step
		// where it has been least, which at least never stands still.
		return leastVisited(k, p, b.visits)
	}
	return bestA
}

// heelsDist: a chasing monster this near (path steps) is on the player's heels.
const heelsDist = 2

// onHeels reports whether a hunter or wanderer in sight, not frozen, chases
// the player from within heelsDist steps.
func (b *Reference) onHeels(v *engine.View, p int) bool {
	k := &b.k
	near := false
	for i := range b.tracks {
		t := &b.tracks[i]
		if t.seen != v.Turn || t.frozen > 0 || t.kind == engine.Minotaur || !b.chaser(t, p) {
			continue
		}
		if manhattan(k.pt(t.pos), k.pt(p)) <= heelsDist {
			near = true
		}
	}
	if !near {
		return false
	}
	b.queue = k.bfs(k.mwalk, b.gd, b.queue, p)
	for i := range b.tracks {
		t := &b.tracks[i]
		if t.seen != v.Turn || t.frozen > 0 || t.kind == engine.Minotaur || !b.chaser(t, p) {
			continue
		}
		if d := b.gd[t.pos]; d >= 0 && d <= heelsDist {
			return true
		}
	}
	return false
}

// chooseTargets picks what the bot walks to this turn: a bonus within a few
// safe steps; else the key, or once taken the exit; else the unknown.
func (b *Reference) chooseTargets(v *engine.View, p int, leap int) {
	k := &b.k
	b.targets = b.targets[:0]
	b.bonusGoal = false
	b.compass = b.compass[:0]
	for _, c := range v.Compass {
		if i := k.idx(c); k.in(c) && k.pwalk[i] {
			b.compass = append(b.compass, i)
		}
	}
	if len(k.bonus) > 0 {
		b.sim = append(b.sim[:0], b.tracks...)
		b.dangerMap(b.sim, p, v.Key)
		b.aimAt = 0
		b.safeBFS(p, 0, v.Key, leap, b.sd)
		bestB, bestD := -1, int32(0)
		for _, j := range k.bonus {
			if !v.Key && k.key >= 0 && b.kd[p] >= 0 && b.kd[j] >= 0 && b.sd[j]+b.kd[j] > b.kd[p]+bonusDetour {
				continue // the race to the key comes first
			}
			reach := int32(bonusReach)
			if v.Map[j] == byte(engine.Torch) && !v.Torch {
				reach = torchReach // light is what the player lacks most
			}
			if d := b.sd[j]; d >= 0 && d <= reach && (bestB < 0 || d < bestD) && b.escapeFrom(j, d, v.Key, leap) {
				// (a bonus in a corner with a monster on the heels is
				// where the chase ends: only one with a safe way on)
				bestB, bestD = j, d
			}
		}
		if bestB >= 0 {
			b.targets = append(b.targets, bestB)
			b.bonusGoal = true
		}
	}
	if len(b.targets) == 0 {
		switch {
		case !v.Key && k.key >= 0:
			b.targets = append(b.targets, k.key)
		case v.Key && k.exit >= 0:
			b.targets = append(b.targets, k.exit)
		default:
			b.targets = append(b.targets, b.frontierTargets(v, p)...)
			for _, i := range b.compass {
				if until, ok := b.banned[i]; !ok || until <= v.Turn {
					b.targets = append(b.targets, i)
				}
			}
		}
	}
	// Distances to the targets over known floor (the exit counts once
	// open); after the key, over known floor and the exit.
	for i := range b.xwalk {
		b.xwalk[i] = k.pwalk[i] || (i == k.exit && k.exit >= 0)
	}
	b.queue = k.bfs(k.pwalk, b.td, b.queue, b.targets...)
	if !b.bonusGoal && len(b.targets) == 1 && detour(k, b.td[p], p, b.targets[0]) {
		// The key or exit is in sight, but no known way leads there, or
		// only a long way round: explore toward it too.
		b.targets = append(b.targets, toward(k, b.frontierTargets(v, p), p, b.targets[0])...)
		b.queue = k.bfs(k.pwalk, b.td, b.queue, b.targets...)
	}
	// Plans played forward may cross tiles never seen: a maze's unknown is
	// mostly corridor, and the bot looks again at every step.
	for i := range b.dwalk {
		b.dwalk[i] = k.pwalk[i] || k.unknown[i]
	}
	b.queue = k.bfs(b.dwalk, b.td, b.queue, b.targets...)
	for i := range b.xwalk {
		b.xwalk[i] = b.dwalk[i] || (i == k.exit && k.exit >= 0)
	}
	if !v.Key && k.key >= 0 {
		// After the key: on to the exit, or to the unknown when no known
		// way leads from the key to the exit but a long way round.
		if k.exit >= 0 {
			b.queue = k.bfs(b.xwalk, b.xd, b.queue, k.exit)
		}
		if k.exit < 0 || detour(k, b.xd[k.key], k.key, k.exit) {
			fr := b.frontierTargets(v, p)
			if k.exit >= 0 {
				fr = append(toward(k, fr, k.key, k.exit), k.exit)
			}
			b.queue = k.bfs(b.xwalk, b.xd, b.queue, fr...)
		}
	}
}

// toward keeps the tiles of fs nearer to b, as the crow flies, than a is
// (reusing fs).
func toward(k *known, fs []int, a, b int) []int {
	out := fs[:0]
	for _, f := range fs {
		if manhattan(k.pt(f), k.pt(b)) < manhattan(k.pt(a), k.pt(b)) {
			out = append(out, f)
		}
	}
	return out
}

// detour reports whether a known way of length d from a to b (-1: none) is
// so much longer than the straight line that an unknown shortcut is likely.
func detour(k *known, d int32, a, b int) bool {
	return d < 0 || int(d) > manhattan(k.pt(a), k.pt(b))+2
}

// state is a position the bot imagines: the player, and the monsters (in
// a slice the caller owns).
type state struct {
	pos     int
	keyed   bool
	freezes int
	leap    int // the player's actions left before the Minotaur leaps (0: none pending)
	aim     int // actions left before it aims at the player (0: none known)
	took    int // a freeze tile the imagined player took (-1: none)
	mons    []track
}

// Outcomes of an imagined action.
const (
	stepOK = iota
	stepInvalid
	stepCaught
	stepEscaped
)

// advance plays action a in s, the monsters answering by their rules, and
// reports the outcome. s.mons is changed in place.
func (b *Reference) advance(v *engine.View, s *state, a engine.Action) int {
	k := &b.k
	p := s.pos
	np := p
	switch a {
	case engine.UseFreeze:
		if s.freezes == 0 {
			return stepInvalid
		}
		s.freezes--
		for i := range s.mons {
			s.mons[i].frozen += engine.FreezeActions
		}
		if s.leap > 0 {
			s.leap += engine.FreezeActions
		}
		if s.aim > 0 {
			s.aim += engine.FreezeActions
		}
	case engine.Skip:
	default:
		q := k.pt(p).Add(a.Delta())
		if !k.in(q) {
			return stepInvalid
		}
		np = k.idx(q)
		if !k.pwalk[np] && !(s.keyed && np == k.exit) && !(b.dream && k.unknown[np]) {
			return stepInvalid
		}
	}
	s.pos = np
	if s.keyed && np == k.exit {
		return stepEscaped
	}
	if np == k.key {
		s.keyed = true
	}
	if np != p && v.Map[np] == '*' && np != s.took {
		s.freezes++
		s.took = np
	}
	for _, t := range s.mons {
		if t.pos == np {
			return stepCaught
		}
	}
	if s.leap == 1 && b.markSet[np] {
		return stepCaught
	}
	aim := s.aim
	if aim > 0 {
		if m := b.minotaurPos(s.mons); m >= 0 && cheb(k.pt(m), k.pt(np)) > engine.MinotaurLeapRange+1 {
			aim = 0 // it lands short of the player
		}
	}
	if aim == 1 && !b.esc[np] {
		return stepCaught
	}
	if b.simulate(s.mons, np, s.keyed, p) >= 0 {
		return stepCaught
	}
	if s.leap > 0 {
		s.leap--
		if s.leap == 0 {
			for i := range s.mons {
				if s.mons[i].kind == engine.Minotaur {
					s.mons[i].pos = b.markCtr
				}
			}
		}
	}
	if s.aim > 0 {
		s.aim--
		if s.aim == 0 {
			s.aim = minotaurCycle
		}
	}
	return stepOK
}

// start returns the state the seat is in now.
func (b *Reference) start(v *engine.View, p, leap int) state {
	s := state{pos: p, keyed: v.Key, freezes: v.Freezes, leap: leap, took: -1}
	if b.nextAim >= 0 {
		s.aim = max(1, b.nextAim-v.Turn)
	}
	return s
}

// stallTurns: a bot that learns nothing new of the map for this many turns
// gives up the unknown tile it was making for (a hunter guarding the way to
// the key keeps it circling), for banTurns turns.
const (
	stallTurns = 16
	banTurns   = 80
)

// frontierTargets returns the known tiles next to unknown ones that the bot
// has not given up.
func (b *Reference) frontierTargets(v *engine.View, p int) []int {
	k := &b.k
	if v.Turn-b.lastProgress > stallTurns && len(k.frontier)+len(k.unlit)+len(b.compass) > 0 {
		// Give up the nearest frontier tile, and those next to it.
		b.queue = k.bfs(k.pwalk, b.gd, b.queue, p)
		near, nd := -1, int32(0)
		for _, f := range append(append(k.frontier, k.unlit...), b.compass...) {
			if _, ok := b.banned[f]; ok && b.banned[f] > v.Turn {
				continue
			}
			if d := b.gd[f]; d >= 0 && (near < 0 || d < nd) {
				near, nd = f, d
			}
		}
		if near >= 0 {
			// The compass's marks too: a hunter waits on the shortest way
			// to the key, which is the way they mark.
			for _, f := range append(append(k.frontier, k.unlit...), b.compass...) {
				if manhattan(k.pt(f), k.pt(near)) <= 3 {
					b.banned[f] = v.Turn + banTurns
				}
			}
		}
		b.lastProgress = v.Turn
	}
	out := b.ftargets[:0]
	for _, f := range k.frontier {
		if until, ok := b.banned[f]; !ok || until <= v.Turn {
			out = append(out, f)
		}
	}
	out = b.awayFromHunters(v, out)
	if !v.Key && k.key < 0 && len(out) == 0 {
		// Looking for the key, with the map explored: it shows only in
		// light, so tiles seen in penumbra alone are still to be searched.
		for _, f := range k.unlit {
			if until, ok := b.banned[f]; !ok || until <= v.Turn {
				out = append(out, f)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, k.frontier...)
		if !v.Key && k.key < 0 {
			out = append(out, k.unlit...)
		}
	}
	b.ftargets = out
	return out
}

// awayFromHunters keeps the tiles of fs that lie outside the hearing range
// of every hunter the bot tracks (reusing fs), or all of fs when none does:
// exploring within a hunter's hearing wakes it, and it cuts the player off.
func (b *Reference) awayFromHunters(v *engine.View, fs []int) []int {
	if b.noAvoid {
		return fs
	}
	k := &b.k
	b.hsrc = b.hsrc[:0]
	for _, t := range b.tracks {
		if t.kind == engine.Hunter {
			b.hsrc = append(b.hsrc, t.pos)
		}
	}
	if len(b.hsrc) == 0 || len(fs) == 0 {
		return fs
	}
	b.queue = k.bfs(k.mwalk, b.gd, b.queue, b.hsrc...)
	r := int32(hearingRange(v.Key))
	n := 0
	for _, f := range fs {
		if d := b.gd[f]; d < 0 || d > r {
			n++
		}
	}
	if n == 0 {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		if d := b.gd[f]; d < 0 || d > r {
			out = append(out, f)
		}
	}
	return out
}

// score weighs one action: the position after it and the monsters' answer.
// ok is false when the action is not possible.
func (b *Reference) score(v *engine.View, p int, a engine.Action, leap int) (int64, bool) {
	s := b.start(v, p, leap)
	s.mons = append(b.sim[:0], b.tracks...)
	b.sim = s.mons
	switch b.advance(v, &s, a) {
	case stepInvalid:
		return 0, false
	case stepEscaped:
		return escapeScore, true
	case stepCaught:
		return caughtScore, true
	}
	return b.eval(v, s.pos, s.keyed, s.freezes, s.leap, s.aim), true
}

// eval scores the position: the player on np, the monsters as in b.sim.
func (b *Reference) eval(v *engine.View, np int, keyed bool, freezes int, leap, aim int) int64 {
	k := &b.k
	b.dangerMap(b.sim, np, keyed)
	b.aimAt = aim
	room := b.safeBFS(np, 0, keyed, leap, b.sd)
	val := int64(perFreeze * freezes)
	reached := false
	for _, t := range b.targets {
		if t == np {
			reached = true
		}
	}
	if reached && ((leap > 0 && b.markSet[np]) || (aim == 1 && !b.esc[np])) {
		reached = false // the Minotaur is about to land here
	}
	if b.bonusGoal && reached {
		return safeBase*2 + val
	}
	if keyed && !v.Key {
		// The key is taken this step: it counts when a safe way leads on.
		if b.keyEscape(np, 0, leap) {
			return safeBase*2 + val
		}
	}
	best, checks := int32(-1), 0
	for _, t := range b.targets {
		d := b.sd[t]
		if d < 0 || (best >= 0 && d >= best) || (leap > 0 && b.markSet[t]) {
			continue
		}
		if t == k.key && !keyed {
			if checks >= maxEscapeChecks {
				break
			}
			checks++
			if !b.escapeFrom(t, d, true, leap) {
				continue
			}
		}
		best = d
	}
	if best >= 0 {
		return safeBase + val - int64(perStep)*int64(best)
	}
	if steps, ok := b.rollout(v, np, keyed, leap); ok {
		return safeBase/2 + val - int64(perStep)*int64(steps)
	}
	val -= safeBase
	val += int64(perRoom * min(room, roomCap))
	// Keep the monsters as far off as can be: a chaser let come a step
	// nearer never falls back again.
	if g := b.dh[np]; g >= 0 {
		val += int64(perGap) * int64(min(g, gapCap))
	} else {
		val += int64(perGap) * gapCap
	}
	val -= int64(perVisit) * int64(b.visits[np])
	if d := b.td[np]; d >= 0 {
		val -= 2 * int64(d)
	}
	return val
}

// keyEscape reports whether, holding the key on tile key at time t0, the
// player has a safe way on: to the exit, or into room enough to turn round.
func (b *Reference) keyEscape(key int, t0 int32, leap int) bool {
	return b.escapeFrom(key, t0, true, leap)
}

// maxEscapeChecks bounds the targets whose way on eval checks.
const maxEscapeChecks = 3

// escapeFrom reports whether a player standing on tile t at time t0 still
// has a safe way on: to the open exit, or into room enough to turn round
// (unknown tiles counted as room), so that reaching t is not walking into a
// trap with a monster on its heels.
func (b *Reference) escapeFrom(t int, t0 int32, keyed bool, leap int) bool {
	b.openUnknown = true
	room := b.safeBFS(t, t0, keyed, leap, b.ed)
	b.openUnknown = false
	if keyed && b.k.exit >= 0 && b.ed[b.k.exit] >= 0 {
		return true
	}
	return room >= keyEscapeMin
}

// dangerMap fills b.dh with the earliest number of turns after which one of
// the monsters ms could stand on each tile (-1: none can), a frozen monster
// starting late by the actions it skips. A hunter keeps its post until it
// hears the player: it starts late by the steps the player needs at least
// to come within its hearing range, and one the player cannot reach is no
// danger. The Minotaur only leaps; its marks and its own tile are counted
// elsewhere.
func (b *Reference) dangerMap(ms []track, player int, keyed bool) {
	k := &b.k
	dh := b.dh
	for i := range dh {
		dh[i] = -1
	}
	b.cur = b.cur[:0]
	hunters := false
	for i := range ms {
		hunters = hunters || ms[i].kind == engine.Hunter
	}
	if hunters {
		b.queue = k.bfs(k.mwalk, b.hd, b.queue, player)
	}
	r := int32(hearingRange(keyed))
	// start is the level at which monster m starts to spread, -1 never.
	start := func(m *track) int32 {
		if !b.chaser(m, player) {
			return -1
		}
		if m.kind != engine.Hunter {
			return int32(m.frozen)
		}
		d := b.hd[m.pos]
		if d < 0 {
			return -1
		}
		return int32(m.frozen) + max(0, d-r)
	}
	pending := 0
	b.starts = b.starts[:0]
	for i := range ms {
		st := start(&ms[i])
		b.starts = append(b.starts, st)
		if st >= 0 {
			pending++
		}
	}
	var nb [4]int
	for level := int32(0); pending > 0 || len(b.cur) > 0; level++ {
		for i := range ms {
			m := &ms[i]
			if b.starts[i] == level {
				pending--
				if dh[m.pos] < 0 {
					dh[m.pos] = level
					b.cur = append(b.cur, int32(m.pos))
				}
			}
		}
		b.next = b.next[:0]
		for _, i := range b.cur {
			c := k.neighbours(int(i), &nb)
			for _, j := range nb[:c] {
				if k.mwalk[j] && dh[j] < 0 {
					dh[j] = level + 1
					b.next = append(b.next, int32(j))
				}
			}
		}
		b.cur, b.next = b.next, b.cur
	}
	// A wanderer that does not see the player walks at random: it is
	// feared only a few steps round.
	for i := range ms {
		m := &ms[i]
		if m.kind != engine.Wanderer || b.chaser(m, player) {
			continue
		}
		b.queue = k.bfs(k.mwalk, b.gd, b.queue, m.pos)
		for _, j := range b.queue {
			d := b.gd[j] + int32(m.frozen)
			if b.gd[j] > wandererReach {
				break
			}
			if dh[j] < 0 || d < dh[j] {
				dh[j] = d
			}
		}
	}
}

// wandererReach: how far round a wanderer that does not see the player the
// danger map fears it.
const wandererReach = 4

// hearingRange is a hunter's hearing range: HearingRange before the key is
// taken, HearingRangeKey after.
func hearingRange(keyed bool) int {
	if keyed {
		return engine.HearingRangeKey
	}
	return engine.HearingRange
}

// chaser reports whether monster m heads for a player on tile p whatever
// the player does: a hunter always once it hears the player (dangerMap
// delays it until then), a wanderer when it sees the player.
func (b *Reference) chaser(m *track, p int) bool {
	switch m.kind {
	case engine.Hunter:
		return true
	case engine.Wanderer:
		return m.target >= 0 || b.k.canSee(m.pos, p, engine.WandererSight)
	}
	return false
}

// safeBFS fills dist with the earliest time (from t0) the player can stand
// on each tile while every monster is still farther off than that, never
// on the Minotaur nor in its marks when it leaps; it returns the number of
// such tiles.
func (b *Reference) safeBFS(src int, t0 int32, keyed bool, leap int, dist []int32) int {
	k := &b.k
	for i := range dist {
		dist[i] = -1
	}
	mino := -1
	for _, m := range b.sim {
		if m.kind == engine.Minotaur {
			mino = m.pos
		}
	}
	dh := b.dh
	b.queue = b.queue[:0]
	dist[src] = t0
	b.queue = append(b.queue, int32(src))
	var nb [4]int
	for h := 0; h < len(b.queue); h++ {
		i := int(b.queue[h])
		t := dist[i] + 1
		c := k.neighbours(i, &nb)
		for _, j := range nb[:c] {
			if dist[j] >= 0 || j == mino || (leap > 0 && j == b.markCtr) {
				continue
			}
			if !k.pwalk[j] && !(keyed && j == k.exit) && !(b.openUnknown && k.unknown[j]) {
				continue
			}
			if dh[j] >= 0 && t >= dh[j] {
				continue
			}
			if leap > 0 && int(t) == leap && b.markSet[j] {
				continue
			}
			if b.aimAt > 0 && int(t) == b.aimAt && !b.esc[j] {
				continue
			}
			dist[j] = t
			b.queue = append(b.queue, int32(j))
		}
	}
	return len(b.queue)
}

// rolloutSteps bounds a rollout.
const rolloutSteps = 60

// rollout plays the bot's plan forward from the evaluated position: walk
// the shortest known way to the targets (then from the key to the exit,
// when it is known), the remembered monsters answering each step by their
// rules. Chasers are deterministic, so where the danger map — which lets a
// monster take any way — sees no safe way, the plan may still be sound: a
// chaser behind the player on a loop never goes round the other way. It
// returns the number of steps to the goal and whether the player gets there.
func (b *Reference) rollout(v *engine.View, np int, keyed bool, leap int) (int, bool) {
	k := &b.k
	b.roll = append(b.roll[:0], b.sim...)
	b.dream = true
	defer func() { b.dream = false }()
	dist := b.td
	if keyed && !v.Key {
		dist = b.xd
	}
	c := np
	var nb [4]int
	for step := 1; step <= rolloutSteps; step++ {
		d := dist[c]
		if d < 0 {
			return 0, false
		}
		next := -1
		n := k.neighbours(c, &nb)
		for _, j := range nb[:n] {
			if dist[j] != d-1 || occupied(b.roll, -1, j) || (leap == 1 && b.markSet[j]) || (leap > 0 && j == b.markCtr) {
				continue
			}
			next = j
			break
		}
		if next < 0 {
			return 0, false
		}
		if next == k.key && !keyed {
			keyed = true
			dist = b.xd // on to the exit, or the unknown
		}
		if b.simulate(b.roll, next, keyed, c) >= 0 {
			return 0, false
		}
		if leap > 0 {
			leap--
		}
		c = next
		if dist[c] == 0 && !(leap > 0 && b.markSet[c]) {
			return step, true
		}
	}
	return 0, false
}
