"""Every argument is checked before any work: None, bytes, NaN, negative or
too-large integers and coordinates out of bounds raise TypeError or
ValueError naming the argument (never an OverflowError naming none, a
hang, or an answer to a misread input)."""

import math

import pytest

import domino

HAND = "1|2 2|3 3|1"
BOARD = "0 0 0 1 1 1\n2 2 2 1 0 2\n"
PUZZLE = "AB\nAB\n0-1 1-1\n"
VANISH = domino.vanish.generate(6, 5, 4, seed=2, clearable=True)


def raises(kind, argument, call):
    """`call` raises `kind` and its message starts with the argument's name."""
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value).startswith(argument), str(caught.value)
    return caught.value


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: domino.pips.solve(None), "puzzle"),
        (lambda: domino.pips.count(None), "puzzle"),
        (lambda: domino.pips.explain(None), "puzzle"),
        (lambda: domino.place.solve(None), "board"),
        (lambda: domino.place.grade(None), "board"),
        (lambda: domino.chain.solve(None), "dominoes"),
        (lambda: domino.chain.longest(None), "dominoes"),
        (lambda: domino.vanish.solve(None), "board"),
        (lambda: domino.fiveup.check(None), "plays"),
        (lambda: domino.fiveup.score(None), "plays"),
    ],
)
def test_none_is_no_input(call, argument):
    raises(TypeError, argument, call)


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: domino.pips.solve(PUZZLE.encode()), "puzzle"),
        (lambda: domino.place.solve(BOARD.encode()), "board"),
        (lambda: domino.chain.solve(bytearray(HAND.encode())), "dominoes"),
        (lambda: domino.vanish.solve(VANISH.source.encode()), "board"),
        (lambda: domino.pips.generate(shape=b"##\n##\n"), "shape"),
    ],
)
def test_bytes_are_not_text(call, argument):
    error = raises(TypeError, argument, call)
    assert "decode" in str(error)


def test_a_word_is_no_puzzle():
    # Read as the text format, "garbage" is a 7-cell picture without
    # dominoes: once counted as 0 solutions.
    with pytest.raises(domino.InputError, match="no dominoes"):
        domino.pips.count("garbage")


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, -1, -0.5])
@pytest.mark.parametrize(
    "call",
    [
        lambda t: domino.chain.longest(HAND, time_limit=t),
        lambda t: domino.place.solve(BOARD, time_limit=t),
        lambda t: domino.place.explain(BOARD, time_limit=t),
        lambda t: domino.pips.count(PUZZLE, time_limit=t),
        lambda t: domino.pips.generate(time_limit=t),
        lambda t: domino.vanish.solve(VANISH, time_limit=t),
        lambda t: domino.vanish.compare([VANISH], time_limit=t),
    ],
)
def test_time_limit_is_a_finite_number_of_seconds(call, bad):
    raises(ValueError, "time_limit must be a finite number of seconds >= 0", lambda: call(bad))


@pytest.mark.parametrize("bad", ["1", True, [1]])
def test_time_limit_is_a_number(bad):
    raises(TypeError, "time_limit must be a number", lambda: domino.place.solve(BOARD, time_limit=bad))


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda v: domino.pips.generate(seed=v), "seed"),
        (lambda v: domino.place.generate(seed=v), "seed"),
        (lambda v: domino.vanish.generate(4, 4, 3, seed=v), "seed"),
        (lambda v: domino.vanish.solve(VANISH, seed=v), "seed"),
        (lambda v: domino.place.solve(BOARD, limit=v), "limit"),
        (lambda v: domino.pips.solve(PUZZLE, node_limit=v), "node_limit"),
        (lambda v: domino.chain.longest(HAND, node_limit=v), "node_limit"),
        (lambda v: domino.chain.longest(HAND, start=v), "start"),
        (lambda v: domino.place.solve(BOARD, set=v), "set"),
        (lambda v: domino.pips.generate(cells=v), "cells"),
        (lambda v: domino.vanish.generate(v, 4, 3), "width"),
        (lambda v: domino.vanish.generate(4, v, 3), "height"),
        (lambda v: domino.vanish.generate(4, 4, v), "max_value"),
        (lambda v: domino.vanish.solve(VANISH, algorithm="beam", beam_width=v), "beam_width"),
        (lambda v: domino.pips.solve(PUZZLE, max_solutions=v), "max_solutions"),
        (lambda v: next(domino.pips.generate_many(count=v)), "count"),
    ],
)
@pytest.mark.parametrize("bad", [-1, 2**64, 2**70])
def test_integers_out_of_range_name_the_argument(call, argument, bad):
    error = raises(ValueError, argument + " must be an integer from ", lambda: call(bad))
    assert str(error).endswith("not %d" % bad)


def test_the_seed_message():
    raises(ValueError, "seed must be an integer from 0 to 2**64-1, not -1", lambda: domino.pips.generate(seed=-1))


@pytest.mark.parametrize("bad", [1.5, "3", None, True])
def test_integers_are_integers(bad):
    raises(TypeError, "seed must be an integer", lambda: domino.place.generate(seed=bad))


@pytest.mark.parametrize("width", [0, 4097])
def test_beam_width_is_within_the_library_range(width):
    raises(
        ValueError,
        "beam_width must be an integer from 1 to 4096, not %d" % width,
        lambda: domino.vanish.solve(VANISH, algorithm="beam", beam_width=width),
    )


def test_the_largest_beam_width_is_taken():
    result = domino.vanish.solve(VANISH, algorithm="beam", beam_width=4096)
    assert domino.vanish.verify(VANISH, result) == result.score


@pytest.mark.parametrize(
    "shape",
    [
        [(0, 0), (0, 2**70)],
        [(0, 0), (100, 0)],
        [(-1, 0), (0, 0)],
    ],
)
def test_pips_shape_pairs_are_within_the_board(shape):
    raises(ValueError, "shape has a cell at row", lambda: domino.pips.generate(shape=shape))


def test_pips_shape_pictures_are_within_the_board():
    picture = "." * 100 + "##\n"
    raises(ValueError, "shape has a cell at row 0, column 100", lambda: domino.pips.generate(shape=picture))


def test_place_shape_pairs_are_bounded():
    raises(ValueError, "shape has a cell at row", lambda: domino.place.generate(shape=[(0, 0), (0, 2**70)]))


@pytest.mark.parametrize("bad", [(1, 2, 3), "12", (1.0, 2), (None, 1)])
def test_dominoes_are_pairs_of_integers(bad):
    raises(TypeError, "dominoes must hold", lambda: domino.chain.solve([(1, 2), bad]))


def test_board_rows_hold_integers():
    raises(TypeError, "board must hold integers", lambda: domino.place.solve([[0, 0, 1], [1, math.nan, 0]]))


def test_a_puzzle_dict_with_nan_is_refused():
    raises(ValueError, "puzzle holds a NaN", lambda: domino.pips.solve({"dominoes": [[1, math.nan]]}))


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: domino.chain.solve(HAND, open=1), "open"),
        (lambda: domino.place.solve(BOARD, grade="yes"), "grade"),
        (lambda: domino.vanish.generate(4, 4, 3, clearable=None), "clearable"),
        (lambda: domino.place.solve(BOARD, mode=None), "mode"),
        (lambda: domino.pips.solve(PUZZLE, level=3), "level"),
        (lambda: domino.vanish.solve(VANISH, algorithm=None), "algorithm"),
        (lambda: domino.pips.generate(difficulty=b"easy"), "difficulty"),
        (lambda: domino.vanish.compare(VANISH.source), "boards"),
        (lambda: domino.vanish.compare([VANISH, None]), "boards[1]"),
    ],
)
def test_other_arguments_have_their_types(call, argument):
    raises(TypeError, argument, call)


def test_numpy_style_integers_are_integers():
    class Index:
        """An integer type that is not int (as numpy's are)."""

        def __index__(self):
            return 3

    import numbers

    numbers.Integral.register(Index)
    assert domino.place.generate(set=4, seed=Index()).seed == 3
