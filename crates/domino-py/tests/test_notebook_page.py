"""The players' HTML (`_repr_html_`) never restyles the notebook: a page
laid out as an exported notebook (a heading the page styles, then the
outputs) is rendered in headless chromium, and the heading's computed style
is the same with the players' outputs as without them. The same page with
the players' bare HTML pasted in does restyle it: the check can fail.
Skipped where chromium is missing (scripts/browser-test installs it)."""

import os
import re
import shutil
import subprocess

import pytest

import domino

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>notebook</title>
<style>body{font-family:serif}h1{color:rgb(10,20,30);font-size:17px;margin:3px 0}</style>
</head><body><h1 id="heading">A notebook</h1><div class="output">%s</div>
<script>
var s = getComputedStyle(document.getElementById("heading"));
document.body.setAttribute("data-heading", [s.color, s.fontSize, s.marginTop, s.fontFamily].join("|"));
</script></body></html>
"""


def heading_style(tmp_path, name, outputs):
    """The computed style of the page's heading with `outputs` below it."""
    page = tmp_path / (name + ".html")
    page.write_text(PAGE % outputs, encoding="utf-8")
    dom = subprocess.run(
        [
            CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--no-first-run", "--disable-component-update", "--disable-sync",
            "--user-data-dir=%s" % (tmp_path / ("profile-" + name)),
            "--dump-dom", page.as_uri(),
        ],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    found = re.search(r'data-heading="([^"]*)"', dom)
    assert found, dom[:500]
    return found.group(1)


def test_the_players_leave_the_notebooks_style_alone(tmp_path):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("no chromium at %s" % CHROMIUM)
    board = domino.place.generate(set=3, seed=2)
    pieces = domino.vanish.generate(4, 4, 3, seed=1, clearable=True)
    players = [domino.place.explain(board), domino.vanish.solve(pieces)]
    alone = heading_style(tmp_path, "alone", "")
    assert alone.startswith("rgb(10, 20, 30)|17px|3px")
    framed = "".join(p._repr_html_() for p in players)
    assert heading_style(tmp_path, "framed", framed) == alone
    bare = "".join(p._native.html() for p in players)
    assert heading_style(tmp_path, "bare", bare) != alone
