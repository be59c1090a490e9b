"""Times the Python package against the command line (see run): prints the
best of RUNS wall-clock times for each and their ratio."""

import glob
import json
import os
import random
import subprocess
import sys
import time

import domino

BOARDS = 10_000
SET = 6


def random_board(rng):
    """A double-six board with a known solution: the 7 x 8 rectangle tiled
    by dominoes (rows of horizontal pieces, some pairs turned upright), the
    28 bones laid on the tiling in a random order and way round."""
    rows, cols = SET + 1, SET + 2
    pieces = []
    for r in range(0, rows - 1, 2):
        for c in range(0, cols, 2):
            if rng.random() < 0.5:
                pieces += [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1))]
            else:
                pieces += [((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]
    pieces += [((rows - 1, c), (rows - 1, c + 1)) for c in range(0, cols, 2)]
    bones = [(a, b) for a in range(SET + 1) for b in range(a, SET + 1)]
    rng.shuffle(bones)
    grid = [[0] * cols for _ in range(rows)]
    for (one, two), (a, b) in zip(pieces, bones):
        if rng.random() < 0.5:
            a, b = b, a
        grid[one[0]][one[1]], grid[two[0]][two[1]] = a, b
    return "\n".join(" ".join(map(str, row)) for row in grid) + "\n"


def best_of(runs, work):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def cli(binary, *args):
    subprocess.run([binary, *args], check=False, stdout=subprocess.DEVNULL)


def report(name, python, rust):
    print("%-40s python %7.3f s   cli %7.3f s   ratio %.2fx" % (name, python, rust, python / rust))


def main():
    binary, work, nyt, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    rng = random.Random(1)
    boards = [random_board(rng) for _ in range(BOARDS)]
    batch = os.path.join(work, "place-10000.txt")
    with open(batch, "w") as out:
        out.write("\n".join(boards))

    def place_python():
        for board in boards:
            domino.place.solve(board).to_json()

    report(
        "place solve, %d boards" % BOARDS,
        best_of(runs, place_python),
        best_of(runs, lambda: cli(binary, "place", "solve", "--json", batch)),
    )

    days = [open(path).read() for path in sorted(glob.glob(os.path.join(nyt, "*.json")))]
    puzzles = [(day, level) for day in days for level in ("easy", "medium", "hard") if level in json.loads(day)]
    pips_batch = os.path.join(work, "pips-nyt.json")
    with open(pips_batch, "w") as out:
        out.write("\n".join(days))

    def pips_python():
        for day, level in puzzles:
            domino.pips.count(day, level=level)

    report(
        "pips count, %d newspaper puzzles" % len(puzzles),
        best_of(runs, pips_python),
        best_of(runs, lambda: cli(binary, "pips", "solve", "--count", "--json", pips_batch)),
    )


if __name__ == "__main__":
    main()
