package netplay

import (
	"runtime"
	"syscall"
	"unsafe"
)

// schedIdle is Linux's SCHED_IDLE scheduling policy (sched.h).
const schedIdle = 5

// lowerThinker puts the calling goroutine on an OS thread of its own at the
// lowest priority: the system runs a thinker only when the people's
// threads leave it a processor. The thread takes the SCHED_IDLE policy,
// under which a woken people's thread takes the processor from it at once
// (at nice 19 alone the kernel let the thinker finish its slice first, a
// few milliseconds a time: the players' p99 beside 20 computer games was
// 2.3× the same load without them on a quiet machine); nice 19 stays
// where the policy cannot be set. The thread ends with the goroutine (it
// stays locked).
func lowerThinker() {
	runtime.LockOSThread()
	tid := syscall.Gettid()
	syscall.Setpriority(syscall.PRIO_PROCESS, tid, 19)
	var param struct{ priority int32 }
	syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedIdle, uintptr(unsafe.Pointer(&param)))
}
