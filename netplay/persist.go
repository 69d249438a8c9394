package netplay

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/engine"
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

// snapshot serialises the room as a savedGame. Caller holds r.mu. It is
// appendSnapshot into a buffer of the last snapshot's size.
func (r *room) snapshot() ([]byte, error) {
	out, err := r.appendSnapshot(make([]byte, 0, r.snapLen+r.snapLen/8+256))
	if err == nil {
		r.snapLen = len(out)
	}
	return out, err
}

// jsonAppender is a Game that appends its saved form to a buffer (the
// bytes its MarshalJSON writes): Minotaur's, which a server writes after
// every round of every game.
type jsonAppender interface {
	AppendJSON(dst []byte) ([]byte, error)
}

// appendSnapshot appends the room serialised as a savedGame to dst: the
// bytes encoding/json writes of it, the head built by hand and the game's
// JSON appended in its place as the game writes it — no copy of it, and
// none at all into a reused dst for a Game that is a jsonAppender. Caller
// holds r.mu. On error dst is returned as it was given.
func (r *room) appendSnapshot(dst []byte) ([]byte, error) {
	b := append(dst, `{"format":`...)
	b = engine.AppendJSONString(b, serverGameFormat)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, serverGameVersion, 10)
	b = append(b, `,"id":`...)
	b = engine.AppendJSONString(b, r.id)
	if r.daily != "" {
		b = append(b, `,"daily":`...)
		b = engine.AppendJSONString(b, r.daily)
	}
	if r.kind != "" {
		b = append(b, `,"kind":`...)
		b = engine.AppendJSONString(b, r.kind)
	}
	if r.bots != 0 {
		b = append(b, `,"bots":`...)
		b = strconv.AppendInt(b, int64(r.bots), 10)
	}
	b = append(b, `,"seats":[`...)
	for i := range r.seats {
		s := &r.seats[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = engine.AppendJSONString(b, s.name)
		if s.p != nil && s.tokenHash != "" {
			b = append(b, `,"token_sha256":`...)
			b = engine.AppendJSONString(b, s.tokenHash)
		}
		b = append(b, `,"away":`...)
		b = strconv.AppendBool(b, s.away)
		b = append(b, '}')
	}
	b = append(b, `],"game":`...)
	var err error
	if ja, ok := r.m.(jsonAppender); ok {
		b, err = ja.AppendJSON(b)
	} else {
		var g []byte
		if g, err = r.m.MarshalJSON(); err == nil {
			b = append(b, g...)
		}
	}
	if err != nil {
		return dst, err
	}
	return append(b, '}'), nil
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
