"""Pips, the newspaper puzzle: cover rule regions with given dominoes."""

import os

from . import _check, _domino, _input, _results
from ._check import _kind

# The newspaper's grades, easiest first, as the library names them.
GRADES = tuple(_domino.PIPS_GRADES)
# The largest screenshot file ``read`` takes, in bytes (the library's).
READ_MAX_BYTES = _domino.PIPS_READ_MAX_BYTES


def solve(puzzle, level=None, limit=None, mode="unique", time_limit=None, node_limit=None, max_solutions=None):
    """Solves one puzzle, counting its solutions up to ``limit``.

    ``puzzle`` is the newspaper's JSON (a string, or the dict
    ``json.load`` gives), the text format, a ``pathlib.Path`` to read, or
    a ``generate`` result; ``level`` (``"easy"``, ``"medium"``,
    ``"hard"``) picks the puzzle of a day file. ``mode`` is ``"unique"``
    (stop at ``limit``, default 2), ``"count"`` or ``"all"``;
    ``time_limit`` (seconds), ``node_limit`` (search nodes) and Ctrl-C
    stop the search. At most ``max_solutions`` solutions are listed
    (default 1000, at most 1,000,000; ``count`` goes on past them), and
    the search's tables take at most 256 MiB (then ``complete`` is
    False). Returns a ``PipsResult``: ``count``, ``unique``,
    ``complete``, ``solutions``, ``level`` and ``grade`` (worked out when
    read).
    """
    text = _input.document(puzzle)
    level = _check.word(level, "level", optional=True)
    limit = _check.limit(limit)
    mode = _check.word(mode, "mode")
    time_limit = _check.seconds(time_limit)
    node_limit = _check.node_limit(node_limit)
    max_solutions = _check.max_solutions(max_solutions)
    return _results.wrap(_domino.pips_solve(text, level, limit, mode, time_limit, node_limit, max_solutions))


def count(puzzle, level=None, time_limit=None, node_limit=None):
    """The exact number of solutions (TimeoutError when ``time_limit``,
    ``node_limit`` or the memory bound stops the count first)."""
    text = _input.document(puzzle)
    level = _check.word(level, "level", optional=True)
    time_limit = _check.seconds(time_limit)
    node_limit = _check.node_limit(node_limit)
    return _domino.pips_count(text, level, time_limit, node_limit)


def explain(puzzle, level=None, time_limit=None):
    """The deductions a person makes, step by step: a ``PipsExplanation``
    with ``grade`` (easy, medium, hard), ``unique``, ``complete`` and
    ``steps``. ``time_limit`` (seconds) and Ctrl-C stop the deductions
    (``complete`` is then False)."""
    text = _input.document(puzzle)
    level = _check.word(level, "level", optional=True)
    return _results.wrap(_domino.pips_explain(text, level, _check.seconds(time_limit)))


def grade(puzzle, level=None, time_limit=None):
    """The grade the deductions give, one of ``GRADES`` (``"easy"``,
    ``"medium"``, ``"hard"``); ``time_limit`` (seconds) and Ctrl-C stop
    them (a puzzle they do not solve grades ``"hard"``)."""
    text = _input.document(puzzle)
    level = _check.word(level, "level", optional=True)
    return _domino.pips_grade(text, level, _check.seconds(time_limit))


def _generate_args(cells, difficulty, time_limit, shape, node_limit):
    """The checked arguments of ``generate`` but the seed."""
    side = _domino.PIPS_MAX_SIDE
    return (
        _check.optional_integer(cells, "cells", 2, side * side),
        _check.word(difficulty, "difficulty"),
        _check.seconds(time_limit),
        _input.picture(shape, "shape", side),
        _check.node_limit(node_limit),
    )


def generate(cells=None, difficulty="medium", seed=1, time_limit=None, shape=None, node_limit=None):
    """A new puzzle with a unique solution and the grade ``difficulty``
    (easy, medium, hard); the same seed gives the same puzzle.

    The board is grown at random to ``cells`` cells (even; at most 10 for
    easy and 20 for medium, as the grade counts the board's size too;
    default: a size
    drawn from the seed as the newspaper's are at the grade: easy 6 to 10
    cells, medium 10 to 16, hard 16 to 32, sometimes with a hole or in two
    pieces), or
    has the cells of ``shape``: a picture as the command line's ``--shape``
    file (``"##\\n##\\n"``: any character a cell, ``.`` or a space for
    none; a ``pathlib.Path`` is read), (row, column) pairs, or rows of
    booleans; rows and columns are below 100. Returns a ``PipsPuzzle``
    (``grade``, ``cells``, ``dominoes``); ``to_json()`` is the
    newspaper's JSON, solution included; pass it to ``solve``, ``count``
    or ``explain`` as a puzzle. Raises ValueError when the board is too
    large for the grade, or no puzzle was found within the tries,
    ``time_limit`` (seconds) or ``node_limit`` (the counter's nodes over
    all tries).
    """
    cells, difficulty, time_limit, picture, node_limit = _generate_args(cells, difficulty, time_limit, shape, node_limit)
    return _results.wrap(_domino.pips_generate(cells, difficulty, _check.seed(seed), time_limit, picture, node_limit))


def generate_many(difficulty="medium", seed=1, cells=None, count=None, time_limit=None, shape=None, node_limit=None):
    """Puzzles of grade ``difficulty`` from seeds ``seed``, ``seed + 1``,
    ...: an iterator (``generate`` for each seed), endless unless ``count``
    is given. ``time_limit`` and ``node_limit`` apply to each puzzle."""
    cells, difficulty, time_limit, picture, node_limit = _generate_args(cells, difficulty, time_limit, shape, node_limit)
    return (_results.wrap(_domino.pips_generate(cells, difficulty, s, time_limit, picture, node_limit)) for s in _check.seeds(seed, count))


def verify(puzzle, result, level=None):
    """Checks every solution of a ``solve`` result, or the solution a
    ``generate`` result carries, against the puzzle without trusting the
    solver; raises VerifyError when one breaks a rule."""
    text = _input.document(puzzle)
    level = _check.word(level, "level", optional=True)
    _domino.pips_verify(text, _check.native(result), level)


def read(screenshot, time_limit=None):
    """Reads the puzzle a screenshot of the newspaper's Pips shows.

    ``screenshot`` is the PNG or JPEG file: its path (a ``str`` or a
    ``pathlib.Path``) or its bytes, at most 8 MiB. Returns a
    ``PipsReading``: ``cells``, ``dominoes``, ``board`` (where the board
    is in the picture, a ``PixelBox``), ``unsure`` (each cell, badge or
    domino the reader doubts, with its ``pixels``: show them to a person
    before trusting the puzzle), and ``solvable``/``unique`` (its
    solutions counted up to 2 within ``time_limit`` seconds and Ctrl-C).
    Pass the reading to ``solve``, ``count`` or ``explain`` as a puzzle;
    ``to_json()`` is the HTTP service's reading document. Raises
    ValueError for a file that is no PNG or JPEG, is larger than 8 MiB,
    or shows no Pips board; OSError when the path cannot be read.
    """
    limit = READ_MAX_BYTES
    if isinstance(screenshot, (str, os.PathLike)):
        with open(screenshot, "rb") as file:
            data = file.read(limit + 1)
    elif isinstance(screenshot, (bytes, bytearray, memoryview)):
        data = bytes(screenshot)
    else:
        raise TypeError("screenshot must be a path or the file's bytes, not %s" % _kind(screenshot))
    if len(data) > limit:
        raise ValueError("the screenshot is larger than %d MiB, the most the reader takes" % (limit >> 20))
    return _results.wrap(_domino.pips_read(data, _check.seconds(time_limit)))
