import os
from typing import Mapping, Optional, Sequence, Tuple, Union

from . import VanishBoard, VanishComparison, VanishResult

_Board = Union[str, os.PathLike[str], VanishBoard]
ALGORITHMS: Tuple[str, ...]

def solve(
    board: _Board,
    algorithm: str = "exact",
    time_limit: Optional[float] = None,
    beam_width: int = 64,
    seed: int = 1,
    node_limit: Optional[int] = None,
) -> VanishResult: ...
def compare(
    boards: Union[Sequence[_Board], Mapping[str, _Board]],
    time_limit: Optional[float] = None,
    beam_width: int = 64,
    seed: int = 1,
    node_limit: Optional[int] = None,
) -> VanishComparison: ...
def generate(
    width: int,
    height: int,
    max_value: int,
    seed: int = 1,
    clearable: bool = False,
    time_limit: Optional[float] = None,
) -> VanishBoard: ...
def verify(board: _Board, result: VanishResult) -> int: ...
