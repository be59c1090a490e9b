"""The typed result classes: each family's attributes, their agreement
with the JSON document, `match` over `__match_args__`, and the generators'
shapes and iterators."""

import pytest

import domino


def test_every_result_is_a_result_of_its_class():
    made = domino.place.generate(set=3, difficulty="basic", seed=2)
    pips = domino.pips.generate(difficulty="easy", seed=3)
    board = domino.vanish.generate(4, 4, 3, seed=1, clearable=True)
    cases = [
        (domino.chain.solve("1|2 2|3 3|1"), domino.ChainResult),
        (domino.chain.longest("1|2 2|3"), domino.LineResult),
        (domino.place.solve(made), domino.PlaceResult),
        (domino.place.explain(made), domino.PlaceExplanation),
        (made, domino.PlacePuzzle),
        (domino.pips.solve(pips), domino.PipsResult),
        (domino.pips.explain(pips), domino.PipsExplanation),
        (pips, domino.PipsPuzzle),
        (domino.vanish.solve(board), domino.VanishResult),
        (domino.vanish.compare([board], time_limit=2), domino.VanishComparison),
        (board, domino.VanishBoard),
        (domino.fiveup.check("1-1 1-2"), domino.FiveupGame),
        (domino.fiveup.score("1-1 1-2"), domino.FiveupScore),
    ]
    for result, cls in cases:
        assert type(result) is cls and isinstance(result, domino.Result)
        if cls in (domino.PlaceResult, domino.PipsResult):
            assert isinstance(result, domino.SolveResult)
        assert repr(result).startswith(cls.__name__ + "(")
        for name in cls.__match_args__:
            getattr(result, name)
        with pytest.raises(AttributeError):
            setattr(result, cls.__match_args__[0], None)
        assert cls.__doc__ and type(result).__module__ == "domino"


def test_chain_attributes():
    loop = domino.chain.solve([(1, 2), (2, 3), (3, 1)])
    assert loop.dominoes == ((1, 3), (3, 2), (2, 1)) and loop.closed and loop.reason is None
    line = domino.chain.solve("1|2 2|3", open=True)
    assert line.dominoes is not None and not line.closed
    none = domino.chain.solve("1|2 2|3")
    assert none.dominoes is None and not none.closed and "odd" in none.reason
    best = domino.chain.longest("6|6 6|3 3|4 1|2", start=6)
    assert (best.length, best.optimal, best.dominoes) == (3, True, ((6, 6), (6, 3), (3, 4)))


def test_place_attributes():
    made = domino.place.generate(set=4, difficulty="hard", seed=5)
    assert (made.grade, made.seed) == ("hard", 5)
    solved = domino.place.solve(made, grade=True)
    assert solved.unique and solved.count == 1 and solved.complete and solved.grade == "hard"
    assert solved.solutions == (made.solution,)
    two = domino.place.solve([[0, 0, 1], [0, 1, 1]])
    assert (two.count, two.complete, two.unique) == (2, False, False)
    match domino.place.solve(made):
        case domino.PlaceResult(count=1, unique=True):
            pass
        case other:
            pytest.fail(repr(other))


def test_place_generate_shape_and_many():
    ring = [".####.", "######", "######", ".####."]
    made = domino.place.generate(set=3, difficulty="basic", seed=1, shape=ring)
    holes = [[cell is None for cell in row] for row in made.puzzle]
    assert holes == [[ch == "." for ch in line] for line in ring]
    domino.place.verify(made, domino.place.solve(made))
    boards = list(domino.place.generate_many("basic", seed=3, set=3, count=3))
    assert [b.seed for b in boards] == [3, 4, 5]
    assert all(domino.place.solve(b).unique for b in boards)


def test_pips_attributes_shape_and_many():
    made = domino.pips.generate(difficulty="medium", seed=2)
    assert made.grade == "medium" and made.cells == 2 * len(made.dominoes)
    solved = domino.pips.solve(made)
    assert solved.unique and solved.grade == "medium" and solved.level is None
    square = domino.pips.generate(difficulty="easy", seed=1, shape="####\n####\n")
    assert square.cells == 8
    pairs = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert domino.pips.generate(difficulty="easy", seed=1, shape=pairs).cells == 6
    many = domino.pips.generate_many(difficulty="easy", seed=1, count=2, shape=["###", "###"])
    assert [p.cells for p in many] == [6, 6]


def test_vanish_and_fiveup_attributes():
    board = domino.vanish.generate(6, 5, 4, seed=2, clearable=True)
    assert (board.width, board.height) == (6, 5) and board.pieces > 0
    best = domino.vanish.solve(board, time_limit=10)
    assert best.score == 0 and best.optimal and best.algorithm == "exact"
    assert sorted(best.order) == list(range(board.pieces))
    legal = domino.fiveup.check("1-1 1-2 1-3 1-4 1-5 3-6 1-6")
    assert legal.legal and legal.illegal_at is None and legal.score == 5
    illegal = domino.fiveup.check("1-1 1-2 1-3 1-4 1-5 1-6")
    assert not illegal.legal and illegal.illegal_at == 5 and illegal.score is None
    scored = domino.fiveup.score("1-1 1-2 1-3 1-4 1-5 3-6 1-6")
    assert scored.legal and (scored.best, scored.worst) == (5, 5) and scored.total is None
