"""Vanishing dominoes: remove as many pieces from a board as possible."""

from . import _check, _domino, _input, _results

# The algorithms' names, as the library writes them.
ALGORITHMS = tuple(_domino.VANISH_ALGORITHMS)


def _search_args(time_limit, beam_width, seed, node_limit):
    return (
        _check.seconds(time_limit),
        _check.beam_width(beam_width),
        _check.seed(seed),
        _check.node_limit(node_limit),
    )


def solve(board, algorithm="exact", time_limit=None, beam_width=_domino.BEAM_WIDTH_DEFAULT, seed=1, node_limit=None):
    """Runs one algorithm (see ALGORITHMS) on a board in the text or XML
    format (a str, a ``pathlib.Path`` to read, or a ``generate`` result);
    ``exact`` proves its score unless ``time_limit`` (seconds),
    ``node_limit`` (positions examined) or Ctrl-C stops it.
    ``beam_width`` (1 to 4096) is the beam search's; ``seed`` the
    anytime search's. Returns a ``VanishResult``: ``score`` (pieces
    left), ``optimal``, ``algorithm``, ``order`` (piece indices in
    removal order) and ``seconds``; in Jupyter it plays the removals
    (``_repr_html_``)."""
    text = _input.board(board)
    algorithm = _check.word(algorithm, "algorithm")
    return _results.wrap(_domino.vanish_solve(text, algorithm, *_search_args(time_limit, beam_width, seed, node_limit)))


def compare(boards, time_limit=None, beam_width=_domino.BEAM_WIDTH_DEFAULT, seed=1, node_limit=None):
    """Every algorithm on every board: ``boards`` is a list of boards, or a
    dict of name to board. Returns a ``VanishComparison`` whose
    ``results`` has one dict per board and algorithm; the limits apply to
    each algorithm on each board."""
    if isinstance(boards, dict):
        names = list(boards)
        for name in names:
            _check.word(name, "a name of boards")
        texts = [_input.board(b, "boards[%r]" % name) for name, b in boards.items()]
    elif isinstance(boards, (str, bytes)) or not hasattr(boards, "__iter__"):
        raise TypeError("boards must be a list of boards or a dict of name to board, not %s" % _check._kind(boards))
    else:
        texts = [_input.board(b, "boards[%d]" % k) for k, b in enumerate(boards)]
        names = ["board %d" % (k + 1) for k in range(len(texts))]
    return _results.wrap(_domino.vanish_compare(texts, names, *_search_args(time_limit, beam_width, seed, node_limit)))


def generate(width, height, max_value, seed=1, clearable=False, time_limit=None):
    """A random board (one that can be cleared completely with
    ``clearable``) of ``width`` x ``height`` squares (at most 2**20 in
    all, 2**14 when clearable) with values 0 to ``max_value``: a
    ``VanishBoard`` (``width``, ``height``, ``pieces``) to pass to
    ``solve``; ``source`` is its text. ``time_limit`` (seconds) and
    Ctrl-C stop a clearable board's search (``TimeoutError``)."""
    most = _domino.VANISH_MAX_SQUARES
    width = _check.integer(width, "width", 1, most)
    height = _check.integer(height, "height", 1, most)
    max_value = _check.integer(max_value, "max_value", 0, _check.I64)
    seed = _check.seed(seed)
    clearable = _check.flag(clearable, "clearable")
    if clearable and width * height > _domino.VANISH_MAX_CLEARABLE_SQUARES:
        raise ValueError(
            f"width x height must be at most {_domino.VANISH_MAX_CLEARABLE_SQUARES} squares "
            f"with clearable, not {width} x {height}"
        )
    time_limit = _check.seconds(time_limit)
    return _results.wrap(_domino.vanish_generate(width, height, max_value, seed, clearable, time_limit))


def verify(board, result):
    """Replays a ``solve`` result's removal order from the rules alone and
    returns the pieces it leaves; raises VerifyError on an illegal removal."""
    return _domino.vanish_verify(_input.board(board), _check.native(result))
