#!/usr/bin/env bash
# Growth of `domino fiveup` (whole process) with the game's size, for the
# families of the README's table: random, dense line and adversary games
# from make_game.py at 1e4, 1e5 and 1e6 plays, and games that encode a
# bipartite perfect matching (matching_game.py, about 10 plays per edge)
# at 1e4, 1e5 and 1e6 plays (the 1e6 one takes seconds a run), and
# composite games (composite_game.py: a matching game of 70% of the plays
# that spends the search budget, then a dense line the phases must not
# get all of) at 1e4, 1e5 and 1e6 plays. Prints the median user CPU time
# of 3 runs each (the machine may be shared: medians of repeated runs are
# what to compare).
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release -q -p domino-cli
bin=target/release/domino
gen=bench/peers/fiveup/make_game.py
matching=bench/peers/fiveup/matching_game.py
composite=bench/peers/fiveup/composite_game.py
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() {
  for _ in 1 2 3; do
    { /usr/bin/time -f '%U' "$bin" fiveup "$1" > /dev/null; } 2>&1 | tail -1
  done | sort -n | sed -n 2p
}
for n in 10000 100000 1000000; do
  v=$(python3 -c "print(int(3 * $n ** 0.5))")
  python3 $gen $n 3000 --seed 1 > "$dir/random.txt"
  python3 $gen $n "$v" --doubles 0 --seed 4 > "$dir/dense_line.txt"
  python3 $gen $n "$v" --doubles 1 --seed 4 > "$dir/adversary.txt"
  python3 $matching $((n * 35 / 1000)) --seed 1 > "$dir/matching.txt"
  python3 $composite $n --seed 1 > "$dir/composite.txt"
  for family in random dense_line adversary matching composite; do
    plays=$(wc -w < "$dir/$family.txt")
    printf '%-12s %8d plays  user %6.2f s\n' "$family" "$plays" "$(median "$dir/$family.txt")"
  done
done
