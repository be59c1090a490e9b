"""The example notebook session runs from start to end."""

import pathlib
import runpy


def test_tour_runs(capsys):
    tour = pathlib.Path(__file__).resolve().parents[1] / "examples" / "tour.py"
    runpy.run_path(str(tour), run_name="__main__")
    printed = capsys.readouterr().out
    assert "unique solution" in printed
    assert "<svg" in printed
