"""The Python tours (the README's, and docs/python.md's first blocks) run,
and every line whose comment is a Python value gives that value."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]


def python_block(text, start):
    """The first ```python block after `start`."""
    start = text.index("```python", start)
    return text[start:].split("\n", 1)[1].split("```", 1)[0]


def says_what_it_gives(block, names):
    """Runs `block`; the number of lines whose value was checked."""
    checked = 0
    for line in block.splitlines():
        code, _, comment = line.partition("  # ")
        try:
            expected = ast.literal_eval(comment.strip())
        except (ValueError, SyntaxError):
            exec(code, names)
            continue
        assert eval(code, names) == expected, line
        checked += 1
    return checked


def test_readme_tour_says_what_it_gives():
    text = (ROOT / "README.md").read_text()
    assert says_what_it_gives(python_block(text, text.index("**Python**")), {}) >= 6


def test_the_python_guides_tour_says_what_it_gives():
    text = (ROOT / "docs" / "python.md").read_text()
    names = {}
    tour = python_block(text, text.index("## A tour"))
    values = python_block(text, text.index("Results are values:"))
    assert says_what_it_gives(tour, names) >= 7
    # to_pandas() needs pandas, which the tests do not install.
    values = "\n".join(line for line in values.splitlines() if "to_pandas" not in line)
    assert says_what_it_gives(values, names) >= 3
