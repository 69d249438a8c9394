package sshplay

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

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
	settingsDir    = "settings"
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
	token   string            // the token of the session's last connection to the game server
	clients []*netplay.Client // connections to the game server made for the session
	gone    bool              // the session has ended
}

// identityOf returns the identity of a public key: the first 16 bytes of
// the SHA-256 of its wire form, in hex (a folder name on every system).
func identityOf(key gossh.PublicKey) string {
	sum := sha256.Sum256(key.Marshal())
	return hex.EncodeToString(sum[:16])
}

// describePlayer describes the player of a session: their name, identity
// and folder (see makeDir).
func (s *Server) describePlayer(sess ssh.Session) *player {
	p := &player{user: sess.User(), name: netplay.PlayerName(sess.User())}
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
	return p
}

// makeDir makes the player's folder (only its user may enter it), and
// removes what killed writes left there.
func (p *player) makeDir() error {
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		return err
	}
	saves.RemoveLeftovers(p.dir, time.Now())
	return nil
}

// settingsFile is where the server keeps the settings of the player's
// name (a name is letters, digits, - and _: a file name everywhere).
func (s *Server) settingsFile(p *player) string {
	return filepath.Join(s.dir, settingsDir, p.name+".txt")
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

// live reports whether the session holds an open connection to the game
// server.
func (p *player) live() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.clients {
		if c.Err() == nil {
			return true
		}
	}
	return false
}

// sessionToken is the token of the session's last connection, or "".
func (p *player) sessionToken() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.token
}

// keptToken is the token kept for the player's key, or "" (always "" for
// a guest).
func (p *player) keptToken() string {
	if p.guest {
		return ""
	}
	data, err := saves.ReadFileLimit(filepath.Join(p.dir, tokenFileName), saves.MaxSmallFileSize)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// busy reports whether another session of the same key holds a connection
// to the game server: that session is the key's player on the network.
func (s *Server) busy(p *player) bool {
	if p.guest {
		return false
	}
	var others []*player
	s.mu.Lock()
	for _, ss := range s.sessions {
		if ss.p != p && ss.p.id == p.id {
			others = append(others, ss.p)
		}
	}
	s.mu.Unlock()
	for _, o := range others {
		if o.live() {
			return true
		}
	}
	return false
}

// connect joins the game server, in this process, as the player. It tries
// the session's own last token (a connection of this session was lost),
// then the token kept for the player's key (the player dropped out of a
// game and logged in again), and then joins as a new player under name.
//
// While another session of the same key is on the network, the key's token
// is left to it: this session joins under a name of its own (the key's
// name is taken) and keeps its token for itself, so that two terminals of
// one player never take a seat from each other in turn.
func (s *Server) connect(ctx context.Context, p *player, name string) (*netplay.Client, *netplay.Welcome, error) {
	// A game screen's command may outlive its session, and try to resume
	// a connection that the session's end has just closed: refuse it.
	if p.ended() {
		return nil, nil, errSessionEnded
	}
	busy := s.busy(p)
	pipe := func(context.Context) (net.Conn, error) { return s.game.Pipe(), nil }
	c, w, err := netplay.Join(ctx, pipe, keyTokens{s: s, p: p, busy: busy}, name)
	if err != nil {
		return nil, nil, err
	}
	if !p.adopt(c) {
		return nil, nil, errSessionEnded
	}
	return c, w, nil
}

// keyTokens is the token policy of an SSH player (netplay.TokenStore): the
// session's own last token first (a connection of this session was lost),
// then the token kept for the player's key (the player dropped out of a
// game and logged in again). While another session of the same key is on
// the network, the key's token is left to it: this session keeps its token
// for itself, so that two terminals of one player never take a seat from
// each other in turn. Guests keep nothing on disk.
type keyTokens struct {
	s    *Server
	p    *player
	busy bool
}

func (k keyTokens) Tokens(string) []string {
	tokens := []string{k.p.sessionToken()}
	if !k.busy {
		tokens = append(tokens, k.p.keptToken())
	}
	return tokens
}

func (k keyTokens) Keep(_, token string) {
	p := k.p
	p.mu.Lock()
	p.token = token
	p.mu.Unlock()
	if p.guest || k.busy {
		return
	}
	// A token is a secret: it takes the player's seat.
	if err := saves.WriteFileMode(filepath.Join(p.dir, tokenFileName), []byte(token+"\n"), 0o600); err != nil {
		// The game goes on; only a later resume would not find the seat.
		k.s.log.Warn("cannot keep the player's game token", "user", p.user, "id", p.id, "err", err)
	}
}
