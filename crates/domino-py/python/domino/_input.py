"""Turning the Python values each function accepts into the text the engine
reads: a string is passed as it is (any format the command line reads), a
result of a generate function gives its puzzle, a dict or a list of pairs
becomes JSON, a list of rows becomes one row a line."""

import json


def _source(value):
    """The puzzle text of a generated result, or None."""
    source = getattr(value, "source", None)
    return source if isinstance(source, str) else None


def dominoes(value):
    """Dominoes as text: a string, or pairs like [(1, 2), (2, 3)]."""
    if isinstance(value, str):
        return value
    return json.dumps([list(pair) for pair in value])


def rows(value):
    """A board as text: a string, a generated result, or rows of numbers
    with None for holes."""
    if isinstance(value, str):
        return value
    source = _source(value)
    if source is not None:
        return source
    return "\n".join(
        " ".join("." if cell is None else str(cell) for cell in row) for row in value
    ) + "\n"


def document(value):
    """A puzzle as text: a string (JSON or the text format), a dict or list
    of the newspaper's JSON, or a generated result."""
    if isinstance(value, str):
        return value
    source = _source(value)
    if source is not None:
        return source
    return json.dumps(value)


def board(value):
    """A vanish board as text: a string (text or XML) or a generated board."""
    if isinstance(value, str):
        return value
    source = _source(value)
    if source is not None:
        return source
    raise TypeError("a vanish board is a string in the text or XML format")


def picture(value):
    """A board's cells as a picture (a character a cell, ``.`` for none),
    the way the command line's ``--shape`` file draws them: a string is
    passed as it is, a list of strings is its lines; (row, column) pairs or
    rows of booleans are drawn."""
    if value is None or isinstance(value, str):
        return value
    value = list(value)
    if all(isinstance(line, str) for line in value):
        return "".join(line + "\n" for line in value)
    if all(len(item) == 2 and all(type(x) is int for x in item) for item in value):
        cells = {tuple(item) for item in value}
        rows = max((r for r, _ in cells), default=-1) + 1
        cols = max((c for _, c in cells), default=-1) + 1
        return "".join(
            "".join("#" if (r, c) in cells else "." for c in range(cols)) + "\n" for r in range(rows)
        )
    return "".join("".join("#" if cell else "." for cell in row) + "\n" for row in value)
