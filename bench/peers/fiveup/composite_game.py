#!/usr/bin/env python3
"""Writes a legal Five Up game (one line, `a-b a-b ...`) of about PLAYS
moves in two parts that share no number: a matching game (matching_game.py,
a random graph with a planted perfect matching, about SHARE * PLAYS plays),
then a bridge play from the matching game's last open number to a new
number x, the double x-x (a spinner: the dense part starts with three open
ends), and a dense line (make_game.py without doubles: 3000 numbers if the
line has at least 100,000 plays, else 3 sqrt(line) of them) shifted past
every number of the matching part. Games of fewer than about 150 plays
come out longer than asked (the matching part has 4 numbers a side at
least).

Why it is adversarial: the matching part makes the incremental searches
long, so they spend the decider's search budget (3 checkpoint scans per
play of the whole game) early, and the decider switches to phases for the
rest. The dense line after it is easy for short searches but slow for the
phases (each phase of a dense line reaches most of its plays): a decider
that left the whole line to the phases took 10 s for 1e6 plays, one that
still gives each later play a short capped search 0.5 s.

usage: composite_game.py PLAYS [--share F] [--seed S]
  --share F  fraction of the plays in the matching part (default 0.7)
  --seed S   seed of the matching part; the dense line uses S + 3 (so the
             default draws the parts as matching_game.py --seed 1 and
             make_game.py --seed 4 do, unless the line happens to play
             both doubles of its first play's numbers: then S + 4, ...)
"""
import argparse
import itertools
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_game  # noqa: E402
import matching_game  # noqa: E402

# Plays of matching_game.py per number on a side (degree 3): side 350,
# 3500, 35000 give 9,963, 100,113 and 1,002,283 plays.
PLAYS_PER_SIDE = 28.64


def composite(plays, share, seed):
    rng = random.Random(seed)
    # At least 4 numbers a side: the graph needs room for 3 edges per
    # left number.
    side = max(4, round(share * plays / PLAYS_PER_SIDE))
    edges = matching_game.graph(side, "random", 3, rng)
    matching = [tuple(map(int, p.split("-"))) for p in matching_game.game(side, edges, rng).split()]
    # The last play is a check v-z with z new: z has an open end.
    z = matching[-1][1]
    assert z > 2 * side, "the matching game ends with a check"
    line = max(1, plays - len(matching) - 2)
    values = 3000 if line >= 100_000 else max(2, int(3 * math.sqrt(line)))
    # The spinner x-x is a number x of the line's first play whose double
    # the line does not play itself (it may, by accident: a second number
    # drawn equal to the first); if both are, the next seed's line.
    for s in itertools.count(seed + 3):
        text = make_game.game(line, values, 0, random.Random(s))
        dense = [tuple(map(int, p.split("-"))) for p in text.split()]
        doubles = {a for a, b in dense if a == b}
        spinners = [v for v in dense[0] if v not in doubles]
        if spinners:
            break
    # Shift the dense line past every number of the matching part.
    offset = 10 ** 7
    while offset <= max(max(p) for p in matching):
        offset *= 10
    x = offset + spinners[0]
    tail = [(z, x), (x, x)] + [(offset + a, offset + b) for a, b in dense]
    return " ".join(f"{a}-{b}" for a, b in matching + tail)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("plays", type=int)
    p.add_argument("--share", type=float, default=0.7)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    print(composite(a.plays, a.share, a.seed))


if __name__ == "__main__":
    main()
