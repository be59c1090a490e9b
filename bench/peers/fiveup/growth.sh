#!/usr/bin/env bash
# Growth of `domino fiveup` (whole process) with the game's size, for the
# random, dense-line and adversary families of the README's table: builds,
# generates 1e4, 1e5 and 1e6-play games with make_game.py and prints the
# best user CPU time of 3 runs each (the machine may be shared).
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release -q
bin=target/release/domino
gen=bench/peers/fiveup/make_game.py
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for n in 10000 100000 1000000; do
  v=$(python3 -c "print(int(3 * $n ** 0.5))")
  python3 $gen $n 3000 --seed 1 > "$dir/random.txt"
  python3 $gen $n "$v" --doubles 0 --seed 4 > "$dir/dense_line.txt"
  python3 $gen $n "$v" --doubles 1 --seed 4 > "$dir/adversary.txt"
  for family in random dense_line adversary; do
    best=$(for _ in 1 2 3; do
      { /usr/bin/time -f '%U' "$bin" fiveup "$dir/$family.txt" > /dev/null; } 2>&1 | tail -1
    done | sort -n | head -1)
    printf '%-12s %8d plays  user %5.2f s\n' "$family" "$n" "$best"
  done
done
