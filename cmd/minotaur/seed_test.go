package main

import (
	"strings"
	"testing"
)

// A seed that is too big is told the range of seeds,
// on every command that takes one; a good seed at the top of the range is
// taken.
func TestSeedErrorsSayTheRange(t *testing.T) {
	const rangeText = "a seed is a whole number from 0 to 18446744073709551615"
	for _, cmd := range [][]string{{}, {"gen"}, {"serve"}, {"labyrinth", "random"}} {
		for arg, why := range map[string]string{
			"99999999999999999999999": "too big: " + rangeText,
			"-1":                      "negative: " + rangeText,
			"forty-two":               "not a number: " + rangeText,
		} {
			args := append(append([]string(nil), cmd...), "--seed", arg)
			_, errs, code := runCmd(args...)
			if code != 2 || !strings.Contains(errs, why) || strings.Contains(errs, "non-negative integer") {
				t.Errorf("%v: exit %d, stderr %q; want 2 and %q", args, code, errs, why)
			}
		}
	}
	out, errs, code := runCmd("gen", "--seed", "18446744073709551615")
	if code != 0 || out == "" {
		t.Errorf("gen --seed 18446744073709551615: exit %d, stderr %q", code, errs)
	}
}
