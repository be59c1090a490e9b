"""Every door keeps the limits: searches run on threads with the stack the
library needs, Ctrl-C stops every long call with KeyboardInterrupt, and
the standard limits (listing cap, node limit) reach the library."""

import _thread
import contextlib
import random
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import domino

OPEN_6X6 = "AAAAAA\n" * 6 + "0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5\n"


def random_hand(pieces, seed=1, values=30):
    rng = random.Random(seed)
    return [(rng.randint(0, values), rng.randint(0, values)) for _ in range(pieces)]


def place_board(n, seed=5):
    """A double-n board of horizontal pieces in a seeded random order:
    millions of solutions, and deductions that run for minutes."""
    rng = random.Random(seed)
    bones = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    rng.shuffle(bones)
    cells = [v for a, b in bones for v in ((a, b) if rng.random() < 0.5 else (b, a))]
    width = n + 2
    return "\n".join(" ".join(map(str, cells[r * width:(r + 1) * width])) for r in range(n + 1))


@pytest.mark.parametrize("pieces", [8000, 10000])
def test_a_long_hand_has_the_stack_it_needs(pieces):
    # The worker thread that reruns a search after its first milliseconds
    # had a 2 MiB stack, and the longest line of these hands crashed the
    # interpreter (the search recurses once per piece laid): the search
    # runs in a child, so a crash fails this test alone.
    script = textwrap.dedent(
        """
        import random, domino
        rng = random.Random(1)
        hand = [(rng.randint(0, 30), rng.randint(0, 30)) for _ in range(%d)]
        line = domino.chain.longest(hand, time_limit=0.5)
        domino.chain.verify(hand, line)
        print(line.length)
        """
        % pieces
    )
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, (child.returncode, child.stderr[-2000:])
    assert int(child.stdout) > pieces // 2


@contextlib.contextmanager
def ctrl_c_after(seconds):
    """Sends the main thread a SIGINT (as Ctrl-C does) `seconds` from now.
    SIGINT is handled the Python way meanwhile: a test runner started in
    the background by a shell inherits it ignored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


# Calls that run for minutes unless stopped: each kind of runner (a search
# that starts on the calling thread, one that starts on a worker, work the
# library cannot stop yet) is here.
LONG_CALLS = {
    "chain.longest": lambda: domino.chain.longest(random_hand(10000)),
    "place.count": lambda: domino.place.count(place_board(30)),
    "place.solve all": lambda: domino.place.solve(place_board(30), mode="all"),
    "place.explain": lambda: domino.place.explain(place_board(60)),
    "pips.generate": lambda: domino.pips.generate(cells=1000, difficulty="hard"),
    "vanish.solve": lambda: domino.vanish.solve(domino.vanish.generate(30, 30, 3, seed=5)),
}


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call(name):
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c_after(0.5):
            LONG_CALLS[name]()
    # The package still answers after an interrupted call.
    assert domino.chain.solve("1|2 2|3 3|1").closed


def test_ctrl_c_stops_a_generator_between_puzzles():
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c_after(0.5):
            for _ in domino.place.generate_many("basic", seed=1, set=6):
                pass


def test_solutions_listed_default_to_the_standard_cap():
    found = domino.pips.solve(OPEN_6X6, mode="all")
    assert len(found.solutions) == 1000 < found.count
    domino.pips.verify(OPEN_6X6, found)
    more = domino.pips.solve(OPEN_6X6, mode="all", max_solutions=1500)
    assert len(more.solutions) == 1500
    domino.pips.verify(OPEN_6X6, more)
    few = domino.place.solve(place_board(8), mode="all", max_solutions=3)
    assert len(few.solutions) == 3 < few.count
    domino.place.verify(place_board(8), few)


@pytest.mark.parametrize("bad", [0, -1, 1_000_001, 2**64])
def test_max_solutions_is_within_the_ceiling(bad):
    with pytest.raises(ValueError, match="max_solutions must be an integer from 1 to 1000000"):
        domino.pips.solve(OPEN_6X6, mode="all", max_solutions=bad)


def test_a_node_limit_stops_each_search_unproven():
    board = place_board(30)
    assert not domino.place.solve(board, mode="count", node_limit=50).complete
    with pytest.raises(TimeoutError):
        domino.place.count(board, node_limit=50)
    hand = random_hand(300)
    line = domino.chain.longest(hand, node_limit=50)
    assert not line.optimal
    domino.chain.verify(hand, line)
    vanish_board = domino.vanish.generate(30, 30, 3, seed=5)
    result = domino.vanish.solve(vanish_board, node_limit=50)
    assert not result.optimal
    domino.vanish.verify(vanish_board, result)


def test_a_path_is_read_as_a_file(tmp_path):
    puzzle = tmp_path / "ring.txt"
    puzzle.write_text(OPEN_6X6)
    assert domino.pips.count(puzzle) == domino.pips.count(OPEN_6X6)
    hand = tmp_path / "hand.txt"
    hand.write_text("1|2 2|3 3|1")
    assert domino.chain.solve(hand).closed
    with pytest.raises(FileNotFoundError):
        domino.chain.solve(tmp_path / "missing.txt")
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"1|2 \xe9")
    with pytest.raises(domino.InputError, match="latin1.txt"):
        domino.chain.solve(bad)


def test_a_str_is_text_not_a_path(tmp_path):
    hand = tmp_path / "hand.txt"
    hand.write_text("1|2 2|3 3|1")
    # The path as a str is read as dominoes, and a path is no dominoes.
    with pytest.raises(domino.InputError):
        domino.chain.solve(str(hand))


def test_a_clearable_board_has_a_ceiling_and_a_time_limit():
    with pytest.raises(ValueError, match="at most 16384 squares with clearable"):
        domino.vanish.generate(256, 128, 6, clearable=True)
    with pytest.raises(TimeoutError, match="a limit stopped the generation"):
        domino.vanish.generate(128, 128, 6, clearable=True, time_limit=0)
    made = domino.vanish.generate(8, 8, 3, clearable=True, time_limit=60)
    assert domino.vanish.verify(made, domino.vanish.solve(made)) == 0


def test_the_package_says_its_version_and_refuses_a_board_of_no_cells():
    assert domino.__version__.count(".") == 2
    assert "__version__" in domino.__all__
    with pytest.raises(ValueError, match="cells must be an integer from 2"):
        domino.pips.generate(cells=0)
