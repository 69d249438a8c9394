package main

import (
	"github.com/minotaur-game/minotaur/internal/monitor"
	"github.com/minotaur-game/minotaur/netplay"
)

// serveMetrics are minotaur serve's counters for /metrics (docs/server.md
// lists them); nil before the server exists.
func serveMetrics(srv *netplay.Server) []monitor.Family {
	if srv == nil {
		return nil
	}
	c := srv.Counts()
	return []monitor.Family{
		monitor.Gauge("minotaur_players_connected", "Players connected now (said hello; away players not counted), the server's bots included.", c.Players),
		monitor.Labelled("minotaur_games", "Games in progress by kind, solo games included.", "gauge", "kind", c.Games),
		monitor.Gauge("minotaur_spectators", "Connections watching a game now.", c.Spectators),
		monitor.Counter("minotaur_actions_total", "Actions the games took from players since the server started.", c.Actions),
		monitor.Labelled("minotaur_connections_refused_total", "Connections and hellos refused since the server started, by reason.", "counter", "reason", c.Refused, netplay.RefusalReasons...),
	}
}
