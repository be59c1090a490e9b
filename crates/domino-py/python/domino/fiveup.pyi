import os
from typing import Any, Iterable, Sequence, Union

from . import FiveupGame, FiveupScore

_Plays = Union[str, os.PathLike[str], Iterable[Sequence[int]]]

def check(plays: _Plays) -> FiveupGame: ...
def score(plays: Union[_Plays, dict[str, Any], list[dict[str, Any]]]) -> FiveupScore: ...
def verify(plays: _Plays, result: FiveupGame) -> None: ...
