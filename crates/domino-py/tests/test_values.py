"""Results are values: typed fields (no attribute made up from a JSON
document), `==` and hashing, pickling and copying (across processes too),
`to_dict()` and `from_dict`, tables of results (`records()`,
`to_pandas()`), a picture for every result, exact counts past 2**64, one
argument name per idea, the library's level names."""

import copy
import concurrent.futures
import pickle
import re
import sys
import types

import pytest

import domino


def every_result():
    """One result of each class, made by its function."""
    made = domino.place.generate(set=3, difficulty="basic", seed=2)
    pips = domino.pips.generate(difficulty="easy", seed=3)
    board = domino.vanish.generate(4, 4, 3, seed=1, clearable=True)
    return [
        domino.chain.solve("1|2 2|3 3|1"),
        domino.chain.solve("1|2 2|3"),
        domino.chain.longest("1|2 2|3"),
        domino.place.solve(made, grade=True),
        domino.place.explain(made),
        made,
        domino.pips.solve(pips),
        domino.pips.explain(pips),
        pips,
        domino.vanish.solve(board),
        domino.vanish.compare([board], time_limit=2),
        board,
        domino.fiveup.check("1-1 1-2"),
        domino.fiveup.check("1-1 1-2 1-3 1-4 1-5 1-6"),
        domino.fiveup.score("1-1 1-2"),
    ]


RESULTS = every_result()


@pytest.mark.parametrize("result", RESULTS, ids=lambda r: r.kind)
def test_a_result_pickles_copies_and_compares_as_a_value(result):
    again = pickle.loads(pickle.dumps(result))
    assert type(again) is type(result) and again == result and hash(again) == hash(result)
    # What it shows travels with it.
    assert again.to_json() == result.to_json() and again.text == result.text
    assert again.svg() == result.svg() and again._repr_html_() == result._repr_html_()
    for copied in (copy.copy(result), copy.deepcopy(result)):
        assert copied == result and copied.svg() == result.svg()
    assert len({result, again}) == 1


@pytest.mark.parametrize("result", RESULTS, ids=lambda r: r.kind)
def test_to_dict_round_trips_through_from_dict(result):
    fields = result.to_dict()
    again = type(result).from_dict(fields)
    assert again == result and hash(again) == hash(result)
    # A value made from its fields has no answer to show.
    with pytest.raises(ValueError, match="from_dict"):
        again.to_json()


def test_from_dict_refuses_what_is_not_the_class():
    fields = domino.chain.solve("1|2 2|3 3|1").to_dict()
    with pytest.raises(ValueError, match="missing closed"):
        domino.ChainResult.from_dict({k: v for k, v in fields.items() if k != "closed"})
    with pytest.raises(ValueError, match="unknown chain"):
        domino.ChainResult.from_dict({**fields, "chain": []})
    with pytest.raises(TypeError, match="closed must be bool"):
        domino.ChainResult.from_dict({**fields, "closed": 1})
    with pytest.raises(ValueError, match="from_dict"):
        domino.chain.verify("1|2 2|3 3|1", domino.ChainResult.from_dict(fields))
    pickled = pickle.loads(pickle.dumps(domino.chain.solve("1|2 2|3 3|1")))
    with pytest.raises(domino.VerifyError, match="pickle"):
        domino.chain.verify("1|2 2|3 3|1", pickled)


def test_two_equal_answers_are_equal_and_different_ones_not():
    a = domino.place.solve([[0, 0, 1], [0, 1, 1]], mode="all")
    b = domino.place.solve([[0, 0, 1], [0, 1, 1]], mode="all")
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != domino.place.solve([[0, 0, 1], [0, 1, 1]])
    # The seconds a search took are not part of its answer.
    board = domino.vanish.generate(4, 4, 3, seed=1, clearable=True)
    assert domino.vanish.solve(board) == domino.vanish.solve(board)


def test_fields_are_typed_and_unknown_names_are_errors():
    result = domino.place.solve([[0, 0, 1], [0, 1, 1]], mode="all")
    assert isinstance(result.count, int) and isinstance(result.solutions, tuple)
    assert all(isinstance(row, tuple) for s in result.solutions for row in s)
    with pytest.raises(AttributeError):
        result.cuont
    assert not hasattr(domino.Result, "__getattr__")
    steps = domino.place.explain(domino.place.generate(set=3, seed=2)).steps
    assert steps and all(isinstance(s, domino.PlaceStep) and isinstance(s.cells[0], tuple) for s in steps)
    runs = RESULTS[10].results
    assert runs and all(isinstance(r, domino.VanishRun) for r in runs)
    placements = RESULTS[12].placements
    assert [p.domino for p in placements] == [(1, 1), (1, 2)] and placements[1].attached_to == 0


def solve_in_worker(hand):
    return domino.chain.solve(hand)


def test_results_come_back_from_a_process_pool():
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool:
        back = pool.submit(solve_in_worker, "1|2 2|3 3|1").result()
    assert back == domino.chain.solve("1|2 2|3 3|1") and "<svg" in back.svg()


def test_batches_give_records_and_say_when_pandas_is_missing(monkeypatch):
    boards = domino.Batch(domino.place.generate_many(difficulty="basic", seed=1, set=3, count=2))
    records = boards.records()
    assert [r["seed"] for r in records] == [1, 2] and records[0] == boards[0].to_dict()
    comparison = RESULTS[10]
    assert [r["algorithm"] for r in comparison.records()] == list(domino.vanish.ALGORITHMS)
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        boards.to_pandas()
    # With pandas, the records become a DataFrame (a stand-in records
    # what it is given).
    made = {}
    stand_in = types.SimpleNamespace(
        DataFrame=types.SimpleNamespace(from_records=lambda rows: made.setdefault("rows", rows))
    )
    monkeypatch.setitem(sys.modules, "pandas", stand_in)
    assert comparison.to_pandas() == comparison.records() == made["rows"]


@pytest.mark.parametrize("result", RESULTS, ids=lambda r: r.kind)
def test_every_result_is_a_picture(result):
    svg = result.svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and result._repr_svg_() == svg


def test_the_comparison_and_the_score_draw_what_they_found():
    comparison = RESULTS[10]
    assert comparison.svg().count('class="run"') == len(comparison.results)
    shown = re.findall(r">(\d+) left", comparison.svg())
    assert shown == [str(run.score) for run in comparison.results]
    score = domino.fiveup.score("1-1 1-2 1-3 1-4 1-5 3-6 1-6")
    assert score.svg().count('<g class="tile') == 7
    layout = domino.fiveup.check("1-1 1-2 1-3").to_json()
    assert domino.fiveup.score(layout).svg().count('<g class="tile') == 3


def test_the_players_html_is_a_frame_of_its_own():
    for result in (RESULTS[4], RESULTS[9]):
        shown = result._repr_html_()
        assert shown.startswith("<iframe") and shown.endswith("</iframe>")
        assert "<style" not in shown and "srcdoc=" in shown
    assert RESULTS[0]._repr_html_() is None


def test_counts_past_a_u64_are_exact_everywhere():
    cells = [[r, c] for r in range(2) for c in range(16)]
    dominoes = [[a, b] for a in range(7) for b in range(a, 7)][:16]
    puzzle = {"dominoes": dominoes, "regions": [{"indices": cells, "type": "empty"}]}
    exact = domino.pips.count(puzzle)
    assert exact == 273724993135706112000 > 2**64
    counted = domino.pips.solve(puzzle, mode="count")
    assert (counted.count, counted.complete) == (exact, True)
    assert '"count":273724993135706112000' in counted.to_json()
    assert pickle.loads(pickle.dumps(counted)).count == exact


def test_one_argument_name_per_idea():
    for generate_many in (domino.place.generate_many, domino.pips.generate_many):
        with pytest.raises(TypeError):
            next(generate_many(level="easy", count=1))
    easy = next(domino.pips.generate_many(difficulty="easy", seed=1, count=1))
    assert easy.grade == "easy"
    assert domino.place.generate(set=3, difficulty="hard", seed=1).grade == "hard"


def test_level_names_come_from_the_library():
    assert domino.pips.GRADES == ("easy", "medium", "hard")
    assert domino.place.LEVELS == ("trivial", "basic", "hard", "extreme")
    assert domino.place.GRADES == domino.place.LEVELS + ("search",)
    assert domino.vanish.ALGORITHMS == (
        "exact", "model", "greedy", "beam", "anytime", "capped-dfs", "delaying-greedy", "scan"
    )
    for grade in domino.pips.GRADES:
        assert domino.pips.generate(difficulty=grade, seed=1).grade == grade
    with pytest.raises(ValueError, match="easy"):
        domino.pips.generate(difficulty="newspaper")


def test_place_and_pips_answer_the_same_verbs():
    board = domino.place.generate(set=3, difficulty="hard", seed=1)
    puzzle = domino.pips.generate(difficulty="medium", seed=2)
    assert domino.place.grade(board) == "hard" and domino.pips.grade(puzzle) == "medium"
    for family, made in ((domino.place, board), (domino.pips, puzzle)):
        solved = family.solve(made)
        assert solved.unique and family.count(made) == 1 and family.explain(made).complete
        family.verify(made, solved)
        with pytest.raises(domino.VerifyError, match="not a"):
            family.verify(made, domino.chain.solve("1|2 2|3 3|1"))
