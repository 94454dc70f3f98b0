#!/usr/bin/env bash
# Redraws Docs/hero.png: a frame of five examples, laid out by Docs/hero.mask.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product mask >/dev/null
mask=.build/release/mask
mkdir -p Docs/panels
while read -r name t; do
  "$mask" render "Examples/$name.mask" --at "$t" -o "Docs/panels/$name.png" >/dev/null
done <<'LIST'
png_mask 0.7
water_fill 1.2
tile_fade 2.3
circle_reveal 0.85
shimmer 1.1
LIST
"$mask" render Docs/hero.mask --at 0 -o Docs/hero.png
