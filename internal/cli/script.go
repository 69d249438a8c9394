package cli

import (
	"io"
	"os"
)

// OpenScript opens a --script: the file name, or stdin (the command's
// standard input) for "-". The reader skips the byte-order mark that some
// editors (Notepad) put at the start of a file they save as UTF-8, which
// would make the first command "not a command". countable reports whether the script can be read
// to its end without waiting: a file, not a pipe whose writer may wait for
// the answers. done releases the file.
func OpenScript(name string, stdin io.Reader) (r io.Reader, countable bool, done func(), err error) {
	if name == "-" {
		countable := false
		if f, ok := stdin.(interface{ Stat() (os.FileInfo, error) }); ok {
			st, err := f.Stat()
			countable = err == nil && st.Mode().IsRegular()
		}
		return &bomSkipper{r: stdin}, countable, func() {}, nil
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, false, nil, err
	}
	return &bomSkipper{r: fh}, true, func() { fh.Close() }, nil
}

// bom is UTF-8's byte-order mark.
const bom = "\ufeff"

// bomSkipper reads r without a leading byte-order mark. It reads the first
// bytes one at a time, so that it never waits for more than a line reader
// would: a first line shorter than the mark is passed on as it comes.
type bomSkipper struct {
	r       io.Reader
	started bool   // the first bytes have been looked at
	pending []byte // bytes read while looking, not yet passed on
	err     error  // the error met while looking
}

func (b *bomSkipper) Read(p []byte) (int, error) {
	for !b.started {
		var c [1]byte
		n, err := b.r.Read(c[:])
		if n == 1 {
			b.pending = append(b.pending, c[0])
			switch {
			case len(b.pending) == len(bom) && string(b.pending) == bom:
				b.pending, b.started = nil, true
			case bom[:len(b.pending)] != string(b.pending):
				b.started = true
			}
		}
		if err != nil {
			b.started, b.err = true, err
		}
	}
	if len(b.pending) > 0 {
		n := copy(p, b.pending)
		b.pending = b.pending[n:]
		return n, nil
	}
	if b.err != nil {
		return 0, b.err
	}
	return b.r.Read(p)
}
