"""Bad input raises domino.InputError (a ValueError) with the line and
column of the command line's message; a limit or Ctrl-C stops a search."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import domino


def test_input_error_has_line_and_column():
    with pytest.raises(domino.InputError) as caught:
        domino.chain.solve("1|2\n2|x")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.line, error.column) == (2, 3)
    assert str(error).startswith("line 2, column 3: ")


@pytest.mark.parametrize(
    "call",
    [
        lambda: domino.place.solve("0 0 1\n0 1 9\n"),
        lambda: domino.pips.solve('{"dominoes": [[1, 2]], "regions": ['),
        lambda: domino.vanish.solve("3;3\nq;1;1;0;0\n"),
        lambda: domino.fiveup.check("1-1 1-"),
    ],
)
def test_every_family_names_the_place(call):
    with pytest.raises(domino.InputError) as caught:
        call()
    assert caught.value.line is not None and caught.value.column is not None


def test_whole_input_errors_have_no_position():
    with pytest.raises(domino.InputError) as caught:
        domino.place.solve("0 0 0 1 1 1\n\n0 0 0 1 1 1\n")
    assert caught.value.line is None


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError):
        domino.vanish.solve("1;1\n", algorithm="magic")
    with pytest.raises(ValueError):
        domino.place.generate(set=6, difficulty="impossible")


def test_time_limit_stops_a_long_search():
    board = domino.vanish.generate(30, 30, 3, seed=5)
    started = time.monotonic()
    result = domino.vanish.solve(board, algorithm="exact", time_limit=0.3)
    assert time.monotonic() - started < 5
    # The proof on this board takes minutes: the limit, not the end of the
    # search, stopped it.
    assert not result.optimal
    domino.vanish.verify(board, result)


# A process started in the background by a non-interactive shell (as a CI
# runner may start the tests) inherits SIGINT ignored, and Python then
# never turns Ctrl-C into KeyboardInterrupt: the children put the handler
# back, so the tests see what a user at a terminal sees.
SIGINT_RAISES = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
"""

# Seconds within which a stopped search has returned: the searches below
# run for minutes when nothing stops them.
STOPPED = 15.0


def interrupt_when_ready(child):
    """Sends Ctrl-C half a second into the search `child` starts after it
    prints "ready", and checks the search stopped and said so. The bound is
    loose on purpose: it tells "stopped" from "ran for minutes" even on a
    machine loaded many times over, where a tight one measured the load."""
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    os.kill(child.pid, signal.SIGINT)
    out, _ = child.communicate(timeout=120)
    assert out.startswith("interrupted"), out
    assert float(out.split()[-1]) < STOPPED, out
    assert child.returncode == 0


def test_sigint_stops_a_search():
    script = SIGINT_RAISES + textwrap.dedent(
        """
        import sys, time, domino
        board = domino.vanish.generate(30, 30, 3, seed=5)
        print("ready", flush=True)
        started = time.monotonic()
        try:
            domino.vanish.solve(board, algorithm="exact")
        except KeyboardInterrupt:
            print("interrupted after %.2f" % (time.monotonic() - started), flush=True)
            sys.exit(0)
        print("finished", flush=True)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True
    )
    # The exact search on this board runs for minutes: only the signal ends it.
    interrupt_when_ready(child)


# A double-30 board of horizontal pieces in a seeded random order: it has
# millions of solutions, so counting them runs for many seconds.
LONG_COUNT = """
import random
rng = random.Random(5)
bones = [(a, b) for a in range(31) for b in range(a, 31)]
rng.shuffle(bones)
cells = [v for a, b in bones for v in ((a, b) if rng.random() < 0.5 else (b, a))]
board = "\\n".join(" ".join(map(str, cells[r * 32:(r + 1) * 32])) for r in range(31))
"""


def test_a_long_count_leaves_the_calling_thread_and_stops():
    # Counting starts on the calling thread; past its first milliseconds it
    # moves to a worker, where the time limit (counted from the call) and
    # Ctrl-C still stop it.
    script = SIGINT_RAISES + LONG_COUNT + textwrap.dedent(
        """
        import sys, time, domino
        started = time.monotonic()
        limited = domino.place.solve(board, mode="count", time_limit=0.3)
        print("limited", limited.complete, "%.2f" % (time.monotonic() - started), flush=True)
        print("ready", flush=True)
        started = time.monotonic()
        try:
            domino.place.count(board)
        except KeyboardInterrupt:
            print("interrupted after %.2f" % (time.monotonic() - started), flush=True)
            sys.exit(0)
        print("finished", flush=True)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    limited = child.stdout.readline().split()
    assert limited[:2] == ["limited", "False"] and float(limited[2]) < STOPPED, limited
    interrupt_when_ready(child)
