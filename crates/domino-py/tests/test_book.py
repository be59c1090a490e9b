"""domino.book: the PDF is the command line's book for the same options,
byte for byte (the library's tests verify every answer in it); bad
requests raise ValueError or TypeError before any puzzle is made."""

import subprocess

import pytest

import domino


def test_a_small_book_is_a_pdf_and_the_command_lines(cli, tmp_path):
    pdf = domino.book(place=[(3, "basic", 2)], pips=[("easy", 1)], per_page=2, seed=4, title="Tests")
    assert pdf.startswith(b"%PDF")
    assert pdf == domino.book(place=[(3, "basic", 2)], pips=[("easy", 1)], per_page=2, seed=4, title="Tests")
    out = tmp_path / "book.pdf"
    subprocess.run(
        [cli, "book", "--place", "3:basic:2", "--pips", "easy:1", "--per-page", "2", "--seed", "4",
         "--title", "Tests", "-o", str(out)],
        check=True,
    )
    assert out.read_bytes() == pdf


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"place": [(6, "tricky", 1)]}, "tricky"),
        ({"pips": [("basic", 1)]}, "basic"),
        ({"pips": [("hard", 300)], "per_page": 1}, "more than 200"),
        ({}, "at least one puzzle"),
        ({"place": [(13, "basic", 1)]}, "place set"),
        ({"pips": [("easy", 1)], "paper": "a5"}, "a4 or letter"),
    ],
)
def test_a_bad_request_is_a_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        domino.book(**kwargs)


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        domino.book(place="6:basic:1")
    with pytest.raises(TypeError):
        domino.book(pips=[("easy",)])
