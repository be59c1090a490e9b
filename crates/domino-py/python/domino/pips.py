"""Pips, the newspaper puzzle: cover rule regions with given dominoes."""

import itertools

from . import _domino, _input


def solve(puzzle, level=None, limit=None, mode="unique", time_limit=None):
    """Solves one puzzle, counting its solutions up to ``limit``.

    ``puzzle`` is the newspaper's JSON (a string, or the dict
    ``json.load`` gives), the text format, or a ``generate`` result;
    ``level`` (``"easy"``, ``"medium"``, ``"hard"``) picks the puzzle of a
    day file. ``mode`` is ``"unique"`` (stop at ``limit``, default 2),
    ``"count"`` or ``"all"``; ``time_limit`` (seconds) and Ctrl-C stop the
    search. Returns a ``PipsResult``: ``count``, ``unique``, ``complete``,
    ``solutions``, ``level`` and ``grade`` (worked out when read).
    """
    return _domino.pips_solve(_input.document(puzzle), level, limit, mode, time_limit)


def count(puzzle, level=None, time_limit=None):
    """The exact number of solutions (TimeoutError when ``time_limit``
    stops the count first)."""
    return _domino.pips_count(_input.document(puzzle), level, time_limit)


def explain(puzzle, level=None):
    """The deductions a person makes, step by step: a ``PipsExplanation``
    with ``grade`` (easy, medium, hard), ``unique``, ``complete`` and
    ``steps``."""
    return _domino.pips_explain(_input.document(puzzle), level)


def generate(cells=None, difficulty="medium", seed=1, time_limit=None, shape=None):
    """A new puzzle with a unique solution and the grade ``difficulty``
    (easy, medium, hard); the same seed gives the same puzzle.

    The board is grown at random to ``cells`` cells (even; at most 12 for
    easy and 16 for medium, as the grade counts the board's size first;
    default: a size
    drawn from the seed as the newspaper's are at the grade: easy 6 to 12
    cells, medium 10 to 16, hard 16 to 32, sometimes with a hole or in two
    pieces), or
    has the cells of ``shape``: a picture as the command line's ``--shape``
    file (``"##\\n##\\n"``: any character a cell, ``.`` or a space for
    none), (row, column) pairs, or rows of booleans. Returns a
    ``PipsPuzzle`` (``grade``, ``cells``, ``dominoes``); ``to_json()`` is
    the newspaper's JSON, solution included; pass it to ``solve``,
    ``count`` or ``explain`` as a puzzle. Raises ValueError when the
    board is too large for the grade, or no puzzle was found within the
    tries or ``time_limit`` (seconds).
    """
    return _domino.pips_generate(cells, difficulty, seed, time_limit, _input.picture(shape))


def generate_many(level="medium", seed=1, cells=None, count=None, time_limit=None, shape=None):
    """Puzzles of grade ``level`` from seeds ``seed``, ``seed + 1``, ...:
    an iterator (``generate`` for each seed), endless unless ``count`` is
    given. ``time_limit`` applies to each puzzle."""
    picture = _input.picture(shape)
    seeds = itertools.count(seed) if count is None else range(seed, seed + count)
    for s in seeds:
        yield _domino.pips_generate(cells, level, s, time_limit, picture)


def verify(puzzle, result, level=None):
    """Checks every solution of a ``solve`` result against the puzzle
    without trusting the solver; raises VerifyError when one breaks a rule."""
    _domino.pips_verify(_input.document(puzzle), result, level)
