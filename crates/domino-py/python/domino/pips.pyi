import os
from typing import Any, Iterator, Optional, Sequence, Tuple, Union

from . import PipsExplanation, PipsPuzzle, PipsResult

Puzzle = Union[str, os.PathLike[str], dict[str, Any], list[Any], PipsPuzzle]
Shape = Union[str, os.PathLike[str], Sequence[str], Sequence[Tuple[int, int]], Sequence[Sequence[bool]]]

def solve(
    puzzle: Puzzle,
    level: Optional[str] = None,
    limit: Optional[int] = None,
    mode: str = "unique",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    max_solutions: Optional[int] = None,
) -> PipsResult: ...
def count(
    puzzle: Puzzle, level: Optional[str] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None
) -> int: ...
def explain(
    puzzle: Puzzle, level: Optional[str] = None, time_limit: Optional[float] = None
) -> PipsExplanation: ...
def generate(
    cells: Optional[int] = None,
    difficulty: str = "medium",
    seed: int = 1,
    time_limit: Optional[float] = None,
    shape: Optional[Shape] = None,
    node_limit: Optional[int] = None,
) -> PipsPuzzle: ...
def generate_many(
    level: str = "medium",
    seed: int = 1,
    cells: Optional[int] = None,
    count: Optional[int] = None,
    time_limit: Optional[float] = None,
    shape: Optional[Shape] = None,
    node_limit: Optional[int] = None,
) -> Iterator[PipsPuzzle]: ...
def verify(puzzle: Puzzle, result: PipsResult, level: Optional[str] = None) -> None: ...
