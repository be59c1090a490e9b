#!/usr/bin/env bash
# Times the exact vanish solver (`domino vanish solve --json`) on the
# report's problems and on random full boards of 60, 80, 100 and 120 pieces
# (10 x 12, 10 x 16, 10 x 20, 10 x 24) with values 0..1, 0..2 and 0..3: per
# size and value range, how many boards were proven optimal within the time
# limit and the median time and states over the boards (a board not proven
# counts with the time it ran, the limit). The report's own exact search (a
# plain search over visited states, capped at 64 pieces) is the peer these
# figures are set against; it is not runnable here, so its numbers come from
# the report.
#
# Two fixed sets of seeds: the tuning set (SET=tune, seeds 1..BOARDS), used
# while improving the solver, and the held-out set (SET=held, seeds
# 1001..1000+BOARDS), run only to report.
#
#   bench/peers/vanish/run.sh                       # tuning set, 5 boards a cell, 10 s a board
#   SET=held BOARDS=7 THREADS=2 bench/peers/vanish/run.sh
#   VALUES="1 2" SIZES="100:10x20" bench/peers/vanish/run.sh
#   DOMINO=/path/to/other/domino bench/peers/vanish/run.sh   # another build
set -euo pipefail
cd "$(dirname "$0")/../../.."
BOARDS=${BOARDS:-5}
LIMIT=${LIMIT:-10}
SET=${SET:-tune}
VALUES=${VALUES:-1 2 3}
SIZES=${SIZES:-60:10x12 80:10x16 100:10x20 120:10x24}
THREADS=${THREADS:-}
case "$SET" in
  tune) first=1 ;;
  held) first=1001 ;;
  *) echo "SET must be tune or held" >&2; exit 2 ;;
esac
if [ -z "${DOMINO:-}" ]; then
  cargo build --release -q -p domino-cli
  DOMINO=target/release/domino
fi
threads=()
[ -n "$THREADS" ] && threads=(--threads "$THREADS")

field() { grep -o "\"$1\":[^,}]*" | head -1 | cut -d: -f2; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

if [ -z "${SKIP_REPORT:-}" ]; then
  echo "== report problems (exact, limit ${LIMIT} s)"
  printf '%-16s %6s %6s %8s %10s %10s\n' file pieces score proven seconds states
  for f in crates/domino/data/vanish/problem*.*; do
    out=$("$DOMINO" vanish solve "$f" --json --time-limit "$LIMIT" "${threads[@]}")
    pieces=$(grep -c 'piece ' "$f" || true)
    [ "${f##*.}" = txt ] && pieces=$(($(grep -c ';' "$f") - 1))
    printf '%-16s %6s %6s %8s %10.4f %10s\n' "$(basename "$f")" "$pieces" \
      "$(echo "$out" | field score)" "$(echo "$out" | field optimal)" \
      "$(echo "$out" | field seconds)" "$(echo "$out" | field states)"
  done
  echo
fi

last=$((first + BOARDS - 1))
echo "== random full boards (exact, limit ${LIMIT} s, ${BOARDS} boards a cell, seeds ${first}..${last}${THREADS:+, $THREADS threads})"
printf '%7s %7s %7s %8s %10s %14s\n' pieces board values proven median_s median_states
for values in $VALUES; do
  for size in $SIZES; do
    pieces=${size%%:*}
    dims=${size#*:}
    w=${dims%x*}
    h=${dims#*x}
    times=""
    states=""
    proven=0
    for seed in $(seq "$first" "$last"); do
      out=$("$DOMINO" vanish generate --width "$w" --height "$h" --max-value "$values" --seed "$seed" |
        "$DOMINO" vanish solve --json --time-limit "$LIMIT" "${threads[@]}")
      times+="$(echo "$out" | field seconds)"$'\n'
      states+="$(echo "$out" | field states)"$'\n'
      [ "$(echo "$out" | field optimal)" = true ] && proven=$((proven + 1))
      [ -n "${VERBOSE:-}" ] && echo "  seed $seed: $(echo "$out" | field score) left, proven $(echo "$out" | field optimal), $(echo "$out" | field seconds) s" >&2
    done
    printf '%7s %7s %7s %8s %10.3f %14s\n' "$pieces" "$dims" "0..$values" "$proven/$BOARDS" \
      "$(printf '%s' "$times" | median)" "$(printf '%s' "$states" | median)"
  done
done
