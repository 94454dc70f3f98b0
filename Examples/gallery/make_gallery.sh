#!/usr/bin/env bash
# Draws the contact sheet of every example into Examples/gallery/NAME.png, as
# Examples/README.md shows them: 8 frames from the first to the last, 4 columns.
# Usage: bash Examples/gallery/make_gallery.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product mask >/dev/null
for example in Examples/*.mask; do
  name=$(basename "$example" .mask)
  .build/release/mask render "$example" --sheet "Examples/gallery/$name.png" --sheet-frames 8 --columns 4 --quiet
  echo "Examples/gallery/$name.png"
done
