#!/usr/bin/env bash
# Times the whole `domino fiveup` process (read, parse, decide, write the
# layout) on generated games: 1e6-play legal games with few and many
# distinct numbers, a line-shaped game (no doubles, the hard case for
# repairs), and a million 8-play games with --lines. Prints the median
# wall and user time of 5 runs each. The machine may be shared: compare
# user times, and expect noise.
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release -q
bin=target/release/domino
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gen=bench/peers/fiveup/make_game.py
python3 $gen 1000000 3000 --seed 1 > "$dir/few.txt"
python3 $gen 1000000 100000 --seed 3 > "$dir/many.txt"
python3 $gen 100000 900 --doubles 0 --seed 4 > "$dir/line.txt"
python3 $gen 8 20 --lines 1000000 --seed 2 > "$dir/lines.txt"

measure() { # name, args...
  local name=$1; shift
  local runs=()
  for _ in 1 2 3 4 5; do
    runs+=("$( { /usr/bin/time -f '%e %U' "$bin" fiveup "$@" > /dev/null; } 2>&1 | tail -1)")
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 3p | awk -v n="$name" '{printf "%-40s wall %5.2f s  user %5.2f s\n", n, $1, $2}'
}
measure "1e6 plays, 3000 numbers" "$dir/few.txt"
measure "1e6 plays, 3000 numbers, --json" --json "$dir/few.txt"
measure "1e6 plays, 100000 numbers" "$dir/many.txt"
measure "1e5 plays, a bare line (no doubles)" "$dir/line.txt"
measure "1e6 games of 8 plays, --lines" --lines "$dir/lines.txt"
