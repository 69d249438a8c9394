package netplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/saves"
)

// The daily challenge: every player of the server plays the same seed on a
// given day (UTC), once per name; the server ran every move, so its table
// can be trusted. Each day's table is a file of the data folder,
// daily/YYYY-MM-DD.json, written atomically whenever it changes.

// Format of a day's table in the data folder.
const (
	dailyFormat  = "minotaur-daily"
	dailyVersion = 1
	// DailyListMax is the most entries one `daily` message lists (the best),
	// so that the line stays under MaxLine bytes.
	DailyListMax = 50
	// maxDailyFile bounds a day's table file. An entry takes at most
	// dailyEntryMax bytes, so a day of Config.DailyMax attempts (bounded
	// by maxDailyEntries) always fits: the server never writes a table it
	// would refuse to read back.
	maxDailyFile    = 16 << 20
	dailyEntryMax   = 128
	maxDailyEntries = (maxDailyFile - 4096) / dailyEntryMax
)

// DailySeed returns the daily challenge's seed of a day: its date as the
// number YYYYMMDD (20261201 for 1 December 2026), so that anyone can play
// the day's mazes again with --seed.
func DailySeed(day time.Time) uint64 {
	d := day.UTC()
	return uint64(d.Year()*10000 + int(d.Month())*100 + d.Day())
}

// DailyDate returns a day's date as the daily challenge names it (UTC).
func DailyDate(day time.Time) string { return day.UTC().Format(time.DateOnly) }

func validDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// dailyDay is one day's table, as kept on disk.
type dailyDay struct {
	Format  string        `json:"format"`
	Version int           `json:"version"`
	Date    string        `json:"date"`
	Seed    uint64        `json:"seed"`
	Entries []dailyRecord `json:"entries"` // in the order the attempts began

	lines [2][]byte // the `daily` lines (played false, true); nil when changed
	// byHost counts the attempts begun from each remote host since the
	// server started (in memory only: a restart forgets it, never the
	// attempts themselves).
	byHost map[string]int
	// closed: the day's file was damaged at start-up and set aside. Who
	// had played is not known any more, so no new attempt begins that day
	// (nobody gets a second try); games in progress still end in the table.
	closed bool
	// index finds a name's entry (by nameKey); top lists the entries of
	// the finished attempts the `daily` message shows, best first (at
	// most DailyListMax), kept as results come: nothing under the server's
	// lock costs more than one entry, however many attempts the day had.
	index map[string]int
	top   []int
	// changed lists the entries changed since the writer last took them;
	// shadow is the writer's copy of the entries (see flushDaily).
	changed []int
	shadow  []dailyRecord
}

// takeChanges brings the writer's copy of the entries up to date — the
// entries changed and added since its last call — and returns it. Only the
// writer calls it (and only it reads the copy); caller holds Server.mu.
func (d *dailyDay) takeChanges() []dailyRecord {
	for _, i := range d.changed {
		if i < len(d.shadow) {
			d.shadow[i] = d.Entries[i]
		}
	}
	d.changed = d.changed[:0]
	d.shadow = append(d.shadow, d.Entries[len(d.shadow):]...)
	return d.shadow
}

// add appends a new attempt. Caller holds Server.mu.
func (d *dailyDay) add(e dailyRecord) *dailyRecord {
	if d.index == nil {
		d.index = map[string]int{}
	}
	d.index[e.key] = len(d.Entries)
	d.Entries = append(d.Entries, e)
	return &d.Entries[len(d.Entries)-1]
}

// better reports whether entry i ranks before entry j in the table: the
// higher score, then the higher level, then the attempt begun first.
func (d *dailyDay) better(i, j int) bool {
	x, y := &d.Entries[i], &d.Entries[j]
	if x.Score != y.Score {
		return x.Score > y.Score
	}
	if x.Level != y.Level {
		return x.Level > y.Level
	}
	return i < j
}

// finished notes that entry i's attempt has ended: it enters the table's
// top when it ranks there. Caller holds Server.mu.
func (d *dailyDay) finished(i int) {
	d.changed = append(d.changed, i)
	if slices.Contains(d.top, i) {
		return
	}
	at := len(d.top)
	for k, j := range d.top {
		if d.better(i, j) {
			at = k
			break
		}
	}
	if at >= DailyListMax {
		return
	}
	d.top = slices.Insert(d.top, at, i)
	if len(d.top) > DailyListMax {
		d.top = d.top[:DailyListMax]
	}
}

// dailyRecord is one name's attempt of the day.
type dailyRecord struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
	Level int    `json:"level"`
	Won   bool   `json:"won,omitempty"`
	Done  bool   `json:"done"` // false while the attempt is being played
	key   string
}

// dailyBook keeps the tables of the days seen since the server started.
// Guarded by Server.mu, except the writer's queue.
type dailyBook struct {
	dir   string // "" keeps the tables in memory only
	write func(path string, data []byte) error
	days  map[string]*dailyDay

	qmu     sync.Mutex
	pending map[string]*dailyDay // date → the table to write
	kick    chan struct{}
}

func newDailyBook(dataDir string, write func(string, []byte) error) *dailyBook {
	b := &dailyBook{write: write, days: map[string]*dailyDay{}, pending: map[string]*dailyDay{}, kick: make(chan struct{}, 1)}
	if dataDir != "" {
		b.dir = filepath.Join(dataDir, "daily")
	}
	return b
}

func (b *dailyBook) path(date string) string { return filepath.Join(b.dir, date+".json") }

// day returns the table of a date, read from the data folder the first
// time. A damaged file is moved aside (…json.damaged) and the day starts
// afresh: it is logged, never fatal. Caller holds Server.mu.
func (s *Server) dailyDay(date string) *dailyDay {
	b := s.daily
	if d := b.days[date]; d != nil {
		return d
	}
	t, _ := time.Parse(time.DateOnly, date)
	d := &dailyDay{Format: dailyFormat, Version: dailyVersion, Date: date, Seed: DailySeed(t), byHost: map[string]int{}}
	if b.dir != "" {
		if err := d.load(b.path(date)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			s.log.Error("the daily table is damaged; it is set aside and no new attempt begins that day", "file", b.path(date), "err", err)
			os.Rename(b.path(date), b.path(date)+".damaged")
			d.Entries, d.index, d.top, d.closed = nil, nil, nil, true
		}
	}
	if len(b.days) > 8 { // yesterday's late finishers, not every day since the start
		for k := range b.days {
			if k < date {
				delete(b.days, k)
			}
		}
	}
	b.days[date] = d
	return d
}

func (d *dailyDay) load(path string) error {
	data, err := saves.ReadFileLimit(path, maxDailyFile)
	if err != nil {
		return err
	}
	var f dailyDay
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("not a daily table: %w", err)
	}
	if f.Format != dailyFormat || f.Version != dailyVersion || f.Date != d.Date {
		return fmt.Errorf("format %q version %d of %s, want %q version %d of %s", f.Format, f.Version, f.Date, dailyFormat, dailyVersion, d.Date)
	}
	for _, e := range f.Entries {
		if !ValidName(e.Name) {
			continue
		}
		e.key = nameKey(e.Name)
		if _, twice := d.index[e.key]; twice {
			continue
		}
		d.add(e)
	}
	var done []int
	for i, e := range d.Entries {
		if e.Done {
			done = append(done, i)
		}
	}
	slices.SortFunc(done, func(i, j int) int {
		if d.better(i, j) {
			return -1
		}
		return 1
	})
	d.top = done[:min(len(done), DailyListMax)]
	return nil
}

// find returns the attempt of a name, or nil.
func (d *dailyDay) find(key string) *dailyRecord {
	if i, ok := d.index[key]; ok {
		return &d.Entries[i]
	}
	return nil
}

// line returns the day's `daily` message for a client whose name has (or
// has not) played.
func (d *dailyDay) line(played bool) []byte {
	i := 0
	if played {
		i = 1
	}
	if d.lines[i] == nil {
		m := &Daily{T: TypeDaily, Date: d.Date, Seed: d.Seed, Entries: []DailyEntry{}, Played: played}
		for _, j := range d.top {
			e := d.Entries[j]
			m.Entries = append(m.Entries, DailyEntry{Name: e.Name, Score: e.Score, Level: e.Level, Won: e.Won})
		}
		d.lines[i] = encode(m)
	}
	return d.lines[i]
}

// refuseDaily says why a new daily attempt of a player from host cannot
// begin, or "" when it can. Caller holds Server.mu.
func (s *Server) refuseDaily(d *dailyDay, host string) (code, msg string) {
	switch {
	case d.closed:
		return CodeProto, fmt.Sprintf("the daily challenge of %s is closed: the server could not read who had played it, so nobody gets a second try; a new one starts at midnight UTC", d.Date)
	case len(d.Entries) >= min(s.cfg.DailyMax, maxDailyEntries):
		return CodeRateLimited, fmt.Sprintf("the daily challenge of %s has had its %d attempts, the most this server takes in a day; a new one starts at midnight UTC", d.Date, len(d.Entries))
	case host != "pipe" && d.byHost[host] >= s.cfg.DailyPerAddr:
		return CodeRateLimited, fmt.Sprintf("%d daily attempts have begun from your address today, the most one address may begin; a new challenge starts at midnight UTC", d.byHost[host])
	}
	return "", ""
}

// changed notes that the day's table changed: the messages are made anew
// and the file is queued to be written; the writer encodes it, off the
// players' path. Caller holds Server.mu.
func (s *Server) dailyChanged(d *dailyDay) {
	d.lines = [2][]byte{}
	b := s.daily
	if b.dir == "" {
		return
	}
	b.qmu.Lock()
	b.pending[d.Date] = d
	b.qmu.Unlock()
	select {
	case b.kick <- struct{}{}:
	default:
	}
}

// runDaily writes the tables that changed, off the players' path, until
// quit is closed. A table that could not be written stays queued and is
// tried again every retryAfter (and with the next change, and at
// shutdown), so a disk that was full for a while loses nothing.
func (s *Server) runDaily(quit <-chan struct{}) {
	var retry <-chan time.Time
	for {
		select {
		case <-s.daily.kick:
		case <-retry:
		case <-quit:
			return
		}
		retry = nil
		if s.flushDaily() != nil {
			retry = time.After(retryAfter)
		}
	}
}

// retryAfter is how long a failed write of the data folder waits before
// it is tried again (a change comes sooner).
const retryAfter = 2 * time.Second

// flushDaily writes every table waiting to be written. A table that could
// not be written is queued again (unless a newer one was queued meanwhile)
// and its error returned.
func (s *Server) flushDaily() error {
	b := s.daily
	b.qmu.Lock()
	batch := b.pending
	b.pending = map[string]*dailyDay{}
	b.qmu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	if err := os.MkdirAll(b.dir, 0o755); err != nil {
		s.log.Error("cannot create the daily folder", "dir", b.dir, "err", err)
	}
	var errs error
	for date, d := range batch {
		// Under the lock, the writer's copy of the entries takes only
		// what changed since its last write (the new attempts, the ended
		// ones); the encoding and the write are off the lock, however long
		// the table.
		s.mu.Lock()
		entries := d.takeChanges()
		s.mu.Unlock()
		f := dailyDay{Format: d.Format, Version: d.Version, Date: d.Date, Seed: d.Seed, Entries: entries}
		data, err := json.Marshal(&f)
		if err == nil && len(data) > maxDailyFile {
			err = fmt.Errorf("the table takes %d bytes, more than the %d the server reads back", len(data), maxDailyFile)
		}
		if err == nil {
			err = b.write(b.path(date), data)
		}
		if err == nil {
			continue
		}
		s.log.Error("cannot write the daily table; it is kept in memory and tried again", "file", b.path(date), "err", err)
		errs = errors.Join(errs, fmt.Errorf("the daily table %s was not written: %w", b.path(date), err))
		b.qmu.Lock()
		if _, newer := b.pending[date]; !newer {
			b.pending[date] = d
		}
		b.qmu.Unlock()
	}
	return errs
}

// today returns today's table. Caller holds mu.
func (s *Server) today() *dailyDay { return s.dailyDay(DailyDate(s.cfg.Now())) }

// sendDaily sends today's table to a named session. Caller holds mu.
func (s *Server) sendDaily(ss *Session) {
	if ss.p == nil {
		return
	}
	d := s.today()
	s.dailySent = d.Date
	ss.send(d.line(d.find(ss.p.key) != nil))
}

// dailyBroadcast sends today's table to every player in the lobby. Caller
// holds mu.
func (s *Server) dailyBroadcast() {
	d := s.today()
	s.dailySent = d.Date
	for _, p := range s.byName {
		if inLobby(p) {
			p.sess.send(d.line(d.find(p.key) != nil))
		}
	}
}

// dailyResult records the end of a daily attempt. Caller holds mu.
func (s *Server) dailyResult(date, name string, score, level int, won bool) {
	d := s.dailyDay(date)
	e := d.find(nameKey(name))
	if e == nil { // the attempt began before a damaged table was set aside
		e = d.add(dailyRecord{Name: name, key: nameKey(name)})
	}
	e.Score, e.Level, e.Won, e.Done = score, level, won, true
	d.finished(d.index[e.key])
	s.dailyChanged(d)
	s.log.Info("daily challenge", "date", date, "name", name, "score", score, "level", level, "won", won)
}
