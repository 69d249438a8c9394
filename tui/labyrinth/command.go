package labyrinth

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Command is the game's subcommand, `minotaur labyrinth`: a headless game
// (--script), or the game opened full-screen through launch.
func Command(launch screen.Launch) *cli.Command {
	return &cli.Command{
		Name: "labyrinth", Summary: "play the Labyrinth: the blind maze game, the program as referee",
		Usage: labyrinthShortUsage,
		Flags: func() *pflag.FlagSet { return commandFlags(new(labyrinthFlags)) },
		Run:   func(args []string, io cli.IO) int { return runLabyrinth(args, io, launch) },
	}
}

// CheckFile is `minotaur check` on a field file: mine false when data is
// not one (a Minotaur level file).
func CheckFile(name string, data []byte) (screen.CheckReport, bool) {
	if !labyrinth.IsField(data) {
		return nil, false
	}
	return labyrinth.CheckField(name, data), true
}

const labyrinthShortUsage = "usage: minotaur labyrinth [FIELD|random] [--players N] [--start X,Y]... [--random-positions] [--size ROWS,COLS] [--seed S] [--script FILE|-]\n" +
	"(run 'minotaur labyrinth --help' for more)\n"

const labyrinthUsage = `usage: minotaur labyrinth [FIELD|random] [flags]
       minotaur labyrinth [FIELD|random] --script FILE|- [flags]

Plays the console game Labyrinth on a field file (see docs/labyrinth.md):
only the referee — the program — sees the field; each player walks blind and
hears the referee's answers. FIELD is a field file, the name of a built-in
example (field1 to field5), or "random" for a generated field (the
default: without FIELD the game starts on a random field).

Flags:
  --players N          1 to 4 players (default: one per --start; else asked
                       for, or 1 with --script)
  --start ROW,COL      a player's start cell, once per player in order;
                       the row (x) and the column (y), from 0 at the top left
  --random-positions   draw the start cells not given with --start
  --size ROWS,COLS     rows and columns of a random field (default 10,10;
                       2 to 100 each)
  --seed S             seed of the random field and random starts
                       (default: drawn from the clock)
  --saves DIR          keep saved games in the folder DIR
  --script FILE|-      headless: read one command a line from FILE (or the
                       standard input), "p1 W", "p2 X D" or a bare command in
                       turn order; print each answer as "P<n>: <answer>" and
                       last "WINNER <n> TURN <t>" or "NO WINNER"

Exit status: 0 the game was played, 1 the field or the script was refused,
2 usage error.
`

// labyrinthFlags are the command's options.
type labyrinthFlags struct {
	players      int
	starts       []string
	randomStarts bool
	size         string
	seed         uint64
	saves        string
	script       string
}

// commandFlags is the command's flag set, parsed into f.
func commandFlags(f *labyrinthFlags) *pflag.FlagSet {
	fs := pflag.NewFlagSet("labyrinth", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.IntVar(&f.players, "players", 0, "`N` players, 1 to 4 (default: one per --start)")
	fs.StringArrayVar(&f.starts, "start", nil, "a player's start cell `ROW,COL`, once per player")
	fs.BoolVar(&f.randomStarts, "random-positions", false, "draw the start cells not given with --start")
	fs.StringVar(&f.size, "size", "10,10", "`ROWS,COLS` of a random field (2 to 100 each)")
	cli.SeedVar(fs, &f.seed, 0, "seed `S` of the random field and random starts (default: drawn from the clock)")
	fs.StringVar(&f.saves, "saves", "", "keep saved games in the folder `DIR`")
	fs.StringVar(&f.script, "script", "", "headless: read one command a line from `FILE` (- the standard input)")
	return fs
}

var labyrinthCLI = cli.Usage{Prog: "minotaur labyrinth", Hint: labyrinthShortUsage, Help: cli.Text(labyrinthUsage)}

func runLabyrinth(args []string, io cli.IO, launch screen.Launch) int {
	var f labyrinthFlags
	fs := commandFlags(&f)
	stderr := io.Stderr
	usage := func(format string, a ...any) int { return labyrinthCLI.Fail(io, format, a...) }
	if status, ok := cli.Parse(fs, args, io, labyrinthCLI); !ok {
		return status
	}
	// No field: a random one, so that the command starts at once as
	// trails and chess do.
	field := "random"
	if fs.NArg() == 1 {
		field = fs.Arg(0)
	}
	switch {
	case fs.NArg() > 1:
		return usage("one field at a time, not %d (%s)", fs.NArg(), strings.Join(fs.Args(), " "))
	case fs.Changed("players") && (f.players < 1 || f.players > labyrinth.MaxPlayers):
		return usage("--players %d: the Labyrinth is played by 1 to %d players", f.players, labyrinth.MaxPlayers)
	case fs.Changed("size") && field != "random":
		return usage("--size is for a random field: the size of %s is in the file", field)
	}
	var starts []labyrinth.Cell
	for _, s := range f.starts {
		c, err := parseCell(s)
		if err != nil {
			return usage("--start %q: %v", s, err)
		}
		starts = append(starts, c)
	}
	if f.players == 0 && len(starts) > 0 {
		f.players = len(starts) // the starts given say how many play
	}
	if len(starts) > f.players {
		return usage("%d start cells for %d players: give --start once per player", len(starts), f.players)
	}
	if !fs.Changed("seed") {
		// The only read of the clock for a seed: once, here.
		f.seed = uint64(io.Now().UnixNano())
	}
	rng := rand.New(rand.NewPCG(f.seed, labyrinth.SeedSalt))

	name, text, lab, status := loadField(field, f.size, rng, stderr)
	if status != 0 {
		return status
	}
	for i, c := range starts {
		if fd := lab.Fields[0]; !fd.In(c) {
			fmt.Fprintf(stderr, "minotaur labyrinth: player %d's start %v is outside the field: x (the row) goes from 0 to %d and y (the column) from 0 to %d\n", i+1, c, fd.Rows-1, fd.Cols-1)
			return 2
		}
	}
	if f.script != "" {
		players := max(f.players, 1)
		for len(starts) < players {
			if !f.randomStarts {
				return usage("player %d has no start cell: give --start once per player, or --random-positions", len(starts)+1)
			}
			starts = append(starts, labyrinth.RandomStart(lab, rng))
		}
		return runScript(lab, starts, f.script, io)
	}

	// Random starts are drawn here, as in a script, so that the same
	// field, starts and seed give the same game on the screen too.
	for f.randomStarts && len(starts) < f.players {
		starts = append(starts, labyrinth.RandomStart(lab, rng))
	}
	set := &Setup{
		Name: name, Text: text, Lab: lab, Players: f.players, Starts: starts,
		RandomStarts: f.randomStarts, Seed: f.seed,
	}
	// The game opens on the setup's questions, or at once on the game
	// when the command line answered them all.
	return launch(io, screen.Launching{Prog: "minotaur labyrinth", Saves: f.saves, Seed: f.seed,
		Open: func(c *screen.Context) screen.Screen { return Open(c, set) }})
}

// parseCell reads a cell as "X,Y" or "(X, Y)".
func parseCell(s string) (labyrinth.Cell, error) {
	t := strings.Trim(strings.TrimSpace(s), "()")
	parts := strings.Split(t, ",")
	if len(parts) != 2 {
		return labyrinth.Cell{}, errors.New("write a cell as X,Y: the row and the column, from 0")
	}
	var v [2]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return labyrinth.Cell{}, fmt.Errorf("%q is not a row or column number (0 or more)", strings.TrimSpace(p))
		}
		v[i] = n
	}
	return labyrinth.Cell{X: v[0], Y: v[1]}, nil
}

// loadField reads the field: a file, a built-in example, or a random field
// of the given size. A field that check rejects is refused with its lines.
func loadField(arg, size string, rng *rand.Rand, stderr io.Writer) (name, text string, lab *labyrinth.File, status int) {
	if arg == "random" {
		c, err := parseCell(size)
		if err == nil && (c.X < labyrinth.MinGenSide || c.Y < labyrinth.MinGenSide || c.X > labyrinth.MaxGenSide || c.Y > labyrinth.MaxGenSide) {
			err = fmt.Errorf("a random field has %d to %d rows and columns", labyrinth.MinGenSide, labyrinth.MaxGenSide)
		}
		if err != nil {
			fmt.Fprintf(stderr, "minotaur labyrinth: --size %q: %v\n%s", size, err, labyrinthShortUsage)
			return "", "", nil, 2
		}
		lab, err := labyrinth.Generate(c.X, c.Y, rng)
		if err != nil {
			fmt.Fprintf(stderr, "minotaur labyrinth: %s\n", cli.ProgramError(err))
			return "", "", nil, 1
		}
		return fmt.Sprintf("random %d × %d", c.X, c.Y), labyrinth.Format(lab), lab, 0
	}
	data, rerr := levels.ReadFile(arg)
	name = arg
	if rerr != nil {
		if ex, ok := exampleField(arg); ok {
			data, name, rerr = ex.Text, ex.Name, nil
		}
	}
	if rerr != nil {
		fmt.Fprintln(stderr, rerr)
		var names []string
		for _, ex := range labyrinth.ExampleFields() {
			names = append(names, strings.TrimSuffix(ex.Name, ".txt"))
		}
		fmt.Fprintf(stderr, "minotaur labyrinth: FIELD is a field file, a built-in field (%s) or random\n", strings.Join(names, ", "))
		return "", "", nil, 1
	}
	if !labyrinth.IsField(data) {
		fmt.Fprintf(stderr, "minotaur labyrinth: %s is not a Labyrinth field file (a Minotaur level is played with 'minotaur --level %s')\n", arg, arg)
		return "", "", nil, 1
	}
	r := labyrinth.CheckField(safetext.Clean(name), data)
	if !r.OK() {
		for _, line := range r.Lines(false) {
			fmt.Fprintln(stderr, line)
		}
		if r.Err == nil {
			fmt.Fprintf(stderr, "minotaur labyrinth: %s cannot be played: the exit cannot be reached from every cell of field 0 (see 'minotaur check %s')\n", name, arg)
		}
		return "", "", nil, 1
	}
	lab, err := labyrinth.Parse(name, data)
	if err != nil { // checked above
		fmt.Fprintln(stderr, err)
		return "", "", nil, 1
	}
	return name, string(data), lab, 0
}

// exampleField finds a built-in example by name: "field2" or "field2.txt".
func exampleField(arg string) (labyrinth.ExampleField, bool) {
	for _, ex := range labyrinth.ExampleFields() {
		if arg == ex.Name || arg+".txt" == ex.Name {
			return ex, true
		}
	}
	return labyrinth.ExampleField{}, false
}

// runScript plays a headless game (labyrinth.RunScript) from the script file
// or the standard input.
func runScript(lab *labyrinth.File, starts []labyrinth.Cell, script string, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	in, countable, closeScript, err := cli.OpenScript(script, io.Stdin)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur labyrinth: cannot read the script: %v\n", err)
		return 1
	}
	defer closeScript()
	g, err := labyrinth.New(lab, starts)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur labyrinth: %s\n", cli.ProgramError(err))
		return 2
	}
	note, err := labyrinth.RunScript(g, in, stdout, countable)
	if note != "" {
		fmt.Fprintf(stderr, "minotaur labyrinth: %s\n", note)
	}
	var refused *labyrinth.ScriptError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "minotaur labyrinth: %v\n", err)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "minotaur labyrinth: cannot read the script: %v\n", err)
		return 1
	}
	return 0
}
