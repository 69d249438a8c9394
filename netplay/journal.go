package netplay

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// The journal of the data folder (games.journal) keeps every game in
// progress: a head line, then records, each self-checking, appended in
// batches (one write and one flush to the disk for every record of a
// batch). A checkpoint writes a new journal, one record per game in
// progress, and renames it over the old one. See docs/server.md.
//
// A record, integers little-endian:
//
//	offset  size
//	0       4      magic "\x00mjr" (no JSON text holds a NUL byte)
//	4       4      CRC-32 (IEEE) of every byte after this field
//	8       1      'g': the game's saved state; 'x': the game is over
//	9       1      n, the length of the game id (1..64, 0-9 a-f)
//	10      4      m, the length of the saved game (0 for 'x')
//	14      n      the game id
//	14+n    m      the saved game: the JSON of a <game id>.json file
const (
	journalName = "games.journal"
	journalHead = "minotaur-server-journal 1\n"

	recMagic   = "\x00mjr"
	recHead    = 14
	recGame    = 'g'
	recRemoved = 'x'
	maxIDLen   = 64
)

// maxJournalRead bounds the journal a server reads back at start-up. The
// writer keeps it far below: it checkpoints once the journal has grown
// past a few times its last checkpoint, and always before it would pass
// half of this bound.
const maxJournalRead = 4 << 30

// appendRecord appends the record of game id to buf: its saved state, or
// its removal when data is nil.
func appendRecord(buf []byte, id string, data []byte) []byte {
	start := len(buf)
	kind := byte(recGame)
	if data == nil {
		kind = recRemoved
	}
	buf = append(buf, recMagic...)
	buf = append(buf, 0, 0, 0, 0, kind, byte(len(id)))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(data)))
	buf = append(buf, id...)
	buf = append(buf, data...)
	binary.LittleEndian.PutUint32(buf[start+4:], crc32.ChecksumIEEE(buf[start+8:]))
	return buf
}

// journalSpan is a stretch of the journal that holds no whole record: a
// damaged record skipped (followed by whole ones) or a torn end.
type journalSpan struct {
	From, To int64
	Torn     bool // the journal's end: the crash of a write in progress
}

// errJournalHead says a file is not a journal this server reads.
var errJournalHead = errors.New("it does not begin with " + fmt.Sprintf("%q", journalHead) + ": not a journal of this version of the server")

// scanJournal reads the journal of size bytes in r and calls apply with
// each whole record, in order, and where it begins (data nil: the game was
// removed; data is the caller's to keep). A record that does not check out is skipped up to the
// next whole record; bytes after the last whole record are the journal's
// torn end. It returns the offset after the last whole record (where
// appends go on) and the stretches skipped. Only a head of another format
// or a read error stops it; it never reads a record longer than a game file
// may be.
func scanJournal(r io.ReaderAt, size int64, apply func(id string, data []byte, off int64)) (end int64, skipped []journalSpan, err error) {
	if size == 0 {
		return 0, nil, nil
	}
	head := make([]byte, len(journalHead))
	n, err := r.ReadAt(head[:min(int64(len(head)), size)], 0)
	if n < len(head) && int64(n) < size {
		return 0, nil, err
	}
	if !bytes.Equal(head[:n], []byte(journalHead)[:n]) {
		return 0, nil, errJournalHead
	}
	if int64(n) < int64(len(journalHead)) { // torn in its head: an empty journal
		return 0, []journalSpan{{From: 0, To: size, Torn: true}}, nil
	}
	off := int64(len(journalHead))
	end = off
	var hdr [recHead]byte
	for off < size {
		id, data, next, ok, err := readRecord(r, size, off, hdr[:])
		if err != nil {
			return end, skipped, err
		}
		if ok {
			apply(id, data, off)
			off, end = next, next
			continue
		}
		// Damaged: look for the next whole record.
		at, err := nextRecord(r, size, off+1, hdr[:])
		if err != nil {
			return end, skipped, err
		}
		if at < 0 {
			skipped = append(skipped, journalSpan{From: off, To: size, Torn: true})
			return end, skipped, nil
		}
		skipped = append(skipped, journalSpan{From: off, To: at})
		off = at
	}
	return end, skipped, nil
}

// readRecord reads the record at off: ok is false when none checks out
// there (err is only for the reader's own failures).
func readRecord(r io.ReaderAt, size, off int64, hdr []byte) (id string, data []byte, next int64, ok bool, err error) {
	if size-off < recHead {
		return "", nil, 0, false, nil
	}
	if _, err := r.ReadAt(hdr[:recHead], off); err != nil {
		return "", nil, 0, false, err
	}
	if string(hdr[:4]) != recMagic {
		return "", nil, 0, false, nil
	}
	kind, n, m := hdr[8], int64(hdr[9]), int64(binary.LittleEndian.Uint32(hdr[10:14]))
	if kind != recGame && kind != recRemoved || n < 1 || n > maxIDLen || m > MaxGameFileSize ||
		kind == recRemoved && m != 0 || kind == recGame && m == 0 || size-off-recHead < n+m {
		return "", nil, 0, false, nil
	}
	body := make([]byte, n+m)
	if _, err := r.ReadAt(body, off+recHead); err != nil {
		return "", nil, 0, false, err
	}
	crc := crc32.Update(crc32.ChecksumIEEE(hdr[8:recHead]), crc32.IEEETable, body)
	if crc != binary.LittleEndian.Uint32(hdr[4:8]) {
		return "", nil, 0, false, nil
	}
	for _, c := range body[:n] {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return "", nil, 0, false, nil
		}
	}
	if kind == recGame {
		data = body[n:]
	}
	return string(body[:n]), data, off + recHead + n + m, true, nil
}

// nextRecord returns the offset of the first whole record at or after
// from, or -1 when there is none.
func nextRecord(r io.ReaderAt, size, from int64, hdr []byte) (int64, error) {
	const chunk = 64 << 10
	buf := make([]byte, chunk+len(recMagic)-1)
	for from < size {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), size-from)], from)
		if n == 0 {
			return -1, err
		}
		for i := 0; ; {
			j := bytes.Index(buf[i:n], []byte(recMagic))
			if j < 0 {
				break
			}
			at := from + int64(i+j)
			if _, _, _, ok, err := readRecord(r, size, at, hdr); err != nil {
				return -1, err
			} else if ok {
				return at, nil
			}
			i += j + 1
		}
		if int64(n) < int64(len(buf)) {
			return -1, nil
		}
		from += chunk // the last len(magic)-1 bytes are looked at again
	}
	return -1, nil
}
