from typing import Any, Iterator, Optional, Union

from . import Result

Puzzle = Union[str, dict[str, Any], list[Any], Result]

def solve(
    puzzle: Puzzle,
    level: Optional[str] = None,
    limit: Optional[int] = None,
    mode: str = "unique",
    time_limit: Optional[float] = None,
) -> Result: ...
def count(puzzle: Puzzle, level: Optional[str] = None, time_limit: Optional[float] = None) -> int: ...
def explain(puzzle: Puzzle, level: Optional[str] = None) -> Result: ...
def generate(cells: Optional[int] = None, difficulty: str = "medium", seed: int = 1, time_limit: Optional[float] = None) -> Result: ...
def generate_many(
    level: str = "medium", seed: int = 1, cells: Optional[int] = None, count: Optional[int] = None, time_limit: Optional[float] = None
) -> Iterator[Result]: ...
def verify(puzzle: Puzzle, result: Result, level: Optional[str] = None) -> None: ...
