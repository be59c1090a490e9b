"""Solve one placement board with Z3 and check uniqueness.

Encoding (as issue 4 asks): one Boolean per possible placement (two
adjacent cells whose numbers make a bone of the set); exactly one placement
per cell and exactly one per bone. After the first model, the solution is
blocked and the solver asked again: unsat means unique.

Usage: python z3_place.py BOARD_FILE   (whitespace format, one board)
Prints: "count C" with C = 0, 1 or 2 (2 = at least two solutions).
"""
import sys

import z3


def read_board(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip():
                rows.append([None if t in ("x", ".") else int(t) for t in line.split()])
    cells = sum(1 for row in rows for v in row if v is not None)
    n = 0
    while (n + 1) * (n + 2) < cells:
        n += 1
    return rows, n


def main():
    rows, n = read_board(sys.argv[1])
    height = len(rows)
    width = max(len(r) for r in rows)
    value = {}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v is not None:
                value[(r, c)] = v
    by_cell = {cell: [] for cell in value}
    by_bone = {}
    chosen = []
    for (r, c), a in value.items():
        for other in ((r, c + 1), (r + 1, c)):
            if other not in value:
                continue
            b = value[other]
            bone = (min(a, b), max(a, b))
            var = z3.Bool(f"p_{r}_{c}_{other[0]}_{other[1]}")
            chosen.append(var)
            by_cell[(r, c)].append(var)
            by_cell[other].append(var)
            by_bone.setdefault(bone, []).append(var)
    solver = z3.Solver()
    for low in range(n + 1):
        for high in range(low, n + 1):
            options = by_bone.get((low, high), [])
            solver.add(z3.PbEq([(v, 1) for v in options], 1) if options else z3.BoolVal(False))
    for cell, options in by_cell.items():
        solver.add(z3.PbEq([(v, 1) for v in options], 1) if options else z3.BoolVal(False))
    del height, width
    if solver.check() != z3.sat:
        print("count 0")
        return
    model = solver.model()
    solution = [v for v in chosen if z3.is_true(model.eval(v, model_completion=True))]
    solver.add(z3.Not(z3.And(solution)))
    print("count 1" if solver.check() == z3.unsat else "count 2")


if __name__ == "__main__":
    main()
