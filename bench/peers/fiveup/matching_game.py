#!/usr/bin/env python3
"""Writes a Five Up game (one line, `a-b a-b ...`) that encodes a bipartite
perfect matching problem, as the library's `fiveup::matching_game` does (the
reduction in crates/domino/src/fiveup/mod.rs: the game is legal exactly when
the graph has a perfect matching, so no decider can beat bipartite matching
on these). About 10 plays per edge.

Graphs, SIDE numbers on each side:
  random  a planted perfect matching plus random edges, DEGREE per left
          number on average (legal)
  zigzag  left i to right i and i + 1, shuffled: one perfect matching, and
          a wrong early choice is undone along the whole line (legal)

usage: matching_game.py SIDE [--graph random|zigzag] [--degree D] [--seed S]
"""
import argparse
import random


def graph(side, kind, degree, rng):
    if kind == "zigzag":
        return [(i, j) for i in range(side) for j in (i, i + 1) if j < side]
    edges = set()
    perm = list(range(side))
    rng.shuffle(perm)
    edges.update(enumerate(perm))
    # A side of fewer numbers than the degree holds at most side * side edges.
    while len(edges) < min(degree, side) * side:
        edges.add((rng.randrange(side), rng.randrange(side)))
    return sorted(edges)


def game(side, edges, rng):
    vertices = 2 * side
    degree = [0] * vertices
    for l, r in edges:
        degree[l] += 1
        degree[side + r] += 1
    fresh = [vertices]

    def new_value():
        fresh[0] += 1
        return fresh[0]

    def pump(plays, x):
        y = new_value()
        plays += [(x, y), (y, y)]
        for _ in range(3):
            w = new_value()
            plays += [(y, w), (w, x)]

    hub = 0
    plays = [(hub, hub)]
    hub_ends = 4
    ends = [0] * vertices
    for v in range(vertices):
        if hub_ends < 2:
            pump(plays, hub)
            hub_ends += 2
        plays.append((hub, v + 1))
        hub_ends -= 1
        plays.append((v + 1, v + 1))
        ends[v] = 3
        while ends[v] < degree[v]:
            pump(plays, v + 1)
            ends[v] += 2
    order = list(edges)
    rng.shuffle(order)
    plays += [(l + 1, side + r + 1) for l, r in order]
    checks = []
    for v in range(vertices):
        bound = degree[v] - 1 if v < side else 1
        checks += [v] * max(0, ends[v] + degree[v] - 2 * bound)
    rng.shuffle(checks)
    plays += [(v + 1, new_value()) for v in checks]
    return " ".join(f"{a}-{b}" for a, b in plays)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("side", type=int)
    p.add_argument("--graph", choices=["random", "zigzag"], default="random")
    p.add_argument("--degree", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)
    print(game(a.side, graph(a.side, a.graph, a.degree, rng), rng))


if __name__ == "__main__":
    main()
