"""Placement puzzles: cover a board of numbers with a double-N set."""

import itertools

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
    is then False). Returns a ``PlaceResult``: ``count``, ``unique``,
    ``complete``, ``solutions`` (maps of bone numbers, 1 = 0-0, 2 = 0-1,
    ...), ``grade`` and ``reason`` when there is none.
    """
    return _domino.place_solve(_input.rows(board), set, limit, mode, grade, time_limit)


def count(board, set=None, time_limit=None):
    """The number of solutions of one board (TimeoutError when
    ``time_limit`` stops the count first)."""
    return _domino.place_count(_input.rows(board), set, time_limit)


def explain(board, set=None, time_limit=None):
    """The deductions that solve a board, step by step: a
    ``PlaceExplanation`` with ``grade``, ``complete`` and ``steps``; in
    Jupyter it plays them (``_repr_html_``)."""
    return _domino.place_explain(_input.rows(board), set, time_limit)


def grade(board, set=None, time_limit=None):
    """The hardest deduction a board needs: ``"trivial"``, ``"basic"``,
    ``"hard"``, ``"extreme"`` (or ``"search"`` when deductions stop)."""
    return _domino.place_grade(_input.rows(board), set, time_limit)


def generate(set=6, difficulty="basic", seed=1, clues=False, time_limit=None, shape=None):
    """A new board of the double-``set`` with a unique solution and exactly
    the grade ``difficulty`` (trivial, basic, hard, extreme); the same seed
    gives the same board.

    ``shape`` draws the board's cells as the command line's ``--shape``
    file does (a picture: any character a cell, ``.``, ``x`` or a space a
    hole; or rows of booleans); by default the rectangle of set+2 rows of
    set+1 cells. ``clues`` allows clue pieces where numbers alone cannot
    make the board unique. Returns a ``PlacePuzzle`` (``puzzle``,
    ``solution``, ``difficulty``, ``seed``); pass it to ``solve`` or
    ``explain`` as a board.
    """
    return _domino.place_generate(set, difficulty, seed, clues, time_limit, _input.picture(shape))


def generate_many(difficulty="basic", seed=1, set=6, count=None, clues=False, time_limit=None, shape=None):
    """Boards of grade ``difficulty`` from seeds ``seed``, ``seed + 1``,
    ...: an iterator (``generate`` for each seed), endless unless ``count``
    is given. ``time_limit`` applies to each board."""
    picture = _input.picture(shape)
    seeds = itertools.count(seed) if count is None else range(seed, seed + count)
    for s in seeds:
        yield _domino.place_generate(set, difficulty, s, clues, time_limit, picture)


def verify(board, result, set=None):
    """Checks every solution of a ``solve`` or ``generate`` result against
    the board without trusting the solver; raises VerifyError when one
    breaks a rule."""
    _domino.place_verify(_input.rows(board), result, set)
