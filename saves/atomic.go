package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// filePerm is the permission of every file the game writes.
const filePerm fs.FileMode = 0o644

// tempPrefix starts the name of every temporary file WriteFile creates. Such
// files are hidden (a dot file) and never listed as saves; one is left behind
// only when the process is killed in the middle of a write.
const tempPrefix = ".tmp-"

// Test hooks: fault injection for the durable-write steps.
var (
	hookWrite  = func(f *os.File, data []byte) (int, error) { return f.Write(data) }
	hookSync   = func(f *os.File) error { return f.Sync() }
	hookRename = replaceFile
)

// WriteFile writes data to the file at path so that, whatever happens, the
// file holds either its previous content or data in full, never a mix and
// never a torn end. It writes a temporary file in the same folder, flushes it
// to the disk (Sync), closes it, renames it over path (retrying briefly on
// Windows, where a reader holding the file makes the rename fail) and, on
// Unix, flushes the folder so the rename itself survives a power cut.
//
// When any step fails, the previous file is left untouched, the temporary
// file is removed and the error says which file could not be written. The
// folder must exist. Every file Minotaur writes goes through WriteFile.
func WriteFile(path string, data []byte) error {
	return WriteFileMode(path, data, filePerm)
}

// WriteFileMode is WriteFile with the file's permission bits: 0o600 for a
// secret (a host key, a token) that only the server's user may read. The
// file never exists, even for a moment, with wider permissions than perm.
func WriteFileMode(path string, data []byte, perm fs.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	if err := hookRename(tmp, path); err != nil {
		os.Remove(tmp)
		return writeError(path, err)
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return writeError(path, err)
	}
	return nil
}

// writeNew writes data to a file in dir that did not exist before, named
// base+ext, or base-2+ext, base-3+ext… when that name is taken, and returns
// its path. Like WriteFile it never leaves a partial file; unlike it, it
// never replaces an existing file, even one created by another process at
// the same moment.
func writeNew(dir, base, ext string, data []byte) (string, error) {
	first := filepath.Join(dir, base+ext)
	tmp, err := writeTemp(first, data, filePerm)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	for n := 1; n <= 1000; n++ {
		path := first
		if n > 1 {
			path = filepath.Join(dir, base+"-"+strconv.Itoa(n)+ext)
		}
		err := os.Link(tmp, path)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			// The file system has no hard links (FAT, some network
			// shares): fall back to a checked rename.
			if _, statErr := os.Lstat(path); statErr == nil {
				continue
			}
			if err := hookRename(tmp, path); err != nil {
				return "", writeError(path, err)
			}
		}
		if err := syncDir(dir); err != nil {
			return "", writeError(path, err)
		}
		return path, nil
	}
	return "", fmt.Errorf("could not write a new file %s: too many files with that name in %s", base+ext, dir)
}

// writeTemp writes data to a new temporary file beside path, flushed to the
// disk and closed, and returns its name. On failure nothing is left behind.
func writeTemp(path string, data []byte, perm fs.FileMode) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, tempPrefix+base+"-*")
	if err != nil {
		return "", writeError(path, err)
	}
	tmp := f.Name()
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(tmp)
		return "", writeError(path, err)
	}
	// CreateTemp makes the file 0o600; widen it (for a save) before the
	// content goes in, so a secret is never readable by others.
	if err := f.Chmod(perm); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return fail(err)
	}
	n, err := hookWrite(f, data)
	if err == nil && n < len(data) {
		err = fmt.Errorf("wrote %d of %d bytes", n, len(data))
	}
	if err != nil {
		return fail(err)
	}
	if err := hookSync(f); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return "", writeError(path, err)
	}
	return tmp, nil
}

// writeError says which file could not be written and that the previous one
// is intact. It wraps the cause so callers can test for fs.ErrPermission or
// syscall.ENOSPC.
func writeError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path named is a temporary one; name the real file instead
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return &WriteError{Path: path, Err: err}
}

// WriteError reports a file that could not be written. The file at Path, if
// there was one, still holds its previous content.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("could not write %s (%v); the previous file, if any, is unchanged", e.Path, e.Err)
}

// Unwrap returns the cause, such as syscall.ENOSPC for a full disk.
func (e *WriteError) Unwrap() error { return e.Err }

// staleAge is how old a temporary file must be before it is taken for the
// leftover of a killed process rather than another game's write in progress:
// a write takes milliseconds (a slow disk, a second or two), so a minute is
// far beyond any live one.
const staleAge = time.Minute

// removeStale removes the temporary files in dir whose names start with
// tempPrefix+prefix and that are older than staleAge at now: the leftovers
// of processes killed in the middle of a write. Errors are ignored; the files
// are hidden and harmless.
//
// Every folder the game writes to is swept when it is next opened (listed,
// read or written), so leftovers never pile up.
func removeStale(dir, prefix string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), tempPrefix+prefix) || e.IsDir() {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > staleAge {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// RemoveLeftovers removes from dir the temporary files of writes that a
// killed process left behind (see WriteFile), once they are older than a
// minute at now. A front end calls it when it opens a folder that it writes
// with WriteFile; errors are ignored.
func RemoveLeftovers(dir string, now time.Time) { removeStale(dir, "", now) }
