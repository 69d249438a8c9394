// Package saves keeps what a player earned on disk: saved games, the
// high-score table and replays, every file written through one durable,
// atomic helper.
//
// A front end uses it like this:
//
//	paths, err := saves.ResolvePaths(saves.Given{Data: dataFlag}, saves.LocalEnv())
//	moved, err := saves.MoveOldFiles(paths, saves.LocalEnv(), time.Now()) // once: the first versions' places
//	store := saves.Store{Dir: paths.Saves}
//	info, err := store.Save(game, recorder, time.Now())   // a game's first save: a new file
//	info, err = store.Replace(info.Name, game, recorder, time.Now()) // saved again: over its file
//	list, err := store.List()                            // newest first; damaged files listed too
//	loaded, err := store.Load(list[0].Name)
//
//	table := saves.ScoreTable{Path: paths.Scores}
//	if ok, _, _ := table.Qualifies(score, now); ok { ... ask for a name ... }
//	added, err := table.Add(saves.Entry{Name: name, Score: score, Level: level, Seed: seed}, now)
//
//	rec := saves.NewRecorder(seed, levelTexts, players)
//	rec.Record(action)                                    // after each successful Game.Apply
//	path, err := rec.Save(paths.Replays, now)             // when the game is won, lost or quit
//
// Nothing in this package reads the clock for what a player sees: callers
// pass the time (only Store.List compares the age of leftover temporary
// files with the clock, to remove them). Every file is read through
// ReadFileLimit: a regular file of bounded size, never a pipe or a device
// that would hang or flood the game. Every file is written with WriteFile
// (or, for a file that must not replace another, the same steps ending in a
// no-replace link), so a crash, a killed process or a full disk leaves either
// the old file or the new one, never a torn one.
//
// The package depends on the engine only for the game it saves and the moves
// it replays; it never imports the levels package, so a replay of custom
// levels is run on levels the caller has already parsed.
package saves
