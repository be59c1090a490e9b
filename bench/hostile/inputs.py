"""The inputs of the attacks, made the same on every run (no file is read
or kept): Pips boards in the text format, placement boards, vanish boards
from `domino vanish generate` with fixed seeds, and placements by the
thousand.
"""
import functools, subprocess

# A 64-byte Pips puzzle: an open 4 x 5 board with no rules
# (353,009,664,000 solutions).
OPEN_4X5 = "AAAAA\nAAAAA\nAAAAA\nAAAAA\n0-1 0-2 0-3 1-2 1-3 2-3 0-4 1-4 2-4 3-4\n"
# The 18 pieces of a 6 x 6 board, every piece with halves 0 to 5 but 4-4,
# 4-5 and 5-5.
PIECES_18 = "0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5\n"
# An open 6 x 6 board: one free region, 18 pieces (countless solutions).
OPEN_6X6 = "AAAAAA\n" * 6 + PIECES_18
# A 6 x 6 Pips puzzle whose row sums cannot all hold: no solution, found
# only by a search that runs to the time limit.
HOPELESS_6X6 = ("AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n"
                "A = 11\nB = 11\nC = 11\nD = 9\nE = 9\nF = 10\n" + PIECES_18)

def ordered_place_board(n):
    """A double-n placement board, the set's dominoes in order (0-0, 0-1,
    ...) laid flat, row by row, in rows of n + 2 numbers (n + 1 when n is
    odd). Runs of equal halves let most dominoes lie in many places: a
    double-60 board has more solutions than any search lists."""
    dominoes = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    per_row = (n + 2 - n % 2) // 2
    rows = [" ".join(f"{a} {b}" for a, b in dominoes[r:r + per_row])
            for r in range(0, len(dominoes), per_row)]
    return "\n".join(rows) + "\n"

# A small board: what the other clients ask hints about.
SMALL_PLACE = ordered_place_board(3)

def placements(count):
    """`count` placements of one piece on a one-domino board (14 bytes each)."""
    return [[[0, 0], [0, 1]]] * count

@functools.lru_cache(maxsize=None)
def vanish_board(bin, side, seed=2):
    """A side x side vanish board in the text format (values 0 to 6)."""
    return subprocess.run([bin, "vanish", "generate", "--width", str(side), "--height", str(side),
                           "--max-value", "6", "--seed", str(seed)],
                          capture_output=True, text=True, check=True, timeout=60).stdout
