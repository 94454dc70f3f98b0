#!/usr/bin/env bash
# Instructions per frame of MaskBench (one thread, in memory), counted by callgrind: the
# measure to compare while the machine is shared, since it does not change with the load.
# Each scene is run with one timed pass and with two; the difference is one pass of 60
# frames (start-up, scene loading and the warm-up pass cancel out).
# Usage: bash Benchmarks/instructions.sh [MaskBench binary]   (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
bench="${1:-}"
if [ -z "$bench" ]; then
  swift build -c release --product MaskBench >/dev/null
  bench="$(swift build -c release --show-bin-path)/MaskBench"
fi
# Valgrind 3.19 gives up on the debug info of Swift's release binaries: count a stripped copy.
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
strip -o "$stripped" "$bench"
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" render "$1" 1 "$2" 2>&1 >/dev/null |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for scene in tile_fade text_shimmer circle_reveal heavy; do
  file="Benchmarks/scenes/$scene.mask"
  one=$(count "$file" 1)
  two=$(count "$file" 2)
  echo "$scene $(( (two - one) / 60 )) instructions per frame"
done
