"""Placement puzzles: cover a board of numbers with a double-N set."""

from . import _check, _domino, _input, _results

# Tatham's levels a board is generated at, easiest first, and the grades
# a board can have (the levels, then "search"), as the library names them.
LEVELS = tuple(_domino.PLACE_LEVELS)
GRADES = tuple(_domino.PLACE_GRADES)


def _set(value):
    return _check.optional_integer(value, "set", 0, _domino.PLACE_MAX_SET)


def solve(board, limit=None, mode="unique", set=None, grade=False, time_limit=None, node_limit=None, max_solutions=None):
    """Solves one board, counting its solutions up to ``limit``.

    ``board`` is a string in any format the command line reads (whitespace
    numbers, compact digits, ``#dp``, a game ID), a ``pathlib.Path`` to
    read, rows of numbers with None for holes, or a ``generate`` result.
    ``mode`` is ``"unique"`` (stop at ``limit``, default 2: enough to
    prove one unique), ``"count"`` (count all, keep the first) or
    ``"all"`` (keep every one). ``set`` names the double-N set when the
    cell count does not; ``grade`` grades the board too; ``time_limit``
    (seconds), ``node_limit`` (search nodes) and Ctrl-C stop the search
    (``complete`` is then False). At most ``max_solutions`` solutions are
    listed (default 1000, at most 1,000,000; ``count`` goes on past
    them), and the search's tables take at most 256 MiB. Returns a
    ``PlaceResult``: ``count``, ``unique``, ``complete``, ``solutions``
    (maps of bone numbers, 1 = 0-0, 2 = 0-1, ...), ``grade`` and
    ``reason`` when there is none.
    """
    text = _input.rows(board)
    limit = _check.limit(limit)
    mode = _check.word(mode, "mode")
    set = _set(set)
    grade = _check.flag(grade, "grade")
    time_limit = _check.seconds(time_limit)
    node_limit = _check.node_limit(node_limit)
    max_solutions = _check.max_solutions(max_solutions)
    return _results.wrap(_domino.place_solve(text, set, limit, mode, grade, time_limit, node_limit, max_solutions))


def count(board, set=None, time_limit=None, node_limit=None):
    """The number of solutions of one board (TimeoutError when
    ``time_limit``, ``node_limit`` or the memory bound stops the count
    first)."""
    text = _input.rows(board)
    return _domino.place_count(text, _set(set), _check.seconds(time_limit), _check.node_limit(node_limit))


def explain(board, set=None, time_limit=None):
    """The deductions that solve a board, step by step: a
    ``PlaceExplanation`` with ``grade``, ``complete`` and ``steps``; in
    Jupyter it plays them (``_repr_html_``). ``time_limit`` (seconds) and
    Ctrl-C stop the deductions (``complete`` is then False)."""
    text = _input.rows(board)
    return _results.wrap(_domino.place_explain(text, _set(set), _check.seconds(time_limit)))


def grade(board, set=None, time_limit=None):
    """The hardest deduction a board needs: ``"trivial"``, ``"basic"``,
    ``"hard"``, ``"extreme"`` (or ``"search"`` when deductions stop)."""
    text = _input.rows(board)
    return _domino.place_grade(text, _set(set), _check.seconds(time_limit))


def _generate_args(set, difficulty, clues, time_limit, shape):
    """The checked arguments of ``generate`` but the seed."""
    set = _check.integer(set, "set", 0, _domino.PLACE_MAX_SET)
    return (
        set,
        _check.word(difficulty, "difficulty"),
        _check.flag(clues, "clues"),
        _check.seconds(time_limit),
        _input.picture(shape, "shape"),
    )


def generate(set=6, difficulty="basic", seed=1, clues=False, time_limit=None, shape=None):
    """A new board of the double-``set`` with a unique solution and exactly
    the grade ``difficulty`` (trivial, basic, hard, extreme); the same seed
    gives the same board.

    ``shape`` draws the board's cells as the command line's ``--shape``
    file does (a picture: any character a cell, ``.``, ``x`` or a space a
    hole; a ``pathlib.Path`` is read; or rows of booleans); by default
    the rectangle of set+2 rows of set+1 cells. ``clues`` allows clue
    pieces where numbers alone cannot make the board unique;
    ``time_limit`` (seconds) and Ctrl-C stop the search. Returns a
    ``PlacePuzzle`` (``puzzle``, ``solution``, ``difficulty``, ``seed``);
    pass it to ``solve`` or ``explain`` as a board.
    """
    set, difficulty, clues, time_limit, picture = _generate_args(set, difficulty, clues, time_limit, shape)
    return _results.wrap(_domino.place_generate(set, difficulty, _check.seed(seed), clues, time_limit, picture))


def generate_many(difficulty="basic", seed=1, set=6, count=None, clues=False, time_limit=None, shape=None):
    """Boards of grade ``difficulty`` from seeds ``seed``, ``seed + 1``,
    ...: an iterator (``generate`` for each seed), endless unless ``count``
    is given. ``time_limit`` applies to each board."""
    set, difficulty, clues, time_limit, picture = _generate_args(set, difficulty, clues, time_limit, shape)
    return (_results.wrap(_domino.place_generate(set, difficulty, s, clues, time_limit, picture)) for s in _check.seeds(seed, count))


def verify(board, result, set=None):
    """Checks every solution of a ``solve`` or ``generate`` result against
    the board without trusting the solver; raises VerifyError when one
    breaks a rule."""
    text = _input.rows(board)
    _domino.place_verify(text, _check.native(result), _set(set))
