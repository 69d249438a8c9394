package netplay

import (
	"runtime"
	"syscall"
)

// lowerThinker puts the calling goroutine on an OS thread of its own at the
// lowest priority (nice 19): the system runs a thinker only when the
// people's threads leave it a processor. The thread ends with the
// goroutine (it stays locked).
func lowerThinker() {
	runtime.LockOSThread()
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
