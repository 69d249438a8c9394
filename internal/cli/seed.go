package cli

import (
	"errors"
	"math"
	"strconv"
	"strings"

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
	t := strings.TrimSpace(text)
	n, err := strconv.ParseUint(t, 10, 64)
	switch {
	case err == nil:
		*s = seedValue(n)
		return nil
	case errors.Is(err, strconv.ErrRange):
		return errors.New("too big: " + seedRange)
	case strings.HasPrefix(t, "-"):
		if _, err := strconv.ParseInt(t, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
			return errors.New("negative: " + seedRange)
		}
	}
	return errors.New("not a number: " + seedRange)
}

// SeedVar defines a --seed flag on fs with the default def.
func SeedVar(fs *pflag.FlagSet, p *uint64, def uint64, usage string) {
	*p = def
	fs.Var((*seedValue)(p), "seed", usage)
}
