"""``domino.pips.read``: a real screenshot of the shared folder reads as the
puzzle it shows (by path and by bytes, alike), solved and verified; what
is no screenshot raises ValueError with the reader's words; the result is
a value like the others (pickle, from_dict)."""

import json
import pickle
import struct
import zlib

import pytest

import domino


@pytest.fixture
def shots(shared):
    folder = shared / "pips" / "screenshots"
    assert (folder / "shot-02.png").is_file(), "the shared screenshots are missing"
    return folder


def test_a_screenshot_reads_as_the_puzzle_it_shows(shots):
    reading = domino.pips.read(shots / "shot-02.png")
    assert type(reading) is domino.PipsReading
    assert reading == domino.pips.read((shots / "shot-02.png").read_bytes())
    want = json.loads((shots / "shot-02.json").read_text())
    assert sorted(reading.dominoes) == sorted(tuple(d) for d in want["dominoes"])
    assert reading.solvable and reading.unique and reading.solutions == 1
    assert isinstance(reading.board, domino.PixelBox) and reading.board.width > 500
    assert all(isinstance(u, domino.PipsUnsure) for u in reading.unsure)
    # The reading is a puzzle the other functions take.
    solved = domino.pips.solve(reading)
    assert solved.unique
    domino.pips.verify(reading, solved)
    document = json.loads(reading.to_json())
    assert document["unique"] is True and document["puzzle"]["dominoes"]
    assert reading.text.strip()
    again = pickle.loads(pickle.dumps(reading))
    assert again == reading and again.to_json() == reading.to_json()
    assert domino.PipsReading.from_dict(reading.to_dict()) == reading


def _png(width, height):
    """A white RGB PNG, written here: a valid picture with no board."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + b"\xff" * (3 * width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def test_what_is_no_screenshot_raises_value_error(shots, tmp_path):
    whole = (shots / "shot-03.png").read_bytes()
    for data in (b"not a picture", whole[: len(whole) // 2]):
        with pytest.raises(ValueError, match="cannot read the image"):
            domino.pips.read(data)
    with pytest.raises(ValueError, match="no Pips board"):
        domino.pips.read(_png(320, 240))
    big = tmp_path / "big.png"
    big.write_bytes(whole + b"\0" * (domino.pips.READ_MAX_BYTES))
    for value in (big, bytearray(big.read_bytes())):
        with pytest.raises(ValueError, match="larger than 8 MiB"):
            domino.pips.read(value)
    with pytest.raises(FileNotFoundError):
        domino.pips.read(tmp_path / "missing.png")
    with pytest.raises(TypeError, match="screenshot must be a path or the file's bytes"):
        domino.pips.read(12)
