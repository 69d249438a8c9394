package minotaur

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Config is what the shell hands Minotaur's screens besides the
// screen.Context (the terminal, the saves folder, the clock, the seeds and
// the way home): the command line's settings of Minotaur's games. The
// shell makes one per run and hands the same to every screen it opens.
type Config struct {
	// Scores is the high-score file and Replays the folder of replays
	// (see saves.ResolvePaths).
	Scores  string
	Replays string
	// Levels is a custom campaign (from --level files); nil for the
	// generated campaign.
	Levels Campaign
	// Name prefills the high-score name prompt.
	Name string
	// Host, when set, shows the solo games to spectators (see
	// tui.Config.Host).
	Host func(name string, seed uint64) Audience
	// StepDelay is the pause between two steps of travel and explore, so
	// that the player sees each (0: 60 ms).
	StepDelay time.Duration
	// Lobby is the shell's network screen connecting again to the server
	// at addr as name: where a game played through a server goes after
	// its end screen (the game's connection is closed by then).
	Lobby func(addr, name string) screen.Screen

	st *Styles // Minotaur's styles of the terminal's, made once
}

// env is what Minotaur's screens share: the shell's context and
// Minotaur's settings and styles.
type env struct {
	*screen.Context
	cfg *Config
	st  *Styles
}

// newEnv is the env of a screen opened on the shell's context c.
func newEnv(c *screen.Context, cfg *Config) *env {
	if cfg == nil {
		cfg = &Config{}
	}
	if cfg.st == nil || cfg.st.Styles != c.Styles {
		cfg.st = newStyles(c.Styles)
	}
	return &env{Context: c, cfg: cfg, st: cfg.st}
}

// afterGame is the screen that follows a game's end screen: the lobby
// again (a new connection, as the game's was closed) after a network
// game, else the menu.
func afterGame(c *env, s Session) screen.Screen {
	if r, ok := s.(Resumable); ok && c.cfg.Lobby != nil {
		addr, name := r.Server()
		return c.cfg.Lobby(addr, name)
	}
	return c.Home()
}

// LevelFile is a level of a custom campaign and the text of the file it
// was read from, which replays carry so that they play back without the
// file.
type LevelFile struct {
	Level engine.Level
	Text  string
}

// Campaign is a custom campaign: its levels in order, each with its text.
type Campaign []LevelFile

// Levels returns the campaign's levels (nil for an empty campaign, which
// means the generated one).
func (c Campaign) Levels() []engine.Level {
	if len(c) == 0 {
		return nil
	}
	out := make([]engine.Level, len(c))
	for i, f := range c {
		out[i] = f.Level
	}
	return out
}

// Texts returns the texts of the campaign's level files (nil for an empty
// campaign).
func (c Campaign) Texts() []string {
	if len(c) == 0 {
		return nil
	}
	out := make([]string, len(c))
	for i, f := range c {
		out[i] = f.Text
	}
	return out
}

// ScoresFile is the high-score table of games played on levels: scores
// itself for the generated campaign (levels nil), else a table of that set
// of level files' own beside it, highscores-levels-<hash>.json, named from
// a SHA-256 of the files' texts in order — so that a hand-made level (one
// corridor) cannot top the campaign's table, and the same files played
// again share their table.
func ScoresFile(scores string, levels Campaign) string {
	if len(levels) == 0 {
		return scores
	}
	h := sha256.New()
	for _, f := range levels {
		fmt.Fprintf(h, "%d\n%s", len(f.Text), f.Text)
	}
	return filepath.Join(filepath.Dir(scores), fmt.Sprintf("highscores-levels-%x.json", h.Sum(nil)[:6]))
}

// scores is the high-score table of the games of this run.
func (c *env) scores() saves.ScoreTable {
	return saves.ScoreTable{Path: ScoresFile(c.cfg.Scores, c.cfg.Levels)}
}
