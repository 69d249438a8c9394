package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The echo baselines (--echo): what the same traffic costs a server that
// does nothing but move it. After the measurement, minoload starts a raw
// echo server in a process of its own (this program, run with
// --echo-serve), plays traffic against it and reads its CPU time from /proc
// as it reads the game server's. Two of them, one after the other:
//
//   - the fan-out echo (fanecho.go), the same traffic: the same connections
//     as the measured run, grouped as the games were (a co-op pair and its
//     spectators, a solo player and its spectators, the other kinds' pairs),
//     and for each action the lines the game server sent for an action of
//     that kind, of the same sizes, to the same members of the group — the
//     player who acted, its partner, each spectator — one write per line;
//     every other line a client sent is answered to it with the lines its
//     kind got besides (lobby lists, starts, ends, pings). The target of
//     the server's cost per action is judged against this one.
//   - the single-client echo: as many player connections, the same lines a
//     second from the clients, each answered to the client that sent it
//     with as many lines, of the same mean size, as the game server sent per
//     line it got — the figure of earlier runs, kept for comparison.
//
// The ratio of the game server's CPU per action to each is its cost over
// the raw cost of moving its bytes.

// echoPlan is the traffic the single-client echo replays.
type echoPlan struct {
	conns            int
	rate             float64 // request lines a second, all connections together
	reqSize          int     // bytes of a request line, newline included
	linesPerReq      float64 // answer lines per request
	answerSize       int     // bytes of an answer line, newline included
	actions          float64 // the game server's actions a second (for per-action figures)
	duration         time.Duration
	serverCPUPerSecs float64 // the game server's CPU seconds a second
}

// echoServe is the echo server's process: it listens on loopback, prints
// its address, and serves (serveEcho) until its standard input closes.
func echoServe(stdout io.Writer) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(os.Stderr, "minoload --echo-serve: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, ln.Addr().String())
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	serveEcho(ln)
	return 1
}

// serveEcho answers the connections of ln until it closes: a connection
// whose first line is "join GROUP p|w" is a member of a fan-out group
// (fanConn), any other answers each line "K SIZE …" with K lines of SIZE
// bytes (echoConn).
func serveEcho(ln net.Listener) error {
	groups := newEchoGroups()
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go func() {
			defer c.Close()
			br := bufio.NewReaderSize(c, 4096)
			line, err := br.ReadSlice('\n')
			if err != nil {
				return
			}
			if hasPrefix(line, joinPrefix) {
				fanConn(c, br, line, groups)
				return
			}
			echoConn(c, br, line)
		}()
	}
}

// echoConn answers one connection of the single-client echo, beginning
// with its first line: a line reader as small as the game server's, one
// write per answer line.
func echoConn(c net.Conn, br *bufio.Reader, line []byte) {
	var out []byte
	for {
		f := strings.Fields(string(line[:min(len(line), 32)]))
		if len(f) < 2 {
			return
		}
		k, _ := strconv.Atoi(f[0])
		size, _ := strconv.Atoi(f[1])
		if size < 1 || size > 1<<16 || k < 0 || k > 64 {
			return
		}
		if cap(out) < size {
			out = make([]byte, size)
			for i := range out {
				out[i] = 'x'
			}
		}
		out = out[:size]
		out[size-1] = '\n'
		for range k {
			c.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := c.Write(out); err != nil {
				return
			}
		}
		out[size-1] = 'x'
		var err error
		if line, err = br.ReadSlice('\n'); err != nil {
			return
		}
	}
}

// startEcho starts the echo server's process and returns its address and
// process id; stop ends it.
func startEcho() (addr string, pid int, stop func(), err error) {
	exe, err := os.Executable()
	if err != nil {
		return "", 0, nil, err
	}
	cmd := exec.Command(exe, "--echo-serve")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return "", 0, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", 0, nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", 0, nil, err
	}
	stop = func() { stdin.Close(); cmd.Wait() }
	addr, err = bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		stop()
		return "", 0, nil, errors.New("the echo server did not start")
	}
	return strings.TrimSpace(addr), cmd.Process.Pid, stop, nil
}

// echoResult is what the baseline measured.
type echoResult struct {
	cpuPerSec float64 // the echo server's CPU seconds a second
	requests  int64
	secs      float64
	rss       mem
}

// runEcho replays plan against a single-client echo server of its own.
func runEcho(ctx context.Context, plan echoPlan) (echoResult, error) {
	var res echoResult
	addr, pid, stop, err := startEcho()
	if err != nil {
		return res, err
	}
	defer stop()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var answered atomic.Int64
	var measuring atomic.Bool
	var wg sync.WaitGroup
	conns := max(plan.conns, 1)
	// Each connection sends at the mean interval that makes the total rate.
	interval := time.Duration(float64(conns) / max(plan.rate, 1) * float64(time.Second))
	errc := make(chan error, conns)
	for i := range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return res, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Close()
			go func() { <-ctx.Done(); c.Close() }()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			br := bufio.NewReaderSize(c, 64*1024)
			bw := bufio.NewWriter(c)
			for ctx.Err() == nil {
				wait := time.Duration(rng.Int64N(int64(2*interval) + 1))
				select {
				case <-ctx.Done():
					return
				case <-time.After(wait):
				}
				k := int(plan.linesPerReq)
				if rng.Float64() < plan.linesPerReq-float64(k) {
					k++
				}
				req := strconv.Itoa(k) + " " + strconv.Itoa(plan.answerSize) + " "
				if pad := plan.reqSize - 1 - len(req); pad > 0 {
					req += strings.Repeat("x", pad)
				}
				bw.WriteString(req)
				bw.WriteByte('\n')
				if err := bw.Flush(); err != nil {
					if ctx.Err() == nil {
						errc <- err
					}
					return
				}
				for range k {
					if _, err := br.ReadSlice('\n'); err != nil {
						if ctx.Err() == nil {
							errc <- err
						}
						return
					}
				}
				if measuring.Load() {
					answered.Add(1)
				}
			}
		}()
	}
	time.Sleep(min(2*interval+time.Second, 5*time.Second)) // every connection at work
	var failed error
	if res.secs, res.cpuPerSec, res.rss, failed = measureEcho(ctx, pid, plan.duration, errc, &measuring); failed != nil {
		return res, failed
	}
	res.requests = answered.Load()
	cancel()
	wg.Wait()
	return res, nil
}

// measureEcho measures an echo server's process pid for d (or until ctx
// ends), with measuring set meanwhile: the seconds measured, its CPU a
// second over them and its memory at the end. An error from errc ends it.
func measureEcho(ctx context.Context, pid int, d time.Duration, errc <-chan error, measuring *atomic.Bool) (secs, cpuPerSec float64, rss mem, err error) {
	cpu0, _ := procCPU(pid)
	measuring.Store(true)
	t0 := time.Now()
	select {
	case <-time.After(d):
	case <-ctx.Done():
	case err := <-errc:
		return 0, 0, rss, err
	}
	measuring.Store(false)
	cpu1, _ := procCPU(pid)
	secs = time.Since(t0).Seconds()
	return secs, (cpu1 - cpu0).Seconds() / secs, procMem(pid), nil
}
