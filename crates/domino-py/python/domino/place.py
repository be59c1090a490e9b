"""Placement puzzles: cover a board of numbers with a double-N set."""

from . import _domino, _input


def solve(board, limit=None, mode="unique", set=None, grade=False, time_limit=None):
    """Solves one board, counting its solutions up to ``limit``.

    ``board`` is a string in any format the command line reads (whitespace
    numbers, compact digits, ``#dp``, a game ID), rows of numbers with None
    for holes, or a ``generate`` result. ``mode`` is ``"unique"`` (stop at
    ``limit``, default 2: enough to prove one unique), ``"count"`` (count
    all, keep the first) or ``"all"`` (keep every one). ``set`` names the
    double-N set when the cell count does not; ``grade`` grades the board
    too; ``time_limit`` (seconds) and Ctrl-C stop the search (``complete``
    is then False). The result has ``count``, ``complete``, ``solutions``
    (maps of bone numbers, 1 = 0-0, 2 = 0-1, ...) and ``reason`` when
    there is none.
    """
    return _domino.place_solve(_input.rows(board), set, limit, mode, grade, time_limit)


def count(board, set=None, time_limit=None):
    """The number of solutions of one board (TimeoutError when
    ``time_limit`` stops the count first)."""
    return _domino.place_count(_input.rows(board), set, time_limit)


def explain(board, set=None, time_limit=None):
    """The deductions that solve a board, step by step, with its grade; in
    Jupyter the result plays them (``_repr_html_``)."""
    return _domino.place_explain(_input.rows(board), set, time_limit)


def grade(board, set=None, time_limit=None):
    """The hardest deduction a board needs: ``"trivial"``, ``"basic"``,
    ``"hard"``, ``"extreme"`` (or ``"search"`` when deductions stop)."""
    return _domino.place_grade(_input.rows(board), set, time_limit)


def generate(set=6, difficulty="basic", seed=1, clues=False, time_limit=None):
    """A new board of the double-``set`` with a unique solution and exactly
    the grade ``difficulty`` (trivial, basic, hard, extreme); the same seed
    gives the same board. The result has ``puzzle``, ``solution``,
    ``difficulty``; pass it to ``solve`` or ``explain`` as a board."""
    return _domino.place_generate(set, difficulty, seed, clues, time_limit)


def verify(board, result, set=None):
    """Checks every solution of a ``solve`` or ``generate`` result against
    the board without trusting the solver; raises VerifyError when one
    breaks a rule."""
    _domino.place_verify(_input.rows(board), result, set)
