"""Hard vanish boards of about 200 pieces for bench/vanish-frontier/run,
seeded, in the text format. Both kinds lie on a brick wall: rows of
horizontal pieces, every other row shifted by one square, so the odd
width leaves one empty square at an end of each row (holes from the
start), and a piece's long side faces halves of two pieces.

  holes   21 x 20 squares, 10 pieces a row, 4 % of the pieces taken out
          (more holes); values 0..3 mostly, 4..9 one time in five.
  chains  31 x 14 squares, 15 pieces a row. Staircases climb up and to the
          right from random pieces of the bottom row: a staircase piece
          shows 0 and 1 above (it may leave upwards only when the piece up
          and right of it is gone, the piece up and left still there and
          the one two rows up still there), the top one 0 and 0 (it leaves
          at once). So each staircase is a forced chain of 14 removals, and
          neighbouring staircases two squares apart need each other's
          pieces present: the chains must be interleaved in the right
          order. Other values are random 0..9; 3 % of the pieces are taken
          out.
"""
import random

KINDS = ["holes", "chains"]


def wall(width, height):
    """Pieces of the brick wall as [x, y, v1, v2] (horizontal)."""
    return [[x, y, 0, 0] for y in range(height) for x in range(y % 2, width - 1, 2)]


def text(width, height, pieces):
    lines = [f"{width};{height}"]
    lines += [f"h;{v1};{v2};{x};{y}" for x, y, v1, v2 in pieces]
    return "\n".join(lines) + "\n"


def value(rng):
    return rng.randint(0, 3) if rng.random() < 0.8 else rng.randint(4, 9)


def board(kind, seed):
    rng = random.Random(f"{kind}-{seed}")
    if kind == "holes":
        width, height = 21, 20
        pieces = wall(width, height)
        for p in pieces:
            p[2], p[3] = value(rng), value(rng)
        pieces = [p for p in pieces if rng.random() >= 0.04]
        return text(width, height, pieces)
    if kind == "chains":
        width, height = 31, 14
        pieces = wall(width, height)
        for p in pieces:
            p[2], p[3] = rng.randint(0, 9), rng.randint(0, 9)
        at = {(p[0], p[1]): p for p in pieces}
        bottom = [x for (x, y) in at if y == height - 1 and x + height < width]
        chained = set()
        for x0 in bottom:
            if rng.random() < 0.5:
                continue
            for k in range(height):
                p = at[(x0 + k, height - 1 - k)]
                p[2], p[3] = (0, 0) if k == height - 1 else (0, 1)
                chained.add(id(p))
        pieces = [p for p in pieces if id(p) in chained or rng.random() >= 0.03]
        return text(width, height, pieces)
    raise ValueError(kind)
