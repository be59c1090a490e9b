"""Times the Python package against the command line (see run): RUNS
rounds, each timing one side then the other (so a neighbour's load falls
on both alike), and prints the median wall-clock time of each, their
ratio and the fastest times; then the time the CLI takes to start."""

import glob
import json
import os
import random
import statistics
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


def timed(work):
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def interleaved(runs, python, rust):
    """Median and fastest times of each side over `runs` alternating rounds."""
    py_times, rust_times = [], []
    for _ in range(runs):
        py_times.append(timed(python))
        rust_times.append(timed(rust))
    return statistics.median(py_times), statistics.median(rust_times), min(py_times), min(rust_times)


def cli(binary, *args):
    subprocess.run([binary, *args], check=False, stdout=subprocess.DEVNULL)


def report(name, times):
    python, rust, py_best, rust_best = times
    print(
        "%-34s median: python %6.3f s  cli %6.3f s  ratio %.2fx   (fastest %.3f / %.3f s)"
        % (name, python, rust, python / rust, py_best, rust_best)
    )


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
        interleaved(runs, place_python, lambda: cli(binary, "place", "solve", "--json", batch)),
    )

    days = [open(path).read() for path in sorted(glob.glob(os.path.join(nyt, "*.json")))]
    # One puzzle's JSON per call, as a notebook holds the newspaper's data
    # (json.load of a day, then one level): parsing a whole day file for
    # each of its levels would triple the reading.
    puzzles = [
        json.dumps(parsed[level])
        for parsed in map(json.loads, days)
        for level in ("easy", "medium", "hard")
        if level in parsed
    ]
    pips_batch = os.path.join(work, "pips-nyt.json")
    with open(pips_batch, "w") as out:
        out.write("\n".join(days))

    def pips_python():
        for puzzle in puzzles:
            domino.pips.count(puzzle)

    report(
        "pips count, %d newspaper puzzles" % len(puzzles),
        interleaved(
            runs, pips_python, lambda: cli(binary, "pips", "solve", "--count", "--json", pips_batch)
        ),
    )
    # The CLI's batch includes starting a process, which matters beside a
    # batch this short: the time of `domino --version` is that part.
    started = statistics.median(timed(lambda: cli(binary, "--version")) for _ in range(runs))
    print("%-34s median: cli %6.3f s" % ("cli process start (--version)", started))


if __name__ == "__main__":
    main()
