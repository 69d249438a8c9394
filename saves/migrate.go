package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// networkFileName is where a terminal keeps its tokens for network play,
// beside the saves folder.
const networkFileName = "network.json"

// Moved is what MoveOldFiles moved from one old place.
type Moved struct {
	From, To string
	What     []string // "saved games", "high scores", "replays"
}

// Line is the sentence that tells the player about the move.
func (m Moved) Line() string {
	return fmt.Sprintf("moved your %s from %s to %s", joinAnd(m.What), m.From, m.To)
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return "files"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// OldPlaces are the folders where the first versions kept the saves, the
// score table and the replays: next to the program (when its folder was
// writable) and the user's configuration folder's minotaur/. A folder that
// is the data folder itself, a scratch folder of the Go tool or a source
// checkout (it holds a go.mod: its saves/ is the package) is not one.
func OldPlaces(p Paths, env Env) []string {
	var out []string
	add := func(dir string) {
		if dir == "" {
			return
		}
		dir = canonical(dir)
		if p.Data != "" && dir == canonical(p.Data) {
			return
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return
		}
		for _, o := range out {
			if o == dir {
				return
			}
		}
		out = append(out, dir)
	}
	add(programDir(env))
	if env.ConfigDir != "" {
		add(filepath.Join(env.ConfigDir, AppDirName))
	}
	return out
}

// Test hooks: fault injection for the steps of a move.
var (
	moveRename = os.Rename
	moveCopy   = copyFile
)

// MoveOldFiles moves the saved games, the score table and the replays that
// an old place (OldPlaces) holds into the data folder, once: a moved
// place holds none of them afterwards, so the next run finds nothing.
// Only the default data folder receives them (not --data, MINOTAUR_DATA or
// a portable game), and never a file that a flag put elsewhere.
//
// Each file or folder is renamed, or where a rename cannot (another disk)
// copied, flushed and renamed into place; the originals are removed only
// once everything is in its new place. A file of the same name already in
// the new place is kept: an identical one makes the old one redundant, a
// different one gets the old one beside it under a new name, and two
// score tables are merged. When a step fails, every step done is undone —
// the old files stay where they were — and the error says what to do; the
// caller then plays with the old places (OldPaths).
func MoveOldFiles(p Paths, env Env, now time.Time) ([]Moved, error) {
	if p.From != "" || p.Data == "" {
		return nil, nil
	}
	var out []Moved
	for _, old := range OldPlaces(p, env) {
		m, err := moveFrom(old, p, now)
		if err != nil {
			return out, err
		}
		if len(m.What) > 0 {
			out = append(out, m)
		}
	}
	return out, nil
}

// OldPaths are the paths of p with the files not given by a flag in the
// old place dir: where the game plays when moving them failed.
func OldPaths(p Paths, dir string) Paths {
	q := p
	q.Data = dir
	if !p.given.saves {
		q.Saves = filepath.Join(dir, SavesDirName)
		q.Replays = filepath.Join(dir, ReplaysDirName)
	}
	if !p.given.scores {
		q.Scores = filepath.Join(dir, ScoresFileName)
	}
	return q
}

// MovingError is a move that failed and was undone: the files are still in
// the old place From.
type MovingError struct {
	From, To string
	Err      error
}

func (e *MovingError) Error() string {
	return fmt.Sprintf("could not move your files from %s to %s (%v); they are still in %s and the game uses them there. Free the space or fix the permissions of %s, or choose a folder with --data DIR", e.From, e.To, e.Err, e.From, e.To)
}

func (e *MovingError) Unwrap() error { return e.Err }

// step is one thing done by a move, for undoing it.
type step struct {
	src, dst  string
	copied    bool // dst is a copy: undo removes it; done removes src
	redundant bool // src is identical to dst: done removes src, undo nothing
}

// mover is one move from an old place.
type mover struct{ steps []step }

// moveFrom moves what the old place dir holds.
func moveFrom(dir string, p Paths, now time.Time) (Moved, error) {
	m := &mover{}
	res := Moved{From: dir, To: p.Data}
	type item struct {
		name, dst, what string
		folder          bool
	}
	var items []item
	if !p.given.saves {
		items = append(items, item{SavesDirName, p.Saves, "saved games", true}, item{ReplaysDirName, p.Replays, "replays", true})
	}
	var scores string // an old table to merge into the new one
	fail := func(err error) (Moved, error) {
		m.undo()
		return Moved{}, &MovingError{From: dir, To: p.Data, Err: err}
	}
	for _, it := range items {
		src := filepath.Join(dir, it.name)
		st, err := os.Lstat(src)
		if err != nil || !st.IsDir() || !looksOurs(src) {
			continue
		}
		if err := m.place(src, it.dst); err != nil {
			return fail(err)
		}
		res.What = append(res.What, it.what)
	}
	if !p.given.scores {
		src := filepath.Join(dir, ScoresFileName)
		if st, err := os.Lstat(src); err == nil && st.Mode().IsRegular() {
			same, exists, err := sameFile(src, p.Scores)
			switch {
			case err != nil:
				return fail(err)
			case !exists:
				if err := m.place(src, p.Scores); err != nil {
					return fail(err)
				}
			case same:
				m.steps = append(m.steps, step{src: src, dst: p.Scores, redundant: true})
			default:
				scores = src
			}
			res.What = append(res.What, "high scores")
		}
	}
	if !p.given.saves {
		// The network play's tokens, kept beside the saves folder.
		src := filepath.Join(dir, networkFileName)
		if st, err := os.Lstat(src); err == nil && st.Mode().IsRegular() {
			if err := m.place(src, filepath.Join(filepath.Dir(p.Saves), networkFileName)); err != nil {
				return fail(err)
			}
		}
	}
	if scores != "" {
		if err := mergeScores(scores, p.Scores, now); err != nil {
			return fail(err)
		}
		m.steps = append(m.steps, step{src: scores, dst: p.Scores, redundant: true})
	}
	if err := m.done(); err != nil {
		return res, err
	}
	if len(res.What) > 0 {
		os.Remove(filepath.Join(dir, ScoresFileName+".lock")) // the old table's lock: empty
	}
	return res, nil
}

// looksOurs reports whether an old folder holds the game's files only:
// files, none a Go source (a folder of a source checkout is not moved).
func looksOurs(dir string) bool {
	ok := true
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || strings.HasSuffix(d.Name(), ".go") {
			ok = false
			return filepath.SkipAll
		}
		return nil
	})
	return ok
}

// place moves src (a file or a folder) to dst. A folder whose dst exists
// is merged into it entry by entry.
func (m *mover) place(src, dst string) error {
	st, err := os.Lstat(src)
	if err != nil {
		return err
	}
	dstSt, err := os.Lstat(dst)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return m.put(src, dst)
	case err != nil:
		return err
	case st.IsDir() && dstSt.IsDir():
		entries, err := os.ReadDir(src)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if err := m.place(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
				return err
			}
		}
		m.steps = append(m.steps, step{src: src, dst: dst, redundant: true}) // emptied: removed when done
		return nil
	case st.IsDir() || dstSt.IsDir():
		return fmt.Errorf("%s is a %s and %s is not", dst, kindName(dstSt.Mode()), src)
	}
	same, _, err := sameFile(src, dst)
	if err != nil {
		return err
	}
	if same {
		m.steps = append(m.steps, step{src: src, dst: dst, redundant: true})
		return nil
	}
	free, err := freeName(dst)
	if err != nil {
		return err
	}
	return m.put(src, free)
}

// put moves src to dst, which does not exist: a rename, else a copy
// flushed to the disk under a temporary name and renamed into place.
func (m *mover) put(src, dst string) error {
	if err := ensureDir(filepath.Dir(dst)); err != nil {
		return err
	}
	if err := moveRename(src, dst); err == nil {
		m.steps = append(m.steps, step{src: src, dst: dst})
		return nil
	}
	tmp := filepath.Join(filepath.Dir(dst), tempPrefix+"move-"+filepath.Base(dst))
	os.RemoveAll(tmp)
	if err := copyTree(src, tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := moveRename(tmp, dst); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	syncDir(filepath.Dir(dst))
	m.steps = append(m.steps, step{src: src, dst: dst, copied: true})
	return nil
}

// undo takes back every step, the last first.
func (m *mover) undo() {
	for i := len(m.steps) - 1; i >= 0; i-- {
		s := m.steps[i]
		switch {
		case s.redundant:
		case s.copied:
			os.RemoveAll(s.dst)
		default:
			os.Rename(s.dst, s.src)
		}
	}
	m.steps = nil
}

// done removes the originals of what was copied and what was redundant,
// now that everything is in its new place. A failure leaves a copy behind
// (found again, identical, at the next run) and is reported.
func (m *mover) done() error {
	var errs []string
	for _, s := range m.steps {
		if !s.copied && !s.redundant {
			continue
		}
		var err error
		if st, serr := os.Lstat(s.src); serr == nil && st.IsDir() && !s.copied {
			err = os.Remove(s.src) // an emptied folder (only when empty)
		} else {
			err = os.RemoveAll(s.src)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, s.src)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("your files were copied to their new place, but the old copies could not be removed: remove %s yourself", strings.Join(errs, ", "))
	}
	return nil
}

// sameFile reports whether dst exists and holds the same bytes as src.
func sameFile(src, dst string) (same, exists bool, err error) {
	b, err := os.ReadFile(dst)
	if errors.Is(err, fs.ErrNotExist) {
		return false, false, nil
	}
	if err != nil {
		return false, true, err
	}
	a, err := os.ReadFile(src)
	if err != nil {
		return false, true, err
	}
	return bytes.Equal(a, b), true, nil
}

// freeName is a name beside path that is not taken: "name-2.ext", ….
func freeName(path string) (string, error) {
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	for i := 2; i < 1000; i++ {
		p := fmt.Sprintf("%s-%d%s", stem, i, ext)
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
	}
	return "", fmt.Errorf("too many files named like %s", path)
}

// copyTree copies a file or a folder, each file flushed to the disk.
func copyTree(src, dst string) error {
	st, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is %s, not a file of the game", src, kindName(st.Mode()))
		}
		return moveCopy(src, dst)
	}
	if err := os.Mkdir(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := copyTree(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	syncDir(dst)
	return nil
}

// copyFile copies one regular file and flushes it to the disk.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, filePerm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// mergeScores adds the entries of the old table at src to the table at
// dst (the best TableSize stay).
func mergeScores(src, dst string, now time.Time) error {
	old, err := ScoreTable{Path: src}.Read(now)
	if err != nil {
		return err
	}
	t := ScoreTable{Path: dst}
	for _, e := range old.Entries {
		if _, err := t.Add(e, now); err != nil {
			return err
		}
	}
	return nil
}
