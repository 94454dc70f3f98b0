#!/usr/bin/env bash
# Tests the syntax grammars of editors/ (see test_grammars.py for what is checked).
# Creates its own virtual environment in editors/tests/.venv (ignored by git) and
# installs requirements.txt there, again only when that file changes, so CI and a
# laptop run the same versions without touching any system Python.
#
#   editors/tests/run.sh                           # run the tests
#   MASK_BIN=.build/release/mask editors/tests/run.sh   # also check against the real lexer
#   MASK_UPDATE_FIXTURES=1 editors/tests/run.sh    # re-pin fixtures/ after a deliberate change
#
# Extra arguments go to pytest (for example -k pygments).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
. "$here/../../Tests/venv.sh"
python_venv "$venv" "$here/requirements.txt"

# No cache provider: pytest would otherwise write .pytest_cache into the checkout.
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here" "$@"
