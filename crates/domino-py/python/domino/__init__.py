"""domino: solve, check and explain classic domino problems.

The Rust engine of the `domino` command, as Python functions, one module a
family: ``domino.chain``, ``domino.place``, ``domino.pips``,
``domino.vanish`` and ``domino.fiveup``. Every function takes its input as
the command line reads it (a string in any of its formats) or as plain
Python data, and returns a :class:`Result` whose ``to_json()`` is the
document ``domino ... --json`` prints; in Jupyter it draws itself.

>>> import domino
>>> domino.chain.solve("1|2 2|3 3|1").chain
[[1, 2], [2, 3], [3, 1]]
"""

from ._domino import InputError, Result, VerifyError
from . import chain, fiveup, pips, place, vanish

__all__ = ["InputError", "VerifyError", "Result", "chain", "fiveup", "pips", "place", "vanish"]
