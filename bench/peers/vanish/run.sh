#!/usr/bin/env bash
# Times the exact vanish solver (`domino vanish solve --json`) on the
# report's problems and on random full boards of 20..100 pieces with values
# 0..2, 0..3 and 0..5: per size, the median time and states over the boards, and
# how many were proven within the time limit. The report's own exact search
# (a plain search over visited states, capped at 64 pieces) is the peer
# these figures are set against; it is not runnable here, so its numbers
# come from the report.
#
#   bench/peers/vanish/run.sh            # 5 boards a size, 10 s a board
#   BOARDS=9 LIMIT=10 bench/peers/vanish/run.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
BOARDS=${BOARDS:-5}
LIMIT=${LIMIT:-10}
cargo build --release -q -p domino-cli
DOMINO=target/release/domino

field() { grep -o "\"$1\":[^,}]*" | head -1 | cut -d: -f2; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

echo "== report problems (exact, limit ${LIMIT} s)"
printf '%-16s %6s %6s %8s %10s %10s\n' file pieces score proven seconds states
for f in testdata/vanish/problem*.*; do
  out=$("$DOMINO" vanish solve "$f" --json --time-limit "$LIMIT")
  pieces=$(grep -c 'piece ' "$f" || true)
  [ "${f##*.}" = txt ] && pieces=$(($(grep -c ';' "$f") - 1))
  printf '%-16s %6s %6s %8s %10s %10s\n' "$(basename "$f")" "$pieces" \
    "$(echo "$out" | field score)" "$(echo "$out" | field optimal)" \
    "$(echo "$out" | field seconds)" "$(echo "$out" | field states)"
done

echo
echo "== random full boards (exact, limit ${LIMIT} s, ${BOARDS} boards a size, seeds 1..${BOARDS})"
printf '%7s %7s %7s %8s %14s %14s\n' pieces board values proven median_s median_states
for values in 2 3 5; do
  for size in 20:5x8 30:6x10 40:8x10 50:10x10 60:10x12 80:10x16 100:10x20; do
    pieces=${size%%:*}
    dims=${size#*:}
    w=${dims%x*}
    h=${dims#*x}
    times=""
    states=""
    proven=0
    for seed in $(seq 1 "$BOARDS"); do
      out=$("$DOMINO" vanish generate --width "$w" --height "$h" --max-value "$values" --seed "$seed" |
        "$DOMINO" vanish solve --json --time-limit "$LIMIT")
      times+="$(echo "$out" | field seconds)"$'\n'
      states+="$(echo "$out" | field states)"$'\n'
      [ "$(echo "$out" | field optimal)" = true ] && proven=$((proven + 1))
    done
    printf '%7s %7s %7s %8s %14s %14s\n' "$pieces" "$dims" "0..$values" "$proven/$BOARDS" \
      "$(printf '%s' "$times" | median)" "$(printf '%s' "$states" | median)"
  done
done
