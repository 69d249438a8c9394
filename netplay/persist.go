package netplay

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
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

// store keeps the games in progress in the data folder's journal, off the
// players' path: rooms are marked dirty, and one goroutine writes — at
// most every batchEvery — one record of the latest state of each room
// marked meanwhile (marks merged), the whole batch in one write and one
// flush to the disk. Now and then it writes a checkpoint: a new journal of
// one record per game in progress, written whole and renamed over the old
// one (journal.go). So a round is on disk within milliseconds, and a slow
// disk never slows a game.
type store struct {
	dir      string
	journal  string                                         // the journal's path
	write    func(path string, data []byte) error           // a whole file, durably: checkpoints
	appendTo func(f *os.File, data []byte, off int64) error // a batch at off, flushed to the disk
	log      *slog.Logger
	mu       sync.Mutex
	dirty    []*room
	kick     chan struct{}

	// The writer's state, used by one goroutine at a time: run's, then
	// Shutdown's once run has returned.
	f       *os.File          // the journal, open for appends; nil: the next write is a checkpoint
	size    int64             // the journal's length: the end of its last whole record
	compact bool              // an append failed: try a checkpoint first (it may fit where the journal does not grow)
	base    int64             // its length right after its checkpoint
	live    map[string][]byte // every game's latest record: what a checkpoint holds
	folded  []string          // game files of older servers read in: removed after the next checkpoint
	buf     []byte            // the batch being written
	spare   []*room           // the dirty list's other buffer
	wrote   []*room           // scratch of flush: the rooms of the batch
	removed []removal         // scratch of flush: the games it removes

	every         time.Duration // batches at most this often
	minCheckpoint int64         // no checkpoint before the journal is this long
	maxJournal    int64         // a checkpoint always comes before the journal grows past it
}

// removal is a game over, removed from the journal by the batch being
// written: data is its last record, put back if the batch fails.
type removal struct {
	r    *room
	data []byte
}

// Journal bounds: a batch at most every batchEvery; a checkpoint once the
// journal is checkpointRatio times as long as its last checkpoint, and at
// least minCheckpoint long.
const (
	batchEvery      = 10 * time.Millisecond
	checkpointRatio = 4
	minCheckpoint   = 1 << 20
)

// journalConfig sets the journal's writer for tests: nil and zero fields
// are the defaults.
type journalConfig struct {
	appendTo      func(f *os.File, data []byte, off int64) error
	minCheckpoint int64
}

// MaxGameFileSize bounds a game file of the data folder, and a game's
// record in its journal: a co-op game of generated levels takes a few tens
// of KB; one of custom levels carries them.
const MaxGameFileSize = saves.MaxSaveSize

func openStore(dir string, write func(string, []byte) error, jc journalConfig, log *slog.Logger) (*store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the data folder %s: %w", dir, err)
	}
	saves.RemoveLeftovers(dir, time.Now())
	st := &store{
		dir: dir, journal: filepath.Join(dir, journalName), write: write, appendTo: jc.appendTo, log: log,
		kick: make(chan struct{}, 1), live: map[string][]byte{},
		every: batchEvery, minCheckpoint: jc.minCheckpoint, maxJournal: maxJournalRead / 2,
	}
	if st.appendTo == nil {
		st.appendTo = appendSynced
	}
	if st.minCheckpoint <= 0 {
		st.minCheckpoint = minCheckpoint
	}
	return st, nil
}

// appendSynced writes data at off in f and flushes it to the disk.
func appendSynced(f *os.File, data []byte, off int64) error {
	if _, err := f.WriteAt(data, off); err != nil {
		return err
	}
	return dataSync(f)
}

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

// requeue marks r again after its write failed.
func (st *store) requeue(r *room) {
	if !r.queued.Swap(true) {
		st.mu.Lock()
		st.dirty = append(st.dirty, r)
		st.mu.Unlock()
	}
}

// run writes dirty rooms until quit is closed: woken by a mark, it writes
// every room marked so far in one batch, and the next batch waits until
// st.every has passed since this one began (the marks arriving meanwhile
// merge). A batch that could not be written stays queued and is tried
// again every retryAfter, with the marks made meanwhile, and at shutdown:
// a full disk is not tried a hundred times a second.
func (st *store) run(quit <-chan struct{}) {
	var retry <-chan time.Time
	wait := time.NewTimer(time.Hour)
	wait.Stop()
	var last time.Time
	for {
		kick := st.kick
		if retry != nil {
			kick = nil // failing: wait for the retry
		}
		select {
		case <-kick:
		case <-retry:
		case <-quit:
			return
		}
		if d := st.every - time.Since(last); d > 0 {
			wait.Reset(d)
			select {
			case <-wait.C:
			case <-quit:
				return
			}
		}
		last = time.Now()
		retry = nil
		if st.flush() != nil {
			retry = time.After(retryAfter)
		}
	}
}

// flush writes one record of every room marked so far, in one batch. The
// rooms of a batch that failed are marked again and the errors returned.
func (st *store) flush() error {
	st.mu.Lock()
	rooms := st.dirty
	st.dirty = st.spare[:0]
	st.mu.Unlock()
	defer func() {
		clear(rooms)
		st.spare = rooms[:0]
	}()
	st.buf, st.wrote, st.removed = st.buf[:0], st.wrote[:0], st.removed[:0]
	var errs error
	for _, r := range rooms {
		r.queued.Store(false)
		if err := st.add(r); err != nil {
			st.log.Error("cannot save game; it is tried again", "game", r.id, "err", err)
			errs = errors.Join(errs, fmt.Errorf("game %s was not saved: %w", r.id, err))
			st.requeue(r)
		}
	}
	if len(st.buf) > 0 {
		if err := st.commit(); err != nil {
			st.log.Error("cannot write the games' rounds to the journal; they are tried again", "journal", st.journal, "games", len(st.wrote)+len(st.removed), "err", err)
			return errors.Join(errs, st.failed(err))
		}
	}
	for _, rm := range st.removed {
		rm.r.saveMu.Lock()
		rm.r.gone = true
		rm.r.saveMu.Unlock()
	}
	return errs
}

// add puts r's record into the batch: its latest state, or its removal
// when the game is done (only if the journal holds it).
func (st *store) add(r *room) error {
	r.saveMu.Lock()
	gone := r.gone
	r.saveMu.Unlock()
	if gone {
		return nil
	}
	r.mu.Lock()
	if r.done {
		r.mu.Unlock()
		if old, ok := st.live[r.id]; ok {
			st.buf = appendRecord(st.buf, r.id, nil)
			delete(st.live, r.id)
			st.removed = append(st.removed, removal{r, old})
			return nil
		}
		r.saveMu.Lock()
		r.gone = true // never written: nothing to remove
		r.saveMu.Unlock()
		return nil
	}
	data, err := r.snapshot()
	r.mu.Unlock()
	if err != nil {
		return err
	}
	st.buf = appendRecord(st.buf, r.id, data)
	st.live[r.id] = data
	st.wrote = append(st.wrote, r)
	return nil
}

// failed marks the rooms of a batch that could not be written again, and
// says which games were not saved.
func (st *store) failed(err error) error {
	var errs error
	for _, r := range st.wrote {
		errs = errors.Join(errs, fmt.Errorf("game %s was not saved: %w", r.id, err))
		st.requeue(r)
	}
	for _, rm := range st.removed {
		st.live[rm.r.id] = rm.data
		errs = errors.Join(errs, fmt.Errorf("game %s was not removed: %w", rm.r.id, err))
		st.requeue(rm.r)
	}
	return errs
}

// commit writes the batch in st.buf: appended to the journal, or in a
// checkpoint when the journal must be begun anew (it is not open, or it
// has grown past its bound).
func (st *store) commit() error {
	if st.f == nil {
		return st.checkpoint()
	}
	grown := st.size + int64(len(st.buf))
	if st.compact || grown > st.maxJournal || grown > max(checkpointRatio*st.base, st.minCheckpoint) {
		err := st.checkpoint()
		if err == nil || st.f == nil || grown > st.maxJournal {
			return err
		}
		st.log.Warn("cannot write a checkpoint of the journal; the rounds are appended to it meanwhile", "journal", st.journal, "err", err)
	}
	return st.appendBatch(st.buf)
}

// appendBatch appends b to the journal and flushes it to the disk. When
// that fails, the bytes written are cut off, so that no stale record is
// ever read after a newer one (if they cannot be, the next write is a
// checkpoint), and the next write tries a checkpoint first.
func (st *store) appendBatch(b []byte) error {
	if err := st.appendTo(st.f, b, st.size); err != nil {
		st.compact = true
		if terr := st.f.Truncate(st.size); terr != nil {
			st.f.Close()
			st.f = nil
		}
		return fmt.Errorf("cannot append to %s: %w", st.journal, err)
	}
	st.size += int64(len(b))
	return nil
}

// checkpoint writes a new journal holding one record of each game in
// st.live, durably, over the old one, and opens it for appends. When it
// cannot be written the old journal is unchanged, and appends go on there
// if they did before.
func (st *store) checkpoint() error {
	ids := make([]string, 0, len(st.live))
	n := len(journalHead)
	for id, data := range st.live {
		ids = append(ids, id)
		n += recHead + len(id) + len(data)
	}
	if int64(n) > st.maxJournal {
		return fmt.Errorf("cannot write %s: the %d games in progress take %d bytes, more than the %d a journal holds", st.journal, len(ids), n, st.maxJournal)
	}
	slices.Sort(ids)
	data := make([]byte, 0, n)
	data = append(data, journalHead...)
	for _, id := range ids {
		data = appendRecord(data, id, st.live[id])
	}
	open := st.f != nil
	if open {
		st.f.Close() // on Windows a file held open cannot be replaced
		st.f = nil
	}
	if err := st.write(st.journal, data); err != nil {
		if open {
			st.f, _ = os.OpenFile(st.journal, os.O_WRONLY, 0)
		}
		return err
	}
	f, err := os.OpenFile(st.journal, os.O_WRONLY, 0)
	if err != nil {
		// The checkpoint holds the batch: only the next one waits.
		st.log.Error("cannot open the journal for appending; the next round is written in a checkpoint", "journal", st.journal, "err", err)
		st.removeFolded()
		return nil
	}
	st.f, st.size, st.base, st.compact = f, int64(len(data)), int64(len(data)), false
	st.removeFolded()
	return nil
}

// removeFolded removes the game files whose games a checkpoint now holds.
func (st *store) removeFolded() {
	if len(st.folded) == 0 {
		return
	}
	for _, path := range st.folded {
		os.Remove(path)
	}
	saves.SyncDir(st.dir)
	st.log.Info("game files folded into the journal", "files", len(st.folded), "journal", st.journal)
	st.folded = nil
}

// close writes every game of rooms (the games in progress at shutdown) and
// of the rooms still marked in a checkpoint, and closes the journal. With
// no game in progress the journal is removed. It returns how many games
// were saved.
func (st *store) close(rooms []*room) (saved int, err error) {
	st.mu.Lock()
	all := append(slices.Clone(rooms), st.dirty...)
	st.dirty = nil
	st.mu.Unlock()
	inRooms := make(map[*room]bool, len(rooms))
	for _, r := range rooms {
		inRooms[r] = true
	}
	seen := make(map[*room]bool, len(all))
	st.buf, st.wrote, st.removed = st.buf[:0], st.wrote[:0], st.removed[:0]
	for _, r := range all {
		if seen[r] {
			continue
		}
		seen[r] = true
		r.queued.Store(false)
		if e := st.add(r); e != nil {
			err = errors.Join(err, fmt.Errorf("game %s was not saved: %w", r.id, e))
		} else if inRooms[r] {
			saved++
		}
	}
	var werr error
	if len(st.live) == 0 {
		werr = st.removeJournal()
	} else {
		werr = st.checkpoint()
		if werr != nil && st.f != nil && len(st.buf) > 0 {
			st.log.Error("cannot write a checkpoint of the journal at shutdown; the games are appended to it", "journal", st.journal, "err", werr)
			werr = st.appendBatch(st.buf)
		}
	}
	if st.f != nil {
		if e := st.f.Close(); e != nil && werr == nil {
			werr = e
		}
		st.f = nil
	}
	if werr != nil {
		for _, r := range st.wrote {
			if inRooms[r] {
				saved--
			}
		}
		for _, rm := range st.removed {
			if inRooms[rm.r] {
				saved--
			}
		}
		return saved, errors.Join(err, st.failed(werr))
	}
	return saved, err
}

// removeJournal removes the journal when no game is in progress: a data
// folder without games holds none. If it cannot be removed, it is
// checkpointed empty.
func (st *store) removeJournal() error {
	if st.f != nil {
		st.f.Close()
		st.f = nil
	}
	err := os.Remove(st.journal)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		saves.SyncDir(st.dir)
		st.removeFolded() // their games are over
		return nil
	}
	return st.checkpoint()
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

// restore resumes the games kept in the data folder: every seat's player
// is away until it comes back with its token. The <id>.json files of older
// servers are read first, then the journal's records in order (the last of
// a game wins); the result is checkpointed, and the files folded into it
// are removed once it is on disk. A file or record that cannot be resumed
// is logged: a file is left alone, a record kept in the journal.
func (s *Server) restore() error {
	st := s.store
	files, journaled, found, err := st.load()
	if err != nil {
		return err
	}
	n := 0
	for _, id := range slices.Sorted(maps.Keys(st.live)) {
		r, err := s.loadRoom(st.live[id], id)
		if err != nil {
			if journaled[id] {
				s.log.Error("cannot resume game", "journal", st.journal, "game", safetext.Clean(id), "err", err)
			} else {
				s.log.Error("cannot resume game", "file", files[id], "err", err)
				delete(st.live, id)
				delete(files, id) // left alone
			}
			continue
		}
		if r == nil {
			delete(st.live, id) // over: not written again
			continue
		}
		n++
	}
	if n > 0 {
		s.log.Info("games resumed from the data folder", "games", n, "dir", st.dir)
	}
	if !found && len(files) == 0 {
		return nil // nothing kept: the first round written begins the journal
	}
	for _, path := range files {
		st.folded = append(st.folded, path)
	}
	slices.Sort(st.folded)
	if err := st.checkpoint(); err != nil {
		s.log.Error("cannot write the journal; the games resumed are kept in memory (and their files, if any, in the folder) and it is tried again with the next round", "journal", st.journal, "err", err)
	}
	return nil
}

// load reads the games kept in the data folder into st.live: the game
// files (<id>.json) of older servers, then the journal's records in order.
// It returns the game files read by game id, the games whose latest word
// is the journal's, and whether a journal was read.
func (st *store) load() (files map[string]string, journaled map[string]bool, found bool, err error) {
	entries, err := os.ReadDir(st.dir)
	if err != nil {
		return nil, nil, false, fmt.Errorf("cannot read the data folder: %w", err)
	}
	files = map[string]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".json") {
			continue
		}
		path := filepath.Join(st.dir, name)
		data, err := saves.ReadFileLimit(path, MaxGameFileSize)
		if err != nil {
			st.log.Error("cannot resume game", "file", path, "err", err)
			continue
		}
		id := strings.TrimSuffix(name, ".json")
		st.live[id] = data
		files[id] = path
	}
	journaled = map[string]bool{}
	found, err = st.readJournal(func(id string, data []byte, _ int64) {
		if data == nil {
			delete(st.live, id)
		} else {
			st.live[id] = data
		}
		journaled[id] = true
	})
	return files, journaled, found, err
}

// readJournal applies the journal's whole records in order and says
// whether there was one. A torn end (a crash in the middle of a write) and
// damaged records are logged and skipped: their games resume as of their
// previous record. A journal that cannot be read at all is set aside as
// <journal>.damaged, logged, and the server starts without it.
func (st *store) readJournal(apply func(id string, data []byte, off int64)) (bool, error) {
	info, err := os.Lstat(st.journal)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read the journal %s: %w", st.journal, err)
	}
	if !info.Mode().IsRegular() {
		return true, st.setAside(fmt.Errorf("it is not a regular file (%s)", info.Mode().Type()))
	}
	if info.Size() > maxJournalRead {
		return true, st.setAside(fmt.Errorf("it is %d bytes long, more than the %d a server reads back (this version checkpoints its journal long before, so another wrote it); to resume its games, start the version that wrote it on a copy of the data folder holding it", info.Size(), int64(maxJournalRead)))
	}
	f, err := os.Open(st.journal)
	if err != nil {
		return false, fmt.Errorf("cannot read the journal %s (%w); give the server's user the right to read and write it, or move it away to start without its games", st.journal, err)
	}
	_, skipped, err := scanJournal(f, info.Size(), apply)
	f.Close()
	if err != nil {
		return true, st.setAside(err)
	}
	for _, sp := range skipped {
		if sp.Torn {
			st.log.Warn("the journal ends in a torn record (the server stopped in the middle of a write); every game resumes as of its last whole record", "journal", st.journal, "offset", sp.From)
		} else {
			st.log.Error("a damaged record of the journal is skipped; its game resumes as of its previous record", "journal", st.journal, "offset", sp.From, "skipped_bytes", sp.To-sp.From)
		}
	}
	return true, nil
}

// setAside renames a journal that cannot be read to <journal>.damaged, so
// that the server starts with the games it read and the next checkpoint
// does not replace it.
func (st *store) setAside(why error) error {
	aside := st.journal + ".damaged"
	if err := os.Rename(st.journal, aside); err != nil {
		return fmt.Errorf("cannot read the journal %s (%v), nor set it aside (%w): move it out of the data folder to start without its games", st.journal, why, err)
	}
	st.log.Error("cannot read the journal; it is set aside and its games not resumed", "journal", st.journal, "aside", aside, "err", why)
	return nil
}

// loadRoom resumes the game id of a saved game's JSON (a record of the
// journal, or an older server's game file). A game that is over or has no
// seat left is not resumed (nil, nil).
func (s *Server) loadRoom(data []byte, id string) (*room, error) {
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
