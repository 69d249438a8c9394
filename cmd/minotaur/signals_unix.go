//go:build !windows

package main

import (
	"os"
	"syscall"
)

// hangupSignals are the signals after which the game saves and ends.
var hangupSignals = []os.Signal{syscall.SIGHUP, syscall.SIGTERM, os.Interrupt}
