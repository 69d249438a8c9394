package sshplay

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"

	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/saves"
)

// loadHostKey reads the server's host key from path, or, when there is none
// yet, generates an ed25519 key and writes it there (OpenSSH PEM format), so
// that players see the same host key after every restart. It reports
// whether the key was just made. A key that cannot be read is an error: it
// is never replaced silently, since players would then be warned that the
// host changed.
func loadHostKey(path string) (gossh.Signer, bool, error) {
	data, err := saves.ReadFileLimit(path, saves.MaxSmallFileSize)
	switch {
	case err == nil:
		signer, err := gossh.ParsePrivateKey(data)
		if err != nil {
			return nil, false, fmt.Errorf("the SSH host key %s cannot be read: %v (restore it from a backup, or move it away to have a new one made; players will then be warned that the host key changed)", path, err)
		}
		return signer, false, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, false, fmt.Errorf("the SSH host key %s cannot be read: %w", path, err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, false, fmt.Errorf("cannot generate an SSH host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "minotaur host key")
	if err != nil {
		return nil, false, fmt.Errorf("cannot encode the SSH host key: %w", err)
	}
	// The key is a secret: only the server's user may read it.
	if err := saves.WriteFileMode(path, pem.EncodeToMemory(block), 0o600); err != nil {
		return nil, false, err
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, false, fmt.Errorf("cannot use the new SSH host key: %w", err)
	}
	return signer, true, nil
}
