package screen

import (
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// writes counts the file writes under way in commands (a finished game's
// replay and summary), so that a front end can wait for them before its
// process exits: a player who quits the moment a game ends keeps the
// replay.
var writes struct {
	mu   sync.Mutex
	n    int
	done chan struct{} // closed when n falls to 0; nil while none run
}

// Writing wraps cmd, a command that writes files, so that WaitWrites waits
// for it once it has begun. A command the program never ran is not
// waited for.
func Writing(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		writes.mu.Lock()
		if writes.n == 0 {
			writes.done = make(chan struct{})
		}
		writes.n++
		writes.mu.Unlock()
		defer func() {
			writes.mu.Lock()
			writes.n--
			if writes.n == 0 {
				close(writes.done)
				writes.done = nil
			}
			writes.mu.Unlock()
		}()
		return cmd()
	}
}

// WaitWrites waits for the writes under way to end, at most d, and says
// whether they did.
func WaitWrites(d time.Duration) bool {
	writes.mu.Lock()
	done := writes.done
	writes.mu.Unlock()
	if done == nil {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}
