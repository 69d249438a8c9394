package main

import (
	"os"
	"syscall"
)

// hangupSignals are the signals after which the game saves and ends: on
// Windows, closing the console window arrives as SIGTERM.
var hangupSignals = []os.Signal{syscall.SIGTERM, os.Interrupt}
