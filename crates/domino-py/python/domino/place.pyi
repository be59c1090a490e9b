import os
from typing import Iterator, Optional, Sequence, Tuple, Union

from . import PlaceExplanation, PlacePuzzle, PlaceResult

_Board = Union[str, os.PathLike[str], Sequence[Sequence[Optional[int]]], PlacePuzzle]
LEVELS: Tuple[str, ...]
GRADES: Tuple[str, ...]
_Shape = Union[str, os.PathLike[str], Sequence[str], Sequence[Sequence[bool]]]

def solve(
    board: _Board,
    limit: Optional[int] = None,
    mode: str = "unique",
    set: Optional[int] = None,
    grade: bool = False,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    max_solutions: Optional[int] = None,
) -> PlaceResult: ...
def count(
    board: _Board, set: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None
) -> int: ...
def explain(board: _Board, set: Optional[int] = None, time_limit: Optional[float] = None) -> PlaceExplanation: ...
def grade(board: _Board, set: Optional[int] = None, time_limit: Optional[float] = None) -> str: ...
def generate(
    set: int = 6,
    difficulty: str = "basic",
    seed: int = 1,
    clues: bool = False,
    time_limit: Optional[float] = None,
    shape: Optional[_Shape] = None,
) -> PlacePuzzle: ...
def generate_many(
    difficulty: str = "basic",
    seed: int = 1,
    set: int = 6,
    count: Optional[int] = None,
    clues: bool = False,
    time_limit: Optional[float] = None,
    shape: Optional[_Shape] = None,
) -> Iterator[PlacePuzzle]: ...
def verify(board: _Board, result: Union[PlaceResult, PlacePuzzle], set: Optional[int] = None) -> None: ...
