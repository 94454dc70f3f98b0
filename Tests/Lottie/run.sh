#!/usr/bin/env bash
# `mask export` against a real Lottie player: makes a virtual environment with rlottie
# (PyPI rlottie-python, rlottie 0.2) and the Lottie schema (PyPI lottie-specs), then runs
# the pytest in this folder. Usage: Tests/Lottie/run.sh [path/to/mask]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mask="${1:-$root/.build/debug/mask}"
mask="$(cd "$(dirname "$mask")" && pwd)/$(basename "$mask")"
venv="${LOTTIE_VENV:-$root/.build/lottie-venv}"
if [ ! -x "$venv/bin/pytest" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet -r "$here/requirements.txt"
fi
cd "$here"
MASK_BIN="$mask" "$venv/bin/pytest" -q -s "$here/test_lottie.py"
