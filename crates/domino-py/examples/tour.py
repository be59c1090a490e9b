"""A notebook session as a script: each block is a cell, and what it prints
is what the notebook shows (run by tests/test_tour.py)."""

import domino

# Chain: one loop through the double-two set.
hand = "0|0 0|1 0|2 1|1 1|2 2|2"
loop = domino.chain.solve(hand)
print(loop.chain)
print(domino.chain.longest("6|6 6|3 3|4 1|2", start=6).length)

# Place: a board as rows, its count, a generated hard board and its grade.
print(domino.place.count([[0, 0, 1], [0, 1, 1]]))
board = domino.place.generate(set=6, difficulty="hard", seed=7)
print(board.source)
print(domino.place.solve(board).text.splitlines()[0])
print(domino.place.grade(board))

# Pips: a generated puzzle, solved and explained.
puzzle = domino.pips.generate(cells=12, difficulty="easy", seed=3)
print(domino.pips.count(puzzle))
print(domino.pips.explain(puzzle).grade)

# Vanish: a board that can be cleared, and the exact answer.
pieces = domino.vanish.generate(6, 5, 4, seed=2, clearable=True)
best = domino.vanish.solve(pieces, algorithm="exact", time_limit=10)
print(best.score, best.optimal, len(best.order))

# Five Up: a legal game, and an illegal one.
print(domino.fiveup.check("1-1 1-2 1-3 1-4 1-5 3-6 1-6").valid)
print(domino.fiveup.check("1-1 1-2 1-3 1-4 1-5 1-6").reason)

# Bad input names its line and column.
try:
    domino.chain.solve("1|2\n2|x")
except domino.InputError as error:
    print(error.line, error.column, error)

# Every answer draws itself: the SVG Jupyter shows.
print(loop._repr_svg_()[:60])
