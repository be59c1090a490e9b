#!/usr/bin/env python3
"""Searches for Five Up games that are slow to decide.

The games are those of `make_game.py` (and of the library's
`fiveup::random_game`, which builds the same families): a simulated legal
game over VALUES numbers, a share of doubles, and optionally "ambiguous"
plays whose second number is already open elsewhere. The search space is
where the decider's repairs are long: few numbers for the length (values =
K * sqrt(plays), so every number repeats many times), few doubles (near a
bare line; accidental doubles still appear when both numbers coincide),
ambiguous second numbers (long chains of forced flips). Each candidate is
decided by the real binary (`domino fiveup`, whole process) and costed per
play by user-space instructions when `perf stat` can count them (steadier
than time on a shared machine), else by the child's user CPU time (10 ms
steps: use --plays 100000 or more then). The search starts
from a grid over K, doubles and ambiguity, then mutates the worst few
(hill climbing) for ROUNDS rounds, and prints the worst settings found.

usage: adversary.py [--plays N] [--rounds R] [--seed S] [--bin PATH]
                    [--write FILE --write-plays M]
  --write FILE  also write the worst game found, rebuilt with M plays
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile


def game(plays, values, doubles, ambiguous, rng):
    """The game of make_game.py, plus ambiguous second numbers."""
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
        if rng.randrange(100) < doubles:
            y = x
        elif ambiguous and len(open_ends) > 1 and rng.randrange(4) < 3:
            y = open_ends[rng.randrange(len(open_ends))]
        else:
            y = rng.randrange(values)
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
    return " ".join(f"{a}-{b}" for a, b in moves), len(moves)


def cost(binary, text, plays):
    """User-space instructions (or user seconds * 1e9) per play."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        if shutil.which("perf"):
            r = subprocess.run(
                ["perf", "stat", "-x,", "-e", "instructions:u", binary, "fiveup", path],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for line in r.stderr.splitlines():
                field = line.split(",")[0]
                if field.isdigit():
                    return int(field) / plays
            # Counters not supported here: fall back to CPU time.
        before = os.times()
        subprocess.run([binary, "fiveup", path], stdout=subprocess.DEVNULL)
        after = os.times()
        return (after.children_user - before.children_user) * 1e9 / plays
    finally:
        os.unlink(path)


def setting_str(s):
    k, d, amb = s
    return f"values = {k:g} * sqrt(plays), doubles {d}%, ambiguous {'yes' if amb else 'no'}"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--plays", type=int, default=100000)
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bin", default="target/release/domino")
    p.add_argument("--write")
    p.add_argument("--write-plays", type=int, default=1000000)
    a = p.parse_args()
    rng = random.Random(a.seed)
    scored = {}

    def try_setting(s):
        if s in scored:
            return scored[s]
        k, d, amb = s
        values = max(3, int(k * a.plays ** 0.5))
        text, n = game(a.plays, values, d, amb, random.Random(rng.randrange(1 << 30)))
        c = cost(a.bin, text, max(n, 1))
        scored[s] = c
        print(f"{c:10.0f} instr/play  {setting_str(s)}  ({n} plays)", file=sys.stderr)
        return c

    for k in (1, 2, 3, 6):
        for d in (0, 1, 3):
            for amb in (False, True):
                try_setting((k, d, amb))
    for _ in range(a.rounds):
        worst = sorted(scored, key=scored.get, reverse=True)[:3]
        k, d, amb = rng.choice(worst)
        k = max(0.5, round(k * rng.choice((0.7, 0.85, 1.2, 1.4)), 2))
        d = max(0, min(10, d + rng.choice((-1, 0, 1))))
        if rng.randrange(4) == 0:
            amb = not amb
        try_setting((k, d, amb))
    print("worst settings (instructions per play, whole process):")
    for s in sorted(scored, key=scored.get, reverse=True)[:5]:
        print(f"  {scored[s]:10.0f}  {setting_str(s)}")
    if a.write:
        k, d, amb = max(scored, key=scored.get)
        values = max(3, int(k * a.write_plays ** 0.5))
        text, _ = game(a.write_plays, values, d, amb, random.Random(a.seed))
        with open(a.write, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
