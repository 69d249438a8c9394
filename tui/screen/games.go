package screen

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
)

// Descriptor is one game as the program offers it. tui's list holds one
// per game, in the main menu's order; the main menu, Continue, the lobby
// and the command line's subcommands are built from the list, so that a
// new game is its own folders and one line in it.
type Descriptor struct {
	// Name is the game's name ("trails"): its subcommand (`minotaur
	// trails`; Minotaur's is the program itself) and its kind on a game
	// server (netplay's kind names).
	Name string
	// Title is the game's name in sentences ("Trails and Towers"), Short
	// in narrow lists ("Trails").
	Title, Short string
	// Menu is the game's item on the main menu (Title but for Minotaur's
	// "New game") and Letter its key (a letter of the item, unique on the
	// menu, never W, S, K or J, which move the cursor).
	Menu   string
	Letter rune
	// Open is the screen the item opens: the game's own menu, or a new
	// game. Its error is a sentence for the main menu's note.
	Open func(c *Context) (Screen, error)
	// Help is the game's help: what ? opens in its menu and in play, and
	// the main menu's help opens for it. About says in a line what the
	// game is.
	Help  func(c *Context) Screen
	About string
	// Extra are the game's further items of the main menu, shown after
	// every game's item (Minotaur's High scores and Help).
	Extra []MenuItem
	// Files are the game's saved-game files, which Continue lists (nil:
	// none of its own); Store, when set, continues a game saved in the
	// saves folder's own format (saves.Store: Minotaur's campaign),
	// which Continue lists first.
	Files *SaveFiles
	Store func(c *Context, name string, l saves.Loaded) Screen
	// Online is the screen of a game of the game's kind that the lobby's
	// connection started (start.Seat 0: watching), first its first state
	// message; nil when first is not the kind's. A game without it is not
	// played through the lobby.
	Online func(c *Context, link Link, start *netplay.Start, first netplay.Message) Screen
	// InviteBots are the computer players the lobby's invitation to the
	// game adds beside its two people, SoloBots those a game against the
	// computer brings (0: the server's default); Choose opens the game
	// with a round in which each player chooses its start (docs/protocol.md,
	// "bots" and the Labyrinth's starts).
	InviteBots, SoloBots int
	Choose               bool
	// Command makes the game's subcommand (`minotaur NAME`, NAME the
	// game's Name; nil for none: Minotaur is the program's own command),
	// its screen opened through launch.
	Command func(launch Launch) *cli.Command
	// Check checks a file of the game's own for `minotaur check` (nil:
	// none): mine false when data is not such a file, which then is
	// checked as a Minotaur level file. name is the file's name, cleaned.
	Check func(name string, data []byte) (r CheckReport, mine bool)
}

// Launch runs the program full-screen on the terminal, as `minotaur` does,
// with l's screen first instead of the main menu; leaving it shows the
// main menu. cmd/minotaur gives it to a game's subcommand: it resolves the
// saves folder, the player's name and the clock, and says an error
// starting with l.Prog. It returns the exit status.
type Launch func(io cli.IO, l Launching) int

// Launching is a game a subcommand opens full-screen.
type Launching struct {
	Prog  string // "minotaur trails": the start of an error line
	Saves string // --saves ("": the default folder)
	Seed  uint64 // the game's seed, from which the program's next seed is drawn
	Open  func(c *Context) Screen
	Mouse bool // the screen reads the mouse (clicks and motion)
}

// CheckReport is the verdict on one file that `minotaur check` prints.
type CheckReport interface {
	// Lines are the lines printed, each file's name ahead of them when
	// named (several files checked at once).
	Lines(named bool) []string
	// OK reports whether the file passes.
	OK() bool
}

// MenuItem is an item of the main menu besides a game's own.
type MenuItem struct {
	Label  string
	Letter rune
	// Open is the screen shown above the menu.
	Open func(c *Context) Screen
}

// SaveFiles are a game's saved-game files in the saves folder: the files
// whose names end in Ext, listed by List (a SavesMsg, newest first) and
// continued by Resume.
type SaveFiles struct {
	Ext    string
	List   func(dir string) tea.Cmd
	Resume func(c *Context, file string) Screen
}
