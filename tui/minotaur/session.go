package minotaur

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Session is the game screen's line to one game. The game screen draws only
// from Session.View and shows messages only from the events a session
// reports, so that solo play (LocalSession: an engine.Game in this process)
// and network co-op (RemoteSession: a netplay client) share every line of
// drawing and input code.
//
// Session holds what every session does. What only some do is an optional
// interface, checked where it matters: Saver (a game the player can save),
// Chatter (a partner to talk to), Resumable (a game a server keeps while
// its player is away).
//
// The game screen calls a session from its Update only (one goroutine); a
// session must not block there. Anything slow — writing files, waiting for
// the server — happens in the tea.Cmds it returns, which report back with
// the messages below.
//
// A remote implementation:
//   - Act sends the action to the server and returns (nil, nil); the
//     server's answer comes back as an EventsMsg from the command that Next
//     returns (the game screen re-arms Next after every message it gets).
//   - View returns the latest state the server sent for this seat.
//   - Next waits for the next server message and turns it into an EventsMsg
//     (a new state and its events), a ChatMsg, or a SessionErrorMsg (the
//     connection failed: the screen shows it with a way back to the menu).
//   - End leaves the room and closes the connection.
type Session interface {
	// Seat is the seat this screen plays: 1 solo; 1 or 2 in co-op.
	Seat() int
	// View returns what the seat perceives now. The game screen calls it
	// once after each batch of events and caches the drawing.
	View() engine.View
	// Act plays one action of this seat. A local session applies it at once
	// and returns what happened; a remote session sends it and returns no
	// events (they arrive later as an EventsMsg). An error is shown to the
	// player as a message ("it is not your turn").
	Act(a engine.Action) ([]engine.Event, error)
	// Next returns a command that waits for the next thing the session
	// reports unasked (EventsMsg, ChatMsg, SessionErrorMsg), or nil when
	// nothing ever comes unasked (a local game).
	Next() tea.Cmd
	// Info describes the session for the side panel.
	Info() SessionInfo
	// End finishes the session — the game was won, lost or abandoned — and
	// returns a command that writes what must be kept (a local game's
	// replay) or closes the connection, and reports an screen.EndedMsg.
	End() tea.Cmd
}

// Saver is a session that the player can save (a solo game; the server
// keeps a network game). Without one, the pause screen says the game cannot
// be saved and quitting never asks about unsaved progress.
type Saver interface {
	// Save returns a command that writes the game to its saved-game file —
	// a new file the first time, the same file replaced after that — and
	// reports a SavedMsg.
	Save() tea.Cmd
	// Unsaved reports whether the game has progress that no save holds and
	// that quitting would lose.
	Unsaved() bool
	// SaveFailed tells the session that the write of its last Save failed,
	// so that its progress counts as unsaved again.
	SaveFailed()
}

// Chatter is a session with a partner to talk to (co-op over the network).
type Chatter interface {
	// Say sends a chat line to the partner.
	Say(text string) error
}

// Resumable is a session that a server keeps while its player is away: a
// dropped connection is resumed, so a hangup leaves it alone rather than
// ending it (which would give the seat up), and after the game the player
// goes back to that server's lobby.
type Resumable interface {
	// Server returns the server's address and the player's name there.
	Server() (addr, name string)
}

// Forfeiter is a game that a server keeps (Resumable) and that quitting
// can give up for good: what that costs is said before (QuitCost), and
// any other way out keeps the seat for the server's grace period (Keep).
type Forfeiter interface {
	Resumable
	// QuitCost says what giving the game up costs the player, in a
	// sentence: "This ends the game and uses today's try."
	QuitCost() string
	// Forfeit gives the seat up on the live connection; the server's
	// answer ends the game (an EventsMsg with EvGameLost follows).
	Forfeit() tea.Cmd
	// Forfeited reports whether the player gave the game up.
	Forfeited() bool
	// Keep closes the connection and keeps the seat: the player may come
	// back within the grace period.
	Keep() tea.Cmd
}

// forfeiter returns the session as a Forfeiter while its game goes on.
func forfeiter(s Session) (Forfeiter, bool) {
	f, ok := s.(Forfeiter)
	if !ok || s.View().Result != engine.InProgress {
		return nil, false
	}
	return f, true
}

// unsaved reports whether s has progress that quitting would lose.
func unsaved(s Session) bool {
	sv, ok := s.(Saver)
	return ok && sv.Unsaved()
}

// saveFailedIn tells s, when it saves, that its last save was not written.
func saveFailedIn(s Session) {
	if sv, ok := s.(Saver); ok {
		sv.SaveFailed()
	}
}

// SessionInfo describes a session for the side panel.
type SessionInfo struct {
	// Players is 1 (solo) or 2 (co-op).
	Players int
	// Names are the players' names in seat order ("" when unknown).
	Names []string
	// Online tells, in seat order, whether each player is connected (nil
	// when every player is here).
	Online []bool
}

// EventsMsg reports events that a session received unasked (a remote
// session: the server's answer to a move, or the partner's move). The game
// screen then reads the session's View again.
type EventsMsg struct {
	Events []engine.Event
}

// ChatMsg is a chat line from the partner (or a notice from the server when
// From is empty).
type ChatMsg struct {
	From string
	Text string
}

// SessionErrorMsg reports that a session failed (the connection was lost).
// The game screen shows it with a way back to the menu; it never ends the
// program.
type SessionErrorMsg struct {
	Err error
}

// SavedMsg reports a finished save: the file written, or why it failed.
type SavedMsg struct {
	Path string
	Err  error
}

// LocalSession is a solo game played in this process: an engine.Game, the
// recording of its moves for the replay, and where saves and replays go.
type LocalSession struct {
	game    *engine.Game
	rec     *saves.Recorder
	store   saves.Store
	replays string
	now     func() time.Time
	savedAt int  // rec.Len() at the last save; -1 when never saved
	played  int  // actions played in this sitting
	ended   bool // End has been called
	file    *saveFile
	// cause and tip are the end screen's sentences, for the run summary
	// (Told).
	cause, tip string
}

// saveFile is the one save file of a game: a game in progress has at most
// one, which its saves replace and its end deletes. The name is learnt in
// the commands that write and is read in the commands that delete, so it is
// kept under a lock; the lock is held for a whole write, so that two saves
// never race for the first file name, and an end waits for the saves asked
// before it (pending) so that it deletes the file they wrote.
type saveFile struct {
	mu      sync.Mutex
	name    string         // the file's name in the saves folder; "" before the first save
	written int            // the number of the newest save written (saves are numbered from 1)
	asked   int            // the number of the newest save asked for (read and written in Update only)
	pending sync.WaitGroup // saves asked for and not yet written
}

// NewLocalSession wraps a game. rec records its moves (nil starts a new
// recording of g's seed and levelTexts); savesDir and replaysDir are the
// folders that Save and End write to; now tells the time for file names
// (it must not be nil).
// savedAlready says that g was just loaded from a save (so it has nothing
// unsaved yet).
func NewLocalSession(g *engine.Game, rec *saves.Recorder, levelTexts []string, savesDir, replaysDir string, now func() time.Time, savedAlready bool) *LocalSession {
	if rec == nil {
		rec = saves.NewRecorder(g.Seed(), levelTexts, g.Players())
	}
	s := &LocalSession{game: g, rec: rec, store: saves.Store{Dir: savesDir}, replays: replaysDir, now: now, savedAt: -1, file: &saveFile{}}
	if savedAlready {
		s.savedAt = rec.Len()
	}
	return s
}

// ContinuedFrom tells the session that its game was loaded from the save
// with the given file name in the saves folder: saving again replaces that
// file, and the end of the game deletes it. Until then the file stays, so
// that a crash loses nothing. It is called right after NewLocalSession,
// before any Save.
func (s *LocalSession) ContinuedFrom(name string) {
	s.file.mu.Lock()
	s.file.name = name
	s.file.mu.Unlock()
}

// Recorded is the number of moves its replay's recording holds (for
// tests).
func (s *LocalSession) Recorded() int { return s.rec.Len() }

// Game returns the session's game (for tests).
func (s *LocalSession) Game() *engine.Game { return s.game }

// Seat is always 1 in a solo game.
func (s *LocalSession) Seat() int { return 1 }

// View returns what the player perceives now.
func (s *LocalSession) View() engine.View { return s.game.View(1) }

// Act applies the action and records it.
func (s *LocalSession) Act(a engine.Action) ([]engine.Event, error) {
	seat := s.game.Turn()
	if seat == 0 {
		return nil, engine.ErrGameOver
	}
	ev, err := s.rec.Apply(s.game, seat, a)
	if err == nil {
		s.played++
	}
	return ev, err
}

// Next returns nil: a local game reports nothing unasked.
func (s *LocalSession) Next() tea.Cmd { return nil }

// DealAhead returns a command that deals the campaign's next level in the
// background (the solver's vetting takes up to a tenth of a second), or nil
// when there is none to deal.
func (s *LocalSession) DealAhead() tea.Cmd {
	work := s.game.Upcoming()
	if work == nil {
		return nil
	}
	return func() tea.Msg {
		work()
		return nil
	}
}

// Info describes a solo game.
func (s *LocalSession) Info() SessionInfo { return SessionInfo{Players: s.game.Players()} }

// Unsaved reports moves made since the last save (or since the start).
func (s *LocalSession) Unsaved() bool {
	return s.game.Result() == engine.InProgress && s.rec.Len() != s.savedAt && s.rec.Len() > 0
}

// Save snapshots the game now (so that the write cannot race with play) and
// returns a command that writes it: to a new file in the saves folder the
// first time, over that same file (atomically) every time after, so that a
// game has one save, which holds its latest state. When two saves' commands
// run out of order, the older one writes nothing.
func (s *LocalSession) Save() tea.Cmd {
	g, rec, err := s.snapshot()
	if err != nil {
		return func() tea.Msg { return SavedMsg{Err: err} }
	}
	store, now, f := s.store, s.now(), s.file
	s.savedAt = s.rec.Len() // optimistic; a failed save resets it through SaveFailed
	f.asked++
	nr := f.asked
	f.pending.Add(1)
	return func() tea.Msg {
		defer f.pending.Done()
		f.mu.Lock()
		defer f.mu.Unlock()
		if nr < f.written {
			// A later save is already on the disk.
			return SavedMsg{Path: filepath.Join(store.Dir, f.name)}
		}
		var info saves.SaveInfo
		var err error
		if f.name == "" {
			info, err = store.Save(g, rec, now)
		} else {
			info, err = store.Replace(f.name, g, rec, now)
		}
		if err != nil {
			return SavedMsg{Err: err}
		}
		f.name, f.written = info.Name, nr
		return SavedMsg{Path: info.Path}
	}
}

// SaveFailed forgets the last save (its write failed).
func (s *LocalSession) SaveFailed() { s.savedAt = -1 }

// snapshot copies the game and the recording through their serialised form.
func (s *LocalSession) snapshot() (*engine.Game, *saves.Recorder, error) {
	data, err := json.Marshal(s.game)
	if err != nil {
		return nil, nil, fmt.Errorf("the game could not be saved: %w", err)
	}
	g, err := engine.Load(data)
	if err != nil {
		return nil, nil, fmt.Errorf("the game could not be saved: %w", err)
	}
	return g, saves.ResumeRecorder(s.rec.Replay()), nil
}

// End returns a command that writes the game's replay, unless nothing was
// played in this sitting of a game that goes on (a save just continued and
// left again), and, when the game is over (won or lost), deletes its save:
// a save is a place to come back to, not a way to undo. A game left in
// progress keeps its save. It reports an screen.EndedMsg. A session ends once.
func (s *LocalSession) End() tea.Cmd {
	if s.ended {
		return nil
	}
	s.ended = true
	over := s.game.Result() != engine.InProgress
	var forget func() error
	if over {
		forget = s.deleteSave()
	}
	if s.rec.Len() == 0 || (s.played == 0 && !over) {
		return func() tea.Msg {
			if forget != nil {
				if err := forget(); err != nil {
					return screen.EndedMsg{Err: err}
				}
			}
			return screen.EndedMsg{}
		}
	}
	r, dir, now := s.rec.Replay(), s.replays, s.now()
	sum := s.summary(now)
	// A write the front end waits for before the process exits.
	return screen.Writing(func() tea.Msg {
		path, err := saves.SaveReplay(dir, r, now)
		if err != nil {
			return screen.EndedMsg{Err: fmt.Errorf("the replay was not written: %w", err)}
		}
		// The full path, so that the command the end screen shows works
		// from any folder.
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		ended := screen.EndedMsg{Replay: path}
		sum.Replay = filepath.Base(path)
		sum.LevelNames = levelNames(r.Levels)
		ended.Summary, ended.SummaryErr = saves.WriteSummary(path, sum.Text())
		if forget != nil {
			if err := forget(); err != nil {
				ended.Err = err
			}
		}
		return ended
	})
}

// Told gives the session the end screen's sentences — the cause of the
// end and the tip shown ("" for none) — for the run summary beside the
// replay. It is called before End.
func (s *LocalSession) Told(cause, tip string) { s.cause, s.tip = cause, tip }

// summary is the run summary of the game as it stands at now, but for
// the replay's name and the levels' names, which End's command adds.
func (s *LocalSession) summary(now time.Time) saves.Summary {
	v := s.game.View(1)
	cause := s.cause
	if cause == "" && v.Result == engine.InProgress {
		cause = fmt.Sprintf("The game was left on turn %d of level %d.", v.Turn, v.Level)
	}
	return saves.Summary{
		Seed: v.Seed, Players: s.game.Players(), Result: v.Result,
		Level: v.Level, Levels: v.Levels, Turn: v.Turn, Bonuses: v.Bonuses, Score: v.Score,
		Passed: append([]engine.LevelScore(nil), v.Passed...),
		Cause:  cause, Tip: s.tip, Played: now,
	}
}

// levelNames are the names of the level files whose texts a replay
// carries (nil for the generated campaign); a level without a name is
// called by its number.
func levelNames(texts []string) []string {
	var names []string
	for i, text := range texts {
		name := ""
		if lv, _, err := levels.Parse("", []byte(text)); err == nil {
			name = safetext.Clean(lv.Name)
		}
		if name == "" {
			name = fmt.Sprintf("level %d", i+1)
		}
		names = append(names, name)
	}
	return names
}

// deleteSave returns the work, run in End's command, that deletes the
// game's save file once the saves asked before it are written. A file
// already gone is no error.
func (s *LocalSession) deleteSave() func() error {
	f, dir := s.file, s.store.Dir
	return func() error {
		f.pending.Wait()
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.name == "" {
			return nil
		}
		err := os.Remove(filepath.Join(dir, f.name))
		if errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		if err != nil {
			return fmt.Errorf("the finished game's save %s could not be deleted (delete it from Continue): %w", f.name, err)
		}
		f.name = ""
		return nil
	}
}

// Revealer is a session that can show the whole level once the game is
// over, nothing being left to hide: a local game. A network game's client
// knows only what its seat saw.
type Revealer interface {
	// Revealed returns the level being played and the whole truth about
	// the game, and false while the game goes on.
	Revealed() (engine.Level, engine.Status, bool)
}

// Revealed returns the last level and the game's whole truth once the game
// is over.
func (s *LocalSession) Revealed() (engine.Level, engine.Status, bool) {
	if s.game == nil || s.game.Result() == engine.InProgress {
		return engine.Level{}, engine.Status{}, false
	}
	return s.game.CurrentLevel(), s.game.Status(), true
}
