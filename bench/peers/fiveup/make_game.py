#!/usr/bin/env python3
"""Writes a random legal Five Up game (one line, `a-b a-b ...`) by simulating
play: each move takes a random open end and shows a random second number
(or repeats it, for a double).

usage: make_game.py PLAYS VALUES [--doubles PERCENT] [--seed S] [--lines GAMES]
  --lines GAMES  write GAMES short games, one per line, of PLAYS moves each
"""
import argparse
import random


def game(plays, values, doubles, rng):
    used = set()
    open_ends = []
    moves = []
    attempts = 0
    while len(moves) < plays and attempts < plays * 20 + 1000:
        attempts += 1
        if open_ends:
            e = rng.randrange(len(open_ends))
            x = open_ends[e]
        else:
            e = None
            x = rng.randrange(values)
        y = x if rng.randrange(100) < doubles else rng.randrange(values)
        key = (min(x, y), max(x, y))
        if key in used:
            continue
        used.add(key)
        if e is None:
            open_ends.extend([x] * 4 if x == y else [x, y])
        else:
            open_ends[e] = open_ends[-1]
            open_ends.pop()
            open_ends.extend([x] * 3 if x == y else [y])
        moves.append((x, y) if rng.randrange(2) else (y, x))
    return " ".join(f"{a}-{b}" for a, b in moves)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("plays", type=int)
    p.add_argument("values", type=int)
    p.add_argument("--doubles", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lines", type=int, default=0)
    a = p.parse_args()
    rng = random.Random(a.seed)
    if a.lines:
        for _ in range(a.lines):
            print(game(a.plays, a.values, a.doubles, rng))
    else:
        print(game(a.plays, a.values, a.doubles, rng))


if __name__ == "__main__":
    main()
