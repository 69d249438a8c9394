//go:build !windows

package saves

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within runs fn and fails the test if it has not returned after d: the
// files below used to make the game wait forever.
func within(t *testing.T, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s still waiting after %v", what, d)
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatalf("cannot make a named pipe for the test: %v", err)
	}
}

// TestSavesListSpecialFiles: a named pipe and a link to /dev/zero among the
// saves are listed as damaged, with their reason, at once; the good save is
// listed too.
func TestSavesListSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	store := Store{Dir: dir}
	g, _ := level7Game(7, 1)
	if _, err := store.Save(g, nil, day); err != nil {
		t.Fatal(err)
	}
	mkfifo(t, filepath.Join(dir, "fifo.json"))
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
		t.Fatal(err)
	}
	var list []SaveInfo
	within(t, 2*time.Minute, "listing the saves", func() {
		var err error
		if list, err = store.List(); err != nil {
			t.Error(err)
		}
	})
	want := map[string]string{
		"fifo.json": "fifo.json: it is a named pipe (FIFO), not a regular file",
		"zero.json": "zero.json: it is a character device, not a regular file",
	}
	good := 0
	for _, s := range list {
		if w, ok := want[s.Name]; ok {
			if !errors.Is(s.Err, ErrNotRegular) || s.Err.Error() != w {
				t.Errorf("%s: %v, want %q", s.Name, s.Err, w)
			}
			delete(want, s.Name)
		} else if !s.Damaged() {
			good++
		}
	}
	if good != 1 || len(want) != 0 {
		t.Errorf("%d good saves listed (want 1); not listed: %v", good, want)
	}
	within(t, 2*time.Minute, "loading a pipe", func() {
		if _, err := store.Load("fifo.json"); !errors.Is(err, ErrNotRegular) {
			t.Errorf("loading the pipe: %v", err)
		}
	})
}

// TestScoreTablePipe: a named pipe in the place of the score table is
// refused at once, without the lock being held while waiting on it, and is
// never moved: only a damaged regular file is ever set aside (docs/files.md).
func TestScoreTablePipe(t *testing.T) {
	dir := t.TempDir()
	table := ScoreTable{Path: filepath.Join(dir, "highscores.json")}
	mkfifo(t, table.Path)
	within(t, 2*time.Minute, "adding a score", func() {
		_, err := table.Add(Entry{Name: "Ariadne", Score: 300}, day)
		if err == nil || !strings.Contains(err.Error(), "named pipe") || !strings.Contains(err.Error(), "--scores FILE") {
			t.Errorf("adding a score to a pipe: %v, want it refused, naming the pipe and --scores", err)
		}
	})
	st, err := os.Lstat(table.Path)
	if err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was moved or replaced: %v, %v", st, err)
	}
	if m, _ := filepath.Glob(table.Path + ".corrupt-*"); len(m) > 0 {
		t.Errorf("the pipe was set aside as %v", m)
	}
}

func TestReplayPipeAndDevice(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	mkfifo(t, fifo)
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	within(t, 2*time.Minute, "reading the replays", func() {
		for _, p := range []string{fifo, zero} {
			_, err := ReadReplay(p)
			var re *ReplayError
			if !errors.As(err, &re) || !errors.Is(err, ErrNotRegular) || !strings.HasPrefix(err.Error(), p+": it is a ") {
				t.Errorf("%s: %v", p, err)
			}
		}
	})
}

func TestWriteFileModePrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token")
	if err := WriteFileMode(path, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
}
