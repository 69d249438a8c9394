package screen

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A write under way when the program ends is waited for: WaitWrites
// does not report it over while it runs (a player who quits as a game
// ends keeps its replay), reports it once it has ended, and returns at
// once when nothing is being written.
func TestWaitWrites(t *testing.T) {
	if !WaitWrites(0) {
		t.Fatal("nothing is being written, yet WaitWrites timed out")
	}
	started, release, ended := make(chan struct{}), make(chan struct{}), make(chan struct{})
	cmd := Writing(func() tea.Msg {
		close(started)
		<-release
		return nil
	})
	go func() {
		cmd()
		close(ended)
	}()
	<-started
	if WaitWrites(0) {
		t.Fatal("WaitWrites said the writes were over while one was under way")
	}
	close(release)
	if !WaitWrites(time.Minute) {
		t.Fatal("WaitWrites timed out after the write ended")
	}
	<-ended
	if !WaitWrites(0) {
		t.Fatal("with nothing under way, a second wait did not return at once")
	}
}
