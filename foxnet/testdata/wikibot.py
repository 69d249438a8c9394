#!/usr/bin/env python3
"""A Fox hunt bot written from the MICA 2016 wiki's text alone.

The wiki shows the state block ("Runde: r/R, Spieleranzahl: n,
Spielfeldgröße: x W y H, Cmd-Timeout: t, ", the map with "|" after each
field, then "Name:\tPunkte:\tFeld:" and one "NAME\tPOINTS\txX yY" row per
player) and the commands (w a s d, b[i][d], n, q). It says nothing about how
a bot learns its own name; its example names players Player1, Player2, ... in
the order they connect, so this bot is told its name on the command line.

Strategy: the fox (the first row of the table, as in the wiki's example)
runs from the nearest hunter; a hunter walks towards the fox. It answers
every block, and after the last round (r == R) prints the final table as
JSON on stdout and leaves with q.

usage: wikibot.py HOST PORT NAME
"""
import json
import socket
import sys
from collections import deque

MOVES = {"w": (0, -1), "a": (-1, 0), "s": (0, 1), "d": (1, 0)}


def parse_header(line):
    # Runde: 1/1000, Spieleranzahl: 2, Spielfeldgröße: x 10 y 10, Cmd-Timeout: 1,
    parts = [p.strip() for p in line.split(",")]
    r, total = parts[0].split(":")[1].strip().split("/")
    n = int(parts[1].split(":")[1])
    size = parts[2].split(":")[1].split()
    return int(r), int(total), n, int(size[1]), int(size[3])


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


def decide(rows, w, h, table, me):
    mine = [t for t in table if t[0] == me]
    if not mine:
        return "n"
    x, y = mine[0][2]
    fox = table[0]
    options = [("n", (x, y))]
    for k, (dx, dy) in MOVES.items():
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h and rows[ny][nx] not in "wWB":
            options.append((k, (nx, ny)))
    if fox[0] == me:
        hunters = [t[2] for t in table[1:]]
        best, score = "n", -1
        for k, p in options:
            d = min((abs(p[0] - hx) + abs(p[1] - hy) for hx, hy in hunters), default=99)
            if d > score:
                best, score = k, d
        return best
    dist = bfs(rows, w, h, fox[2])
    best, score = "n", 10**9
    for k, p in options:
        d = dist.get(p, 10**6)
        if d < score:
            best, score = k, d
    if score >= 10**6:
        return "b"  # walled off: bomb the way open
    return best


def main():
    host, port, me = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    sock = socket.create_connection((host, port))
    f = sock.makefile("r", encoding="utf-8", newline="\n")
    while True:
        line = f.readline()
        if not line:
            print(json.dumps({"error": "connection closed before the last round"}))
            return 1
        line = line.rstrip("\n")
        if not line.startswith("Runde: "):
            continue
        r, total, n, w, h = parse_header(line)
        rows = []
        while len(rows) < h:
            l = f.readline().rstrip("\n")
            if l:
                rows.append(l.replace("|", ""))
        while f.readline().rstrip("\n") != "Name:\tPunkte:\tFeld:":
            pass
        table = []
        for _ in range(n):
            name, points, field = f.readline().rstrip("\n").split("\t")
            fx, fy = field.split()
            table.append((name, int(points), (int(fx[1:]), int(fy[1:]))))
        if r == total and getattr(main, "seen", 0) > 0:
            print(json.dumps({"round": r, "table": [[t[0], t[1]] for t in table]}))
            sock.sendall(b"q\n")
            return 0
        main.seen = getattr(main, "seen", 0) + 1
        sock.sendall((decide(rows, w, h, table, me) + "\n").encode())


if __name__ == "__main__":
    sys.exit(main())
