package netplay

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"
)

// ErrTooManyFromAddr is returned by Admit when the client's address holds
// MaxPerAddr connections already.
var ErrTooManyFromAddr = errors.New("too many connections from your address")

// budget counts the open connections, in all and per remote host, for
// every front end of the server (TCP and SSH): one budget, so that nothing
// a single host does keeps another host out.
type budget struct {
	mu     sync.Mutex
	total  int
	max    int
	maxPer int
	per    map[string]int
}

// take counts a connection from host in, or says why it cannot be.
func (b *budget) take(host string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.total >= b.max {
		return ErrServerFull
	}
	if b.per[host] >= b.maxPer {
		return ErrTooManyFromAddr
	}
	b.total++
	b.per[host]++
	return nil
}

// give counts a connection from host out.
func (b *budget) give(host string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.total--
	if b.per[host]--; b.per[host] <= 0 {
		delete(b.per, host)
	}
}

// hostOf is the part of a remote address that names one host: its IP, an
// IPv4-mapped IPv6 address as IPv4, and an IPv6 address by its /64 prefix
// (a single host commonly holds a whole /64 and could otherwise take a new
// address for every connection). Anything else is taken whole.
func hostOf(addr net.Addr) string {
	if addr == nil {
		return "pipe"
	}
	return hostOfString(addr.String())
}

func hostOfString(s string) string {
	ap, err := netip.ParseAddrPort(s)
	if err != nil {
		if h, _, err := net.SplitHostPort(s); err == nil {
			return h
		}
		return s
	}
	ip := ap.Addr().Unmap().WithZone("")
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// Admit counts a new connection from addr against the server's limits
// (Config.MaxClients in all, Config.MaxPerAddr per host) and returns the
// function that counts it out when it closes (call it once). Serve admits
// every connection it accepts; another front end (the SSH server) admits
// its own connections the same way, before any work is done for them.
// It returns ErrServerFull or ErrTooManyFromAddr when the connection must
// be refused.
func (s *Server) Admit(addr net.Addr) (release func(), err error) {
	host := hostOf(addr)
	if err := s.budget.take(host); err != nil {
		s.tally.refuseLimit(err)
		s.logLimited(host, "connection refused", "remote", addr.String(), "reason", err.Error())
		return nil, err
	}
	var once sync.Once
	return func() { once.Do(func() { s.budget.give(host) }) }, nil
}

// refusal is the line a refused TCP connection gets before it is closed.
func (s *Server) refusal(err error) []byte {
	msg := "the server is full: try again later"
	if errors.Is(err, ErrTooManyFromAddr) {
		msg = fmt.Sprintf("too many connections from your address (at most %d): close some and try again", s.cfg.MaxPerAddr)
	}
	return encode(&Error{T: TypeError, Code: CodeServerFull, Msg: msg})
}

// logLimited logs msg at Warn level at most once a second per host, so that
// a host that repeats a refused or wrong request cannot flood the log.
func (s *Server) logLimited(host, msg string, args ...any) {
	now := time.Now()
	key := host + "\x00" + msg
	s.logMu.Lock()
	last, seen := s.logged[key]
	if seen && now.Sub(last) < time.Second {
		s.logMu.Unlock()
		return
	}
	if len(s.logged) >= 4096 {
		clear(s.logged) // bounded: forgetting only allows one more line
	}
	s.logged[key] = now
	s.logMu.Unlock()
	s.log.Warn(msg, args...)
}
