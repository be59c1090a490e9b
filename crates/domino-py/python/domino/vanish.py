"""Vanishing dominoes: remove as many pieces from a board as possible."""

from . import _domino, _input

ALGORITHMS = ("exact", "greedy", "beam", "anytime", "capped-dfs", "delaying-greedy", "scan")


def solve(board, algorithm="exact", time_limit=None, beam_width=64, seed=1):
    """Runs one algorithm (see ALGORITHMS) on a board in the text or XML
    format; ``exact`` proves its score unless ``time_limit`` (seconds) or
    Ctrl-C stops it. Returns a ``VanishResult``: ``score`` (pieces left),
    ``optimal``, ``algorithm``, ``order`` (piece indices in removal order)
    and ``seconds``; in Jupyter it plays the removals (``_repr_html_``)."""
    return _domino.vanish_solve(_input.board(board), algorithm, time_limit, beam_width, seed)


def compare(boards, time_limit=None, beam_width=64, seed=1):
    """Every algorithm on every board: ``boards`` is a list of boards, or a
    dict of name to board. Returns a ``VanishComparison`` whose
    ``results`` has one dict per board and algorithm."""
    if isinstance(boards, dict):
        names, texts = list(boards), [_input.board(b) for b in boards.values()]
    else:
        texts = [_input.board(b) for b in boards]
        names = ["board %d" % (k + 1) for k in range(len(texts))]
    return _domino.vanish_compare(texts, names, time_limit, beam_width, seed)


def generate(width, height, max_value, seed=1, clearable=False):
    """A random board (one that can be cleared completely with
    ``clearable``): a ``VanishBoard`` (``width``, ``height``, ``pieces``)
    to pass to ``solve``; ``source`` is its text."""
    return _domino.vanish_generate(width, height, max_value, seed, clearable)


def verify(board, result):
    """Replays a ``solve`` result's removal order from the rules alone and
    returns the pieces it leaves; raises VerifyError on an illegal removal."""
    return _domino.vanish_verify(_input.board(board), result)
