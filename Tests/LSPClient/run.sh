#!/usr/bin/env bash
# One end-to-end session of `mask lsp` with a real Language Server Protocol client:
# pytest-lsp (on pygls) starts the server, speaks to it as Neovim 0.7 would (its client
# capabilities), checks every answer against the protocol and those capabilities, and
# the tests check the diagnostics, completion lists, hover, symbols and formatting.
#
#   bash Tests/LSPClient/run.sh [MASK_BINARY]     (default: .build/debug/mask)
#
# The client lives in a virtual environment this script creates (.build/lsp-client-venv)
# with the pinned versions of requirements.txt, reinstalled when that file changes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
binary="$(realpath "${1:-$root/.build/debug/mask}")"
if [ ! -x "$binary" ]; then
  echo "run.sh: no mask binary at $binary; build it first (swift build)" >&2
  exit 1
fi

venv="$root/.build/lsp-client-venv"
. "$root/Tests/venv.sh"
python_venv "$venv" "$here/requirements.txt"

# No __pycache__ left in the source tree.
PYTHONDONTWRITEBYTECODE=1 MASK_BINARY="$binary" "$venv/bin/python" -m pytest -q -p no:cacheprovider -c "$here/pytest.ini" "$here"
