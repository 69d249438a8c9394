package cli

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// envFlags is a flag set like a server's: a string, a duration, a bool,
// a list and a log level.
func envFlags() (*pflag.FlagSet, *string, *time.Duration, *bool, *[]string, *slog.Level) {
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	addr := fs.String("addr", ":7777", "address")
	grace := fs.Duration("grace", time.Minute, "grace")
	logJSON := fs.Bool("log-json", false, "json")
	levels := fs.StringArray("level", nil, "level files")
	level := new(slog.Level)
	LogLevelVar(fs, level, "log level")
	return fs, addr, grace, logJSON, levels, level
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// TestApplyEnv: a variable sets a flag the command line did not, the
// command line wins, an empty variable is unset, a list is split as PATH
// is, and a flag set from the environment counts as changed.
func TestApplyEnv(t *testing.T) {
	fs, addr, grace, logJSON, levels, level := envFlags()
	if err := fs.Parse([]string{"--addr", ":9000"}); err != nil {
		t.Fatal(err)
	}
	err := ApplyEnv(fs, "MINOTAUR_", env(map[string]string{
		"MINOTAUR_ADDR": ":1234", "MINOTAUR_GRACE": "90s", "MINOTAUR_LOG_JSON": "true",
		"MINOTAUR_LEVEL": "a.txt:b.txt", "MINOTAUR_LOG_LEVEL": "", "GRACE": "1s",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if *addr != ":9000" {
		t.Errorf("--addr %q: the command line must win over MINOTAUR_ADDR", *addr)
	}
	if *grace != 90*time.Second || !fs.Changed("grace") {
		t.Errorf("--grace %v (changed %v), want 1m30s from MINOTAUR_GRACE", *grace, fs.Changed("grace"))
	}
	if !*logJSON {
		t.Error("MINOTAUR_LOG_JSON=true did not set --log-json")
	}
	if strings.Join(*levels, ",") != "a.txt,b.txt" {
		t.Errorf("--level %q, want a.txt and b.txt from MINOTAUR_LEVEL", *levels)
	}
	if *level != slog.LevelInfo || fs.Changed("log-level") {
		t.Errorf("an empty MINOTAUR_LOG_LEVEL set --log-level to %v", *level)
	}
}

// TestApplyEnvBadValue: a value the flag refuses is an error naming the
// variable, the flag and the value.
func TestApplyEnvBadValue(t *testing.T) {
	for name, val := range map[string]string{"MINOTAUR_GRACE": "soon", "MINOTAUR_LOG_JSON": "maybe", "MINOTAUR_LOG_LEVEL": "loud"} {
		fs, _, _, _, _, _ := envFlags()
		fs.Parse(nil)
		err := ApplyEnv(fs, "MINOTAUR_", env(map[string]string{name: val}))
		if err == nil {
			t.Errorf("%s=%s: no error", name, val)
			continue
		}
		flag := "--" + strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(name, "MINOTAUR_")), "_", "-")
		if msg := err.Error(); !strings.Contains(msg, name) || !strings.Contains(msg, flag) || !strings.Contains(msg, val) {
			t.Errorf("%s=%s: %q does not name the variable, %s and the value", name, val, msg, flag)
		}
	}
}

// TestEnvNote: every flag's help names its variable.
func TestEnvNote(t *testing.T) {
	fs, _, _, _, _, _ := envFlags()
	EnvNote(fs, "MINOTAUR_FOXHUNT_")
	help := fs.FlagUsages()
	for _, v := range []string{"$MINOTAUR_FOXHUNT_ADDR", "$MINOTAUR_FOXHUNT_GRACE", "$MINOTAUR_FOXHUNT_LOG_JSON", "$MINOTAUR_FOXHUNT_LEVEL", "$MINOTAUR_FOXHUNT_LOG_LEVEL"} {
		if !strings.Contains(help, v) {
			t.Errorf("the help does not name %s:\n%s", v, help)
		}
	}
}

// TestLogLevel: the four levels, in any case; anything else is refused
// with the choices.
func TestLogLevel(t *testing.T) {
	for s, want := range map[string]slog.Level{"debug": slog.LevelDebug, "INFO": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError} {
		fs, _, _, _, _, level := envFlags()
		if err := fs.Parse([]string{"--log-level", s}); err != nil || *level != want {
			t.Errorf("--log-level %s: %v, %v", s, *level, err)
		}
	}
	fs, _, _, _, _, _ := envFlags()
	if err := fs.Parse([]string{"--log-level", "trace"}); err == nil || !strings.Contains(err.Error(), "debug, info, warn or error") {
		t.Errorf("--log-level trace: %v", err)
	}
	var b strings.Builder
	log := NewLogger(&b, false, slog.LevelWarn)
	log.Info("hidden")
	log.Warn("shown")
	if strings.Contains(b.String(), "hidden") || !strings.Contains(b.String(), "shown") {
		t.Errorf("a warn log wrote %q", b.String())
	}
}
