"""Five Up: is an order of plays a legal game, and what does it score."""

from . import _check, _domino, _input, _results


def check(plays):
    """Decides whether the plays, in order, are a legal game of Five Up.

    ``plays`` is a string in any dominoes format or pairs like ``[(1, 1),
    (1, 2)]``. Returns a ``FiveupGame``: ``legal``, ``illegal_at`` (the
    first move that can never be legal, or None), ``reason``, ``score``
    (the points of the layout) and ``placements`` (each play and what it
    hangs on).
    """
    return _results.wrap(_domino.fiveup_check(_input.dominoes(plays, "plays")))


def score(plays):
    """The points of a game (a list of plays) or of a layout (its JSON, as
    ``check`` gives it), as ``domino fiveup score`` counts them: a
    ``FiveupScore`` with ``legal``, ``total`` (a layout's points) or
    ``best`` and ``worst`` (over an order's legal layouts)."""
    layout = isinstance(plays, dict) or (
        isinstance(plays, list) and bool(plays) and isinstance(plays[0], dict)
    )
    text = _input.document(plays, "plays") if layout else _input.dominoes(plays, "plays")
    return _results.wrap(_domino.fiveup_score(text))


def verify(plays, result):
    """Checks the layout of a ``check`` result against the plays without
    trusting the solver; raises VerifyError when it breaks a rule."""
    _domino.fiveup_verify(_input.dominoes(plays, "plays"), _check.native(result))
