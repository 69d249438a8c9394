package netplay

import (
	"net"
	"sync"
)

// Budget is the connection budget of this server (at most max connections
// in all and maxPer from one host, an IPv6 host by its /64) for another
// server in the binary, so that the Fox hunt's server counts its players
// and spectators exactly as this one counts its clients.
type Budget struct{ b budget }

// NewBudget makes a budget of max connections, maxPer from one host.
func NewBudget(max, maxPer int) *Budget {
	return &Budget{b: budget{max: max, maxPer: maxPer, per: map[string]int{}}}
}

// Admit counts a connection from addr in and returns the function that
// counts it out (call it once), or ErrServerFull / ErrTooManyFromAddr.
func (b *Budget) Admit(addr net.Addr) (release func(), err error) {
	host := hostOf(addr)
	if err := b.b.take(host); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() { once.Do(func() { b.b.give(host) }) }, nil
}

// Open is the number of connections counted in.
func (b *Budget) Open() int {
	b.b.mu.Lock()
	defer b.b.mu.Unlock()
	return b.b.total
}
