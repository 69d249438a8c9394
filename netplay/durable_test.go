package netplay

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
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

// TestDailyWinSurvivesAFullDisk (issue 21, row 5): the disk fills, a
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
