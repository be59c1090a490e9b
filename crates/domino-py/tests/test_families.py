"""Every family on shared and example data, each answer checked by the
family's verify, and the JSON the same as the command line's."""

import json
import subprocess

import pytest

import domino


def cli_json(cli, *args, stdin):
    done = subprocess.run([cli, *args, "--json"], input=stdin, capture_output=True, text=True)
    return done.stdout.strip()


def test_chain_solve_and_longest(examples):
    hand = (examples / "chain" / "double-six.txt").read_text()
    closed = domino.chain.solve(hand)
    assert closed.dominoes is not None and len(closed.dominoes) == 28
    domino.chain.verify(hand, closed)
    best = domino.chain.longest("6|6 6|3 3|4 1|2", start=6)
    assert (best.length, best.optimal) == (3, True)
    domino.chain.verify("6|6 6|3 3|4 1|2", best)


def test_chain_takes_pairs_and_says_why_not():
    none = domino.chain.solve([(1, 2), (2, 3)])
    assert none.dominoes is None and none.odd_values == ((1, 1), (3, 1))
    assert domino.chain.solve([(1, 2), (2, 3)], open=True).dominoes is not None


def test_chain_shared_exercism_cases(shared):
    cases = json.loads((shared / "chain" / "exercism-canonical-data.json").read_text())["cases"]
    for case in cases:
        hand = case["input"]["dominoes"]
        result = domino.chain.solve(hand)
        assert (result.dominoes is not None) == case["expected"], case["description"]
        domino.chain.verify(hand, result)


def test_chain_json_is_the_clis(cli, examples):
    hand = (examples / "chain" / "double-six.txt").read_text()
    assert domino.chain.solve(hand).to_json() == cli_json(cli, "chain", stdin=hand)


def test_place_shared_boards(shared):
    text = (shared / "place" / "uva211-samples.txt").read_text()
    for board in text.split("\n\n"):
        if not board.strip():
            continue
        result = domino.place.solve(board)
        assert result.count >= 1
        domino.place.verify(board, result)
    graded = (shared / "place" / "reference-graded.txt").read_text().splitlines()
    rows = [line.split() for line in graded if line and not line.startswith("#")][:12]
    for params, seed, grade, game_id in rows:
        assert domino.place.count(game_id) == 1
        result = domino.place.solve(game_id)
        assert result.count == 1 and result.complete
        domino.place.verify(game_id, result)


def test_place_rows_explain_grade_generate():
    rows = [[0, 0, 1], [0, 1, 1]]
    result = domino.place.solve(rows, mode="all")
    assert (result.count, result.complete, len(result.solutions)) == (3, True, 3)
    domino.place.verify(rows, result)
    made = domino.place.generate(set=6, difficulty="hard", seed=7)
    assert made.grade == "hard"
    domino.place.verify(made, made)
    assert domino.place.grade(made) == "hard"
    steps = domino.place.explain(made)
    assert steps.complete and steps.grade == "hard"
    assert "<svg" in steps._repr_svg_() and steps._repr_html_().startswith("<iframe") and "srcdoc=" in steps._repr_html_()


def test_place_json_is_the_clis(cli, examples):
    board = (examples / "place" / "two-solutions.txt").read_text()
    expected = cli_json(cli, "place", "solve", stdin=board)
    assert domino.place.solve(board).to_json() == expected


def test_pips_newspaper(shared):
    days = sorted((shared / "pips" / "nyt").glob("*.json"))
    assert days
    for day in days[:6]:
        document = json.loads(day.read_text())
        for level in ("easy", "medium", "hard"):
            if level not in document:
                continue
            result = domino.pips.solve(document, level=level)
            assert result.count >= 1
            domino.pips.verify(document, result, level=level)
            assert domino.pips.count(document, level=level) >= 1


def test_pips_json_is_the_clis(cli, shared):
    day = sorted((shared / "pips" / "nyt").glob("*.json"))[0].read_text()
    expected = cli_json(cli, "pips", "solve", "--level", "hard", stdin=day)
    assert domino.pips.solve(day, level="hard").to_json() == expected


def test_pips_generate_explain_and_many():
    made = domino.pips.generate(cells=10, difficulty="easy", seed=3)
    solved = domino.pips.solve(made)
    assert (solved.count, solved.complete) == (1, True)
    domino.pips.verify(made, solved)
    domino.pips.verify(made, made)
    other = domino.pips.generate(cells=10, difficulty="easy", seed=4)
    with pytest.raises(domino.VerifyError):
        domino.pips.verify(other, made)
    assert domino.pips.explain(made).grade == "easy"
    many = list(domino.pips.generate_many(difficulty="easy", seed=1, cells=10, count=3))
    assert len(many) == 3 and len({m.to_json() for m in many}) == 3
    with pytest.raises(ValueError, match="at most 10 cells"):
        domino.pips.generate(cells=12, difficulty="easy")


def test_vanish_shared_boards(examples):
    board = (examples / "vanish" / "problem2.txt").read_text()
    best = domino.vanish.solve(board, algorithm="exact", time_limit=10)
    assert best.optimal
    assert domino.vanish.verify(board, best) == best.score
    greedy = domino.vanish.solve(board, algorithm="greedy")
    assert greedy.score >= best.score
    table = domino.vanish.compare({"problem2": board}, time_limit=5)
    assert len(table.results) == len(domino.vanish.ALGORITHMS)
    made = domino.vanish.generate(6, 5, 4, seed=2, clearable=True)
    cleared = domino.vanish.solve(made)
    assert cleared.score == 0
    domino.vanish.verify(made, cleared)


def test_vanish_json_is_the_clis(cli, examples):
    board = (examples / "vanish" / "problem2.txt").read_text()
    ours = json.loads(domino.vanish.solve(board).to_json())
    theirs = json.loads(cli_json(cli, "vanish", "solve", stdin=board))
    # Time and the states the parallel exact search stored vary run to run.
    for varying in ("seconds", "states"):
        ours.pop(varying), theirs.pop(varying)
    assert ours == theirs


def test_fiveup_check_and_score(examples):
    legal = domino.fiveup.check("1-1 1-2 1-3 1-4 1-5 3-6 1-6")
    assert legal.legal
    domino.fiveup.verify("1-1 1-2 1-3 1-4 1-5 3-6 1-6", legal)
    illegal = domino.fiveup.check([(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)])
    assert not illegal.legal and illegal.illegal_at == 5
    game = (examples / "fiveup" / "twelve.txt").read_text()
    assert domino.fiveup.score(game).to_dict()


def test_fiveup_json_is_the_clis(cli, examples):
    game = (examples / "fiveup" / "pictured.txt").read_text()
    assert domino.fiveup.check(game).to_json() == cli_json(cli, "fiveup", stdin=game)


def test_results_are_frozen_and_readable():
    result = domino.chain.solve("1|2 2|3 3|1")
    with pytest.raises(AttributeError):
        result.chain = []
    with pytest.raises(AttributeError):
        result.no_such_field
    with pytest.raises(AttributeError):
        result.dominoes = []
    assert repr(result) == "ChainResult(dominoes=((1, 3), (3, 2), (2, 1)), closed=True, reason=None)"
    assert json.loads(result.to_json())["chain"] == [list(p) for p in result.dominoes]
    assert {"dominoes", "closed", "odd_values", "to_json"} <= set(dir(result))
