package netplay

import (
	"syscall"
	"testing"
)

// TestThinkerThreadIsIdlePolicy: a thinker's thread takes the SCHED_IDLE
// policy at nice 19, so a woken people's thread takes the processor from
// it at once instead of after its slice.
func TestThinkerThreadIsIdlePolicy(t *testing.T) {
	type got struct {
		policy uintptr
		nice   int
		err    error
	}
	done := make(chan got)
	go func() {
		lowerThinker()
		tid := syscall.Gettid()
		p, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(tid), 0, 0)
		prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
		if errno != 0 {
			err = errno
		}
		// Getpriority's raw value is 20 - nice.
		done <- got{p, 20 - prio, err}
	}()
	g := <-done
	if g.err != nil {
		t.Fatal(g.err)
	}
	if g.policy != schedIdle {
		t.Errorf("the thinker's thread has scheduling policy %d, want SCHED_IDLE (%d)", g.policy, schedIdle)
	}
	if g.nice != 19 {
		t.Errorf("the thinker's thread has nice %d, want 19", g.nice)
	}
}
