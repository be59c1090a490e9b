#!/usr/bin/env python3
"""Checks for scripts/browser-test, standard library only.

  browser-check.py dom FILE CHECK   checks a DOM dumped by chromium --dump-dom
  browser-check.py png FILE CHECK   checks a screenshot's pixels

Each CHECK is one named expectation about one page; the script prints what
it checked and exits 1 on the first failure.
"""

import struct
import os
import sys
import zlib
from collections import Counter
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = dict(attrs)
        self.parent = parent
        self.children = []
        self.text = ""

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def hidden(self):
        node = self
        while node is not None:
            if "step-hidden" in node.classes():
                return True
            node = node.parent
        return False

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, tag=None, cls=None):
        return [n for n in self.walk()
                if (tag is None or n.tag == tag) and (cls is None or cls in n.classes())]

    def all_text(self):
        return self.text + "".join(c.all_text() for c in self.children)


class Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [], None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.text += data


def fail(message):
    print("  FAIL: " + message)
    sys.exit(1)


def ok(message):
    print("  ok: " + message)


def pictures(root):
    return root.find("svg", "domino-picture")


def tiles(svg, visible_only=False):
    found = svg.find("g", "tile")
    return [t for t in found if not (visible_only and t.hidden())]


def players(root):
    return root.find("div", "player")


def counter(player):
    c = player.find("span", "counter")[0]
    return c.all_text().strip(), c.attrs.get("data-step")


# Expected pictures of demo.html, in order: (family, tiles drawn).
# Five Up: the six games of crates/domino/data/fiveup (illegal ones: the moves before
# the illegal move, and that move). Place: dp_001 (its clue, then the clue and 28 bones), the two-solution
# board (bare, then both maps), double-nine (bare, solved), the explain
# player of a generated double-5 puzzle (its 21 bones), the double-20 layout. Vanish: the 5 x 4 board (player, nothing
# left at the end), the 10 x 6 board (player, 5 left). Pips: each of the
# three crates/domino/data/pips puzzles bare, then with its first solution's pieces.
DEMO = [("chain", 28), ("chain", 6), ("chain", 72),
        ("fiveup", 18), ("fiveup", 7), ("fiveup", 6), ("fiveup", 3), ("fiveup", 6), ("fiveup", 5),
        ("place", 1), ("place", 29), ("place", 0), ("place", 28), ("place", 28),
        ("place", 0), ("place", 55), ("place", 21), ("place", 231),
        ("vanish", 10), ("vanish", 0), ("vanish", 20), ("vanish", 5),
        ("pips", 0), ("pips", 8), ("pips", 0), ("pips", 6), ("pips", 0), ("pips", 12)]
# Step counters of the players (explain, vanish 5 x 4, vanish 10 x 6). The
# explain player's count follows the deduction engine, so scripts/browser-test
# asks the engine (`place explain` on the demo's puzzle) and passes it in
# EXPLAIN_FRAMES: a change of technique must not break the picture test.
PLAYER_STEPS = [int(os.environ.get("EXPLAIN_FRAMES", "0")), 10, 15]


def check_demo(root):
    svgs = pictures(root)
    if len(svgs) != len(DEMO):
        fail(f"demo.html has {len(svgs)} pictures, expected {len(DEMO)}")
    for k, (svg, (family, count)) in enumerate(zip(svgs, DEMO)):
        got_family = svg.attrs.get("data-family")
        n = len(tiles(svg))
        if got_family != family or n != count:
            fail(f"picture {k}: {got_family} with {n} tiles, expected {family} with {count}")
        if svg.attrs.get("data-tiles") != str(n):
            fail(f"picture {k}: data-tiles {svg.attrs.get('data-tiles')} but {n} tiles drawn")
    ok(f"demo.html: {len(DEMO)} pictures, tiles per picture " + ", ".join(f"{f} {c}" for f, c in DEMO))
    long_chain = svgs[2]
    if long_chain.attrs.get("data-dominoes") != "1035" or not long_chain.find(cls="gap-label"):
        fail("the 1,035-domino chain is not abbreviated with a gap label")
    ok("demo.html: the 1,035-domino chain is abbreviated (72 tiles and a gap label)")
    ps = players(root)
    states = [counter(p) for p in ps]
    if states != [(f"Step 0 of {n}", "0") for n in PLAYER_STEPS]:
        fail(f"player counters after load: {states}")
    ok(f"demo.html: {len(PLAYER_STEPS)} players, counters read Step 0 of {PLAYER_STEPS} after the script ran")
    for node in root.walk():
        for attr in ("src", "href"):
            if node.attrs.get(attr):
                fail(f"<{node.tag} {attr}=...> would fetch something; the page must be self-contained")
    ok("demo.html: no src or href attributes (self-contained)")


def check_demo_step2(root):
    ps = players(root)
    states = [counter(p) for p in ps]
    if states != [(f"Step 2 of {n}", "2") for n in PLAYER_STEPS]:
        fail(f"counters after #step=2 (two presses of Next): {states}")
    vanish = ps[1].find("svg", "domino-picture")[0]
    visible = len(tiles(vanish, visible_only=True))
    if visible != 8:
        fail(f"vanish player at step 2 shows {visible} pieces, expected 8")
    captions = [c.all_text() for c in vanish.find("g", "step-caption") if not c.hidden()]
    if len(captions) != 1 or "Removal 2" not in captions[0]:
        fail(f"vanish player at step 2 shows captions {captions}")
    ok("demo.html#step=2: every counter moved to Step 2, vanish shows 8 pieces and the caption of removal 2")


def check_vanish_step3(root):
    p = players(root)[0]
    if counter(p) != ("Step 3 of 10", "3"):
        fail(f"vanish.html#step=3 counter {counter(p)}")
    svg = p.find("svg", "domino-picture")[0]
    visible = len(tiles(svg, visible_only=True))
    just = [g for g in svg.find(cls="just-removed") if not g.hidden()]
    if visible != 7 or len(just) != 1:
        fail(f"vanish.html#step=3 shows {visible} pieces and {len(just)} just-removed outlines")
    prev = p.find("button", "prev")[0]
    if "disabled" in prev.attrs:
        fail("Previous is still disabled after Next")
    ok("vanish.html#step=3: counter Step 3 of 10, 7 pieces left, one orange outline, Previous enabled")


def check_vanish_played(root):
    p = players(root)[0]
    if counter(p) != ("Step 10 of 10", "10"):
        fail(f"vanish.html#play counter {counter(p)}")
    svg = p.find("svg", "domino-picture")[0]
    if tiles(svg, visible_only=True):
        fail("pieces still shown after playing to the end")
    ok("vanish.html#play (virtual time): Play ran to Step 10 of 10, board empty")


def check_vanish_keys(root):
    p = players(root)[0]
    if counter(p) != ("Step 2 of 10", "2"):
        fail(f"after ArrowRight x3 and ArrowLeft: counter {counter(p)}")
    ok("vanish-keys.html: ArrowRight three times and ArrowLeft once leave the counter at Step 2 of 10")


def check_explain_step5(root):
    p = players(root)[0]
    if counter(p) != ("Step 5 of 5", "5"):
        fail(f"explain.html#step=5 counter {counter(p)}")
    svg = p.find("svg", "domino-picture")[0]
    solution = svg.find("g", "solution")
    if not solution or solution[0].hidden() or len(tiles(solution[0])) != 10:
        fail("explain.html#step=5 does not show the 10 tiles of the solution")
    ok("explain.html#step=5: counter Step 5 of 5, the solution's 10 tiles shown")


def check_explain_step1(root):
    p = players(root)[0]
    svg = p.find("svg", "domino-picture")[0]
    shown = [g for g in svg.find("g", "step-cells") if not g.hidden()]
    if counter(p) != ("Step 1 of 5", "1") or len(shown) != 1 or len(shown[0].find("rect")) != 2:
        fail(f"explain.html#step=1: counter {counter(p)}, {len(shown)} highlighted groups")
    if not svg.find("g", "solution")[0].hidden():
        fail("explain.html#step=1 already shows the solution")
    ok("explain.html#step=1: the first deduction's 2 cells highlighted, solution hidden")


DOM_CHECKS = {
    "demo": check_demo,
    "demo-step2": check_demo_step2,
    "vanish-step3": check_vanish_step3,
    "vanish-played": check_vanish_played,
    "vanish-keys": check_vanish_keys,
    "explain-step1": check_explain_step1,
    "explain-step5": check_explain_step5,
}


def read_png(path):
    """Decodes an 8-bit RGB or RGBA non-interlaced PNG into rows of pixels."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                fail(f"{path}: unsupported PNG (depth {depth}, colour type {colour})")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return rows


def near(pixel, colour, tolerance=40):
    return all(abs(p - c) <= tolerance for p, c in zip(pixel, colour))


def hex_colour(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def check_png(path, name):
    rows = read_png(path)
    pixels = [p for row in rows for p in row]
    counts = Counter(pixels)
    background, _ = counts.most_common(1)[0]
    other = sum(1 for p in pixels if not near(p, background, 8))
    share = other / len(pixels)
    if share < 0.05 or len(counts) < 50:
        fail(f"{name}: only {share:.1%} of pixels differ from the background, {len(counts)} colours: blank?")
    ink = sum(1 for p in pixels if near(p, hex_colour("#24303a"), 30))
    tile = sum(1 for p in pixels if near(p, hex_colour("#fffdf6"), 4))
    if ink < 500 or tile < 5000:
        fail(f"{name}: {ink} pip/digit pixels and {tile} tile pixels: the dominoes are not drawn")
    message = (f"{name}: {share:.0%} of {len(pixels)} pixels differ from the background, "
               f"{len(counts)} colours, {ink} ink pixels, {tile} tile pixels")
    if name.startswith("demo"):
        bands = []
        for k in range(4):
            band = [p for row in rows[k * len(rows) // 4:(k + 1) * len(rows) // 4] for p in row]
            bands.append(sum(1 for p in band if not near(p, background, 8)) / len(band))
        if min(bands) < 0.03:
            fail(f"{name}: a quarter of the page is (nearly) empty: {[f'{b:.0%}' for b in bands]}")
        message += ", every quarter of the page drawn (" + ", ".join(f"{b:.0%}" for b in bands) + ")"
    if name.startswith("vanish"):
        accent = sum(1 for p in pixels if near(p, hex_colour("#e07b24"), 40))
        if accent < 50:
            fail(f"{name}: no orange outline of the piece just removed ({accent} pixels)")
        message += f", {accent} orange pixels (the piece just removed)"
    ok(message)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("dom", "png"):
        print(__doc__)
        sys.exit(2)
    mode, path, check = sys.argv[1:]
    if mode == "dom":
        tree = Tree()
        with open(path, encoding="utf-8") as f:
            tree.feed(f.read())
        DOM_CHECKS[check](tree.root)
    else:
        check_png(path, check)


if __name__ == "__main__":
    main()
