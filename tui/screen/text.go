package screen

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Fit cuts a styled line to w columns, ending it with "…" when it is cut.
func Fit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// Wrap breaks plain text into lines of at most w columns, at spaces where
// it can.
func Wrap(s string, w int) string { return ansi.Wrap(s, w, "") }

// Window picks the first cell shown on an axis of n cells when only vis
// fit: the one that centres the cell at, kept inside the axis.
func Window(n, vis, at int) int {
	if vis >= n {
		return 0
	}
	return min(max(at-vis/2, 0), n-vis)
}

// PadLines cuts or pads s to exactly h lines (for fixed-size layouts).
func PadLines(s string, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
