"""The result classes: frozen dataclasses whose fields are typed values
filled from the library's answers (the native module gives every field of
each kind of answer, results.rs), so a result is a value: it compares with
``==``, hashes, pickles and copies (ProcessPoolExecutor sends it back
whole), ``to_dict()`` gives its fields as plain data and ``from_dict``
makes it again. Beside its fields a result made by a function keeps its
native half, which shows the answer: ``to_json()`` (the command line's
``--json`` document), ``text``, ``svg()`` and, for the players, a scoped
HTML page. ``Batch`` holds many results as one table."""

import dataclasses
import html
import re
import typing
from typing import Any, ClassVar, Dict, List, Optional, Tuple, Union

Pair = Tuple[int, int]
Cell = Tuple[int, int]
# A placement map: per row, per cell, the bone number covering it (1 = 0-0,
# 2 = 0-1, ...), None for a hole.
Rows = Tuple[Tuple[Optional[int], ...], ...]


def _convert(hint, value, where):
    """``value`` (plain data: lists, dicts) as the typed value ``hint``
    names (tuples, step classes), refusing what does not fit."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Union:
        if value is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value, where)
    if origin is tuple:
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
            raise TypeError("%s must be a sequence, not %s" % (where, type(value).__name__))
        items = list(value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, "%s[%d]" % (where, k)) for k, v in enumerate(items))
        if len(items) != len(args):
            raise ValueError("%s must hold %d values, not %d" % (where, len(args), len(items)))
        return tuple(_convert(a, v, "%s[%d]" % (where, k)) for k, (a, v) in enumerate(zip(args, items)))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if isinstance(value, hint):
            return value
        return hint._of(value, where)
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("%s must be a number, not %s" % (where, type(value).__name__))
        return float(value)
    if hint is int and isinstance(value, bool):
        raise TypeError("%s must be an integer, not bool" % where)
    if not isinstance(value, hint):
        raise TypeError("%s must be %s, not %s" % (where, hint.__name__, type(value).__name__))
    return value


_HINTS: Dict[type, Dict[str, Any]] = {}


def _hints(cls: type) -> Dict[str, Any]:
    """The field types of ``cls``, read once."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


class _Value:
    """Typed construction from plain data, shared by every dataclass here."""

    @classmethod
    def _of(cls, data, where=None):
        where = where or cls.__name__
        if not isinstance(data, dict):
            raise TypeError("%s must be a dict, not %s" % (where, type(data).__name__))
        hints = _hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        missing = [n for n in names if n not in data]
        unknown = [k for k in data if k not in names]
        if missing or unknown:
            raise ValueError(
                "%s: %s" % (
                    where,
                    "; ".join(
                        part
                        for part in (
                            missing and "missing %s" % ", ".join(missing),
                            unknown and "unknown %s" % ", ".join(map(str, unknown)),
                        )
                        if part
                    ),
                )
            )
        return cls(**{n: _convert(hints[n], data[n], "%s.%s" % (where, n)) for n in names})

    def to_dict(self) -> Dict[str, Any]:
        """The fields as plain data (nested results as dicts, sequences as
        tuples); ``from_dict`` makes the value again."""
        return dataclasses.asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls, data: Dict[str, Any]):
        """The value whose ``to_dict()`` is ``data``: every field must be
        there (ValueError names the missing and unknown ones) with its type
        (TypeError)."""
        return cls._of(data)


# The height of a player's page around its picture: the heading, the
# introduction and the step buttons.
_PLAYER_CHROME = 270


class Result(_Value):
    """The base of every result class. ``to_json()`` is the document
    ``domino ... --json`` prints, ``text`` what it prints without
    ``--json``, ``svg()`` its picture (Jupyter draws it; the players play
    in a frame of their own). A result made by ``from_dict`` has its
    fields only: those three raise ValueError."""

    __match_args__: ClassVar[Tuple[str, ...]] = ()
    _KIND: ClassVar[str] = ""
    # The fields the native module gives as dicts: the parts (steps, runs,
    # placements) made into their classes; the others come typed.
    _PARTS: ClassVar[Tuple[str, ...]] = ()
    # The native half (domino._domino.Native) of a result a function made;
    # set on the instance, not a field: equality and hashing ignore it.
    _native: ClassVar[Any] = None

    @classmethod
    def _made(cls, native):
        fields = native.fields()
        for name in cls._PARTS:
            fields[name] = _convert(_hints(cls)[name], fields[name], name)
        made = cls(**fields)
        object.__setattr__(made, "_native", native)
        return made

    def _shown(self):
        if self._native is None:
            raise ValueError(
                "this %s was made by from_dict: it has its fields, not the answer's "
                "document, text or picture (pickle a result to keep them)" % type(self).__name__
            )
        return self._native

    @property
    def kind(self) -> str:
        """What answered: ``"place.solve"``, ``"pips.explain"``, ..."""
        return self._KIND

    @property
    def text(self) -> str:
        """The text the command line prints without ``--json``."""
        return self._shown().text

    def to_json(self) -> str:
        """The JSON document the command line prints with ``--json``."""
        return self._shown().to_json()

    def svg(self) -> str:
        """The picture the command line writes with ``--svg``."""
        return self._shown().svg()

    def _repr_svg_(self) -> Optional[str]:
        return None if self._native is None else self._native.svg()

    def _repr_html_(self) -> Optional[str]:
        """The player (explanations, removal orders) in an iframe of its
        own: its styles and script never reach the notebook's page."""
        page = None if self._native is None else self._native.html()
        if page is None:
            return None
        # Tall enough for the player's picture and the page's heading and
        # buttons around it (a sandboxed frame cannot size itself).
        drawn = re.search(r'<svg[^>]*?height="(\d+)"', page)
        height = (int(drawn.group(1)) if drawn else 400) + _PLAYER_CHROME
        return (
            '<iframe class="domino-player" srcdoc="%s" style="width:100%%;height:%dpx;border:0" '
            'sandbox="allow-scripts" title="%s"></iframe>' % (html.escape(page, quote=True), height, self._KIND)
        )

    def __repr__(self) -> str:
        """``ClassName(field=value, ...)`` over ``__match_args__``; long
        values are cut."""
        fields = []
        for name in self.__match_args__:
            shown = repr(getattr(self, name))
            if len(shown) > 60:
                shown = shown[:57] + "..."
            fields.append("%s=%s" % (name, shown))
        return "%s(%s)" % (type(self).__name__, ", ".join(fields))

    def __str__(self) -> str:
        return self.text if self._native is not None else repr(self)


@dataclasses.dataclass(frozen=True, repr=False)
class ChainResult(Result):
    """``chain.solve``: one line through every domino, or why there is none."""

    _KIND: ClassVar[str] = "chain.solve"
    __match_args__ = ("dominoes", "closed", "reason")

    dominoes: Optional[Tuple[Pair, ...]]
    """The line as (a, b) pairs, each turned so touching halves match; None when there is none."""
    closed: bool
    """True when the line closes into a loop."""
    reason: Optional[str]
    """Why there is no line; None when there is one."""
    odd_values: Tuple[Tuple[int, int], ...]
    """The values shown an odd number of times, with their counts, when parity is the obstacle."""
    groups: Tuple[Tuple[int, ...], ...]
    """The groups of values that never touch, when there is more than one."""


@dataclasses.dataclass(frozen=True, repr=False)
class LineResult(Result):
    """``chain.longest``: the longest line some of the dominoes make."""

    _KIND: ClassVar[str] = "chain.longest"
    __match_args__ = ("dominoes", "length", "optimal")

    dominoes: Tuple[Pair, ...]
    length: int
    optimal: bool
    """True when the search proved no longer line exists."""
    nodes: int


class SolveResult(Result):
    """What ``solve`` finds of a board or puzzle (place and pips): the
    solutions, counted up to a limit."""

    count: int
    complete: bool

    @property
    def unique(self) -> bool:
        """True when there is exactly one solution (proven)."""
        return self.complete and self.count == 1


@dataclasses.dataclass(frozen=True, repr=False)
class PlaceResult(SolveResult):
    """``place.solve``: the solutions of a board, counted up to a limit."""

    _KIND: ClassVar[str] = "place.solve"
    __match_args__ = ("count", "unique", "complete", "grade")

    count: int
    """Solutions found: exact when ``complete``, else a lower bound."""
    complete: bool
    """True when the search ran to the end."""
    solutions: Tuple[Rows, ...]
    """The solutions kept, each a map of bone numbers with the board's shape."""
    grade: Optional[str]
    """Tatham's grade when ``grade=True`` was asked, else None."""
    reason: Optional[str]
    """Why there is no solution, when there is none and it can tell."""


@dataclasses.dataclass(frozen=True)
class PlaceStep(_Value):
    """A deduction of ``place.explain``."""

    technique: str
    level: str
    text: str
    cells: Tuple[Cell, ...]


@dataclasses.dataclass(frozen=True, repr=False)
class PlaceExplanation(Result):
    """``place.explain``: the deductions that solve a board; in Jupyter it plays them."""

    _KIND: ClassVar[str] = "place.explain"
    _PARTS = ("steps",)
    __match_args__ = ("grade", "complete", "steps")

    grade: str
    complete: bool
    steps: Tuple[PlaceStep, ...]
    reason: Optional[str]
    """Why the deductions stopped short: a contradiction, or a limit."""


@dataclasses.dataclass(frozen=True, repr=False)
class PlacePuzzle(Result):
    """``place.generate``: a new board with a unique solution; pass it to
    ``solve`` or ``explain`` as a board."""

    _KIND: ClassVar[str] = "place.generate"
    __match_args__ = ("grade", "seed", "puzzle")

    puzzle: Rows
    """The board: rows of numbers, None for a hole."""
    solution: Rows
    clues: Tuple[Tuple[Cell, Cell], ...]
    """The clue pieces shown on the board, each as its two cells."""
    grade: str
    seed: int
    source: str = dataclasses.field(repr=False)
    """The board as text the functions read."""


@dataclasses.dataclass(frozen=True, repr=False)
class PipsResult(SolveResult):
    """``pips.solve``: the solutions of a puzzle, counted up to a limit."""

    _KIND: ClassVar[str] = "pips.solve"
    __match_args__ = ("count", "unique", "complete", "level")

    count: int
    """Solutions found: exact when ``complete`` (an int of any size), else a lower bound."""
    complete: bool
    solutions: Tuple[Tuple[Tuple[Cell, Cell], ...], ...]
    """Per solution, per domino in the puzzle's order, the cells of its first and second value."""
    level: Optional[str]
    """The newspaper's level of a day file's puzzle; None for a lone puzzle."""
    reason: Optional[str]
    source: str = dataclasses.field(repr=False)
    """The puzzle as the newspaper's JSON."""

    @property
    def grade(self) -> str:
        """The grade the deductions give (worked out when read, as
        ``pips.grade`` does; Ctrl-C interrupts it)."""
        from . import pips

        return pips.grade(self.source)


@dataclasses.dataclass(frozen=True)
class PipsStep(_Value):
    """A deduction of ``pips.explain``."""

    technique: str
    level: str
    text: str
    cells: Tuple[Cell, ...]


@dataclasses.dataclass(frozen=True, repr=False)
class PipsExplanation(Result):
    """``pips.explain``: the deductions a person makes, step by step."""

    _KIND: ClassVar[str] = "pips.explain"
    _PARTS = ("steps",)
    __match_args__ = ("grade", "unique", "complete", "steps")

    grade: str
    unique: bool
    complete: bool
    steps: Tuple[PipsStep, ...]
    reason: Optional[str]


@dataclasses.dataclass(frozen=True, repr=False)
class PipsPuzzle(Result):
    """``pips.generate``: a new puzzle with a unique solution; ``to_json()``
    is the newspaper's JSON, solution included."""

    _KIND: ClassVar[str] = "pips.puzzle"
    __match_args__ = ("grade", "cells", "dominoes")

    grade: Optional[str]
    cells: int
    dominoes: Tuple[Pair, ...]
    source: str = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True)
class PixelBox(_Value):
    """A rectangle of a picture, in pixels from its top-left corner."""

    x: int
    y: int
    width: int
    height: int


@dataclasses.dataclass(frozen=True)
class PipsUnsure(_Value):
    """An item ``pips.read`` doubts: a board cell or a region's rule badge
    (``row``, ``column``), a domino of the tray (``index``), or the board
    as a whole (its cells against the tray, or a puzzle read with no
    solution), where it is in the picture, and why."""

    kind: str
    """``"cell"``, ``"badge"``, ``"domino"`` or ``"board"``."""
    row: Optional[int]
    column: Optional[int]
    index: Optional[int]
    pixels: PixelBox
    reason: str


@dataclasses.dataclass(frozen=True, repr=False)
class PipsReading(Result):
    """``pips.read``: the puzzle a screenshot shows, where the board is in
    the picture, what the reader doubts, and whether the puzzle read has a
    solution and only one; ``to_json()`` is the HTTP service's reading
    document. Pass it to ``solve``, ``count`` or ``explain`` as a puzzle."""

    _KIND: ClassVar[str] = "pips.read"
    _PARTS = ("board", "unsure")
    __match_args__ = ("cells", "unique", "solvable", "unsure")

    cells: int
    dominoes: Tuple[Pair, ...]
    board: PixelBox
    """Where the board is in the picture."""
    unsure: Tuple[PipsUnsure, ...]
    """Every item the reader doubts, in reading order; empty when sure."""
    solutions: int
    """Solutions found, counted up to 2."""
    complete: bool
    solvable: bool
    unique: bool
    reason: Optional[str]
    """Why the puzzle read has no solution, when the solver can tell."""
    source: str = dataclasses.field(repr=False)
    """The puzzle read as the newspaper's JSON."""


@dataclasses.dataclass(frozen=True, repr=False)
class VanishResult(Result):
    """``vanish.solve``: a removal order and the pieces it leaves; in
    Jupyter it plays the removals. ``seconds`` is not compared."""

    _KIND: ClassVar[str] = "vanish.solve"
    __match_args__ = ("score", "optimal", "algorithm", "order")

    score: int
    optimal: bool
    algorithm: str
    order: Tuple[int, ...]
    states: int
    seconds: float = dataclasses.field(compare=False)


@dataclasses.dataclass(frozen=True)
class VanishRun(_Value):
    """One algorithm on one board, in a ``VanishComparison``."""

    input: str
    algorithm: str
    score: int
    optimal: bool
    order: Tuple[int, ...]
    states: int
    seconds: float = dataclasses.field(compare=False)


class Batch(tuple):
    """Results (or runs) as one table: ``records()`` gives a dict of fields
    each, ``to_pandas()`` a DataFrame of them (pandas is optional)."""

    def records(self) -> List[Dict[str, Any]]:
        return [item.to_dict() for item in self]

    def to_pandas(self) -> Any:
        try:
            import pandas  # type: ignore
        except ImportError:
            raise ImportError(
                "to_pandas() needs pandas, which is not installed: pip install pandas "
                "(records() gives the same rows as dicts without it)"
            ) from None
        return pandas.DataFrame.from_records(self.records())


@dataclasses.dataclass(frozen=True, repr=False)
class VanishComparison(Result):
    """``vanish.compare``: every algorithm on every board."""

    _KIND: ClassVar[str] = "vanish.compare"
    _PARTS = ("results",)
    __match_args__ = ("results",)

    results: Tuple[VanishRun, ...]

    def records(self) -> List[Dict[str, Any]]:
        """One dict a run: ``input``, ``algorithm``, ``score``, ``optimal``, ..."""
        return Batch(self.results).records()

    def to_pandas(self) -> Any:
        """The runs as a pandas DataFrame (ImportError without pandas)."""
        return Batch(self.results).to_pandas()


@dataclasses.dataclass(frozen=True, repr=False)
class VanishBoard(Result):
    """``vanish.generate``: a board of pieces; pass it to ``solve``."""

    _KIND: ClassVar[str] = "vanish.board"
    __match_args__ = ("width", "height", "pieces")

    width: int
    height: int
    pieces: int
    source: str = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True)
class FiveupPlacement(_Value):
    """A play of a Five Up layout and the earlier play it touches."""

    domino: Pair
    attached_to: Optional[int]
    via: Optional[int]


@dataclasses.dataclass(frozen=True, repr=False)
class FiveupGame(Result):
    """``fiveup.check``: whether the plays are a legal game, its layout or
    its first illegal move."""

    _KIND: ClassVar[str] = "fiveup.check"
    _PARTS = ("placements",)
    __match_args__ = ("legal", "illegal_at", "score", "reason")

    legal: bool
    illegal_at: Optional[int]
    reason: Optional[str]
    score: Optional[int]
    placements: Tuple[FiveupPlacement, ...]


@dataclasses.dataclass(frozen=True, repr=False)
class FiveupScore(Result):
    """``fiveup.score``: a layout's points, or an order's best and worst."""

    _KIND: ClassVar[str] = "fiveup.score"
    __match_args__ = ("legal", "total", "best", "worst")

    legal: bool
    total: Optional[int]
    best: Optional[int]
    worst: Optional[int]
    reason: Optional[str]


_CLASSES = {
    cls._KIND: cls
    for cls in (
        ChainResult,
        LineResult,
        PlaceResult,
        PlaceExplanation,
        PlacePuzzle,
        PipsResult,
        PipsExplanation,
        PipsPuzzle,
        PipsReading,
        VanishResult,
        VanishComparison,
        VanishBoard,
        FiveupGame,
        FiveupScore,
    )
}


# Every class shows as domino.X (and pickles by that name).
for _cls in (*_CLASSES.values(), SolveResult, Result, PlaceStep, PipsStep, PipsUnsure, PixelBox, VanishRun, FiveupPlacement, Batch):
    _cls.__module__ = "domino"


def wrap(native: Any) -> Result:
    """The typed result of a native answer."""
    return _CLASSES[native.kind]._made(native)
