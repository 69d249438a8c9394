package saves

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// Size limits of the files the game reads, each far above what its kind
// ever holds, so that a damaged, hostile or mistaken file (a gigabyte of
// zeros, a link to /dev/zero) is refused instead of filling the memory.
const (
	// MaxSaveSize bounds a saved game: one of generated level 7 is about
	// 10 KB; a campaign of custom levels carries the levels' texts.
	MaxSaveSize = 8 << 20
	// MaxReplaySize bounds a replay (its moves and, for custom levels,
	// the levels' texts).
	MaxReplaySize = 8 << 20
	// MaxScoresSize bounds the high-score table: ten entries take 2 KB.
	MaxScoresSize = 64 << 10
	// MaxSmallFileSize bounds the small files of the servers and the
	// terminal: a token, an SSH host key, a list of network seats.
	MaxSmallFileSize = 64 << 10
)

// Why a file was refused before its content was read, for errors.Is on a
// *DamageError.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("file too large")
)

// ReadFileLimit reads the file at path, which must be a regular file (or a
// link to one) of at most limit bytes. Anything else is refused without
// waiting on it: a folder, a named pipe (opened without blocking, so a FIFO
// with no writer never hangs the game), a device such as /dev/zero, a
// socket. A refused file is a *DamageError (errors.Is ErrNotRegular or
// ErrTooLarge) naming the file and why; a file that cannot be opened is the
// *fs.PathError of the system (errors.Is fs.ErrNotExist, fs.ErrPermission).
//
// Every file the game reads goes through ReadFileLimit.
func ReadFileLimit(path string, limit int64) ([]byte, error) {
	f, err := openNoWait(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &DamageError{Path: path, Kind: ErrNotRegular, Detail: "it is " + kindOf(st.Mode()) + ", not a regular file"}
	}
	if st.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	// The size can change while the file is read: read one byte more than
	// the limit to see a file that grew past it.
	data := make([]byte, 0, st.Size()+1)
	data, err = readAllInto(io.LimitReader(f, limit+1), data)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, limit)
	}
	return data, nil
}

// readAllInto is io.ReadAll appending to buf.
func readAllInto(r io.Reader, buf []byte) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

func tooLarge(path string, limit int64) error {
	return &DamageError{Path: path, Kind: ErrTooLarge, Detail: fmt.Sprintf("the file is larger than %s, more than any file of its kind holds", sizeText(limit))}
}

// sizeText says a size the way a player reads it.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// kindOf names a file that is not a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
