// Package sshplay serves the game over SSH, so that a player needs nothing
// but an SSH client: `ssh -p 2222 host` opens the main menu.
//
// Every SSH session runs its own Bubble Tea program with the game's root
// model (package tui), drawn for that session's terminal (its TERM, size and
// resizes) with styles built from the session's renderer, and the session's
// user name as the player's default name. Its Network screen joins the game
// server of the same process (netplay.Server.Pipe) rather than dialing out,
// so SSH players and TCP players share one lobby and play co-op together.
//
//	game, _ := netplay.NewServer(netplay.Config{DataDir: data})
//	srv, _ := sshplay.New(sshplay.Config{DataDir: data, Game: game})
//	go srv.Serve(sshListener)
//	go game.Serve(tcpListener)
//	...
//	srv.Shutdown(ctx)  // first: sessions end with a goodbye
//	game.Shutdown(ctx)
//
// Identities: a player who logs in with a public key is recognised by it
// (the hash of the key names their folder under DATA/ssh/players/), so
// their saved games and replays are theirs on every visit, and the token of
// their network seat is kept there: a player who dropped out of a co-op
// game logs in again and gets their seat back. A player without a key is
// let in as a guest (keyboard-interactive, no question asked); a guest's
// folder lasts for the visit. The high-score table of DATA/ssh is shared by
// all SSH players.
//
// This package is wiring, not game logic: it imports tui and netplay, and
// netplay knows nothing of it.
package sshplay
