#!/usr/bin/env bash
# Placement puzzles: `domino place solve` against Z3 (pip z3-solver) on the
# boards of boards/ (the criterion bench uses the same files), as whole
# processes, with the median time per board and the ratio.
# Installs z3-solver into bench/peers/.venv when missing.
# Usage: bench/peers/place/run.sh [RUNS_DOMINO] [RUNS_Z3]
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv=bench/peers/.venv
if ! "$venv/bin/python" -c "import z3" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet z3-solver
fi
cargo build --release --quiet -p domino-cli
"$venv/bin/python" bench/peers/place/run.py target/release/domino "$@"
