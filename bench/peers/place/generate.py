"""Generation beside the reference Dominosa (Simon Tatham's, Debian's
sgt-puzzles): for each set and level, time whole processes of
`sgt-dominosa --generate 1 NdL#SEED` and `domino place generate --set N
--difficulty L --seed SEED --format id`, with a time limit per run, and
grade every puzzle both made with our engine (`place solve --json --grade`).
Prints one table: median seconds, timeouts, and the grades ours gives.

Usage: python3 generate.py DOMINO SEEDS TIMEOUT SET [SET ...]
"""

import json
import statistics
import subprocess
import sys
import time

LEVELS = [("t", "trivial"), ("b", "basic"), ("h", "hard"), ("e", "extreme")]
REFERENCE = "/usr/games/sgt-dominosa"


def timed(cmd, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None, None
    return time.perf_counter() - start, out.stdout.strip()


def grades(domino, ids):
    if not ids:
        return "-"
    out = subprocess.run([domino, "place", "solve", "--json", "--grade"],
                         input="\n".join(ids) + "\n", capture_output=True, text=True)
    seen = {}
    for line in out.stdout.splitlines():
        g = json.loads(line)["grade"]
        seen[g] = seen.get(g, 0) + 1
    return " ".join(f"{g} {n}" for g, n in sorted(seen.items()))


def cell(times, seeds):
    if not times:
        return f"all {seeds} timed out"
    text = f"{statistics.median(times) * 1000:.1f} ms"
    if len(times) < seeds:
        text += f" ({seeds - len(times)} of {seeds} timed out)"
    return text


def main():
    domino, seeds, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    print("| set | level | reference | ours | our grades of its puzzles | our grades of ours |")
    print("|---|---|---|---|---|---|")
    for n in map(int, sys.argv[4:]):
        for letter, level in LEVELS:
            ref_t, ref_ids, our_t, our_ids = [], [], [], []
            for seed in range(1, seeds + 1):
                t, out = timed([REFERENCE, "--generate", "1", f"{n}d{letter}#{seed}"], timeout)
                if t is not None:
                    ref_t.append(t)
                    ref_ids.append(out)
                t, out = timed([domino, "place", "generate", "--set", str(n), "--difficulty",
                                level, "--seed", str(seed), "--format", "id"], timeout)
                if t is not None:
                    our_t.append(t)
                    our_ids.append(out)
            print(f"| double-{n} | {level} | {cell(ref_t, seeds)} | {cell(our_t, seeds)} | "
                  f"{grades(domino, ref_ids)} | {grades(domino, our_ids)} |", flush=True)


main()
