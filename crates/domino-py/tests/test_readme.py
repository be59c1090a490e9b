"""The README's Python tour runs, and every line whose comment is a Python
value gives that value."""

import ast
import pathlib

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_tour_says_what_it_gives():
    text = README.read_text()
    start = text.index("```python", text.index("**Python**"))
    block = text[start:].split("\n", 1)[1].split("```", 1)[0]
    names = {}
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
    assert checked >= 6
