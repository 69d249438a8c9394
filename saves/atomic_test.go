package saves

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/internal/testenv"
)

// hiddenFiles returns the temporary files left in dir.
func hiddenFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tempPrefix) {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestWriteFileReplacesContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	for _, content := range []string{"first", "second, longer content", "3"} {
		if err := WriteFile(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Fatalf("file holds %q, %v; want %q", got, err, content)
		}
	}
	if tmp := hiddenFiles(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left behind: %v", tmp)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != filePerm {
		t.Errorf("file mode %v, want %v", st.Mode().Perm(), filePerm)
	}
}

// TestWriteFileFailureKeepsOldFile injects a failure at each step of the
// durable write and checks the previous file is intact, no temporary file
// is left, and the error names the file and the cause.
func TestWriteFileFailureKeepsOldFile(t *testing.T) {
	errDisk := syscall.ENOSPC
	tests := []struct {
		name  string
		setup func()
	}{
		{"write fails (disk full)", func() {
			hookWrite = func(f *os.File, data []byte) (int, error) {
				n, _ := f.Write(data[:len(data)/2])
				return n, errDisk
			}
		}},
		{"short write", func() {
			hookWrite = func(f *os.File, data []byte) (int, error) { return f.Write(data[:1]) }
		}},
		{"sync fails", func() { hookSync = func(*os.File) error { return errDisk } }},
		{"rename fails", func() { hookRename = func(string, string) error { return errDisk } }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, s, r := hookWrite, hookSync, hookRename
			defer func() { hookWrite, hookSync, hookRename = w, s, r }()
			dir := t.TempDir()
			path := filepath.Join(dir, "highscores.json")
			if err := WriteFile(path, []byte("old content")); err != nil {
				t.Fatal(err)
			}
			tc.setup()
			err := WriteFile(path, []byte("new content that never arrives"))
			if err == nil {
				t.Fatal("WriteFile succeeded despite the failure")
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "unchanged") {
				t.Errorf("error %q does not name %s and say the old file is unchanged", err, path)
			}
			if tc.name != "short write" && !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("error %q does not wrap the cause", err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != "old content" {
				t.Errorf("old file now holds %q", got)
			}
			if tmp := hiddenFiles(t, dir); len(tmp) > 0 {
				t.Errorf("temporary files left behind: %v", tmp)
			}
		})
	}
}

func TestWriteFileMissingFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-folder", "f.json")
	err := WriteFile(path, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), path) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("WriteFile into a missing folder: %v; want an error naming %s", err, path)
	}
}

func TestWriteNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 3 {
		p, err := writeNew(dir, "save-x", ".json", []byte(strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(p))
	}
	want := []string{"save-x.json", "save-x-2.json", "save-x-3.json"}
	if fmt.Sprint(paths) != fmt.Sprint(want) {
		t.Errorf("new files %v, want %v", paths, want)
	}
	for i, p := range want {
		got, _ := os.ReadFile(filepath.Join(dir, p))
		if string(got) != strconv.Itoa(i) {
			t.Errorf("%s holds %q, want %q", p, got, strconv.Itoa(i))
		}
	}
	if tmp := hiddenFiles(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left behind: %v", tmp)
	}
}

// killPayload is the content a kill-safety child writes: a version number,
// a large body and its checksum, so that a torn file cannot pass as whole.
type killPayload struct {
	N    int    `json:"n"`
	Body string `json:"body"`
	Sum  string `json:"sum"`
}

func makePayload(n int) []byte {
	body := strings.Repeat(fmt.Sprintf("version %08d ", n), 16<<10/17)
	sum := sha256.Sum256([]byte(strconv.Itoa(n) + body))
	data, _ := json.Marshal(killPayload{N: n, Body: body, Sum: hex.EncodeToString(sum[:])})
	return data
}

func checkPayload(data []byte) (int, error) {
	var p killPayload
	if err := json.Unmarshal(data, &p); err != nil {
		return 0, fmt.Errorf("not whole JSON (%d bytes): %v", len(data), err)
	}
	sum := sha256.Sum256([]byte(strconv.Itoa(p.N) + p.Body))
	if hex.EncodeToString(sum[:]) != p.Sum {
		return 0, fmt.Errorf("version %d: checksum does not match its body", p.N)
	}
	return p.N, nil
}

const killSlots = 4

func init() {
	// The kill-safety child overwrites killSlots files with ever newer
	// versions, and saves new games, until it is killed. It says "ready"
	// once its first round is written whole, a game saved too, so that
	// every kill falls among writes however busy the machine, and the
	// saves folder is there to be listed.
	children["kill-writer"] = func() error {
		dir := os.Getenv("KILL_DIR")
		start, _ := strconv.Atoi(os.Getenv("KILL_START"))
		start = (start + 3) / 4 * 4 // a round that saves a game
		store := Store{Dir: filepath.Join(dir, "saves")}
		g, rec := level7Game(1, 1)
		for n := start; ; n++ {
			for s := range killSlots {
				if err := WriteFile(filepath.Join(dir, fmt.Sprintf("slot-%d.json", s)), makePayload(n)); err != nil {
					return err
				}
			}
			if n%4 == 0 {
				if _, err := store.Save(g, rec, time.Unix(int64(n), 0)); err != nil {
					return err
				}
			}
			if n == start {
				fmt.Println("ready")
			}
		}
	}
}

// TestKillSafety kills a process that is writing files at random moments
// (25 times under make test-long, 10 in the quick suite) and checks that
// every file is then either its old or its new complete version, never a
// torn one, and that every save still loads.
func TestKillSafety(t *testing.T) {
	kills := testenv.Pick(10, 25)
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := t.TempDir()
	for s := range killSlots {
		if err := WriteFile(filepath.Join(dir, fmt.Sprintf("slot-%d.json", s)), makePayload(0)); err != nil {
			t.Fatal(err)
		}
	}
	seen := make([]int, killSlots)
	rng := rand.New(rand.NewPCG(1, 2))
	next := 1
	for round := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"=kill-writer", "KILL_DIR="+dir, "KILL_START="+strconv.Itoa(next))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("round %d: child did not start: %q %v %s", round, line, err, stderr.String())
		}
		time.Sleep(time.Duration(rng.IntN(60_000)) * time.Microsecond)
		cmd.Process.Kill()
		cmd.Wait()
		if stderr.Len() > 0 {
			t.Fatalf("round %d: child failed: %s", round, stderr.String())
		}
		for s := range killSlots {
			path := filepath.Join(dir, fmt.Sprintf("slot-%d.json", s))
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			n, err := checkPayload(data)
			if err != nil {
				t.Fatalf("round %d: %s is torn: %v", round, path, err)
			}
			if n < seen[s] {
				t.Fatalf("round %d: %s went back from version %d to %d", round, path, seen[s], n)
			}
			seen[s] = n
			next = max(next, n+1)
		}
		list, err := Store{Dir: filepath.Join(dir, "saves")}.List()
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range list {
			if info.Damaged() {
				t.Fatalf("round %d: save %s is damaged: %v", round, info.Name, info.Err)
			}
		}
		next += 1000 // the child may have written versions after the last one seen
	}
	saves, _ := Store{Dir: filepath.Join(dir, "saves")}.List()
	t.Logf("%d kills: slots reached versions %v; %d saves, all whole; %d temporary files left by kills",
		kills, seen, len(saves), len(hiddenFiles(t, dir))+len(hiddenFiles(t, filepath.Join(dir, "saves"))))
}
