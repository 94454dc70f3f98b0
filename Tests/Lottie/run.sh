#!/usr/bin/env bash
# `mask export` against real Lottie players: makes a virtual environment with rlottie
# (PyPI rlottie-python, rlottie 0.2), ThorVG (PyPI thorvg-python) and the Lottie schema
# (PyPI lottie-specs), remade when requirements.txt changes, then runs the pytest in this
# folder. Usage: Tests/Lottie/run.sh [path/to/mask]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mask="${1:-$root/.build/debug/mask}"
mask="$(cd "$(dirname "$mask")" && pwd)/$(basename "$mask")"
venv="${LOTTIE_VENV:-$root/.build/lottie-venv}"
. "$root/Tests/venv.sh"
python_venv "$venv" "$here/requirements.txt"
cd "$here"
MASK_BIN="$mask" "$venv/bin/pytest" -q -s "$here/test_lottie.py"
