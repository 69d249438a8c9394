package tui

import (
	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/chess"
	"github.com/minotaur-game/minotaur/tui/foxhunt"
	"github.com/minotaur-game/minotaur/tui/labyrinth"
	"github.com/minotaur-game/minotaur/tui/minotaur"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/trails"
)

// This file is the list of games: the only file of tui that names one.
// The main menu, Continue, the lobby and the command line's subcommands
// are built from it (docs/architecture.md, "Adding a sixth game").

// Games is the list of the program's games, in the main menu's order,
// for the command line (its subcommands) and the tests: what no terminal
// is needed for (the screens' hooks of a run are the shell's, gameList).
func Games() []screen.Descriptor { return gameList(&common{Context: &screen.Context{}}) }

// gameList is the list of games of a run: each game's descriptor, its
// screens opened on the shell's context c.
func gameList(c *common) []screen.Descriptor {
	mc := &minotaur.Config{
		Scores: c.cfg.Scores, Replays: c.cfg.Replays, Levels: c.cfg.Levels,
		Name: c.cfg.Name, Host: c.cfg.Host, StepDelay: c.cfg.StepDelay,
		Lobby: func(addr, name string) screen.Screen { return newNetworkReconnect(c, addr, name) },
	}
	menu := func(open func(*screen.Context) screen.Screen) func(*screen.Context) (screen.Screen, error) {
		return func(sc *screen.Context) (screen.Screen, error) { return open(sc), nil }
	}
	return []screen.Descriptor{
		{
			Name: netplay.KindMinotaur, Title: "Minotaur", Short: "Minotaur", Menu: "New game", Letter: 'N',
			Open:  func(sc *screen.Context) (screen.Screen, error) { return minotaur.NewGame(sc, mc) },
			Help:  func(sc *screen.Context) screen.Screen { return minotaur.Help(sc, mc) },
			About: "seven levels of a dark maze: key, exit, hunters",
			Extra: []screen.MenuItem{
				{Label: "More Minotaur", Letter: 'M', Open: func(sc *screen.Context) screen.Screen { return minotaur.More(sc, mc) }},
				{Label: "High scores", Letter: 'I', Open: func(sc *screen.Context) screen.Screen { return minotaur.HighScores(sc, mc) }},
				{Label: "Help", Letter: 'H', Open: func(sc *screen.Context) screen.Screen { return newGamesHelp(c) }},
			},
			Store: func(sc *screen.Context, name string, l saves.Loaded) screen.Screen {
				return minotaur.Continue(sc, mc, name, l)
			},
			Online: func(sc *screen.Context, link screen.Link, start *netplay.Start, first netplay.Message) screen.Screen {
				if st, ok := first.(*netplay.State); ok {
					return minotaur.Online(sc, mc, link, start, st)
				}
				return nil
			},
		},
		{
			Name: netplay.KindLabyrinth, Title: "Labyrinth", Short: "Labyrinth", Menu: "Labyrinth", Letter: 'L',
			Open:    menu(labyrinth.NewMenu),
			Help:    labyrinth.Help,
			About:   "walk blind; the referee answers; out with the key",
			Files:   &screen.SaveFiles{Ext: labyrinth.SaveExt, List: labyrinth.ListSaves, Resume: labyrinth.Resume},
			Online:  online(labyrinth.Online),
			Choose:  true, // each player chooses a start cell, in secret
			Command: labyrinth.Command,
			Check:   labyrinth.CheckFile,
		},
		{
			Name: netplay.KindTrails, Title: "Trails and Towers", Short: "Trails", Menu: "Trails and Towers", Letter: 'R',
			Open:    menu(trails.NewMenu),
			Help:    trails.Help,
			About:   "lay trails, boost, jump, take the towers",
			Files:   &screen.SaveFiles{Ext: trails.SaveExt, List: trails.ListSaves, Resume: trails.Resume},
			Online:  online(trails.Online),
			Command: trails.Command,
		},
		{
			Name: netplay.KindChess, Title: "Open-world chess", Short: "Chess", Menu: "Open-world chess", Letter: 'O',
			Open:    menu(chess.NewMenu),
			Help:    chess.Help,
			About:   "chess with hit points, bonuses and fog",
			Files:   &screen.SaveFiles{Ext: chess.SaveExt, List: chess.ListSaves, Resume: chess.Resume},
			Online:  online(chess.Online),
			Command: chess.Command,
		},
		{
			Name: netplay.KindFoxhunt, Title: "Fox hunt", Short: "Fox hunt", Menu: "Fox hunt", Letter: 'F',
			Open:       menu(foxhunt.NewMenu),
			Help:       foxhunt.Help,
			About:      "bombs on a grid: catch the fox, stay the fox",
			Online:     online(foxhunt.Online),
			InviteBots: 2, SoloBots: 3, // a table of four
			Command: foxhunt.Command,
		},
	}
}

// firstRunOffer is the line under the main menu's items for a player who
// has played no game yet: the way to Minotaur's tutorial (More Minotaur,
// then Tutorial).
const firstRunOffer = "New here? M, then T: the tutorial."

// online is a game's online screen as a descriptor takes it: opened on the
// first state when it is the game's own state type S, else nil.
func online[S netplay.Message, R screen.Screen](open func(*screen.Context, screen.Link, *netplay.Start, S) R) func(*screen.Context, screen.Link, *netplay.Start, netplay.Message) screen.Screen {
	return func(sc *screen.Context, link screen.Link, start *netplay.Start, first netplay.Message) screen.Screen {
		if st, ok := first.(S); ok {
			return open(sc, link, start, st)
		}
		return nil
	}
}

// opening is the game the command line asked for (Config.Open), which
// opens instead of the main menu; nil for none.
func opening(c *common) screen.Screen {
	if c.cfg.Open == nil {
		return nil
	}
	return c.cfg.Open(c.Context)
}

// Campaign is a custom campaign of Minotaur (from --level files): its
// levels in order, each with the text of its file.
type Campaign = minotaur.Campaign

// LevelFile is a level of a custom campaign and the text of its file.
type LevelFile = minotaur.LevelFile

// Audience is what shows a solo Minotaur game to spectators (Config.Host).
type Audience = minotaur.Audience

// ScoresFile is the high-score table of Minotaur's games played on levels
// (minotaur.ScoresFile).
func ScoresFile(scores string, levels Campaign) string { return minotaur.ScoresFile(scores, levels) }

// NewReplay plays a recorded Minotaur game back on the screen (`minotaur
// replay`); levels are its level files parsed (nil for the generated
// campaign), st nil for the local terminal's styles.
func NewReplay(r saves.Replay, levels []engine.Level, st *screen.Styles) (*minotaur.ReplayModel, error) {
	return minotaur.NewReplay(r, levels, st)
}
