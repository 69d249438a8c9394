package foxhunt

import (
	"bufio"
	"io"
	"net"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/minotaur-game/minotaur/foxnet"
)

// lineMsg is one line from the server; closedMsg says the connection ended.
type (
	lineMsg   struct{ lines []string }
	closedMsg struct{ err error }
	sentMsg   struct{ err error }
)

// link is the connection to the server: a goroutine reads it into lines,
// which readNext hands to Update one batch at a time.
type link struct {
	conn  net.Conn
	lines chan []string
	errc  chan error
}

// dial connects (in a Cmd).
func dial(addr string) tea.Cmd {
	return func() tea.Msg {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return closedMsg{err}
		}
		return connectedMsg{l: newLink(c)}
	}
}

type connectedMsg struct {
	l   *link
	srv *foxnet.Server // the local match's server, nil over the network
}

func newLink(c net.Conn) *link {
	l := &link{conn: c, lines: make(chan []string, 64), errc: make(chan error, 1)}
	go func() {
		br := bufio.NewReaderSize(c, 64<<10)
		for {
			var batch []string
			line, err := br.ReadString('\n')
			if len(line) > 0 {
				batch = append(batch, trimNL(line))
			}
			for err == nil && br.Buffered() > 0 {
				line, err = br.ReadString('\n')
				if len(line) > 0 {
					batch = append(batch, trimNL(line))
				}
			}
			if len(batch) > 0 {
				l.lines <- batch
			}
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				l.errc <- err
				close(l.lines)
				return
			}
		}
	}()
	return l
}

func trimNL(s string) string {
	if n := len(s); n > 0 && s[n-1] == '\n' {
		return s[:n-1]
	}
	return s
}

// next waits for the next batch of lines.
func (l *link) next() tea.Cmd {
	return func() tea.Msg {
		b, ok := <-l.lines
		if !ok {
			return closedMsg{<-l.errc}
		}
		return lineMsg{b}
	}
}

// send writes one line.
func (l *link) send(line string) tea.Cmd {
	return func() tea.Msg {
		_, err := io.WriteString(l.conn, line+"\n")
		return sentMsg{err}
	}
}

// localMatch starts a server with bots in process and joins it through a
// pipe (in a Cmd): a person against bots.
func localMatch(cfg foxnet.Config) tea.Cmd {
	return func() tea.Msg {
		srv, err := foxnet.NewServer(cfg)
		if err != nil {
			return closedMsg{err}
		}
		go srv.Run()
		near, far := net.Pipe()
		go srv.ServeConn(far)
		return connectedMsg{l: newLink(near), srv: srv}
	}
}
