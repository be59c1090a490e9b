"""Turning the Python values each function accepts into the text the engine
reads: a string is passed as it is (any format the command line reads), a
path (any ``os.PathLike``) is read as a file, as the command line reads
its INPUT; a result of a generate function gives its puzzle, a dict or a
list of pairs becomes JSON, a list of rows becomes one row a line.
Anything else (None, bytes, NaN, a number where a pair is wanted) raises
TypeError or ValueError naming the argument, before any work."""

import json
import numbers
import os

from . import _domino
from ._check import _kind


def _source(value):
    """The puzzle text of a generated result, or None."""
    source = getattr(value, "source", None)
    return source if isinstance(source, str) else None


def _text(value, name):
    """The text of a str or a path, else None; bytes are refused (the
    engine reads text: decode them, or pass the file's path)."""
    if isinstance(value, str):
        # A char takes at least one byte: only a long str needs encoding.
        if len(value) > _domino.MAX_INPUT_BYTES // 4 and len(value.encode("utf-8", "surrogatepass")) > _domino.MAX_INPUT_BYTES:
            raise ValueError(
                "%s is larger than %d MiB, the most any command reads"
                % (name, _domino.MAX_INPUT_BYTES >> 20)
            )
        return value
    if isinstance(value, os.PathLike):
        return _domino.read_file(os.fspath(value))
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(
            "%s must be text (a str) or a path, not %s: decode the bytes first"
            % (name, _kind(value))
        )
    if value is None:
        raise TypeError("%s must be given, not None" % name)
    return None


def _int(value, name):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("%s must hold integers, not %s" % (name, _kind(value)))
    return int(value)


def _pair(item, name):
    if isinstance(item, (str, bytes)) or not hasattr(item, "__len__") or len(item) != 2:
        raise TypeError("%s must hold pairs of integers like (1, 2), not %r" % (name, item))
    return [_int(x, name) for x in item]


def _items(value, name, expected):
    """The items of an iterable argument, or TypeError saying what
    ``name`` must be."""
    try:
        return list(value)
    except TypeError:
        raise TypeError("%s must be %s, not %s" % (name, expected, _kind(value))) from None


def dominoes(value, name="dominoes"):
    """Dominoes as text: a string, a path, or pairs like [(1, 2), (2, 3)]."""
    text = _text(value, name)
    if text is not None:
        return text
    items = _items(value, name, "a str, a path or pairs like [(1, 2), (2, 3)]")
    return json.dumps([_pair(item, name) for item in items])


def rows(value, name="board"):
    """A board as text: a string, a path, a generated result, or rows of
    numbers with None for holes."""
    text = _text(value, name)
    if text is not None:
        return text
    source = _source(value)
    if source is not None:
        return source
    try:
        lines = [list(row) for row in value]
    except TypeError:
        raise TypeError(
            "%s must be a str, a path, a generated puzzle or rows of numbers, not %s"
            % (name, _kind(value))
        ) from None
    return "\n".join(
        " ".join("." if cell is None else str(_int(cell, name)) for cell in row) for row in lines
    ) + "\n"


def document(value, name="puzzle"):
    """A puzzle as text: a string (JSON or the text format), a path, a dict
    or list of the newspaper's JSON, or a generated result."""
    text = _text(value, name)
    if text is not None:
        return text
    source = _source(value)
    if source is not None:
        return source
    if not isinstance(value, (dict, list, tuple)):
        raise TypeError(
            "%s must be a str, a path, a dict of the newspaper's JSON or a generated puzzle, not %s"
            % (name, _kind(value))
        )
    try:
        return json.dumps(value, allow_nan=False)
    except ValueError:
        raise ValueError("%s holds a NaN or infinite number, which JSON has not" % name) from None
    except TypeError as error:
        raise TypeError("%s must hold only JSON values: %s" % (name, error)) from None


def board(value, name="board"):
    """A vanish board as text: a string (text or XML), a path, or a
    generated board."""
    text = _text(value, name)
    if text is not None:
        return text
    source = _source(value)
    if source is not None:
        return source
    raise TypeError(
        "%s must be a str in the text or XML format, a path or a generated board, not %s"
        % (name, _kind(value))
    )


def picture(value, name="shape", side=None):
    """A board's cells as a picture (a character a cell, ``.`` for none),
    the way the command line's ``--shape`` file draws them: a string is
    passed as it is, a path is read, a list of strings is its lines;
    (row, column) pairs or rows of booleans are drawn. With ``side``, every
    cell must be below row and column ``side`` (Pips boards); else the
    drawn picture must fit in the input the engine reads."""
    if value is None:
        return None
    text = _text(value, name)
    if text is None:
        items = _items(
            value, name, "a picture (a str or lines), (row, column) pairs or rows of booleans"
        )
        if all(isinstance(line, str) for line in items):
            text = "".join(line + "\n" for line in items)
        elif all(
            isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in item)
            for item in items
        ):
            text = _draw_pairs(items, name, side)
        else:
            for row in items:
                if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
                    raise TypeError(
                        "%s must be a picture (a str or lines), (row, column) pairs or rows of booleans, not a list holding %s"
                        % (name, _kind(row))
                    )
            text = "".join("".join("#" if cell else "." for cell in row) + "\n" for row in items)
    return text


# The most rows and columns pairs are drawn in when the family has no
# bound of its own (a place board of the largest set, double-60, is a
# rectangle of 62 x 61).
DRAWN_SIDE = 1024


def _draw_pairs(items, name, side):
    """The picture of (row, column) pairs, refused before it is drawn when
    a pair is out of bounds."""
    cells = {(int(r), int(c)) for r, c in items}
    bound = side if side is not None else DRAWN_SIDE
    for r, c in sorted(cells):
        if not (0 <= r < bound and 0 <= c < bound):
            raise ValueError(
                "%s has a cell at row %d, column %d: rows and columns are from 0 to %d"
                % (name, r, c, bound - 1)
            )
    rows = max((r for r, _ in cells), default=-1) + 1
    cols = max((c for _, c in cells), default=-1) + 1
    return "".join(
        "".join("#" if (r, c) in cells else "." for c in range(cols)) + "\n" for r in range(rows)
    )
