"""The checks every function makes of its arguments before any work: a
value of the wrong type raises TypeError and one out of range ValueError,
each naming the argument and what it takes. The bounds are the library's
(the constants of ``domino._domino``), the same as the command line's and
the service's."""

import math
import numbers
import operator

from . import _domino

U64 = 2**64 - 1
I64 = 2**63 - 1

# How the largest bounds read in a message.
_NAMES = {U64: "2**64-1", I64: "2**63-1"}


def _kind(value):
    return "None" if value is None else type(value).__name__


def integer(value, name, low=0, high=U64):
    """An int from ``low`` to ``high`` (a bool is not a number here)."""
    if type(value) is not int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError("%s must be an integer, not %s" % (name, _kind(value)))
        value = operator.index(value)
    if not low <= value <= high:
        raise ValueError(
            "%s must be an integer from %d to %s, not %d"
            % (name, low, _NAMES.get(high, str(high)), value)
        )
    return value


def optional_integer(value, name, low=0, high=U64):
    """None, or an int as ``integer`` takes it."""
    return None if value is None else integer(value, name, low, high)


def seconds(value, name="time_limit"):
    """None, or a finite number of seconds >= 0."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("%s must be a number of seconds, not %s" % (name, _kind(value)))
    secs = float(value)
    if not math.isfinite(secs) or secs < 0:
        raise ValueError("%s must be a finite number of seconds >= 0, not %r" % (name, value))
    return secs


def flag(value, name):
    """True or False."""
    if not isinstance(value, bool):
        raise TypeError("%s must be True or False, not %s" % (name, _kind(value)))
    return value


def word(value, name, optional=False):
    """A str (None too when ``optional``); the engine checks its meaning."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (name, _kind(value)))
    return value


def node_limit(value):
    return optional_integer(value, "node_limit")


def max_solutions(value):
    """None (the library's default, 1000) or 1 to 1,000,000."""
    return optional_integer(value, "max_solutions", 1, _domino.SOLUTIONS_LISTED_MAX)


def seed(value):
    return integer(value, "seed")


def beam_width(value):
    return integer(value, "beam_width", _domino.BEAM_WIDTH_MIN, _domino.BEAM_WIDTH_MAX)


def limit(value):
    """The solutions a solve stops at: None or at least 1."""
    return optional_integer(value, "limit", 1)


def seeds(seed_value, count_value):
    """The seeds ``generate_many`` makes puzzles from: ``seed``, ``seed +
    1``, ..., ``count`` of them (None: every seed up to 2**64-1)."""
    first = seed(seed_value)
    if count_value is None:
        return range(first, U64 + 1)
    return range(first, first + integer(count_value, "count", 0, U64 - first + 1))


def native(result):
    """The native half of a result a function made, for verify."""
    from ._results import Result

    if not isinstance(result, Result):
        raise TypeError("result must be a result of a solve, not %s" % _kind(result))
    if result._native is None:
        raise ValueError(
            "result was made by from_dict: verify checks a result a function made"
        )
    return result._native
