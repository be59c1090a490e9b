#!/usr/bin/env bash
# Pips: `domino pips solve` against OR-tools CP-SAT (PyPI `ortools`) on the
# stress puzzles of testdata/pips/stress (made by make_puzzles.py; the
# criterion bench uses the same files): first solution and all solutions,
# as whole processes for domino (median of RUNS) and in-process solve time
# for CP-SAT (model building excluded), all solutions with a time limit.
# Installs ortools into bench/peers/.venv (shared with the place script) when missing.
# Usage: bench/peers/pips/run.sh [RUNS] [CPSAT_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv=bench/peers/.venv
if ! "$venv/bin/python" -c "import ortools" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet ortools
fi
cargo build --release --quiet -p domino-cli
"$venv/bin/python" bench/peers/pips/compare.py target/release/domino "${1:-5}" "${2:-60}" \
  crates/domino/data/pips/blank-row.json testdata/pips/stress/*.json
