package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/bot"
	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/netplay"
)

func init() {
	register(&cli.Command{Name: "bot", Summary: "connect the reference bot to a game server as a co-op partner", Usage: botUsage,
		Flags: func() *pflag.FlagSet { fs, _ := newBotFlags(); return fs }, Run: runBot})
}

const botUsage = `usage: minotaur bot --server HOST:PORT [--name NAME] [--games N]

Connects the reference bot to a game server as an ordinary protocol client:
it waits in the lobby, accepts every invitation, and plays its seat from its
state messages only — what a player on that seat would see — then goes back
to the lobby for the next invitation. It stops after --games games (0: never)
or when the server closes the connection.

  --server HOST:PORT   the game server (minotaur serve)
  --name NAME          the bot's player name (default "bot")
  --games N            games to play before stopping (default 0: play on)
`

// botFlags are the flags of minotaur bot, defined on a new set. Its
// --help is a flag of its own, read after the other flags (a bad flag
// after --help is still an error).
type botFlags struct {
	server, name *string
	games        *int
	help         *bool
}

func newBotFlags() (*pflag.FlagSet, botFlags) {
	fs := pflag.NewFlagSet("bot", pflag.ContinueOnError)
	server := fs.String("server", "", "the game server `HOST:PORT` (minotaur serve)")
	name := fs.String("name", "bot", "the bot's player `NAME`")
	games := fs.Int("games", 0, "`N` games to play before stopping (0: play on)")
	help := fs.BoolP("help", "h", false, "show this help")
	return fs, botFlags{server, name, games, help}
}

var botCLI = cli.Usage{Prog: "minotaur bot", Hint: botUsage, Help: cli.Text(botUsage)}

func runBot(args []string, sys cli.IO) int {
	stdout, stderr := sys.Stdout, sys.Stderr
	fs, f := newBotFlags()
	server, name, games, help := f.server, f.name, f.games, f.help
	fail := func(format string, a ...any) int { return botCLI.Fail(sys, format, a...) }
	if status, ok := cli.Parse(fs, args, sys, botCLI); !ok {
		return status
	}
	if *help {
		fmt.Fprint(stdout, botUsage)
		return 0
	}
	switch {
	case *server == "":
		return fail("--server is missing: say which game server to join, as HOST:PORT")
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *games < 0:
		return fail("--games %d: give 0 (play on) or a number of games", *games)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	var c *netplay.Client
	var w *netplay.Welcome
	conn, err := netplay.TCP(*server)(ctx)
	if err == nil {
		c, w, err = netplay.HandshakeBot(ctx, conn, netplay.PlayerName(*name))
	}
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "minotaur bot: cannot join %s: %v\n", *server, err)
		return 1
	}
	defer c.Close()
	fmt.Fprintf(stdout, "joined %s as %s\n", *server, w.Name)
	played, err := playBot(c, *games, stdout)
	if err != nil && !errors.Is(err, netplay.ErrClosed) {
		fmt.Fprintf(stderr, "minotaur bot: %v (after %d games)\n", err, played)
		return 1
	}
	return 0
}

// playBot answers the server until games games are over (0: until the
// connection ends): it accepts every invitation and plays each game's seat
// with a new reference bot, fed the seat's state messages only.
func playBot(c *netplay.Client, games int, out io.Writer) (int, error) {
	var player bot.Player
	played, seat := 0, 0
	// acted: an action is on its way, and the bot waits for the state
	// that tells it (an event of its own seat) before it acts again. A
	// state that comes meanwhile — the partner dropped — may still say
	// it is the bot's turn: acting on it would act twice.
	acted := false
	for {
		m, err := c.Next()
		if err != nil {
			return played, err
		}
		switch m := m.(type) {
		case *netplay.Invited:
			if player == nil {
				c.Accept(m.From)
			} else {
				c.Decline(m.From)
			}
		case *netplay.Start:
			player, seat, acted = bot.NewReference(), m.Seat, false
			fmt.Fprintf(out, "game %s with %s, seat %d\n", m.Game, m.Partner, m.Seat)
		case *netplay.Error:
			acted = false // the action was refused: nothing to wait for
		case *netplay.State:
			if acted && !ownEvent(m.Happened, seat) {
				continue
			}
			acted = false
			if player != nil && m.YourTurn {
				if err := c.Act(player.Act(&m.View, m.Happened)); err != nil {
					return played, err
				}
				acted = true
			}
		case *netplay.Over:
			player = nil
			played++
			fmt.Fprintf(out, "game over: %s, level %d, score %d\n", m.Result, m.Level, m.Score)
			if games > 0 && played >= games {
				return played, nil
			}
		}
	}
}

// maxServerBots bounds `serve --bots`.
const maxServerBots = 16

// startServerBots puts n reference bots in the lobby of srv, each an
// ordinary client on an in-process connection (the pipe SSH players use):
// "bot", "bot2", … They play until the server shuts down.
func startServerBots(srv *netplay.Server, n int, log *slog.Logger) {
	for i := 1; i <= n; i++ {
		name := "bot"
		if i > 1 {
			name = fmt.Sprintf("bot%d", i)
		}
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			c, w, err := netplay.HandshakeBot(ctx, srv.Pipe(), name)
			cancel()
			if err != nil {
				log.Error("a bot could not join", "name", name, "err", err)
				return
			}
			defer c.Close()
			log.Info("bot in the lobby", "name", w.Name)
			if _, err := playBot(c, 0, io.Discard); err != nil && !errors.Is(err, netplay.ErrClosed) {
				log.Error("bot stopped", "name", w.Name, "err", err)
			}
		}()
	}
}

// ownEvent reports whether events tell something a seat did: every action
// the server plays for a seat leaves at least one such event.
func ownEvent(events []engine.Event, seat int) bool {
	for _, e := range events {
		if e.Seat == seat {
			return true
		}
	}
	return false
}
