#!/usr/bin/env bash
# Generation level by level beside the reference Dominosa (Debian's
# sgt-puzzles, installed when missing): whole processes, median per cell,
# a time limit per run. Usage:
#   bench/peers/place/generate.sh [SEEDS] [TIMEOUT_SECONDS] [SET ...]
# (default: 5 seeds, 120 s, double-6 double-9 double-12).
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [ ! -x /usr/games/sgt-dominosa ]; then
  apt-get install -y sgt-puzzles >/dev/null
fi
cargo build --release --quiet -p domino-cli
seeds=${1:-5}
timeout=${2:-120}
shift $(( $# > 2 ? 2 : $# ))
sets=("$@")
[ ${#sets[@]} -eq 0 ] && sets=(6 9 12)
python3 bench/peers/place/generate.py target/release/domino "$seeds" "$timeout" "${sets[@]}"
