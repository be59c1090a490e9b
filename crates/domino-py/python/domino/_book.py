"""``domino.book``: a printable PDF of graded placement and Pips puzzles
with their answers at the back, as ``domino book`` writes it. The
arguments' types are checked here; the engine checks their meaning (the
levels, the sets, the page limit) before any puzzle is made."""

from . import _check, _domino


def _sections(value, name, size):
    """A list of tuples of ``size`` items each (TypeError otherwise)."""
    if isinstance(value, (str, bytes)):
        raise TypeError("%s must be a list of tuples, not %s" % (name, type(value).__name__))
    sections = list(value)
    for section in sections:
        if not isinstance(section, (tuple, list)) or len(section) != size:
            raise TypeError("each of %s must be a tuple of %d items, not %r" % (name, size, section))
    return sections


def book(
    place=(),
    pips=(),
    per_page=None,
    paper="a4",
    steps=0,
    seed=1,
    title="Domino puzzles",
    time_limit=None,
):
    """A PDF book as bytes: a title page, the puzzles numbered (placement
    sections first, then Pips), 1, 2 or 4 to a page (``per_page``; by
    default as their size allows) on ``paper`` ("a4" or "letter"), and the
    answers at the back with the first ``steps`` (0 to 6) steps of each
    explanation.

    ``place`` is a list of ``(set, difficulty, count)``: ``count`` puzzles
    of the double-``set`` set (0 to 12) of exactly ``difficulty`` (as
    ``place.generate``'s); ``pips`` a list of ``(difficulty, count)``
    (easy, medium, hard, as ``pips.generate``'s). The same arguments give
    the same bytes. Raises ValueError for a bad request (an unknown level,
    no puzzle, more than 200 pages) and when the puzzles were not all made
    within ``time_limit`` seconds.

    >>> pdf = domino.book(place=[(6, "basic", 4)], pips=[("easy", 4)])
    >>> pdf[:4]
    b'%PDF'
    """
    place = [
        (
            _check.integer(s, "place set", 0, _domino.BOOK_MAX_SET),
            _check.word(d, "place difficulty"),
            _check.integer(n, "place count"),
        )
        for s, d, n in _sections(place, "place", 3)
    ]
    pips = [
        (_check.word(d, "pips difficulty"), _check.integer(n, "pips count"))
        for d, n in _sections(pips, "pips", 2)
    ]
    return _domino.book_pdf(
        place,
        pips,
        _check.optional_integer(per_page, "per_page"),
        _check.word(paper, "paper"),
        _check.integer(steps, "steps"),
        _check.seed(seed),
        _check.word(title, "title"),
        _check.seconds(time_limit),
    )
