#!/usr/bin/env bash
# The render benchmark: builds the release binary, then renders each 1280×720 scene in
# Benchmarks/scenes with `mask render` and with its pycairo peer in Benchmarks/cairo, in
# the same run, and prints frames/s, the ratio, ns per pixel and peak memory (see
# Benchmarks/bench.py). Usage: bash Benchmarks/run.sh [RUNS]   (best of RUNS, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! /usr/bin/python3 -c "import cairo" 2>/dev/null; then
  echo "the pycairo peers need Debian's python3-cairo: apt-get install -y python3-cairo" >&2
  exit 1
fi
[ -x /usr/bin/time ] || { echo "peak memory needs /usr/bin/time: apt-get install -y time" >&2; exit 1; }
swift build -c release --product mask >/dev/null
lscpu | sed -n 's/^Model name: *//p' | head -1 | xargs echo "cpu:"
echo "cores: $(nproc)"
/usr/bin/python3 Benchmarks/bench.py .build/release/mask "${1:-5}"
