#!/usr/bin/env bash
# One end-to-end session of `mask lsp` with headless Neovim 0.7 (Debian's `neovim`), which
# needs no network, unlike run.sh's pytest-lsp: diagnostics, completion after `box.`, and
# formatting applied by Neovim itself (neovim_session.lua holds the checks).
#
#   bash Tests/LSPClient/run_neovim.sh [MASK_BINARY]     (default: .build/debug/mask)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
binary="$(realpath "${1:-$root/.build/debug/mask}")"
if [ ! -x "$binary" ]; then
  echo "run_neovim.sh: no mask binary at $binary; build it first (swift build)" >&2
  exit 1
fi
command -v nvim >/dev/null || { echo "run_neovim.sh: needs nvim (apt-get install neovim)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Unformatted on purpose (`layer box{`), with one typo for the diagnostic; the session
# types `box.` on a new line itself.
printf 'canvas { size: [64, 64] }\nlayer box{\n  frame: [4, 4, 20, 20]\n  opacty: 0.5\n}\n' > "$work/scene.mask"
cd "$work"
# Neovim's LSP log goes under HOME; keep it out of the user's.
HOME="$work" MASK_BINARY="$binary" timeout 30 nvim --headless -u NONE -i NONE -n \
  -c "luafile $here/neovim_session.lua" scene.mask
echo "neovim session: passed"
