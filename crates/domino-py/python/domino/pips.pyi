import os
from typing import Any, Iterator, Optional, Sequence, Tuple, Union

from . import PipsExplanation, PipsPuzzle, PipsReading, PipsResult

_Puzzle = Union[str, os.PathLike[str], dict[str, Any], list[Any], PipsPuzzle, PipsReading]
GRADES: Tuple[str, ...]
READ_MAX_BYTES: int
_Shape = Union[str, os.PathLike[str], Sequence[str], Sequence[Tuple[int, int]], Sequence[Sequence[bool]]]

def solve(
    puzzle: _Puzzle,
    level: Optional[str] = None,
    limit: Optional[int] = None,
    mode: str = "unique",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    max_solutions: Optional[int] = None,
) -> PipsResult: ...
def count(
    puzzle: _Puzzle, level: Optional[str] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None
) -> int: ...
def explain(
    puzzle: _Puzzle, level: Optional[str] = None, time_limit: Optional[float] = None
) -> PipsExplanation: ...
def grade(puzzle: _Puzzle, level: Optional[str] = None, time_limit: Optional[float] = None) -> str: ...
def generate(
    cells: Optional[int] = None,
    difficulty: str = "medium",
    seed: int = 1,
    time_limit: Optional[float] = None,
    shape: Optional[_Shape] = None,
    node_limit: Optional[int] = None,
) -> PipsPuzzle: ...
def generate_many(
    difficulty: str = "medium",
    seed: int = 1,
    cells: Optional[int] = None,
    count: Optional[int] = None,
    time_limit: Optional[float] = None,
    shape: Optional[_Shape] = None,
    node_limit: Optional[int] = None,
) -> Iterator[PipsPuzzle]: ...
def verify(puzzle: _Puzzle, result: PipsResult, level: Optional[str] = None) -> None: ...
def read(
    screenshot: Union[str, os.PathLike[str], bytes, bytearray, memoryview], time_limit: Optional[float] = None
) -> PipsReading: ...
