package saves

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkSaveLevel7 writes a save of a game at level 7 — a campaign of the
// seven standard levels stored in full — durably to a new file, and reports
// the file's size.
func BenchmarkSaveLevel7(b *testing.B) {
	g, rec := level7Game(3, 1)
	store := Store{Dir: b.TempDir()}
	info, err := store.Save(g, rec, day)
	if err != nil {
		b.Fatal(err)
	}
	size := fileSize(b, info.Path)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := range b.N {
		if _, err := store.Save(g, rec, day.Add(time.Duration(i+1)*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
	b.ReportMetric(float64(size), "file-bytes")
}

// BenchmarkLoadLevel7 reads that save back: the file, every check, the game.
func BenchmarkLoadLevel7(b *testing.B) {
	g, rec := level7Game(3, 1)
	store := Store{Dir: b.TempDir()}
	info, err := store.Save(g, rec, day)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for range b.N {
		if _, err := store.Load(info.Name); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
	b.ReportMetric(float64(fileSize(b, info.Path)), "file-bytes")
}

// BenchmarkSaveGeneratedLevel1 saves a game of the generated campaign, whose
// levels are not stored (the seed makes them again), for comparison.
func BenchmarkSaveGeneratedLevel1(b *testing.B) {
	g, err := engine.New(engine.Config{Seed: 3, Players: 2})
	if err != nil {
		b.Fatal(err)
	}
	store := Store{Dir: b.TempDir()}
	info, err := store.Save(g, nil, day)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := range b.N {
		if _, err := store.Save(g, nil, day.Add(time.Duration(i+1)*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
	b.ReportMetric(float64(fileSize(b, info.Path)), "file-bytes")
}

// BenchmarkListTenSaves lists a folder of ten level-7 saves, each checked
// in full, as the Continue screen does.
func BenchmarkListTenSaves(b *testing.B) {
	g, rec := level7Game(3, 1)
	store := Store{Dir: b.TempDir()}
	for i := range 10 {
		if _, err := store.Save(g, rec, day.Add(time.Duration(i)*time.Minute)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for range b.N {
		if list, err := store.List(); err != nil || len(list) != 10 {
			b.Fatal(len(list), err)
		}
	}
	cpu.Report(b)
}

// BenchmarkAddScore adds a score to a full table: lock, read, merge, write.
func BenchmarkAddScore(b *testing.B) {
	table := ScoreTable{Path: filepath.Join(b.TempDir(), "highscores.json")}
	for i := range TableSize {
		table.Add(Entry{Name: "someone", Score: 1000 + i}, day)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := range b.N {
		if _, err := table.Add(Entry{Name: "player", Score: 2000 + i}, day); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}

// BenchmarkReplayLevel7 plays back the recording of a walk through six
// levels into the seventh.
func BenchmarkReplayLevel7(b *testing.B) {
	levels := campaign(3, 7, 7)
	_, rec := level7Game(3, 1)
	r := rec.Replay()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for range b.N {
		if _, err := r.Run(levels); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
	b.ReportMetric(float64(len(r.Moves)), "moves")
}

func fileSize(b *testing.B, path string) int64 {
	b.Helper()
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return st.Size()
}
