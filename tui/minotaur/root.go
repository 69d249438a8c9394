package minotaur

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// NewGame is a new game of the campaign (the main menu's New game), on the
// context's next seed.
func NewGame(c *screen.Context, cfg *Config) (screen.Screen, error) {
	e := newEnv(c, cfg)
	g, err := engine.New(engine.Config{Seed: c.Seed(), Players: 1, Levels: e.cfg.Levels.Levels()})
	if err != nil {
		return nil, err
	}
	sess := NewLocalSession(g, nil, e.cfg.Levels.Texts(), c.Saves, e.cfg.Replays, c.Now, false)
	return newGameScreen(e, sess), nil
}

// Help is the page of every symbol and key (the main menu's Help).
func Help(c *screen.Context, cfg *Config) screen.Screen { return newHelpScreen(newEnv(c, cfg)) }

// HighScores is the table of the best games (the main menu's High scores).
func HighScores(c *screen.Context, cfg *Config) screen.Screen {
	return newScoresScreen(newEnv(c, cfg), 0, nil)
}

// Continue opens the game screen on a game of the saves folder read back
// (saves.Store.Load), saved under name: the whole game's messages are told
// again as they were before the save.
func Continue(c *screen.Context, cfg *Config, name string, l saves.Loaded) screen.Screen {
	e := newEnv(c, cfg)
	sess := NewLocalSession(l.Game, l.Recorder, nil, c.Saves, e.cfg.Replays, c.Now, true)
	sess.ContinuedFrom(name)
	g := newGameScreen(e, sess)
	if l.Recorder != nil {
		g.b.log, g.b.history = nil, nil
		g.b.retell(l.Recorder.Replay(), narrator(sess))
	}
	return g
}

// Online is the screen of a game on a server that the lobby's connection
// started: the game screen of a seat (its session plays through link's
// client), or the watch screen of a spectator (seat 0).
func Online(c *screen.Context, cfg *Config, link screen.Link, start *netplay.Start, first *netplay.State) screen.Screen {
	e := newEnv(c, cfg)
	if start.Seat == 0 {
		return newWatchScreen(e, link, start, first)
	}
	return newGameScreen(e, NewRemoteSession(link.Client, link.Addr, link.Name, start, first, link.Rejoin))
}

// Interrupt handles Ctrl+C while the game is in the stack (screen.Game):
// it asks first when the game has unsaved progress (a second Ctrl+C
// quits), else it quits, writing the game's replay. A game a server keeps
// asks too, and quits keeping the seat when asked again — giving the seat
// up is never done unasked.
func (g *gameScreen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	if _, ok := forfeiter(g.sess); ok {
		if q, asking := top.(*forfeitScreen); asking && q.program {
			return q.quitKeeping()
		}
		return screen.Push(forfeitConfirm(g.c, g, true)), nil
	}
	if _, asking := top.(*confirmScreen); !asking && unsaved(g.sess) {
		return screen.Push(quitConfirm(g.c, g, true)), nil
	}
	return screen.Stay, tea.Sequence(g.sess.End(), screen.Quit)
}

// Hangup keeps what a player who is gone would lose (screen.Game): a
// network game is kept by the server (leaving it would give the seat up,
// while a closed connection keeps it for a resume); a game with unsaved
// progress is saved; the replay is written.
func (g *gameScreen) Hangup() tea.Cmd {
	if d, ok := g.sess.(interface{ Drop() tea.Cmd }); ok {
		return d.Drop() // a lost connection, not quitting (no bye)
	}
	if f, kept := g.sess.(Forfeiter); kept {
		return f.Keep()
	}
	if _, kept := g.sess.(Resumable); kept {
		return nil
	}
	if sv, ok := g.sess.(Saver); ok && sv.Unsaved() {
		return tea.Sequence(sv.Save(), g.sess.End())
	}
	return g.sess.End()
}

// Interrupt handles Ctrl+C on the end screen (screen.Game): a score that
// makes the table is kept even when the player leaves at the name prompt.
func (e *endScreen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	if top != screen.Screen(e) || e.stage != endName {
		return screen.Stay, tea.Quit
	}
	return screen.Stay, tea.Sequence(e.record(), screen.Quit)
}

// Hangup records a score that makes the table when the player is gone at
// the name prompt (screen.Game).
func (e *endScreen) Hangup() tea.Cmd {
	if e.stage != endName {
		return nil
	}
	return e.record()
}

// record adds the score under the name typed so far.
func (e *endScreen) record() tea.Cmd {
	entry := saves.Entry{Name: e.name.Value(), Score: e.view.Score, Level: e.view.Level, Seed: e.view.Seed}
	table, now := e.c.scores(), e.c.Now()
	return func() tea.Msg {
		table.Add(entry, now)
		return nil
	}
}

// TellsEnded marks the end screen as one that tells why the replay was not
// written (screen.EndTeller).
func (e *endScreen) TellsEnded() {}
