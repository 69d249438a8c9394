package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// paletteEnv names the environment variable that chooses the palette.
const paletteEnv = "MINOTAUR_PALETTE"

// choices are the command line's choices of a player's run ("" where a
// flag was not given).
type choices struct {
	data, saves, scores   string
	palette, name, server string
	keys                  string // --keys FILE
	accessible            bool   // --accessible
}

// localEnv is this machine's, with the command's environment.
func localEnv(sys cli.IO) saves.Env {
	env := saves.LocalEnv()
	if sys.Getenv != nil {
		env.Getenv = sys.Getenv
	}
	return env
}

// prepare makes the configuration of a player's run on this terminal:
// where the files are (moving those of the first versions once, with a
// line each), the settings file (flags win over it), the palette. A
// problem that stops the run is printed and ok is false.
func prepare(sys cli.IO, prog string, ch choices) (cfg tui.Config, ok bool) {
	stderr := sys.Stderr
	env := localEnv(sys)
	paths, err := saves.ResolvePaths(saves.Given{Data: ch.data, Saves: ch.saves, Scores: ch.scores}, env)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", prog, cli.ProgramError(err))
		return cfg, false
	}
	moved, err := saves.MoveOldFiles(paths, env, sys.Now())
	for _, m := range moved {
		fmt.Fprintf(stderr, "%s: %s\n", prog, m.Line())
	}
	if len(moved) > 0 {
		cfg.Notice = "Your files were moved to " + homeRel(paths.Data, env.Home)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		var me *saves.MovingError
		if errors.As(err, &me) {
			paths = saves.OldPaths(paths, me.From)
		}
		cfg.Notice = "Your files could not be moved: see the message after you quit"
	}
	var set saves.Settings
	if paths.Config != "" {
		cfg.Settings = filepath.Join(paths.Config, saves.SettingsFileName)
		cfg.Keys = filepath.Join(paths.Config, saves.KeysFileName)
		var problems []error
		set, problems = saves.LoadSettings(cfg.Settings, screen.CheckPaletteName)
		for _, e := range problems {
			fmt.Fprintf(stderr, "%s: %v\n", prog, e)
		}
		if len(problems) > 0 && cfg.Notice == "" {
			cfg.Notice = fmt.Sprintf("%d line(s) of your settings were not understood: see Settings", len(problems))
		}
	}
	// The keys: --keys FILE, else keys.txt in the config folder when
	// there is one; a broken line keeps its action's default keys.
	switch {
	case ch.keys != "":
		cfg.Keymap, cfg.KeymapProblems = loadKeymap(ch.keys, true)
		// The settings screen names the file the keys came from.
		cfg.Keys = ch.keys
		if abs, err := filepath.Abs(ch.keys); err == nil {
			cfg.Keys = abs
		}
	case cfg.Keys != "":
		cfg.Keymap, cfg.KeymapProblems = loadKeymap(cfg.Keys, false)
	default:
		cfg.Keymap = keymap.Default()
	}
	palette := set.Palette
	if v := strings.TrimSpace(sys.Getenv(paletteEnv)); v != "" {
		if err := screen.CheckPaletteName(v); err != nil {
			fmt.Fprintf(stderr, "%s: %s=%s: %v; it is ignored\n", prog, paletteEnv, v, err)
		} else {
			palette = v
		}
	}
	if ch.palette != "" {
		palette = ch.palette
	}
	r := lipgloss.DefaultRenderer()
	if palette == "" || palette == screen.PaletteAuto {
		// termenv asks the terminal (a local one, not tmux or screen,
		// with a timeout), once, before the game reads the keyboard.
		dark := r.HasDarkBackground()
		cfg.AskDark = func() bool { return dark }
	}
	cfg.Palette = palette
	cfg.Styles = screen.NewStylesWith(r, screen.ChoosePalette(palette, cfg.AskDark))
	cfg.Saves, cfg.Scores, cfg.Replays = paths.Saves, paths.Scores, paths.Replays
	cfg.Saved = set
	cfg.Accessible = ch.accessible || set.Accessible()
	cfg.Name = firstOf(ch.name, set.Name, osUserName())
	cfg.Server = firstOf(ch.server, set.Server)
	cfg.Now = sys.Now
	return cfg, true
}

// firstOf is the first of its strings that is not empty.
func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// homeRel writes a folder under the home folder as ~/….
func homeRel(dir, home string) string {
	if home == "" {
		return dir
	}
	if rel, err := filepath.Rel(home, dir); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
		return filepath.Join("~", rel)
	}
	return dir
}

// pathsHelp is the part of --help that says where the files are.
func pathsHelp(ch choices, sys cli.IO) string {
	env := localEnv(sys)
	paths, err := saves.ResolvePaths(saves.Given{Data: ch.data, Saves: ch.saves, Scores: ch.scores}, env)
	var b strings.Builder
	b.WriteString("Files (flags win over " + saves.DataEnv + ", which wins over a file named\n" +
		"\"portable\" next to the program, which keeps everything next to it):\n")
	if err != nil {
		fmt.Fprintf(&b, "  %s\n", err)
	} else {
		fmt.Fprintf(&b, "  data      %s\n  saves     %s\n  scores    %s\n  replays   %s\n", paths.Data, paths.Saves, paths.Scores, paths.Replays)
		if paths.Config != "" {
			fmt.Fprintf(&b, "  settings  %s\n  keys      %s\n", filepath.Join(paths.Config, saves.SettingsFileName), filepath.Join(paths.Config, saves.KeysFileName))
		}
	}
	b.WriteString("  The data folder is $XDG_DATA_HOME/minotaur, else ~/.local/share/minotaur\n" +
		"  (%LOCALAPPDATA%\\minotaur on Windows); the settings folder is\n" +
		"  $XDG_CONFIG_HOME/minotaur, else the user's configuration folder. Files\n" +
		"  that older versions kept next to the program or in the configuration\n" +
		"  folder are moved into the data folder once, with a line saying so.\n")
	return b.String()
}

// replayStyles are the styles of a replay watched full-screen: the
// palette of MINOTAUR_PALETTE, else of the settings file.
func replayStyles(sys cli.IO) *screen.Styles {
	palette := ""
	if paths, err := saves.ResolvePaths(saves.Given{}, localEnv(sys)); err == nil && paths.Config != "" {
		set, _ := saves.LoadSettings(filepath.Join(paths.Config, saves.SettingsFileName), screen.CheckPaletteName)
		palette = set.Palette
	}
	if v := strings.TrimSpace(sys.Getenv(paletteEnv)); screen.CheckPaletteName(v) == nil {
		palette = v
	}
	r := lipgloss.DefaultRenderer()
	return screen.NewStylesWith(r, screen.ChoosePalette(palette, r.HasDarkBackground))
}
