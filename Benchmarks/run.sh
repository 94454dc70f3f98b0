#!/usr/bin/env bash
# Renders each 1280×720 benchmark scene with the release build and reports frames per
# second for 1 job and for every core. Usage: bash Benchmarks/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product mask >/dev/null
bin=.build/release/mask
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cores=$(nproc)
printf '%-18s %8s %10s %12s\n' scene frames "fps (1)" "fps ($cores)"
for scene in Benchmarks/scenes/*.mask; do
  name=$(basename "$scene" .mask)
  row="$name"
  frames=0
  for jobs in 1 "$cores"; do
    rm -rf "$out/f"
    start=$(date +%s.%N)
    "$bin" render "$scene" -o "$out/f" --jobs "$jobs" --quiet
    end=$(date +%s.%N)
    frames=$(ls "$out/f" | wc -l)
    fps=$(python3 -c "print(f'{$frames / ($end - $start):.1f}')")
    row="$row $fps"
  done
  printf '%-18s %8s %10s %12s\n' $(echo "$row" | awk -v f="$frames" '{print $1, f, $2, $3}')
done

# The cairo reference (render only, one thread), when Debian's python3-cairo is installed.
if /usr/bin/python3 -c "import cairo" 2>/dev/null; then
  /usr/bin/python3 Benchmarks/cairo/sweep_720p.py
else
  echo "(cairo reference skipped: apt-get install -y python3-cairo)"
fi
