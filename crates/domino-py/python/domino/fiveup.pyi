import os
from typing import Any, Iterable, Sequence, Union

from . import FiveupGame, FiveupScore

Plays = Union[str, os.PathLike[str], Iterable[Sequence[int]]]

def check(plays: Plays) -> FiveupGame: ...
def score(plays: Union[Plays, dict[str, Any], list[dict[str, Any]]]) -> FiveupScore: ...
def verify(plays: Plays, result: FiveupGame) -> None: ...
