#!/usr/bin/env bash
# Redraws Examples/readme/hero.png: a frame of five examples, laid out by Examples/readme/hero.mask.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product mask >/dev/null
mask=.build/release/mask
mkdir -p Examples/readme/panels
while read -r name t; do
  "$mask" render "Examples/$name.mask" --at "$t" -o "Examples/readme/panels/$name.png" >/dev/null
done <<'LIST'
png_mask 0.7
water_fill 1.2
tile_fade 2.3
circle_reveal 0.85
shimmer 1.1
LIST
"$mask" render Examples/readme/hero.mask --at 0 -o Examples/readme/hero.png
