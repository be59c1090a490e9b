from typing import Optional, Sequence, Union

from . import Result

Board = Union[str, Sequence[Sequence[Optional[int]]], Result]

def solve(
    board: Board,
    limit: Optional[int] = None,
    mode: str = "unique",
    set: Optional[int] = None,
    grade: bool = False,
    time_limit: Optional[float] = None,
) -> Result: ...
def count(board: Board, set: Optional[int] = None, time_limit: Optional[float] = None) -> int: ...
def explain(board: Board, set: Optional[int] = None, time_limit: Optional[float] = None) -> Result: ...
def grade(board: Board, set: Optional[int] = None, time_limit: Optional[float] = None) -> str: ...
def generate(
    set: int = 6, difficulty: str = "basic", seed: int = 1, clues: bool = False, time_limit: Optional[float] = None
) -> Result: ...
def verify(board: Board, result: Result, set: Optional[int] = None) -> None: ...
