package cli

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/pflag"
)

// seedValue is a --seed flag: an unsigned 64-bit number, whose errors say
// what a seed may be — a number too big is told the range, not that it is
// "not a non-negative integer".
type seedValue uint64

func (s *seedValue) String() string { return strconv.FormatUint(uint64(*s), 10) }
func (s *seedValue) Type() string   { return "uint64" }

var seedRange = "a seed is a whole number from 0 to " + strconv.FormatUint(math.MaxUint64, 10)

func (s *seedValue) Set(text string) error {
	n, err := ParseSeed(text)
	if err == nil {
		*s = seedValue(n)
	}
	return err
}

// ParseSeed reads a seed as --seed takes it: an unsigned 64-bit number in
// decimal, spaces around it allowed. An error says what a seed may be.
func ParseSeed(text string) (uint64, error) {
	t := strings.TrimSpace(text)
	n, err := strconv.ParseUint(t, 10, 64)
	switch {
	case err == nil:
		return n, nil
	case errors.Is(err, strconv.ErrRange):
		return 0, errors.New("too big: " + seedRange)
	case strings.HasPrefix(t, "-"):
		if _, err := strconv.ParseInt(t, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
			return 0, errors.New("negative: " + seedRange)
		}
	}
	return 0, errors.New("not a number: " + seedRange)
}

// ReadSeed reads a seed typed or pasted by a player: what ParseSeed takes,
// or the seed as the game prints it and as it is passed on — "Seed
// 1234", "seed: 1234", "seed 1234 · 2026-12-02", "--seed 1234",
// "--seed=1234", in quotes or not. The number is the word after the word
// seed (or the whole text), and the same rules hold for it.
func ReadSeed(text string) (uint64, error) {
	t := strings.TrimSpace(text)
	t = strings.Trim(t, "\"'`")
	lower := strings.ToLower(t)
	if i := strings.Index(lower, "seed"); i >= 0 {
		t = t[i+len("seed"):]
		t = strings.TrimLeft(t, " \t:=#")
		// The number runs to the next space; a full stop or a comma
		// after it ends the sentence it was copied from.
		if end := strings.IndexFunc(t, unicode.IsSpace); end >= 0 {
			t = t[:end]
		}
		t = strings.TrimRight(t, ".,;:)]")
		if t == "" {
			return 0, errors.New("no number after the word seed: " + seedRange)
		}
	}
	return ParseSeed(t)
}

// SeedVar defines a --seed flag on fs with the default def.
func SeedVar(fs *pflag.FlagSet, p *uint64, def uint64, usage string) {
	*p = def
	fs.Var((*seedValue)(p), "seed", usage)
}
