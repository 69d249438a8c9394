package engine

// View is what one seat perceives at one moment: the single description that
// the terminal interface draws, the server sends as its `state` message (its
// JSON, viewjson.go), and a bot reads. Fog of war is applied here and nowhere else: a View never holds a
// monster outside its seat's light, nor an item the team has not seen in
// light. A View is never mutated after it is returned; it shares no memory
// with the Game.
type View struct {
	Seat   int
	Level  int // 1-based
	Levels int // levels in the campaign
	Name   string
	Seed   uint64
	Turn   int  // the level's turn counter
	Score  int  // total of the passed levels
	Key    bool // the team has the key: the exit is open
	Torch  bool // this seat carries a torch
	// Freezes is the number of freezes in this seat's pocket.
	Freezes int
	// Bonuses is the number of bonuses the team took on this level: each
	// is worth BonusScore when the level is passed.
	Bonuses int
	// YourTurn is true when this seat is the one Apply expects next.
	YourTurn bool
	Result   Result
	Rows     int
	Cols     int
	// Map holds Rows×Cols level-file characters in reading order: what the
	// seat knows (`+ - | . E K * ^ ?`), a space for never-seen tiles. Items
	// are shown as last seen in light.
	Map []byte
	// Light holds Rows×Cols light levels in reading order.
	Light []Light
	// Monsters lists the monsters on tiles lit for this seat, in creation order.
	Monsters []MonsterView
	// Marks is the Minotaur's landing area; visible even in shadow.
	Marks []Point
	// Compass lists the tiles still marked by a compass.
	Compass []Point
	// Heard lists the hunters that hear this seat, nearest first: kind,
	// path distance and compass direction, never the tile (a hunter also in
	// light is in Monsters too). A seat off the board hears through the
	// partner it watches; a team view lists each active seat's, by Seat.
	Heard []HeardHunter
	// Players lists every seat, in seat order; partners always see each other.
	Players []PlayerView
	// Passed lists the scores of the passed levels.
	Passed []LevelScore
}

// MonsterView is a monster as a seat sees it.
type MonsterView struct {
	Kind MonsterKind
	Pos  Point
	// Resting and Frozen say what the monster is doing, for drawing hints.
	Frozen  bool
	Resting bool
	// FrozenFor is the number of actions a frozen monster still skips.
	FrozenFor int
	// Aiming is true for a Minotaur whose marks are down: it leaps in Left
	// actions of its own (1: on its next action).
	Aiming bool
	// Left counts a Minotaur's actions still to rest (when Resting), or its
	// actions until it leaps (when Aiming).
	Left int
}

// PlayerView is one seat as every seat sees it.
type PlayerView struct {
	Seat int
	// Name is the player's name where the front end knows it (a network
	// game's server sets it); the engine leaves it empty.
	Name  string
	Pos   Point
	State SeatState
	Torch bool
}

// At returns the map character and light level of tile p (a space and
// Unseen off the board).
func (v *View) At(p Point) (byte, Light) {
	if p.X < 0 || p.Y < 0 || p.X >= v.Cols || p.Y >= v.Rows {
		return ' ', Unseen
	}
	i := p.Y*v.Cols + p.X
	return v.Map[i], v.Light[i]
}

// Row returns row y of the map as a string.
func (v *View) Row(y int) string { return string(v.Map[y*v.Cols : (y+1)*v.Cols]) }

// LightRow returns row y of the light levels as digits, as in the protocol.
func (v *View) LightRow(y int) string {
	b := make([]byte, v.Cols)
	for x := range b {
		b[x] = '0' + byte(v.Light[y*v.Cols+x])
	}
	return string(b)
}

// Player returns the view of the given seat, and false when there is no such seat.
func (v *View) Player(seat int) (PlayerView, bool) {
	for _, p := range v.Players {
		if p.Seat == seat {
			return p, true
		}
	}
	return PlayerView{}, false
}
