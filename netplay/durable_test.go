package netplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/internal/cputime"
)

// fullDisk is a data folder whose writes fail while full is set, as a
// disk that filled up and came back.
type fullDisk struct{ full atomic.Bool }

func (d *fullDisk) write(path string, data []byte) error {
	if d.full.Load() {
		return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
	}
	return defaultWriteFile(path, data)
}

// append is the journal's append on that disk: while it is full, half of
// the batch reaches the file (torn) before the write fails.
func (d *fullDisk) append(f *os.File, data []byte, off int64) error {
	if d.full.Load() {
		f.WriteAt(data[:len(data)/2], off)
		return &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	return appendSynced(f, data, off)
}

// readDaily reads a day's table file of the data folder.
func readDaily(t *testing.T, dir, date string) dailyDay {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "daily", date+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var d dailyDay
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// waitForDaily waits until a day's table file reads as ok wants.
func waitForDaily(t *testing.T, dir, date string, ok func(dailyDay) bool) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(filepath.Join(dir, "daily", date+".json")); err == nil {
			var d dailyDay
			if json.Unmarshal(data, &d) == nil && ok(d) {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the daily table of %s in %s never got the expected content", date, dir)
}

// TestDailyWinSurvivesAFullDisk: the disk fills, a
// player wins the daily, the space comes back, the server stops: the file
// holds the win and, after a restart, the winner has no second attempt.
// While the disk stays full, shutdown says what it could not write.
func TestDailyWinSurvivesAFullDisk(t *testing.T) {
	for _, back := range []bool{true, false} {
		disk := &fullDisk{}
		cfg := dailyConfig(t, func() time.Time { return day })
		cfg.DataDir = t.TempDir()
		cfg.WriteFile = disk.write
		srv, addr := startServer(t, cfg)
		alice := login(t, addr, "alice")
		alice.startSolo(true)
		waitForDaily(t, cfg.DataDir, "2026-12-01", func(d dailyDay) bool { return len(d.Entries) == 1 })
		disk.full.Store(true)
		for _, a := range "dddd" {
			alice.act(string(a))
			alice.expect(TypeState)
		}
		if o := alice.expect(TypeOver).(*Over); o.Result != "won" {
			t.Fatalf("over %+v", o)
		}
		alice.expect(TypeDaily)
		time.Sleep(50 * time.Millisecond) // the writer tries (and fails) meanwhile
		disk.full.Store(!back)
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		err := srv.Shutdown(ctx)
		cancel()
		if !back {
			if err == nil || !strings.Contains(err.Error(), "daily table") || !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("shutdown on a full disk returned %v, want the daily table not written (ENOSPC)", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("shutdown: %v", err)
		}
		d := readDaily(t, cfg.DataDir, "2026-12-01")
		if len(d.Entries) != 1 || !d.Entries[0].Done || !d.Entries[0].Won {
			t.Fatalf("the table on disk after the shutdown %+v, want alice's win", d.Entries)
		}
		_, addr = startServer(t, cfg)
		again := login(t, addr, "alice")
		again.send(map[string]any{"t": "solo", "daily": true})
		again.expectError(CodeProto)
	}
}

// TestDailyWriteRetried: a table that could not be written is written as
// soon as the disk has room again, without waiting for another change.
func TestDailyWriteRetried(t *testing.T) {
	disk := &fullDisk{}
	cfg := dailyConfig(t, func() time.Time { return day })
	cfg.DataDir = t.TempDir()
	cfg.WriteFile = disk.write
	disk.full.Store(true)
	_, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")
	alice.startSolo(true)
	alice.send(map[string]any{"t": "leave"})
	alice.expect(TypeOver)
	time.Sleep(50 * time.Millisecond)
	disk.full.Store(false)
	waitForDaily(t, cfg.DataDir, "2026-12-01", func(d dailyDay) bool { return len(d.Entries) == 1 && d.Entries[0].Done })
}

// tryDaily logs name in from c, starts a daily attempt and, when it
// begins, gives it up at once; it returns the error the server sent
// instead, if any.
func tryDaily(c *tclient, name string) *Error {
	c.t.Helper()
	c.hello(name)
	c.send(map[string]any{"t": "solo", "daily": true})
	for {
		switch m := c.recv().(type) {
		case *Error:
			return m
		case *Start:
			c.expect(TypeState)
			c.send(map[string]any{"t": "leave"})
			c.expect(TypeOver)
			return nil
		}
	}
}

// TestDailyBounded: the day's table is bounded — by the
// attempts one address may begin and by the attempts of a day — and what
// it holds is what the server reads back after a restart.
func TestDailyBounded(t *testing.T) {
	cfg := dailyConfig(t, func() time.Time { return day })
	cfg.DataDir = t.TempDir()
	cfg.DailyPerAddr, cfg.DailyMax = 3, 5
	srv, addr := startServer(t, cfg)
	for i := range 3 {
		if e := tryDaily(dial(t, addr), fmt.Sprintf("fresh%d", i)); e != nil {
			t.Fatalf("attempt %d from one address refused: %+v", i, e)
		}
	}
	e := tryDaily(dial(t, addr), "fresh3")
	if e == nil || e.Code != CodeRateLimited || !strings.Contains(e.Msg, "3 daily attempts have begun from your address today") {
		t.Fatalf("a fourth attempt from one address: %+v, want rate_limited naming the bound", e)
	}
	for i := range 2 {
		if e := tryDaily(dialFrom(t, "127.0.0.2", addr), fmt.Sprintf("other%d", i)); e != nil {
			t.Fatalf("attempt %d from another address refused: %+v", i, e)
		}
	}
	e = tryDaily(dialFrom(t, "127.0.0.3", addr), "late")
	if e == nil || e.Code != CodeRateLimited || !strings.Contains(e.Msg, "has had its 5 attempts") {
		t.Fatalf("a sixth attempt of the day: %+v, want rate_limited naming the day's bound", e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	_, addr = startServer(t, cfg)
	c := dial(t, addr)
	c.hello("fresh0")
	c.expect(TypeLobby)
	if d := c.expect(TypeDaily).(*Daily); len(d.Entries) != 5 || !d.Played {
		t.Fatalf("the table read back after a restart %+v, want the 5 attempts", d)
	}
}

// TestDailyFileFitsItsReader: the longest entry a day can hold, times the
// most entries a day can hold, is a file the server reads back.
func TestDailyFileFitsItsReader(t *testing.T) {
	e := dailyRecord{Name: strings.Repeat("W", 16), Score: math.MaxInt, Level: math.MaxInt, Won: true, Done: true}
	data, err := json.Marshal(&e)
	if err != nil {
		t.Fatal(err)
	}
	if len(data)+1 > dailyEntryMax {
		t.Fatalf("an entry takes %d bytes, more than the %d counted", len(data)+1, dailyEntryMax)
	}
	d := dailyDay{Format: dailyFormat, Version: dailyVersion, Date: "2026-12-01", Seed: 20261201}
	for range min(DefaultDailyMax, maxDailyEntries) {
		d.Entries = append(d.Entries, e)
	}
	if data, _ := json.Marshal(&d); len(data) > maxDailyFile {
		t.Fatalf("a full day takes %d bytes, more than the %d read back", len(data), maxDailyFile)
	}
}

// TestDamagedDailyGivesNoSecondTry: a day's table found
// damaged at start-up is set aside, and nobody — above all not who had
// played — begins an attempt of that day again.
func TestDamagedDailyGivesNoSecondTry(t *testing.T) {
	cfg := dailyConfig(t, func() time.Time { return day })
	cfg.DataDir = t.TempDir()
	srv, addr := startServer(t, cfg)
	if e := tryDaily(dial(t, addr), "alice"); e != nil {
		t.Fatal(e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(cfg.DataDir, "daily", "2026-12-01.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	_, addr = startServer(t, cfg)
	e := tryDaily(dial(t, addr), "alice")
	if e == nil || !strings.Contains(e.Msg, "nobody gets a second try") {
		t.Fatalf("alice after her table was damaged: %+v, want the day closed", e)
	}
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Fatalf("the damaged table was not set aside: %v", err)
	}
}

// BenchmarkDailyTableUnderLock is what a result costs under the server's
// lock on a day of DefaultDailyMax attempts: the attempt begun, its end
// entered in the table's top, the `daily` line made anew, and the writer's
// copy brought up to date (the encoding and the write are off the lock).
func BenchmarkDailyTableUnderLock(b *testing.B) {
	d := &dailyDay{Format: dailyFormat, Version: dailyVersion, Date: "2026-12-01"}
	for i := range DefaultDailyMax {
		d.add(dailyRecord{Name: fmt.Sprintf("player%d", i), key: fmt.Sprintf("player%d", i), Score: i % 997, Level: 3, Done: true})
		d.finished(i)
	}
	d.takeChanges()
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; b.Loop(); i++ {
		e := d.add(dailyRecord{Name: "late", key: fmt.Sprint("late", i), Level: 1})
		e.Score, e.Done = i%1500, true
		d.finished(len(d.Entries) - 1)
		d.lines = [2][]byte{}
		d.line(true)
		d.takeChanges()
	}
	cpu.Report(b)
}

// BenchmarkDailyTableEncode is the encoding the writer does off the lock
// (it once ran under the lock, for every change).
func BenchmarkDailyTableEncode(b *testing.B) {
	d := &dailyDay{Format: dailyFormat, Version: dailyVersion, Date: "2026-12-01"}
	for i := range DefaultDailyMax {
		d.Entries = append(d.Entries, dailyRecord{Name: fmt.Sprintf("player%d", i), Score: i, Level: 3, Done: true})
	}
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		if _, err := json.Marshal(d); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}

// TestDailyTopAsSorted: the table's top, kept as results come in any
// order, is the best DailyListMax of a full sort (score, then level, then
// the attempt begun first), and so is the top a restart reads back.
func TestDailyTopAsSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := &dailyDay{Format: dailyFormat, Version: dailyVersion, Date: "2026-12-01"}
	for i := range 400 {
		d.add(dailyRecord{Name: fmt.Sprintf("p%d", i), key: fmt.Sprintf("p%d", i), Level: 1})
	}
	for _, i := range rng.Perm(400)[:300] {
		e := &d.Entries[i]
		e.Score, e.Level, e.Done = rng.IntN(20)*10, 1+rng.IntN(3), true
		d.finished(i)
	}
	var want []int
	for i, e := range d.Entries {
		if e.Done {
			want = append(want, i)
		}
	}
	sort.SliceStable(want, func(a, b int) bool {
		x, y := d.Entries[want[a]], d.Entries[want[b]]
		if x.Score != y.Score {
			return x.Score > y.Score
		}
		return x.Level > y.Level
	})
	want = want[:DailyListMax]
	if fmt.Sprint(d.top) != fmt.Sprint(want) {
		t.Fatalf("top %v, want %v", d.top, want)
	}
	path := filepath.Join(t.TempDir(), "day.json")
	data, _ := json.Marshal(d)
	os.WriteFile(path, data, 0o644)
	back := &dailyDay{Date: "2026-12-01"}
	if err := back.load(path); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back.top) != fmt.Sprint(want) {
		t.Fatalf("top read back %v, want %v", back.top, want)
	}
}

// TestGameFileRetried: a game whose file could not be
// written (a full disk) is written once the disk has room again, without
// waiting for its next move.
func TestGameFileRetried(t *testing.T) {
	disk := &fullDisk{}
	cfg := dailyConfig(t, func() time.Time { return day })
	cfg.DataDir = t.TempDir()
	cfg.WriteFile = disk.write
	cfg.journal.appendTo = disk.append
	_, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")
	alice.startSolo(false)
	waitForGame(t, cfg.DataDir, alice.game, func(map[string]any) bool { return true })
	disk.full.Store(true)
	alice.act("d")
	alice.expect(TypeState)
	time.Sleep(50 * time.Millisecond) // the writer tries (and fails) meanwhile
	disk.full.Store(false)
	waitForGame(t, cfg.DataDir, alice.game, func(g map[string]any) bool { return g["turns"] == 1.0 })
}
