package netplay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// journalRec is one whole record of a journal, with where it begins.
type journalRec struct {
	id   string
	data []byte // nil: the game was removed
	off  int64
}

// scanBytes reads a journal held in memory.
func scanBytes(data []byte) (recs []journalRec, end int64, skipped []journalSpan, err error) {
	end, skipped, err = scanJournal(bytes.NewReader(data), int64(len(data)), func(id string, d []byte, off int64) {
		recs = append(recs, journalRec{id: id, data: d, off: off})
	})
	return recs, end, skipped, err
}

// readJournal reads the data folder's journal: its whole records in order
// and the stretches it skipped.
func readJournal(t testing.TB, dir string) ([]journalRec, []journalSpan) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, journalName))
	if err != nil {
		t.Fatal(err)
	}
	recs, _, skipped, err := scanBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	return recs, skipped
}

// journalGames is every game of the data folder's journal as a restart
// reads it: its last record, games removed left out.
func journalGames(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	recs, _ := readJournal(t, dir)
	games := map[string][]byte{}
	for _, r := range recs {
		if r.data == nil {
			delete(games, r.id)
		} else {
			games[r.id] = r.data
		}
	}
	return games
}

// writeJournal writes a journal of one record per game into dir, as a
// checkpoint does.
func writeJournal(t testing.TB, dir string, games map[string][]byte) {
	t.Helper()
	data := []byte(journalHead)
	for _, id := range slices.Sorted(mapKeys(games)) {
		data = appendRecord(data, id, games[id])
	}
	if err := os.WriteFile(filepath.Join(dir, journalName), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mapKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// gameOf is the engine's game of a saved game's JSON, as a map.
func gameOf(data []byte) map[string]any {
	var sg savedGame
	var g map[string]any
	if json.Unmarshal(data, &sg) != nil || json.Unmarshal(sg.Game, &g) != nil {
		return nil
	}
	return g
}

// waitForGame waits until the last record of game id in the data folder's
// journal holds an engine game that ok accepts.
func waitForGame(t *testing.T, dir, id string, ok func(map[string]any) bool) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(filepath.Join(dir, journalName)); err == nil {
			var last []byte
			recs, _, _, _ := scanBytes(data)
			for _, r := range recs {
				if r.id == id {
					last = r.data
				}
			}
			if g := gameOf(last); g != nil && ok(g) {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the journal of %s never held the expected round of game %s", dir, id)
}

// turnIs is a waitForGame test: the game has played n turns.
func turnIs(n int) func(map[string]any) bool {
	return func(g map[string]any) bool { return g["turns"] == float64(n) }
}

// logBuffer is a logger whose lines a test reads.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }

// loadFolder reads a data folder as a starting server does, without
// starting one: every game's saved state by id.
func loadFolder(t *testing.T, dir string, log *slog.Logger) map[string][]byte {
	t.Helper()
	st, err := openStore(dir, defaultWriteFile, journalConfig{}, log)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := st.load(); err != nil {
		t.Fatal(err)
	}
	return st.live
}

// soloRounds plays a solo game of alice on a server of the data folder
// dir, one step right at a time, waiting after each until the journal
// holds it; it returns the client.
func soloRounds(t *testing.T, addr, dir string, steps int) *tclient {
	alice := login(t, addr, "alice")
	alice.startSolo(false)
	waitForGame(t, dir, alice.game, turnIs(0))
	for i := range steps {
		alice.act("d")
		alice.expect(TypeState)
		waitForGame(t, dir, alice.game, turnIs(i+1))
	}
	return alice
}

// TestJournalKillResumesLastRound: a server that dies without a shutdown
// (its data folder copied as it runs) leaves every round played in its
// journal, and no game file: the restart resumes the last round.
func TestJournalKillResumesLastRound(t *testing.T) {
	dir := t.TempDir()
	cfg := twoCorridors(t)
	cfg.DataDir = dir
	_, addr := startServer(t, cfg)
	alice := soloRounds(t, addr, dir, 3)
	before := alice.last
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
		t.Fatalf("game files %v beside the journal", files)
	}
	copied := t.TempDir()
	copyDir(t, dir, copied)

	cfg2 := twoCorridors(t)
	cfg2.DataDir = copied
	_, addr2 := startServer(t, cfg2)
	alice2 := resume(t, addr2, alice)
	if st := alice2.last; st.Turn != 3 || st.Turn != before.Turn || fmt.Sprint(st.Players) != fmt.Sprint(before.Players) {
		t.Fatalf("resumed into %+v, was %+v", st, before)
	}
	alice2.act("d")
	alice2.expect(TypeState)
	if alice2.last.Level != 2 {
		t.Fatalf("after the last step: %+v, want level 2", alice2.last)
	}
}

// TestJournalTornLastRecord: a journal cut at any byte of its last record
// (a crash in the middle of the write) resumes the game as of the record
// before, says which journal and where, and the server's checkpoint cuts
// the torn end off.
func TestJournalTornLastRecord(t *testing.T) {
	dir := t.TempDir()
	cfg := twoCorridors(t)
	cfg.DataDir = dir
	_, addr := startServer(t, cfg)
	alice := soloRounds(t, addr, dir, 2)
	data, err := os.ReadFile(filepath.Join(dir, journalName))
	if err != nil {
		t.Fatal(err)
	}
	recs, end, _, _ := scanBytes(data)
	last := recs[len(recs)-1]
	if last.id != alice.game || end != int64(len(data)) || gameOf(last.data)["turns"] != 2.0 {
		t.Fatalf("the journal's last record is %s turn %v", last.id, gameOf(last.data)["turns"])
	}
	var prev []byte
	for _, r := range recs[:len(recs)-1] {
		if r.id == alice.game {
			prev = r.data
		}
	}
	if gameOf(prev)["turns"] != 1.0 {
		t.Fatalf("the record before the last is of turn %v", gameOf(prev)["turns"])
	}
	cut := t.TempDir()
	for n := last.off; n < int64(len(data)); n++ {
		if err := os.WriteFile(filepath.Join(cut, journalName), data[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		var logs logBuffer
		games := loadFolder(t, cut, logs.logger())
		if !bytes.Equal(games[alice.game], prev) {
			t.Fatalf("cut at %d (the last record is %d..%d): the game reads as turn %v, want 1", n, last.off, len(data), gameOf(games[alice.game])["turns"])
		}
		want := fmt.Sprintf("offset=%d", last.off)
		if n > last.off && (!strings.Contains(logs.String(), "torn record") || !strings.Contains(logs.String(), want) || !strings.Contains(logs.String(), journalName)) {
			t.Fatalf("cut at %d: logged %q, want the torn record at %s named", n, logs.String(), want)
		}
	}

	// A server started on a journal cut in the middle of its last record.
	torn := t.TempDir()
	if err := os.WriteFile(filepath.Join(torn, journalName), data[:last.off+int64(len(last.data))/2], 0o644); err != nil {
		t.Fatal(err)
	}
	cfg2 := twoCorridors(t)
	cfg2.DataDir = torn
	_, addr2 := startServer(t, cfg2)
	alice2 := resume(t, addr2, alice)
	if alice2.last.Turn != 1 {
		t.Fatalf("resumed at turn %d, want 1", alice2.last.Turn)
	}
	if _, skipped := readJournal(t, torn); len(skipped) != 0 {
		t.Fatalf("after the start-up the journal still skips %+v", skipped)
	}
}

// TestJournalDamagedRecord: a flipped byte anywhere in a record in the
// middle of the journal skips that record alone: its game resumes as of
// its previous record, the records after it are read, the skip is logged.
func TestJournalDamagedRecord(t *testing.T) {
	dir := t.TempDir()
	cfg := twoCorridors(t)
	cfg.DataDir = dir
	_, addr := startServer(t, cfg)
	alice := soloRounds(t, addr, dir, 1)
	bob := login(t, addr, "bob")
	bob.startSolo(false)
	bob.act("d")
	bob.expect(TypeState)
	waitForGame(t, dir, bob.game, turnIs(1))

	data, err := os.ReadFile(filepath.Join(dir, journalName))
	if err != nil {
		t.Fatal(err)
	}
	recs, _, _, _ := scanBytes(data)
	var a0, a1 journalRec
	for _, r := range recs {
		if r.id == alice.game {
			a0, a1 = a1, r
		}
	}
	b1 := recs[len(recs)-1]
	if gameOf(a0.data)["turns"] != 0.0 || gameOf(a1.data)["turns"] != 1.0 || b1.id != bob.game || b1.off < a1.off {
		t.Fatalf("journal records %+v", recs)
	}
	size := int64(recHead + len(a1.id) + len(a1.data))
	bad := t.TempDir()
	for i := a1.off; i < a1.off+size; i++ {
		flipped := bytes.Clone(data)
		flipped[i] ^= 0x10
		if err := os.WriteFile(filepath.Join(bad, journalName), flipped, 0o644); err != nil {
			t.Fatal(err)
		}
		var logs logBuffer
		games := loadFolder(t, bad, logs.logger())
		if !bytes.Equal(games[alice.game], a0.data) || !bytes.Equal(games[bob.game], b1.data) {
			t.Fatalf("byte %d flipped: alice's game at turn %v (want 0), bob's at %v (want 1)", i, gameOf(games[alice.game])["turns"], gameOf(games[bob.game])["turns"])
		}
		if !strings.Contains(logs.String(), "damaged record") || !strings.Contains(logs.String(), fmt.Sprintf("offset=%d", a1.off)) {
			t.Fatalf("byte %d flipped: logged %q", i, logs.String())
		}
	}

	// A server started on it resumes both games.
	flipped := bytes.Clone(data)
	flipped[a1.off+size/2] ^= 0xff
	os.WriteFile(filepath.Join(bad, journalName), flipped, 0o644)
	cfg2 := twoCorridors(t)
	cfg2.DataDir = bad
	_, addr2 := startServer(t, cfg2)
	if a := resume(t, addr2, alice); a.last.Turn != 0 {
		t.Fatalf("alice resumed at turn %d, want 0", a.last.Turn)
	}
	if b := resume(t, addr2, bob); b.last.Turn != 1 {
		t.Fatalf("bob resumed at turn %d, want 1", b.last.Turn)
	}
}

// TestJournalFullDisk: while the disk is full the rounds stay in memory
// and the bytes of the failed appends are cut off; once there is room they
// are written, the journal reads whole, and a shutdown on a full disk says
// which games were not saved.
func TestJournalFullDisk(t *testing.T) {
	dir := t.TempDir()
	disk := &fullDisk{}
	cfg := twoCorridors(t)
	cfg.DataDir = dir
	cfg.WriteFile = disk.write
	cfg.journal.appendTo = disk.append
	srv, addr := startServer(t, cfg)
	alice := soloRounds(t, addr, dir, 1)
	disk.full.Store(true)
	for range 2 {
		alice.act("d")
		alice.expect(TypeState)
		time.Sleep(30 * time.Millisecond) // the writer tries (and fails) meanwhile
	}
	disk.full.Store(false)
	waitForGame(t, dir, alice.game, turnIs(3))
	if recs, skipped := readJournal(t, dir); len(skipped) != 0 {
		t.Fatalf("the journal after the full disk skips %+v (records %d)", skipped, len(recs))
	}

	disk.full.Store(true)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	err := srv.Shutdown(ctx)
	if err == nil || !strings.Contains(err.Error(), "game "+alice.game+" was not saved") || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("shutdown on a full disk: %v, want game %s not saved (ENOSPC)", err, alice.game)
	}
	// The torn bytes of the shutdown's failed write are cut off too.
	if recs, skipped := readJournal(t, dir); len(skipped) != 0 || gameOf(recs[len(recs)-1].data)["turns"] != 3.0 {
		t.Fatalf("the journal after a shutdown on a full disk skips %+v", skipped)
	}
	disk.full.Store(false)
	cfg2 := twoCorridors(t)
	cfg2.DataDir = dir
	_, addr2 := startServer(t, cfg2)
	if a := resume(t, addr2, alice); a.last.Turn != 3 {
		t.Fatalf("resumed at turn %d, want 3", a.last.Turn)
	}
}

// TestJournalFoldsGameFiles: the game files of an older server are read,
// folded into the journal and removed once it is on disk — not before:
// while the journal cannot be written they stay — and their games resume
// from the journal after the next restart; a journal's record is newer
// than a game file of the same game.
func TestJournalFoldsGameFiles(t *testing.T) {
	fixture := previousFixture
	f := readPrevious(t)
	dir := t.TempDir()
	copyTree(t, filepath.Join(fixture, "data"), dir)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 2 {
		t.Fatalf("the fixture holds %d game files, want 2", len(files))
	}

	// A full disk: the games resume, the files stay.
	disk := &fullDisk{}
	disk.full.Store(true)
	cfg := previousConfig(t, dir)
	cfg.WriteFile = disk.write
	srv, _ := startServer(t, cfg)
	if now, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(now) != 2 {
		t.Fatalf("game files %v left after a start that could not write the journal, want both", now)
	}
	if got := srv.Stats().Games; got != 2 {
		t.Fatalf("%d games resumed, want 2", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)

	var logs logBuffer
	cfg = previousConfig(t, dir)
	cfg.Logger = logs.logger()
	srv, _ = startServer(t, cfg)
	if now, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(now) != 0 {
		t.Fatalf("game files %v left beside the journal", now)
	}
	if !strings.Contains(logs.String(), "game files folded into the journal") {
		t.Fatalf("logged %q", logs.String())
	}
	games := journalGames(t, dir)
	if len(games) != 2 || games[f.Coop] == nil || games[f.Daily] == nil {
		t.Fatalf("the journal holds %d games, want the fixture's %s and %s", len(games), f.Coop, f.Daily)
	}
	if _, err := os.Stat(filepath.Join(dir, "daily", "2026-12-01.json")); err != nil {
		t.Fatalf("the daily table: %v", err)
	}
	srv.Shutdown(ctx)

	// The next server resumes them from the journal alone.
	_, addr := startServer(t, previousConfig(t, dir))
	bob := dial(t, addr)
	bob.send(map[string]any{"t": "hello", "v": 1, "token": f.Tokens["bob"]})
	if w := bob.expect(TypeWelcome).(*Welcome); !w.Resumed {
		t.Fatalf("bob's welcome %+v", w)
	}
	if st := bob.expect(TypeStart).(*Start); st.Game != f.Coop {
		t.Fatalf("bob resumed into %+v, want game %s", st, f.Coop)
	}

	// A game file beside a journal that has a newer record of its game.
	both := t.TempDir()
	writeJournal(t, both, map[string][]byte{"00aa": []byte(`{"new":1}`)})
	os.WriteFile(filepath.Join(both, "00aa.json"), []byte(`{"old":1}`), 0o644)
	os.WriteFile(filepath.Join(both, "00bb.json"), []byte(`{"file":1}`), 0o644)
	loaded := loadFolder(t, both, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if string(loaded["00aa"]) != `{"new":1}` || string(loaded["00bb"]) != `{"file":1}` {
		t.Fatalf("read %q", loaded)
	}
}

// TestJournalCheckpointBound: a journal that has grown past a few times
// its last checkpoint (and its least length) is checkpointed: however many
// rounds are played, it stays within that bound.
func TestJournalCheckpointBound(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t)
	lv, err := engine.Generate(5, 3)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Levels = []engine.Level{lv}
	cfg.DataDir = dir
	cfg.journal.minCheckpoint = 4 << 10
	_, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")
	alice.startSolo(false)
	waitForGame(t, dir, alice.game, turnIs(0))
	written, largest := 0, 0
	for i := range 40 {
		alice.act(".")
		alice.expect(TypeState)
		waitForGame(t, dir, alice.game, turnIs(i+1))
		recs, _ := readJournal(t, dir)
		r := recs[len(recs)-1]
		n := recHead + len(r.id) + len(r.data)
		written += n
		largest = max(largest, n)
		info, err := os.Stat(filepath.Join(dir, journalName))
		if err != nil {
			t.Fatal(err)
		}
		bound := max(checkpointRatio*(len(journalHead)+largest), int(cfg.journal.minCheckpoint)) + largest
		if info.Size() > int64(bound) {
			t.Fatalf("round %d: the journal is %d bytes, more than its bound %d", i+1, info.Size(), bound)
		}
	}
	if written < 3*max(checkpointRatio*largest, int(cfg.journal.minCheckpoint)) {
		t.Fatalf("only %d bytes of rounds written: the test shows no checkpoint", written)
	}
}

// FuzzJournalScan: whatever the journal holds, reading it never panics,
// reads no more than the file, and each record it applies is one that
// appendRecord would write, found where it says.
func FuzzJournalScan(f *testing.F) {
	j := appendRecord([]byte(journalHead), "c0ffee", []byte(`{"format":"minotaur-server-game"}`))
	j = appendRecord(j, "c0ffee", nil)
	j = appendRecord(j, "beef", []byte(`{}`))
	f.Add(j)
	f.Add(j[:len(j)-3])
	bad := bytes.Clone(j)
	bad[len(journalHead)+20] ^= 1
	f.Add(bad)
	f.Add([]byte(journalHead[:5]))
	f.Add([]byte("not a journal"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, end, skipped, err := scanBytes(data)
		if err != nil {
			if !errors.Is(err, errJournalHead) {
				t.Fatalf("error %v", err)
			}
			return
		}
		if end > int64(len(data)) {
			t.Fatalf("end %d past the %d bytes", end, len(data))
		}
		at := int64(0)
		for _, sp := range skipped {
			if sp.From < at || sp.To <= sp.From || sp.To > int64(len(data)) {
				t.Fatalf("skipped %+v", skipped)
			}
			at = sp.To
		}
		for _, r := range recs {
			want := appendRecord(nil, r.id, r.data)
			if r.off < 0 || r.off+int64(len(want)) > int64(len(data)) || !bytes.Equal(data[r.off:r.off+int64(len(want))], want) {
				t.Fatalf("record %q at %d is not in the journal as read", r.id, r.off)
			}
		}
	})
}

// BenchmarkJournalBatch is the writer's cost of one batch of 64 rounds of
// level-7 co-op games (their records built, appended in one write and
// flushed to the disk with one fdatasync; checkpoints included as they
// come): CPU time and allocations per batch. The games' snapshots are
// taken beforehand.
func BenchmarkJournalBatch(b *testing.B) {
	lv, err := engine.Generate(3, 7)
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(engine.Config{Seed: 3, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		b.Fatal(err)
	}
	gj, err := json.Marshal(g)
	if err != nil {
		b.Fatal(err)
	}
	const games = 64
	st, err := openStore(b.TempDir(), defaultWriteFile, journalConfig{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, games)
	snaps := make([][]byte, games)
	for i := range ids {
		ids[i] = fmt.Sprintf("%016x", i+1)
		snaps[i], _ = json.Marshal(savedGame{Format: serverGameFormat, Version: serverGameVersion, ID: ids[i], Seats: []savedSeat{{Name: "alice"}, {Name: "bob"}}, Game: gj})
		st.live[ids[i]] = snaps[i]
	}
	if err := st.checkpoint(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(games * len(snaps[0])))
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		st.buf = st.buf[:0]
		for i, id := range ids {
			st.buf = appendRecord(st.buf, id, snaps[i])
			st.live[id] = snaps[i]
		}
		if err := st.commit(); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
	st.f.Close()
}

// TestJournalCheckpointAfterFailedAppend: when appends fail but a whole
// file can still be written (a journal grown into the last of a disk's
// room), the next attempt writes a checkpoint, and the rounds reach the
// disk that way.
func TestJournalCheckpointAfterFailedAppend(t *testing.T) {
	dir := t.TempDir()
	cfg := twoCorridors(t)
	cfg.DataDir = dir
	cfg.journal.appendTo = func(f *os.File, data []byte, off int64) error {
		return &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	_, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")
	alice.startSolo(false) // the journal's first write is a checkpoint
	waitForGame(t, dir, alice.game, turnIs(0))
	alice.act("d")
	alice.expect(TypeState)
	waitForGame(t, dir, alice.game, turnIs(1)) // the append fails; 2 s later, a checkpoint
	if recs, skipped := readJournal(t, dir); len(recs) != 1 || len(skipped) != 0 {
		t.Fatalf("the journal holds %d records and skips %+v, want one checkpoint of one game", len(recs), skipped)
	}
}

// TestJournalUnreadableSetAside: a journal the server cannot read at all —
// another format, or longer than any journal a server writes — is set
// aside whole with a log line saying why and what to do, and the server
// starts with the games of the folder's other files.
func TestJournalUnreadableSetAside(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		make       func(path string) error
	}{
		{"another format", "not a journal of this version", func(path string) error {
			return os.WriteFile(path, []byte("minotaur-server-journal 2\n"), 0o644)
		}},
		{"too long", "more than the 4294967296 a server reads back", func(path string) error {
			if err := os.WriteFile(path, []byte(journalHead), 0o644); err != nil {
				return err
			}
			return os.Truncate(path, maxJournalRead+1) // sparse: no disk taken
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := tc.make(filepath.Join(dir, journalName)); err != nil {
				t.Fatal(err)
			}
			var logs logBuffer
			cfg := twoCorridors(t)
			cfg.DataDir = dir
			cfg.Logger = logs.logger()
			_, addr := startServer(t, cfg)
			login(t, addr, "alice").startSolo(false)
			if !strings.Contains(logs.String(), "set aside") || !strings.Contains(logs.String(), tc.want) {
				t.Fatalf("logged %q, want the journal set aside: %s", logs.String(), tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, journalName+".damaged")); err != nil {
				t.Fatalf("the journal was not set aside: %v", err)
			}
		})
	}
}
