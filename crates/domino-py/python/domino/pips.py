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
    search. The result has ``count``, ``complete`` and ``solutions``.
    """
    return _domino.pips_solve(_input.document(puzzle), level, limit, mode, time_limit)


def count(puzzle, level=None, time_limit=None):
    """The exact number of solutions (TimeoutError when ``time_limit``
    stops the count first)."""
    return _domino.pips_count(_input.document(puzzle), level, time_limit)


def explain(puzzle, level=None):
    """The deductions a person makes, step by step, and the grade."""
    return _domino.pips_explain(_input.document(puzzle), level)


def generate(cells=None, difficulty="medium", seed=1, time_limit=None):
    """A new puzzle of about ``cells`` cells (default: the newspaper's
    median size for the grade: 8 easy, 12 medium, 20 hard) with a unique solution and the
    grade ``difficulty`` (easy, medium, hard); the same seed gives the same
    puzzle. ``to_json()`` is the newspaper's JSON, solution included."""
    return _domino.pips_generate(cells, difficulty, seed, time_limit)


def generate_many(level="medium", seed=1, cells=None, count=None, time_limit=None):
    """Puzzles of grade ``level`` from seeds ``seed``, ``seed + 1``, ...:
    an iterator, endless unless ``count`` is given."""
    seeds = itertools.count(seed) if count is None else range(seed, seed + count)
    for s in seeds:
        yield generate(cells=cells, difficulty=level, seed=s, time_limit=time_limit)


def verify(puzzle, result, level=None):
    """Checks every solution of a ``solve`` result against the puzzle
    without trusting the solver; raises VerifyError when one breaks a rule."""
    _domino.pips_verify(_input.document(puzzle), result, level)
