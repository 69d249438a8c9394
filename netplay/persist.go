package netplay

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/saves"
)

func defaultWriteFile(path string, data []byte) error { return saves.WriteFile(path, data) }

// Format of a game file in the server's data folder.
const (
	serverGameFormat  = "minotaur-server-game"
	serverGameVersion = 1
)

// savedGame is one game in progress on disk: the engine's game and who
// holds which seat. Tokens are kept only as their SHA-256.
type savedGame struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	ID      string          `json:"id"`
	Daily   string          `json:"daily,omitempty"` // the day of a daily challenge
	Kind    string          `json:"kind,omitempty"`  // a game of another kind than Minotaur's
	Bots    int             `json:"bots,omitempty"`  // its computer seats, the last ones
	Seats   []savedSeat     `json:"seats"`
	Game    json.RawMessage `json:"game"`
}

type savedSeat struct {
	Name      string `json:"name"`
	TokenHash string `json:"token_sha256,omitempty"` // empty: the seat was given up
	Away      bool   `json:"away"`
}

// store writes rooms to the data folder off the players' path: rooms are
// marked dirty and one goroutine writes the latest state of each (marks
// made while a room waits are merged), so a slow disk never slows a game.
type store struct {
	dir   string
	write func(path string, data []byte) error
	log   *slog.Logger
	mu    sync.Mutex
	dirty []*room
	kick  chan struct{}
}

// MaxGameFileSize bounds a game file of the data folder: a co-op game of
// generated levels takes a few tens of KB; one of custom levels carries them.
const MaxGameFileSize = saves.MaxSaveSize

func openStore(dir string, write func(string, []byte) error, log *slog.Logger) (*store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the data folder %s: %w", dir, err)
	}
	saves.RemoveLeftovers(dir, time.Now())
	return &store{dir: dir, write: write, log: log, kick: make(chan struct{}, 1)}, nil
}

func (st *store) path(r *room) string { return filepath.Join(st.dir, r.id+".json") }

// mark schedules r to be written (or removed, when it is done).
func (st *store) mark(r *room) {
	if r.queued.Swap(true) {
		return
	}
	st.mu.Lock()
	st.dirty = append(st.dirty, r)
	st.mu.Unlock()
	select {
	case st.kick <- struct{}{}:
	default:
	}
}

// run writes dirty rooms until quit is closed. A room that could not be
// written stays queued and is tried again every retryAfter (and with the
// next change, and at shutdown).
func (st *store) run(quit <-chan struct{}) {
	var retry <-chan time.Time
	for {
		select {
		case <-st.kick:
		case <-retry:
		case <-quit:
			return
		}
		retry = nil
		if st.flush() != nil {
			retry = time.After(retryAfter)
		}
	}
}

// flush writes (or removes) every room marked so far. A room whose write
// failed is marked again and the errors are returned.
func (st *store) flush() error {
	st.mu.Lock()
	batch := st.dirty
	st.dirty = nil
	st.mu.Unlock()
	var errs error
	for _, r := range batch {
		r.queued.Store(false)
		if err := st.save(r); err != nil {
			st.log.Error("cannot save game; it is tried again", "game", r.id, "err", err)
			errs = errors.Join(errs, fmt.Errorf("game %s was not saved: %w", r.id, err))
			if !r.queued.Swap(true) {
				st.mu.Lock()
				st.dirty = append(st.dirty, r)
				st.mu.Unlock()
			}
		}
	}
	return errs
}

// save writes the room's current state, or removes its file when the game
// is done.
func (st *store) save(r *room) error {
	r.saveMu.Lock()
	defer r.saveMu.Unlock()
	if r.gone {
		return nil
	}
	r.mu.Lock()
	if r.done {
		r.mu.Unlock()
		r.gone = true
		if err := os.Remove(st.path(r)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	data, err := r.snapshot()
	r.mu.Unlock()
	if err != nil {
		return err
	}
	return st.write(st.path(r), data)
}

// snapshot serialises the room as a savedGame. Caller holds r.mu. The
// game's JSON goes in as the engine writes it: encoding/json would check
// and copy it twice more, and a server writes thousands of games a second.
func (r *room) snapshot() ([]byte, error) {
	g, err := r.m.MarshalJSON()
	if err != nil {
		return nil, err
	}
	seats := make([]savedSeat, 0, len(r.seats))
	for _, s := range r.seats {
		ss := savedSeat{Name: s.name, Away: s.away}
		if s.p != nil {
			ss.TokenHash = s.tokenHash
		}
		seats = append(seats, ss)
	}
	head, err := json.Marshal(savedGame{Format: serverGameFormat, Version: serverGameVersion, ID: r.id, Daily: r.daily, Kind: r.kind, Bots: r.bots, Seats: seats})
	if err != nil {
		return nil, err
	}
	// head ends with "game":null}: the game goes in its place.
	head, ok := bytes.CutSuffix(head, []byte("null}"))
	if !ok {
		return nil, fmt.Errorf("a saved game's head ends with %q", head[max(0, len(head)-16):])
	}
	out := make([]byte, 0, len(head)+len(g)+1)
	return append(append(append(out, head...), g...), '}'), nil
}

// restore loads the games kept in the data folder: every seat's player is
// away until it comes back with its token. A file that cannot be read is
// logged and left alone.
func (s *Server) restore() error {
	entries, err := os.ReadDir(s.store.dir)
	if err != nil {
		return fmt.Errorf("cannot read the data folder: %w", err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".json") {
			continue
		}
		path := filepath.Join(s.store.dir, name)
		r, err := s.loadRoom(path, strings.TrimSuffix(name, ".json"))
		if err != nil {
			s.log.Error("cannot resume game", "file", path, "err", err)
			continue
		}
		if r == nil {
			continue
		}
		n++
	}
	if n > 0 {
		s.log.Info("games resumed from the data folder", "games", n, "dir", s.store.dir)
	}
	return nil
}

func (s *Server) loadRoom(path, id string) (*room, error) {
	data, err := saves.ReadFileLimit(path, MaxGameFileSize)
	if err != nil {
		return nil, err
	}
	var sg savedGame
	if err := json.Unmarshal(data, &sg); err != nil {
		return nil, fmt.Errorf("not a game file: %w", err)
	}
	if sg.Format != serverGameFormat || sg.Version != serverGameVersion {
		return nil, fmt.Errorf("format %q version %d, want %q version %d", sg.Format, sg.Version, serverGameFormat, serverGameVersion)
	}
	if _, err := hex.DecodeString(id); err != nil || sg.ID != id {
		return nil, fmt.Errorf("game id %q does not match the file name", sg.ID)
	}
	if len(sg.Seats) < 1 || len(sg.Seats) > maxSeats || sg.Kind == "" && len(sg.Seats) > 2 {
		return nil, fmt.Errorf("%d seats, want 1 or 2 (up to %d in a game of another kind)", len(sg.Seats), maxSeats)
	}
	if sg.Daily != "" && !validDate(sg.Daily) {
		return nil, fmt.Errorf("daily challenge of %q, not a date (YYYY-MM-DD)", safetext.Clean(sg.Daily))
	}
	r, err := loadGame(id, sg)
	if err != nil {
		return nil, err
	}
	if r.ended() {
		os.Remove(path)
		return nil, nil
	}
	for i, ss := range sg.Seats {
		r.seats[i] = roomSeat{name: ss.Name, away: ss.Away, tokenHash: ss.TokenHash}
		if ss.TokenHash == "" || !ValidName(ss.Name) || s.byName[nameKey(ss.Name)] != nil || s.byToken[ss.TokenHash] != nil {
			continue // given up, or clashing with another game's player
		}
		p := &player{name: ss.Name, key: nameKey(ss.Name), tokenHash: ss.TokenHash, room: r, seat: i + 1}
		r.seats[i].p = p
		s.byName[p.key] = p
		s.byToken[p.tokenHash] = p
		s.startGrace(p)
	}
	if r.empty() {
		os.Remove(path)
		return nil, nil
	}
	s.rooms[id] = r
	s.countComputer(r, +1)
	return r, nil
}

// loadGame reads the game of a saved room through its kind's
// registration: "" (every file of a Minotaur game) is Minotaur's.
func loadGame(id string, sg savedGame) (*room, error) {
	kd := registered(sg.Kind)
	if kd == nil || sg.Daily != "" && !kd.Daily {
		return nil, fmt.Errorf("a game of kind %q, which this server does not play", safetext.Clean(sg.Kind))
	}
	m, err := kd.Load(sg.Game)
	if err != nil {
		return nil, err
	}
	if m.Seats() != len(sg.Seats) || sg.Bots < 0 || sg.Bots >= len(sg.Seats) {
		return nil, fmt.Errorf("a %s game of %d seats with %d, %d of them the computer's", kd.Name, m.Seats(), len(sg.Seats), sg.Bots)
	}
	r := &room{id: id, kind: sg.Kind, m: m, seats: make([]roomSeat, len(sg.Seats)), bots: sg.Bots, daily: sg.Daily}
	if kd.Name == KindMinotaur {
		r.kind = "" // its messages carry no kind
	}
	r.turn.Store(int32(m.Moves()))
	if c, ok := m.(campaign); ok {
		_, level, _ := c.progress()
		r.level.Store(int32(level))
	}
	return r, nil
}
