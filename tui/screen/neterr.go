package screen

import (
	stdctx "context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"syscall"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
)

// ConnectProblem says, as a sentence for the player, why connecting to the
// server at addr failed and what to do; game is the server it was meant
// to be ("a Minotaur game server", "a Fox hunt server"). Errors it does not
// know are said in their own words, cleaned.
func ConnectProblem(addr, game string, err error) string {
	addr = safetext.Clean(addr)
	var dns *net.DNSError
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "Nothing answers at " + addr + ": is the server running, and is the port right? " +
			"(A Minotaur game server is started with 'minotaur serve'.)"
	case errors.As(err, &dns):
		return "No computer is known by the name in " + addr + ": check the address (host:port)."
	case errors.Is(err, stdctx.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		return addr + " did not answer in time: check the address and the network, then try again."
	case errors.As(err, &syn):
		return addr + " is not " + game + ": it answers in another protocol (a Fox hunt contest port?). " +
			"Check the port: a Minotaur game server listens on 7777 unless told otherwise."
	case errors.Is(err, netplay.ErrClosed):
		return addr + " closed the connection before it welcomed you: it may not be " + game + ", or it is stopping. Check the port."
	case errors.Is(err, syscall.ECONNRESET):
		return addr + " dropped the connection: it may not be " + game + ", or it is stopping. Try again."
	}
	return "Could not connect to " + addr + ": " + safetext.Clean(err.Error()) + "."
}
