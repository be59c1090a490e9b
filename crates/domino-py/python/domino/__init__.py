"""domino: solve, check and explain classic domino problems.

The Rust engine of the `domino` command, as Python functions, one module a
family: ``domino.chain``, ``domino.place``, ``domino.pips``,
``domino.vanish`` and ``domino.fiveup``; ``domino.book`` prints their
puzzles as a PDF book. Every function takes its input as
the command line reads it (a string in any of its formats) or as plain
Python data, and returns a typed result (``PlaceResult``,
``VanishResult``, ... each a :class:`Result`): a frozen dataclass whose
fields are the answer, which compares, hashes and pickles as a value,
whose ``to_json()`` is the document ``domino ... --json`` prints, and which
draws itself in Jupyter.

>>> import domino
>>> domino.chain.solve("1|2 2|3 3|1")
ChainResult(dominoes=[(1, 3), (3, 2), (2, 1)], closed=True, reason=None)
"""

from ._domino import InputError, VerifyError, __version__
from ._results import (
    Batch,
    ChainResult,
    FiveupGame,
    FiveupPlacement,
    FiveupScore,
    LineResult,
    PipsExplanation,
    PipsPuzzle,
    PipsReading,
    PipsResult,
    PipsStep,
    PipsUnsure,
    PixelBox,
    PlaceExplanation,
    PlacePuzzle,
    PlaceResult,
    PlaceStep,
    Result,
    SolveResult,
    VanishBoard,
    VanishComparison,
    VanishResult,
    VanishRun,
)
from . import chain, fiveup, pips, place, vanish
from ._book import book
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
    "PipsReading",
    "VanishResult",
    "VanishComparison",
    "VanishBoard",
    "FiveupGame",
    "FiveupScore",
    "PlaceStep",
    "PipsStep",
    "PipsUnsure",
    "PixelBox",
    "VanishRun",
    "FiveupPlacement",
    "Batch",
    "book",
    "chain",
    "fiveup",
    "pips",
    "place",
    "vanish",
]
