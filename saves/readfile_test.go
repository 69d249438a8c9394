package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestReadFileLimit(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.json")
	os.WriteFile(small, []byte("0123456789"), 0o644)
	data, err := ReadFileLimit(small, 10)
	if err != nil || string(data) != "0123456789" {
		t.Fatalf("a file of exactly the limit: %q, %v", data, err)
	}
	_, err = ReadFileLimit(small, 9)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "small.json: the file is larger than 9 bytes") {
		t.Errorf("a file over the limit: %v", err)
	}
	_, err = ReadFileLimit(dir, 1<<20)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "it is a folder, not a regular file") {
		t.Errorf("a folder: %v", err)
	}
	_, err = ReadFileLimit(filepath.Join(dir, "missing.json"), 10)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestSavesListOversized lists a save of a gigabyte (a sparse file: it takes
// no disk) as damaged, with its reason, beside a good save, without reading
// it into memory.
func TestSavesListOversized(t *testing.T) {
	dir := t.TempDir()
	store := Store{Dir: dir}
	g, _ := level7Game(7, 1)
	if _, err := store.Save(g, nil, day); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"format": "minotaur-save", "version": 1, "game": "`)
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	list, err := store.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("listed %d saves, want 2", len(list))
	}
	var bad SaveInfo
	for _, s := range list {
		if s.Name == "huge.json" {
			bad = s
		} else if s.Damaged() {
			t.Errorf("the good save is listed as damaged: %v", s.Err)
		}
	}
	if !errors.Is(bad.Err, ErrTooLarge) || !strings.Contains(bad.Reason(), "larger than 8 MiB") {
		t.Errorf("the huge save: %+v", bad)
	}
}

// TestLeftoverTempFilesSwept: a temporary file left by a write that was
// killed is removed when the folder is next listed, once a minute old; a
// younger one (maybe another game's write in progress) stays.
func TestLeftoverTempFilesSwept(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, ".tmp-save-20260314-150926.json-123")
	young := filepath.Join(dir, ".tmp-save-20260314-150927.json-456")
	os.WriteFile(old, []byte("{"), 0o644)
	os.WriteFile(young, []byte("{"), 0o644)
	past := time.Now().Add(-2 * time.Minute)
	os.Chtimes(old, past, past)
	if _, err := (Store{Dir: dir}).List(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a leftover two minutes old is still there: %v", err)
	}
	if _, err := os.Stat(young); err != nil {
		t.Errorf("a temporary file of a write in progress was removed: %v", err)
	}
}
