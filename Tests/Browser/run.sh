#!/usr/bin/env bash
# `mask serve` in headless browsers, driven by preview_check.py with PyPI
# websocket-client (in a virtual environment this script makes, .build/browser-venv,
# remade when requirements.txt changes): Debian `chromium` over the DevTools protocol,
# then Debian `firefox-esr` over WebDriver BiDi when it is installed (CI installs both).
#
#   bash Tests/Browser/run.sh [MASK_BINARY]                  the checks, in each browser
#   bash Tests/Browser/run.sh MASK_BINARY --screenshot OUT.png --example SCRIPT
#                                                            the README's picture (Chromium)
#   bash Tests/Browser/run.sh MASK_BINARY --measure SECONDS --example SCRIPT
#                                                            frames played in time (Chromium)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
binary="$(realpath "${1:-$root/.build/debug/mask}")"
shift || true
if [ ! -x "$binary" ]; then
  echo "run.sh: no mask binary at $binary; build it first (swift build)" >&2
  exit 1
fi
if ! command -v chromium >/dev/null; then
  echo "run.sh: chromium is not installed (apt-get install chromium)" >&2
  exit 1
fi
venv="$root/.build/browser-venv"
. "$root/Tests/venv.sh"
python_venv "$venv" "$here/requirements.txt"
check() { PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" "$here/preview_check.py" "$binary" "$@"; }
if [ "$#" -gt 0 ]; then
  check "$@"
  exit
fi
check --browser chromium
if command -v firefox-esr >/dev/null; then
  check --browser firefox
else
  echo "run.sh: firefox-esr is not installed; the page was checked in Chromium only"
fi
