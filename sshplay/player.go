package sshplay

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
)

// Names of the files and folders under the SSH folder of the data folder.
const (
	sshDirName     = "ssh"
	hostKeyName    = "host_ed25519"
	playersDirName = "players"
	guestsDirName  = "guests"
	tokenFileName  = "netplay-token"
)

// player is who plays behind one SSH session.
//
// A player who logged in with a public key is recognised by it: their
// folder (saved games and replays) is named after the key's hash, so it is
// theirs on every visit, and the token that resumes their seat in a network
// game is kept there. A guest (no key: keyboard-interactive login) gets a
// folder of their own for the visit, removed when they leave.
type player struct {
	user        string // the SSH user name, as typed
	name        string // the default player name: user made valid for netplay
	id          string // hex hash of the public key; "" for a guest
	fingerprint string // SHA256:… of the public key; "" for a guest
	dir         string // the player's folder
	guest       bool

	mu      sync.Mutex
	token   string            // a guest's netplay token (key players keep it in a file)
	clients []*netplay.Client // connections to the game server made for the session
	gone    bool              // the session has ended
}

// identityOf returns the identity of a public key: the first 16 bytes of
// the SHA-256 of its wire form, in hex (a folder name on every system).
func identityOf(key gossh.PublicKey) string {
	sum := sha256.Sum256(key.Marshal())
	return hex.EncodeToString(sum[:16])
}

// newPlayer describes the player of a session and makes their folder.
func (s *Server) newPlayer(sess ssh.Session) (*player, error) {
	p := &player{user: sess.User(), name: playerName(sess.User())}
	if key := sess.PublicKey(); key != nil {
		p.id = identityOf(key)
		p.fingerprint = gossh.FingerprintSHA256(key)
		p.dir = filepath.Join(s.dir, playersDirName, p.id)
	} else {
		var b [8]byte
		rand.Read(b[:])
		p.guest = true
		p.dir = filepath.Join(s.dir, guestsDirName, hex.EncodeToString(b[:]))
	}
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		return nil, err
	}
	return p, nil
}

// savesDir and replaysDir are the player's folders of saved games and replays.
func (p *player) savesDir() string   { return filepath.Join(p.dir, saves.SavesDirName) }
func (p *player) replaysDir() string { return filepath.Join(p.dir, saves.ReplaysDirName) }

var errSessionEnded = errors.New("the SSH session has ended")

// ended reports whether the session has ended.
func (p *player) ended() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.gone
}

// adopt records a connection made for the session, so that it is closed
// when the session ends (the game's screens are gone by then, and nothing
// else would). It reports false, and closes c, when the session has ended
// already.
func (p *player) adopt(c *netplay.Client) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.gone {
		c.Close()
		return false
	}
	kept := p.clients[:0]
	for _, old := range p.clients {
		if old.Err() == nil {
			kept = append(kept, old)
		}
	}
	p.clients = append(kept, c)
	return true
}

// leave is called when the session ends. Its connections to the game
// server close: a player in a network game is away, their seat kept for
// the grace period, and their partner told. A guest's folder goes.
func (p *player) leave() error {
	p.mu.Lock()
	p.gone = true
	clients := p.clients
	p.clients = nil
	p.mu.Unlock()
	for _, c := range clients {
		c.Close()
	}
	if !p.guest {
		return nil
	}
	return os.RemoveAll(p.dir)
}

// getToken returns the token that resumes the player's seat on the game
// server, or "".
func (p *player) getToken() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.guest {
		return p.token
	}
	data, err := os.ReadFile(filepath.Join(p.dir, tokenFileName))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// setToken keeps the token the game server gave the player ("" forgets it).
func (p *player) setToken(tok string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.guest {
		p.token = tok
		return nil
	}
	path := filepath.Join(p.dir, tokenFileName)
	if tok == "" {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return saves.WriteFile(path, []byte(tok+"\n"))
}

// connect joins the game server, in this process, as the player: with the
// token it holds, so that a player who dropped gets their seat back, or
// under name when there is no token or the server no longer knows it. The
// token of the welcome is kept for the next time.
func (s *Server) connect(ctx context.Context, p *player, name string) (*netplay.Client, *netplay.Welcome, error) {
	// A game screen's command may outlive its session, and try to resume
	// a connection that the session's end has just closed: refuse it.
	if p.ended() {
		return nil, nil, errSessionEnded
	}
	if tok := p.getToken(); tok != "" {
		c, w, err := netplay.Handshake(ctx, s.game.Pipe(), name, tok)
		if err == nil {
			return s.joined(p, c, w)
		}
		var perr *netplay.Error
		if !errors.As(err, &perr) || perr.Code != netplay.CodeProto {
			return nil, nil, err
		}
		// The seat is gone (the grace period ran out, or the game ended):
		// join as a new player.
		s.keepToken(p, "")
	}
	c, w, err := netplay.Handshake(ctx, s.game.Pipe(), name, "")
	if err != nil {
		return nil, nil, err
	}
	return s.joined(p, c, w)
}

// joined keeps the token of a welcome and the connection of the session.
func (s *Server) joined(p *player, c *netplay.Client, w *netplay.Welcome) (*netplay.Client, *netplay.Welcome, error) {
	if !p.adopt(c) {
		return nil, nil, errSessionEnded
	}
	s.keepToken(p, w.Token)
	return c, w, nil
}

// keepToken stores a token, logging a failure: the game goes on, only a
// later resume would not find the seat.
func (s *Server) keepToken(p *player, tok string) {
	if err := p.setToken(tok); err != nil {
		s.log.Warn("cannot keep the player's game token", "user", p.user, "id", p.id, "err", err)
	}
}

// playerName turns an SSH user name into a name the game server accepts
// (1 to netplay.MaxName letters, digits, - or _): other characters become
// '_', and an empty name becomes "player".
func playerName(user string) string {
	var b strings.Builder
	for _, r := range user {
		if b.Len() == netplay.MaxName {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if strings.Trim(b.String(), "_") == "" {
		return "player"
	}
	return b.String()
}
