package saves

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"time"

	"github.com/gofrs/flock"
)

// The high-score file's format name and the newest version this package reads.
const (
	ScoresFormat  = "minotaur-scores"
	ScoresVersion = 1
)

// TableSize is how many entries the high-score table keeps.
const TableSize = 10

// lockWait is how long Add waits for another game to finish updating the
// table before giving up.
var lockWait = 10 * time.Second

// Entry is one line of the high-score table.
type Entry struct {
	Name  string    `json:"name"`
	Score int       `json:"score"`
	Level int       `json:"level"` // the level reached, 1-based
	Date  time.Time `json:"date"`
	Seed  uint64    `json:"seed"`
}

// scoresFile is the JSON form of the table.
type scoresFile struct {
	Format  string  `json:"format"`
	Version int     `json:"version"`
	Entries []Entry `json:"entries"`
}

// ScoreTable is the high-score table kept in the file at Path. Updates are
// read-merge-write under a lock on the file Path+".lock", which is created
// when first needed and never deleted, so that two games finishing at the
// same moment both keep their entries. The zero value is not usable; set Path.
type ScoreTable struct {
	Path string
}

// Scores is the table as read: at most TableSize entries, best first.
type Scores struct {
	Entries []Entry
	// Notice, when not empty, is a sentence to show the player: the score
	// file was damaged, has been set aside under another name and a fresh
	// table has been started.
	Notice string
}

// Added is the result of ScoreTable.Add.
type Added struct {
	Scores
	// Rank is the new entry's place in Entries, 1-based (highlight
	// Entries[Rank-1]), or 0 when the score did not enter the table.
	Rank int
}

// LockPath is the path of the lock file guarding the table.
func (t ScoreTable) LockPath() string { return t.Path + ".lock" }

// Read returns the table. A missing file is an empty table. A damaged file
// (not JSON, cut short, another format) is renamed to
// Path+".corrupt-<now>" and an empty table is returned with a Notice; it is
// never overwritten. A table written by a newer version of the game is left
// alone and reported as an error.
func (t ScoreTable) Read(now time.Time) (Scores, error) {
	var s Scores
	err := t.locked(func() error {
		var err error
		s, err = t.readLocked(now)
		return err
	})
	return s, err
}

// Qualifies reports whether a score would enter the table now, so that the
// game asks for a name only when it is needed, and returns the table as read
// (with its Notice, if the file was damaged). A score of 0 or less never
// enters; a score equal to the tenth does not push it out.
func (t ScoreTable) Qualifies(score int, now time.Time) (bool, Scores, error) {
	s, err := t.Read(now)
	if err != nil {
		return false, s, err
	}
	return rankOf(s.Entries, score) > 0, s, nil
}

// Add puts e into the table and writes the table back, all under the lock,
// and returns the new table with the entry's rank. The name is cleaned with
// CleanName ("anonymous" when nothing is left) and e.Date is set to now when
// it is zero. A score that does not enter (see Qualifies) leaves the file
// as it is and gives Rank 0.
func (t ScoreTable) Add(e Entry, now time.Time) (Added, error) {
	var a Added
	err := t.locked(func() error {
		s, err := t.readLocked(now)
		if err != nil {
			return err
		}
		a.Scores = s
		e.Name = CleanName(e.Name)
		if e.Name == "" {
			e.Name = "anonymous"
		}
		if e.Date.IsZero() {
			e.Date = now
		}
		rank := rankOf(s.Entries, e.Score)
		if rank == 0 {
			return nil
		}
		entries := slices.Insert(slices.Clone(s.Entries), rank-1, e)
		if len(entries) > TableSize {
			entries = entries[:TableSize]
		}
		data, err := json.MarshalIndent(scoresFile{Format: ScoresFormat, Version: ScoresVersion, Entries: entries}, "", "  ")
		if err != nil {
			return err
		}
		if err := WriteFile(t.Path, append(data, '\n')); err != nil {
			return fmt.Errorf("your score was not recorded: %w", err)
		}
		a.Entries, a.Rank = entries, rank
		return nil
	})
	return a, err
}

// rankOf returns the 1-based place a new score would take among entries
// (best first; after every equal score), or 0 when it does not enter.
func rankOf(entries []Entry, score int) int {
	if score <= 0 {
		return 0
	}
	i := 0
	for i < len(entries) && entries[i].Score >= score {
		i++
	}
	if i >= TableSize {
		return 0
	}
	return i + 1
}

// locked runs fn holding the table's lock, creating the folder and the lock
// file when needed.
func (t ScoreTable) locked(fn func() error) error {
	if t.Path == "" {
		return errors.New("no high-score file given")
	}
	if err := ensureDir(filepath.Dir(t.Path)); err != nil {
		return err
	}
	lock := flock.New(t.LockPath(), flock.SetPermissions(filePerm))
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	ok, err := lock.TryLockContext(ctx, 5*time.Millisecond)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("cannot lock the high-score table with %s: %w", t.LockPath(), err)
	}
	if !ok {
		return fmt.Errorf("the high-score table is busy: another game has held %s for %v; try again", t.LockPath(), lockWait)
	}
	defer lock.Unlock()
	return fn()
}

// readLocked reads the table; the caller holds the lock.
func (t ScoreTable) readLocked(now time.Time) (Scores, error) {
	removeStale(filepath.Dir(t.Path), filepath.Base(t.Path)+"-", now)
	// Never waits on anything but the file system while the lock is held:
	// a named pipe or a device in the table's place is refused at once
	// (and set aside below like any damaged table).
	data, err := ReadFileLimit(t.Path, MaxScoresSize)
	if errors.Is(err, fs.ErrNotExist) {
		return Scores{}, nil
	}
	var de *DamageError
	if err != nil && !errors.As(err, &de) {
		return Scores{}, fmt.Errorf("cannot read the high-score table: %w", err)
	}
	if errors.Is(err, ErrNotRegular) {
		// A folder (with the saves inside, perhaps), a pipe or a device is
		// not a damaged table: it is never moved, only refused.
		return Scores{}, fmt.Errorf("the high-score table %s cannot be used: %s; choose a file for it (--scores FILE)", t.Path, de.Detail)
	}
	var entries []Entry
	if err == nil {
		entries, err = parseScores(data)
	} else {
		de.Path = "" // the message names the file once, below
	}
	var newer *NewerVersionError
	if errors.As(err, &newer) {
		return Scores{}, fmt.Errorf("%s: %w; its scores are kept as they are and new ones cannot be added by this version", t.Path, err)
	}
	if err != nil {
		aside, rerr := setAside(t.Path, now)
		if rerr != nil {
			return Scores{}, fmt.Errorf("the high-score table %s is damaged (%v) and could not be set aside: %w", t.Path, err, rerr)
		}
		return Scores{Notice: fmt.Sprintf("The high-score table was damaged (%v). It was kept as %s and a new table was started.", err, filepath.Base(aside))}, nil
	}
	return Scores{Entries: entries}, nil
}

// parseScores decodes a score file, cleaning every name again (the file may
// have been edited by hand) and putting the entries in order.
func parseScores(data []byte) ([]Entry, error) {
	var f scoresFile
	if err := checkEnvelope(data, ScoresFormat, ScoresVersion, 1, "a high-score table", &f); err != nil {
		return nil, err
	}
	entries := f.Entries[:0:0]
	for _, e := range f.Entries {
		e.Name = CleanName(e.Name)
		if e.Name == "" {
			e.Name = "anonymous"
		}
		if e.Score <= 0 {
			continue
		}
		entries = append(entries, e)
	}
	slices.SortStableFunc(entries, func(a, b Entry) int { return b.Score - a.Score })
	if len(entries) > TableSize {
		entries = entries[:TableSize]
	}
	return entries, nil
}

// setAside renames a damaged file to path.corrupt-<time>, adding -2, -3…
// when that name is taken, so that no damaged file is ever overwritten.
func setAside(path string, now time.Time) (string, error) {
	if st, err := os.Lstat(path); err != nil {
		return "", err
	} else if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is %s, not a damaged file: it is left where it is", path, kindOf(st.Mode()))
	}
	base := path + ".corrupt-" + now.UTC().Format("20060102T150405Z")
	for n := 1; n < 1000; n++ {
		aside := base
		if n > 1 {
			aside = fmt.Sprintf("%s-%d", base, n)
		}
		if _, err := os.Lstat(aside); err == nil {
			continue
		}
		if err := replaceFile(path, aside); err != nil {
			return "", err
		}
		return aside, syncDir(filepath.Dir(path))
	}
	return "", fmt.Errorf("too many damaged copies named %s", base)
}

// NewerVersionError reports a file written by a newer version of the game.
type NewerVersionError struct {
	What    string // "a saved game", "a replay"…
	Version int    // the file's version
	Max     int    // the newest version this game reads
}

func (e *NewerVersionError) Error() string {
	return fmt.Sprintf("it is %s from a newer version of minotaur (version %d; this one reads up to %d); update the game to use it", e.What, e.Version, e.Max)
}

// checkEnvelope decodes a file's {"format", "version", ...} and then the
// whole file into v. It tells apart an empty file, a file cut short, a file
// that is not JSON, a file of another kind and a file from a newer version.
// Versions below oldest are refused as damaged; a caller that migrates old
// versions passes the oldest version it can migrate.
func checkEnvelope(data []byte, format string, version, oldest int, what string, v any) error {
	var env struct {
		Format  *string `json:"format"`
		Version *int    `json:"version"`
	}
	if err := decodeJSON(data, &env); err != nil {
		return err
	}
	switch {
	case env.Format == nil:
		return &DamageError{Kind: ErrWrongFormat, Detail: fmt.Sprintf("it is not %s: it has no \"format\" field", what)}
	case *env.Format != format:
		return &DamageError{Kind: ErrWrongFormat, Detail: fmt.Sprintf("it is not %s: its format is %q, want %q", what, *env.Format, format)}
	case env.Version == nil:
		return &DamageError{Kind: ErrWrongFormat, Detail: "it has no \"version\" field"}
	case *env.Version > version:
		return &NewerVersionError{What: what, Version: *env.Version, Max: version}
	case *env.Version < oldest:
		return &DamageError{Kind: ErrWrongFormat, Detail: fmt.Sprintf("its version %d is not a version of minotaur's files", *env.Version)}
	}
	if err := json.Unmarshal(data, v); err != nil {
		return &DamageError{Kind: ErrBadContent, Detail: "its content is damaged: " + jsonProblem(data, err)}
	}
	return nil
}

// decodeJSON decodes data into v, classifying the ways it can fail.
func decodeJSON(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return &DamageError{Kind: ErrEmpty, Detail: "the file is empty"}
	}
	if trimmed[0] != '{' && json.Valid(trimmed) {
		return &DamageError{Kind: ErrWrongFormat, Detail: "it holds JSON, but not a JSON object"}
	}
	err := json.Unmarshal(data, v)
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	switch {
	case !errors.As(err, &syn):
		return &DamageError{Kind: ErrWrongFormat, Detail: "a field has the wrong type: " + jsonProblem(data, err)}
	case syn.Error() == "unexpected end of JSON input":
		return &DamageError{Kind: ErrTruncated, Detail: fmt.Sprintf("the file is cut short after %d bytes (an interrupted write or an incomplete copy)", len(data))}
	case trimmed[0] != '{' || !looksLikeText(data):
		return &DamageError{Kind: ErrNotJSON, Detail: "it is not a JSON file (" + jsonProblem(data, err) + ")"}
	}
	return &DamageError{Kind: ErrNotJSON, Detail: "it is not valid JSON: " + jsonProblem(data, err)}
}

// looksLikeText reports whether data is mostly printable text.
func looksLikeText(data []byte) bool {
	bad := 0
	for _, c := range data {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
			bad++
		}
	}
	return bad == 0
}

// jsonProblem describes a JSON error with its line and column.
func jsonProblem(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset-1)
		return fmt.Sprintf("line %d, column %d: %s", line, col, syn.Error())
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset-1)
		field := typ.Field
		if field == "" {
			field = "the value"
		}
		return fmt.Sprintf("line %d, column %d: %s should be %s, not a JSON %s", line, col, field, typeName(typ.Type), typ.Value)
	}
	return err.Error()
}

// typeName says what kind of JSON value a Go type is read from.
func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Pointer:
		return typeName(t.Elem())
	}
	return "an object"
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// Kinds of damage, for errors.Is on a *DamageError.
var (
	ErrEmpty       = errors.New("empty file")
	ErrTruncated   = errors.New("truncated file")
	ErrNotJSON     = errors.New("not JSON")
	ErrWrongFormat = errors.New("wrong format")
	ErrBadContent  = errors.New("damaged content")
)

// DamageError reports a file that cannot be read. errors.Is(err, ErrTruncated)
// and the like tell the kinds apart; Error is a sentence for the player.
type DamageError struct {
	Path   string // the file, when known
	Kind   error  // ErrEmpty, ErrTruncated, ErrNotJSON, ErrWrongFormat or ErrBadContent
	Detail string
}

func (e *DamageError) Error() string {
	if e.Path == "" {
		return e.Detail
	}
	return filepath.Base(e.Path) + ": " + e.Detail
}

// Unwrap returns the kind of damage.
func (e *DamageError) Unwrap() error { return e.Kind }
