"""Times domino and CP-SAT on pips puzzles (see run.sh).

    compare.py DOMINO RUNS CPSAT_SECONDS PUZZLE.json...

CP-SAT model: one Boolean per (domino, ordered pair of neighbouring cells)
meaning "first value on the first cell"; each domino placed once, each
cell covered once; a cell's value is the sum of value * placement; region
rules as linear constraints or AllDifferent. Doubles get one orientation
and copies of a piece are ordered by placement index, so CP-SAT counts
solutions as domino does (pairing plus values).
"""
import json
import statistics
import subprocess
import sys
import time

from ortools.sat.python import cp_model


def model_of(puzzle):
    m = cp_model.CpModel()
    cells = sorted({tuple(c) for r in puzzle["regions"] for c in r["indices"]})
    on = set(cells)
    pairs = [(a, b) for a in cells for b in [(a[0] + 1, a[1]), (a[0], a[1] + 1),
                                             (a[0] - 1, a[1]), (a[0], a[1] - 1)] if b in on]
    covering = {c: [] for c in cells}
    value_terms = {c: [] for c in cells}
    position = []
    for i, (x, y) in enumerate(puzzle["dominoes"]):
        options = [(a, b) for a, b in pairs if x != y or a < b]
        vars_ = [m.NewBoolVar(f"d{i}_{k}") for k in range(len(options))]
        m.AddExactlyOne(vars_)
        for v, (a, b) in zip(vars_, options):
            covering[a].append(v)
            covering[b].append(v)
            value_terms[a].append(x * v)
            value_terms[b].append(y * v)
        index = m.NewIntVar(0, len(options), f"pos{i}")
        m.Add(index == sum(k * v for k, v in enumerate(vars_)))
        position.append(index)
    for c in cells:
        m.AddExactlyOne(covering[c])
    top = max([max(d) for d in puzzle["dominoes"]] + [0])
    value = {}
    for c in cells:
        value[c] = m.NewIntVar(0, top, f"v{c}")
        m.Add(value[c] == sum(value_terms[c]))
    seen = {}
    for i, d in enumerate(puzzle["dominoes"]):
        key = tuple(sorted(d))
        if key in seen:
            m.Add(position[seen[key]] < position[i])
        seen[key] = i
    for r in puzzle["regions"]:
        vs = [value[tuple(c)] for c in r["indices"]]
        t = r.get("target")
        kind = r["type"]
        if kind == "sum":
            m.Add(sum(vs) == t)
        elif kind == "less":
            m.Add(sum(vs) < t)
        elif kind == "greater":
            m.Add(sum(vs) > t)
        elif kind == "equals":
            for v in vs[1:]:
                m.Add(v == vs[0])
        elif kind == "unequal":
            m.AddAllDifferent(vs)
    return m


class Counter(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__()
        self.count = 0

    def on_solution_callback(self):
        self.count += 1


def cpsat(puzzle, seconds):
    m = model_of(puzzle)
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = seconds
    s.parameters.num_workers = 1
    t = time.perf_counter()
    status = s.Solve(m)
    first = time.perf_counter() - t
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    m = model_of(puzzle)
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = seconds
    s.parameters.enumerate_all_solutions = True
    counter = Counter()
    t = time.perf_counter()
    status = s.Solve(m, counter)
    every = time.perf_counter() - t
    return found, first, counter.count, status == cp_model.OPTIMAL, every


def domino(binary, path, runs, flag, seconds):
    """Median wall time and the answer; (None, None) past `seconds`."""
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        try:
            p = subprocess.run([binary, "pips", "solve", "--json"] + flag + [path],
                               capture_output=True, text=True, timeout=seconds)
        except subprocess.TimeoutExpired:
            return None, None
        times.append(time.perf_counter() - t)
        out = json.loads(p.stdout.splitlines()[0])
    return statistics.median(times), out


def main():
    binary, runs, seconds, paths = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]
    print("| puzzle | solutions | domino first+unique (s) | domino count all (s) "
          "| CP-SAT first (s) | CP-SAT all (s) | CP-SAT solutions |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        puzzle = json.load(open(path))
        first, _ = domino(binary, path, runs, [], seconds)
        every, out = domino(binary, path, runs, ["--count"], seconds)
        if out is None:
            count, every = "?", f"> {seconds:.0f} (stopped)"
        else:
            count = out["count"] if out["complete"] else f"> {out['count']}"
            every = f"{every:.4f}"
        found, c_first, c_count, c_done, c_every = cpsat(puzzle, seconds)
        c_all = f"{c_every:.3f}" if c_done else f"> {seconds:.0f} (stopped)"
        name = path.split("/")[-1]
        print(f"| {name} | {count} | {first:.4f} | {every} | {c_first:.3f} | {c_all} | {c_count} |",
              flush=True)


main()
