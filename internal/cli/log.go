package cli

import (
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/spf13/pflag"
)

// logLevels are the names --log-level takes, least to most severe.
var logLevels = []struct {
	name  string
	level slog.Level
}{{"debug", slog.LevelDebug}, {"info", slog.LevelInfo}, {"warn", slog.LevelWarn}, {"error", slog.LevelError}}

// logLevel is a --log-level flag: one of debug, info, warn, error.
type logLevel slog.Level

func (l *logLevel) String() string {
	for _, n := range logLevels {
		if n.level == slog.Level(*l) {
			return n.name
		}
	}
	return slog.Level(*l).String()
}

func (l *logLevel) Type() string { return "LEVEL" }

func (l *logLevel) Set(s string) error {
	for _, n := range logLevels {
		if strings.EqualFold(strings.TrimSpace(s), n.name) {
			*l = logLevel(n.level)
			return nil
		}
	}
	return fmt.Errorf("%q is no log level: choose debug, info, warn or error", s)
}

// LogLevelVar defines a --log-level flag on fs (default info): the least
// severe lines a server logs.
func LogLevelVar(fs *pflag.FlagSet, p *slog.Level, usage string) {
	*p = slog.LevelInfo
	fs.Var((*logLevel)(p), "log-level", usage)
}

// NewLogger is a server's log on w: text lines, or JSON lines when json,
// from level up.
func NewLogger(w io.Writer, json bool, level slog.Level) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if json {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
