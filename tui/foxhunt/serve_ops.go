package foxhunt

import (
	"log/slog"
	"time"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/internal/monitor"
)

// startMonitor serves /healthz and /metrics of srv on addr (nil, nil when
// addr is ""); it is not ready until SetReady("").
func startMonitor(addr, data string, srv *foxnet.Server, log *slog.Logger, now func() time.Time) (*monitor.Monitor, error) {
	if addr == "" {
		return nil, nil
	}
	ln, err := monitor.Listen(addr)
	if err != nil {
		return nil, err
	}
	mon := monitor.New(monitor.Config{DataDir: data, Now: now, Metrics: func() []monitor.Family { return foxMetrics(srv) }})
	go func() {
		if err := mon.Serve(ln); err != nil {
			log.Error("foxhunt: metrics listener failed", "err", err)
		}
	}()
	log.Info("foxhunt: serving health and metrics", "addr", ln.Addr().String())
	return mon, nil
}

// foxMetrics are minotaur foxhunt serve's counters for /metrics
// (docs/server.md lists them).
func foxMetrics(srv *foxnet.Server) []monitor.Family {
	c := srv.Counts()
	return []monitor.Family{
		monitor.Gauge("minotaur_players_connected", "Players connected now, the server's own bots not counted.", c.Players),
		monitor.Labelled("minotaur_games", "Matches in progress (0 or 1).", "gauge", "kind", map[string]int{"foxhunt": c.Matches}),
		monitor.Gauge("minotaur_spectators", "Spectators connected now.", c.Spectators),
		monitor.Counter("minotaur_actions_total", "Round commands the matches took from players since the server started.", c.Commands),
		monitor.Labelled("minotaur_connections_refused_total", "Connections refused since the server started, by reason.", "counter", "reason", c.Refused, foxnet.RefusalReasons...),
		monitor.Counter("minotaur_foxhunt_late_rounds_total", "Rounds that ended at the --timeout because a seated player had not sent its command.", c.LateRounds),
	}
}
