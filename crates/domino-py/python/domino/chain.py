"""Chains: one line through every domino of a hand, or the longest line."""

from . import _check, _domino, _input, _results


def solve(dominoes, open=False):
    """One line through every domino, closed into a loop unless ``open``.

    ``dominoes`` is a string (``"1|2 2|3"``, ``"1-2"``, ``"[[1,2],...]"``,
    one pair a line) or pairs like ``[(1, 2), (2, 3)]``. Returns a
    ``ChainResult``: ``dominoes`` (the line as pairs, None when there is
    none), ``closed`` and ``reason``; ``groups`` and ``odd_values`` say
    why there is none. A ``pathlib.Path`` is read as a file. Raises
    InputError on bad input.
    """
    open = _check.flag(open, "open")
    return _results.wrap(_domino.chain_solve(_input.dominoes(dominoes), open))


def longest(dominoes, start=None, time_limit=None, node_limit=None):
    """The longest line some of the dominoes make (ends may differ).

    ``start`` is the value the line must begin with; ``time_limit``
    (seconds) or ``node_limit`` (search nodes) stops the search with the
    best line so far (``optimal`` is then False), as Ctrl-C does. Returns
    a ``LineResult``: ``dominoes``, ``length``, ``optimal`` (and
    ``nodes``).
    """
    start = _check.optional_integer(start, "start", 0, _check.I64)
    time_limit = _check.seconds(time_limit)
    node_limit = _check.node_limit(node_limit)
    return _results.wrap(_domino.chain_longest(_input.dominoes(dominoes), start, time_limit, node_limit))


def verify(dominoes, result):
    """Checks the line of a ``solve`` or ``longest`` result against the hand
    without trusting the solver; raises VerifyError when it breaks a rule."""
    _domino.chain_verify(_input.dominoes(dominoes), _check.native(result))
