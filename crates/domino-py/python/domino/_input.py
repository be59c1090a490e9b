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
