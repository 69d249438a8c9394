#!/usr/bin/env python3
"""A Fox hunt bot written against the MICA 2016 reference server's output
(eauw/bomberman-server v0.5.5), as a contestant's bot parses it:

  Successfully connected to Bomberman-Server / Enter q to disconnect.
  YourID:xxxxxxxx / YourName:PlayerN           (again after name:NAME)
  messageLength:N<N bytes of block>            (no newline after N)
     block: ESC[H ESC[2J, a line of 59 '*', a blank line,
            game:g/G,round:r/R,players:n,mapsize:xHHyWW,timeout:0.50s,
            a blank line, map:, the rows ("c|" per field), a blank line,
            scoretable:, name:NAME,score:S,x:X,y:Y; per player (the fox
            first), /scoretable, a line of 59 '*'
  E: ... lines, wfyc: waiting for your command
  game is over

It names itself, answers each block once "wfyc" arrives, and prints the
table of the match's last block (round R/R) as JSON on stdout when "game is
over" comes.

usage: micabot.py HOST PORT NAME
"""
import json
import re
import socket
import sys
from collections import deque

MOVES = {"w": (0, -1), "a": (-1, 0), "s": (0, 1), "d": (1, 0)}
ROW = re.compile(r"^name:(.*),score:(-?\d+),x:(\d+),y:(\d+);$")


class Conn:
    def __init__(self, sock):
        self.sock, self.buf = sock, b""

    def fill(self):
        d = self.sock.recv(65536)
        if not d:
            raise EOFError
        self.buf += d

    def line(self):
        while b"\n" not in self.buf:
            if self.buf.startswith(b"messageLength:") and re.match(rb"messageLength:\d+\D", self.buf):
                return None  # a header: read it with block()
            self.fill()
        if self.buf.startswith(b"messageLength:") and re.match(rb"messageLength:\d+\D", self.buf):
            return None
        l, self.buf = self.buf.split(b"\n", 1)
        return l.decode()

    def block(self):
        m = re.match(rb"messageLength:(\d+)", self.buf)
        n = int(m.group(1))
        self.buf = self.buf[m.end():]
        while len(self.buf) < n:
            self.fill()
        b, self.buf = self.buf[:n], self.buf[n:]
        return b.decode()


def parse(block):
    lines = block.split("\n")
    info = {}
    for l in lines:
        if l.startswith("game:"):
            for part in l.rstrip(",").split(","):
                k, v = part.split(":", 1)
                info[k] = v
    h, w = map(int, re.match(r"x(\d+)y(\d+)", info["mapsize"]).groups())
    i = lines.index("map:") + 1
    rows = [l.replace("|", "") for l in lines[i:i + h]]
    j = lines.index("scoretable:") + 1
    table = []
    while lines[j] != "/scoretable":
        m = ROW.match(lines[j])
        table.append((m.group(1), int(m.group(2)), (int(m.group(3)), int(m.group(4)))))
        j += 1
    r, total = map(int, info["round"].split("/"))
    return r, total, w, h, rows, table


def bfs(rows, w, h, start):
    dist = {start: 0}
    q = deque([start])
    while q:
        x, y = q.popleft()
        for dx, dy in MOVES.values():
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in dist and rows[ny][nx] not in "wWB":
                dist[(nx, ny)] = dist[(x, y)] + 1
                q.append((nx, ny))
    return dist


def decide(state, me):
    r, total, w, h, rows, table = state
    mine = [t for t in table if t[0] == me]
    if not mine:
        return "n"
    x, y = mine[0][2]
    opts = [("n", (x, y))] + [(k, (x + dx, y + dy)) for k, (dx, dy) in MOVES.items()
                               if 0 <= x + dx < w and 0 <= y + dy < h and rows[y + dy][x + dx] not in "wWB"]
    if table[0][0] == me:  # the fox: as far as the hunters can walk
        best, score = "n", -1
        dists = [bfs(rows, w, h, t[2]) for t in table[1:]]
        for k, p in opts:
            d = min((dd.get(p, 999) for dd in dists), default=999)
            if d > score:
                best, score = k, d
        return best
    dist = bfs(rows, w, h, table[0][2])
    best, score = "n", 10**9
    for k, p in opts:
        if dist.get(p, 10**6) < score:
            best, score = k, dist.get(p, 10**6)
    return best if score < 10**6 else "b"


def main():
    host, port, want = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    sock = socket.create_connection((host, port))
    c = Conn(sock)
    me, state, answered = None, None, True
    sock.sendall(("name:%s\n" % want).encode())
    try:
        while True:
            l = c.line()
            if l is None:
                state, answered = parse(c.block()), False
                continue
            if l.startswith("YourName:"):
                me = l[len("YourName:"):]
            elif l.startswith("wfyc") and state and not answered:
                sock.sendall((decide(state, me) + "\n").encode())
                answered = True
            elif l == "game is over":
                print(json.dumps({"name": me, "round": state[0],
                                  "table": [[t[0], t[1]] for t in state[5]]}))
                sock.sendall(b"q\n")
                return 0
    except EOFError:
        print(json.dumps({"error": "connection closed before the end"}))
        return 1


if __name__ == "__main__":
    sys.exit(main())
