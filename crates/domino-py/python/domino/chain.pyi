import os
from typing import Iterable, Optional, Sequence, Union

from . import ChainResult, LineResult

_Dominoes = Union[str, os.PathLike[str], Iterable[Sequence[int]]]

def solve(dominoes: _Dominoes, open: bool = False) -> ChainResult: ...
def longest(
    dominoes: _Dominoes,
    start: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> LineResult: ...
def verify(dominoes: _Dominoes, result: Union[ChainResult, LineResult]) -> None: ...
