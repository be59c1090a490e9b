"""Time `domino place solve` against Z3 on the same boards, as whole
processes: each board in its own file, each tool started once per run.
Prints per board set the median time per board of each tool and the ratio.

Run through run.sh, which builds the tool and prepares the Z3 venv.
Usage: python run.py DOMINO_BINARY [RUNS_DOMINO] [RUNS_Z3]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ["d6-unique", "d9-unique", "d12-unique", "d20-unique", "d6-ambiguous"]


def boards(name):
    with open(os.path.join(HERE, "boards", name + ".txt")) as f:
        text = f.read()
    return [b.strip() + "\n" for b in text.split("\n\n") if b.strip()]


def timed(cmd, runs):
    times = []
    out = ""
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        out = done.stdout
    return statistics.median(times), out


def main():
    domino = sys.argv[1]
    runs_domino = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    runs_z3 = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    z3_script = os.path.join(HERE, "z3_place.py")
    print(f"{'boards':<14} {'n':>3} {'domino ms':>10} {'z3 ms':>10} {'ratio':>8}  agree")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SETS:
            ours, theirs, agree = [], [], True
            for k, board in enumerate(boards(name)):
                path = os.path.join(tmp, f"{name}-{k}.txt")
                with open(path, "w") as f:
                    f.write(board)
                t_ours, out = timed([domino, "place", "solve", "--json", path], runs_domino)
                count_ours = min(int(out.split('"count":')[1].split(",")[0]), 2)
                t_z3, out = timed([sys.executable, z3_script, path], runs_z3)
                count_z3 = int(out.split()[1])
                agree &= count_ours == count_z3
                ours.append(t_ours)
                theirs.append(t_z3)
            a, b = statistics.median(ours) * 1e3, statistics.median(theirs) * 1e3
            print(f"{name:<14} {len(ours):>3} {a:>10.2f} {b:>10.1f} {b / a:>8.0f}x  {'yes' if agree else 'NO'}")


if __name__ == "__main__":
    main()
