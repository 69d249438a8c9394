//go:build linux

package main

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/netplay"
)

// slowTest skips, under -short, a test that builds and runs the server's
// binary: the quick suite and CI run it.
func slowTest(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the server: run without -short")
	}
}

// freePort returns a loopback address with a port free a moment ago.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestServeOpenFileLimit is row 3 of the attack run, from many hosts (so
// that the per-address cap does not stop it first): under a limit of 256
// open files, 300 plain TCP connections to the SSH port must not keep the
// game port from answering. The server fits --max-clients under the limit,
// so the game port says server_full instead of failing to accept, and
// serves players again once the connections are gone.
func TestServeOpenFileLimit(t *testing.T) {
	slowTest(t)
	t.Parallel()
	bin := gameBinary(t)
	tcp, ssh := freePort(t), freePort(t)
	cmd := exec.Command("sh", "-c", fmt.Sprintf("ulimit -n 256 && exec %s serve --addr %s --ssh %s --data %s --max-per-addr 1000",
		bin, tcp, ssh, t.TempDir()))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	log := bufio.NewScanner(stderr)
	lowered := false
	for log.Scan() {
		line := log.Text()
		lowered = lowered || strings.Contains(line, "--max-clients lowered to fit the limit of open files") && strings.Contains(line, "max_clients=192")
		if strings.Contains(line, "listening for ssh") {
			break
		}
	}
	go func() {
		for log.Scan() {
		}
	}()
	if !lowered {
		t.Error("the server did not say it lowered --max-clients to 192 (256 open files less 64)")
	}
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for i := range 300 {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 1, byte(i/200), byte(i%200+1))}}
		c, err := d.Dial("tcp", ssh)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	// The server takes the 300 connections in its own time: the game port
	// is asked again until it says server_full, which a full server says
	// at once (a connection it takes says nothing until its hello).
	for deadline := time.Now().Add(2 * time.Minute); ; {
		c, err := net.Dial("tcp", tcp)
		if err != nil {
			t.Fatal(err)
		}
		c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		line, err := bufio.NewReader(c).ReadString('\n')
		c.Close()
		if err == nil && strings.Contains(line, `"code":"server_full"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game port beside 300 SSH connections answered %q (%v), want server_full", line, err)
		}
	}
	for _, c := range held {
		c.Close()
	}
	held = nil
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for {
		cl, _, err := netplay.Dial(ctx, tcp, "player", "")
		if err == nil {
			cl.Close()
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("no player got in after the connections closed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServeStopsWithStuckSSH is the end of row 1 of the attack run: SSH
// sessions whose clients stormed their window size and read nothing do not
// hold a SIGTERM: the server exits with status 0 within a few seconds (it
// took 15 s and exited 1).
func TestServeStopsWithStuckSSH(t *testing.T) {
	slowTest(t)
	t.Parallel()
	bin := gameBinary(t)
	tcp, ssh := freePort(t), freePort(t)
	cmd := exec.Command(bin, "serve", "--addr", tcp, "--ssh", ssh, "--data", t.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	log := bufio.NewScanner(stderr)
	for log.Scan() && !strings.Contains(log.Text(), "listening for ssh") {
	}
	var logged strings.Builder
	go func() {
		for log.Scan() {
			logged.WriteString(log.Text() + "\n")
		}
	}()
	for i := range 3 {
		_, key, _ := ed25519.GenerateKey(rand.Reader)
		signer, _ := gossh.NewSignerFromKey(key)
		c, err := gossh.Dial("tcp", ssh, &gossh.ClientConfig{User: fmt.Sprint("stuck", i), Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		sess.RequestPty("xterm-256color", 24, 80, nil)
		sess.StdoutPipe() // never read
		sess.StderrPipe()
		if err := sess.Shell(); err != nil {
			t.Fatal(err)
		}
		for j := range 600 {
			if sess.WindowChange([2]int{24, 250}[j%2], [2]int{80, 500}[j%2]) != nil {
				break
			}
			if j%20 == 19 {
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the server exited with %v, want status 0; its log:\n%s", err, logged.String())
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("the server still runs 2 minutes after SIGTERM; its log:\n%s", logged.String())
	}
}
