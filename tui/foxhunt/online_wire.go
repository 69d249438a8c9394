package foxhunt

// STAND-IN, to delete when netplay's FoxhuntState lands: the state message
// of the foxhunt kind as docs/protocol.md describes it, with the names of
// netplay's types, so that switching is a rename.

type foxState struct {
	T        string   `json:"t"`
	Seq      int64    `json:"seq"`
	Kind     string   `json:"kind"`
	YourTurn bool     `json:"your_turn"`
	Names    []string `json:"names"`
	ToAct    []int    `json:"to_act"`
	RoundMS  int64    `json:"round_ms,omitempty"`
	LeftMS   int64    `json:"left_ms,omitempty"`
	foxView
}

type foxView struct {
	Seat    int         `json:"seat"`
	Round   int         `json:"round"`
	Rounds  int         `json:"rounds"`
	W       int         `json:"w"`
	H       int         `json:"h"`
	Map     []string    `json:"map"`
	Players []foxPlayer `json:"players"`
	Bombs   []foxBomb   `json:"bombs"`
	Last    *foxRound   `json:"last,omitempty"`
	Said    []string    `json:"said"`
	Winners []int       `json:"winners,omitempty"`
}

type foxPlayer struct {
	Seat      int  `json:"seat"`
	X         int  `json:"x"`
	Y         int  `json:"y"`
	Points    int  `json:"points,omitempty"`
	Fox       bool `json:"fox,omitempty"`
	Streak    int  `json:"streak,omitempty"`
	Paralysed int  `json:"paralysed,omitempty"`
	Shield    int  `json:"shield,omitempty"`
	Range     int  `json:"range,omitempty"`
	Bombs     int  `json:"bombs,omitempty"`
	Sent      bool `json:"sent,omitempty"`
}

type foxBomb struct {
	Seat  int `json:"seat"`
	X     int `json:"x"`
	Y     int `json:"y"`
	Fuse  int `json:"fuse"`
	Range int `json:"range"`
}

type foxRound struct {
	Round     int   `json:"round"`
	Caught    int   `json:"caught,omitempty"`
	Paralysed []int `json:"paralysed,omitempty"`
	Exploded  int   `json:"exploded,omitempty"`
	OutOfBomb []int `json:"out_of_bomb,omitempty"`
}

func (*foxState) Type() string { return "state" }
