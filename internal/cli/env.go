package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
)

// EnvName is the environment variable that gives the flag name under
// prefix: prefix and the name in capitals, '-' spelt '_'
// (MINOTAUR_ and max-clients: MINOTAUR_MAX_CLIENTS).
func EnvName(prefix, name string) string {
	return prefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// EnvNote adds to every flag of fs its variable's name, so that --help
// (and whatever reads the flag set: completions, a manual page) says that
// the flag can come from the environment. Call it once, where the flag set
// is built.
func EnvNote(fs *pflag.FlagSet, prefix string) {
	fs.VisitAll(func(f *pflag.Flag) {
		f.Usage += " [$" + EnvName(prefix, f.Name) + "]"
	})
}

// ApplyEnv gives every flag of fs that the command line did not set the
// value of its variable (EnvName), when that variable is set and not
// empty: a flag on the command line wins over the environment, the
// environment over the default. A flag given by a variable counts as
// changed (fs.Changed), as if it had been typed. A flag that takes a list
// (repeated on the command line) takes its values from one variable,
// separated as in PATH (':' on Unix, ';' on Windows). A value the flag
// refuses is an error that names the variable and the flag.
func ApplyEnv(fs *pflag.FlagSet, prefix string, getenv func(string) string) error {
	if getenv == nil {
		return nil
	}
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || f.Changed {
			return
		}
		name := EnvName(prefix, f.Name)
		v := getenv(name)
		if v == "" {
			return
		}
		values := []string{v}
		if _, list := f.Value.(pflag.SliceValue); list {
			values = filepath.SplitList(v)
		}
		for _, x := range values {
			if e := fs.Set(f.Name, x); e != nil {
				// e names the flag and the value ("invalid argument …
				// for "--grace" flag: …")
				err = fmt.Errorf("environment variable %s=%q: %v (fix it or unset it)", name, v, e)
				return
			}
		}
	})
	return err
}
