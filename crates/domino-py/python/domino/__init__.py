"""domino: solve, check and explain classic domino problems.

The Rust engine of the `domino` command, as Python functions, one module a
family: ``domino.chain``, ``domino.place``, ``domino.pips``,
``domino.vanish`` and ``domino.fiveup``. Every function takes its input as
the command line reads it (a string in any of its formats) or as plain
Python data, and returns a typed, frozen result (``PlaceResult``,
``VanishResult``, ... each a :class:`Result`) whose attributes are the
answer, whose ``to_json()`` and ``to_dict()`` are the document
``domino ... --json`` prints, and which draws itself in Jupyter.

>>> import domino
>>> domino.chain.solve("1|2 2|3 3|1")
ChainResult(dominoes=[(1, 3), (3, 2), (2, 1)], closed=True, reason=None)
"""

from ._domino import (
    ChainResult,
    FiveupGame,
    FiveupScore,
    InputError,
    LineResult,
    PipsExplanation,
    PipsPuzzle,
    PipsResult,
    PlaceExplanation,
    PlacePuzzle,
    PlaceResult,
    Result,
    SolveResult,
    VanishBoard,
    VanishComparison,
    VanishResult,
    VerifyError,
    __version__,
)
from . import chain, fiveup, pips, place, vanish
from ._clash import warn_if_shared as _warn_if_shared

_warn_if_shared(__path__[0])

__all__ = [
    "__version__",
    "InputError",
    "VerifyError",
    "Result",
    "ChainResult",
    "LineResult",
    "SolveResult",
    "PlaceResult",
    "PlaceExplanation",
    "PlacePuzzle",
    "PipsResult",
    "PipsExplanation",
    "PipsPuzzle",
    "VanishResult",
    "VanishComparison",
    "VanishBoard",
    "FiveupGame",
    "FiveupScore",
    "chain",
    "fiveup",
    "pips",
    "place",
    "vanish",
]
