package main

import (
	"fmt"
	"io"
)

// runChessScreen plays on the terminal's screen.
func runChessScreen(setup chessSetup, saves string, stderr io.Writer) int {
	fmt.Fprintln(stderr, "minotaur chess: the chess screen is not in this build yet; play headless with --script FILE|-")
	return 1
}
