"""Cross-check of game IDs and solutions with the reference Dominosa: for
every puzzle of testdata/place/reference-graded.txt, the reference prints
its solution (`sgt-dominosa --print 1x1 --with-solutions`, PostScript: on
page 2 each cell's piece is a black rectangle reaching into its partner);
this script reads which neighbour each cell is joined to and compares with
`domino place solve --json` on the same game ID (unique, same tiling).

Usage: python3 crosscheck.py DOMINO REFERENCE_GRADED_FILE
"""

import json
import re
import subprocess
import sys

DOMINO = sys.argv[1]
lines = [l.split() for l in open(sys.argv[2]) if not l.startswith("#") and l.strip()]
bad = 0
for name, seed, grade, gid in lines:
    ps = subprocess.run(["/usr/games/sgt-dominosa", "--print", "1x1", "--with-solutions"], input=gid + "\n",
                        capture_output=True, text=True, timeout=60).stdout
    page = ps[ps.index("%%Page: 2"):]
    blocks = re.split(r"\ngsave\nnewpath ([\d.]+) ([\d.]+) moveto 512 0 rlineto 0 -512 rlineto -512 0 rlineto closepath\nclip\n", page)
    cells = {}
    for i in range(1, len(blocks), 3):
        x0, y0, body = float(blocks[i]), float(blocks[i + 1]), blocks[i + 2]
        dirs = set()
        for a, b, w, h in re.findall(r"newpath ([\d.]+) ([\d.]+) moveto ([\d.]+) 0 rlineto 0 -([\d.]+) rlineto -[\d.]+ 0 rlineto closepath\n0 setgray fill", body):
            a, b, w, h = map(float, (a, b, w, h))
            if a + w > x0 + 512: dirs.add("R")
            if a < x0: dirs.add("L")
            if b > y0: dirs.add("U")
            if b - h < y0 - 512: dirs.add("D")
        cells[(round(-y0), round(x0))] = dirs
    ys = sorted({k[0] for k in cells}); xs = sorted({k[1] for k in cells})
    grid = [[cells[(y, x)] for x in xs] for y in ys]
    n = int(gid.split(":")[0])
    assert len(ys) == n + 1 and len(xs) == n + 2, (len(ys), len(xs))
    out = json.loads(subprocess.run([DOMINO, "place", "solve", "--json"], input=gid + "\n", capture_output=True, text=True).stdout)
    m = out["solutions"][0]
    # Every cell reaches into exactly one neighbour.
    ok = sum(len(d) for row in grid for d in row) == (n + 1) * (n + 2)
    for r in range(n + 1):
        for c in range(n + 2):
            right = c + 1 < n + 2 and m[r][c] == m[r][c + 1]
            down = r + 1 < n + 1 and m[r][c] == m[r + 1][c]
            if right != ("R" in grid[r][c]) or down != ("D" in grid[r][c]):
                ok = False
    if not ok or out["count"] != 1:
        bad += 1
        print("DIFFER", name, seed)
print(f"{len(lines)} puzzles, {bad} differ")
