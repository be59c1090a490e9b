"""Writes the pips stress puzzles (newspaper JSON, solution included) used
by the criterion benchmark and by run.sh. Deterministic: the same files on
every run. Each puzzle is built around a hidden layout, so it has at least
one solution.

    python3 make_puzzles.py OUT_DIR
"""
import json
import random
import sys


def tile(cells, rng):
    """A random domino tiling of `cells` (a set of (r, c)), or None."""
    cells = set(cells)
    slots = []

    def go():
        if not cells:
            return True
        first = min(cells)
        r, c = first
        options = [(r, c + 1), (r + 1, c)]
        rng.shuffle(options)
        for n in options:
            if n in cells:
                cells.discard(first)
                cells.discard(n)
                slots.append((first, n))
                if go():
                    return True
                slots.pop()
                cells.add(first)
                cells.add(n)
        return False

    return slots if go() else None


def layout(cells, pieces, rng):
    """Lays `pieces` (shuffled, each either way round) on a random tiling."""
    slots = tile(cells, rng)
    pieces = pieces[:]
    rng.shuffle(pieces)
    values, solution = {}, []
    for (a, b), (x, y) in zip(slots, pieces):
        if rng.random() < 0.5:
            a, b = b, a
        values[a], values[b] = x, y
        solution.append([list(a), list(b)])
    return pieces, values, solution


def region(cells, kind, values, target=None):
    r = {"indices": [list(c) for c in sorted(cells)], "type": kind}
    if kind in ("sum", "less", "greater"):
        r["target"] = target if target is not None else sum(values[c] for c in cells)
    return r


def double_six():
    return [(a, b) for a in range(7) for b in range(a, 7)]


def big_sum(rng):
    """24 cells: a 4x4 region with one sum, eight one-cell rules beside it."""
    cells = [(r, c) for r in range(4) for c in range(6)]
    pieces = rng.sample(double_six(), 12)
    pieces, values, solution = layout(cells, pieces, rng)
    block = [(r, c) for r in range(4) for c in range(4)]
    regions = [region(block, "sum", values)]
    for k, c in enumerate((r, c) for r in range(4) for c in (4, 5)):
        kind = ["sum", "less", "greater", "sum"][k % 4]
        v = values[c]
        target = {"sum": v, "less": v + 2, "greater": v - 2}[kind]
        regions.append(region([c], kind, values, target))
    return pieces, regions, solution


def open_board(rng):
    """40 cells (5x8), 20 distinct pieces, three small rules, the rest
    without rules: astronomically many solutions."""
    cells = [(r, c) for r in range(5) for c in range(8)]
    pieces = rng.sample(double_six(), 20)
    pieces, values, solution = layout(cells, pieces, rng)
    ruled = [[(0, 0), (0, 1)], [(2, 3), (2, 4), (3, 3)], [(4, 7)]]
    regions = [region(ruled[0], "sum", values), region(ruled[1], "unequal", values),
               region(ruled[2], "greater", values, values[(4, 7)] - 1)]
    taken = {c for g in ruled for c in g}
    regions.append(region([c for c in cells if c not in taken], "empty", values))
    return pieces, regions, solution


def newspaper_like(rng, rows, cols, holes, pieces_from, sums_only=False):
    """A board with holes and a blank row, cut into small regions of
    mixed rules like the newspaper's hard puzzles."""
    while True:
        cells = [(r, c) for r in range(rows) for c in range(cols)
                 if (r, c) not in holes and r != rows // 2]
        if tile(cells, random.Random(1)) is not None:
            break
        holes = set(list(holes)[1:])
    pieces = [rng.choice(pieces_from) for _ in range(len(cells) // 2)]
    pieces, values, solution = layout(cells, pieces, rng)
    left = sorted(cells)
    regions = []
    while left:
        start = left[0]
        size = rng.choice([1, 2, 2, 3, 3, 4])
        group = [start]
        frontier = [start]
        while len(group) < size and frontier:
            r, c = frontier.pop(rng.randrange(len(frontier)))
            for n in [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)]:
                if n in left and n not in group and len(group) < size:
                    group.append(n)
                    frontier.append(n)
        for c in group:
            left.remove(c)
        vs = [values[c] for c in group]
        choice = rng.random()
        if choice < 0.3:
            regions.append(region(group, "empty", values))
        elif len(set(vs)) == 1 and len(vs) > 1 and not sums_only:
            regions.append(region(group, "equals", values))
        elif len(set(vs)) == len(vs) and len(vs) > 2 and not sums_only:
            regions.append(region(group, "unequal", values))
        elif choice < 0.55 and len(vs) == 1:
            regions.append(region(group, "less", values, vs[0] + 1 + rng.randrange(2)))
        elif choice < 0.65:
            regions.append(region(group, "greater", values, sum(vs) - 1))
        else:
            regions.append(region(group, "sum", values))
    return pieces, regions, solution


def write(path, pieces, regions, solution):
    doc = {"dominoes": [list(p) for p in pieces], "regions": regions, "solution": solution}
    with open(path, "w") as f:
        json.dump(doc, f)
        f.write("\n")


def main():
    out = sys.argv[1]
    rng = random.Random(13)
    write(f"{out}/big-sum-16.json", *big_sum(rng))
    write(f"{out}/open-40.json", *open_board(rng))
    write(f"{out}/hard-like-40.json",
          *newspaper_like(rng, 7, 7, {(0, 0), (0, 6), (6, 0), (6, 6), (3, 3)}, double_six()))
    low = [(a, b) for a in range(4) for b in range(a, 4)]
    write(f"{out}/repeats-40.json",
          *newspaper_like(rng, 7, 7, {(0, 0), (6, 6)}, low, sums_only=True))


main()
