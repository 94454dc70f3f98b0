#!/usr/bin/env bash
# Checks that two builds of `mask` render the same bytes: every Examples/**/*.mask and
# Benchmarks/scenes/*.mask, a few frames each (0, 13, 37, 59: those a scene has), one job,
# PPM files compared byte for byte. A script one build rejects must be rejected by the
# other with the same message. For changes that must not move a pixel (the pixel kernels).
# Usage: bash Benchmarks/same_bytes.sh [NEW_MASK [OLD_MASK]]
#   (defaults: this worktree's release build, and main's: /work/main/.build/release/mask)
set -euo pipefail
cd "$(dirname "$0")/.."
new="${1:-}"
old="${2:-/work/main/.build/release/mask}"
if [ -z "$new" ]; then
  swift build -c release --product mask >/dev/null
  new="$(swift build -c release --show-bin-path)/mask"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
checked=0 failed=0 frames=0
while IFS= read -r file; do
  for frame in 0 13 37 59; do
    for side in new old; do
      bin="$new"; [ "$side" = old ] && bin="$old"
      rm -rf "$work/$side"; mkdir -p "$work/$side"
      if "$bin" render "$file" -o "$work/$side" --frames "$frame:$frame" --jobs 1 --quiet >/dev/null 2>"$work/$side.err"; then
        echo ok >"$work/$side.status"
      else
        echo failed >"$work/$side.status"
      fi
      sed -i "s#$work/$side#OUT#g" "$work/$side.err"
    done
    if ! cmp -s "$work/new.status" "$work/old.status" || ! cmp -s "$work/new.err" "$work/old.err" ||
       ! diff -r -q "$work/new" "$work/old" >/dev/null; then
      # Each side's status and first error line: a render that failed on one side only
      # (seen once, not reproduced) shows why.
      echo "DIFFERENT: $file frame $frame (new $(cat "$work/new.status"): $(head -n 1 "$work/new.err"); old $(cat "$work/old.status"): $(head -n 1 "$work/old.err"))"
      failed=$((failed + 1))
    fi
    checked=$((checked + 1))
    frames=$((frames + $(find "$work/new" -type f | wc -l)))
  done
done < <(find Examples Benchmarks/scenes -name '*.mask' | sort)
echo "$checked renders compared ($frames frame files), $failed different"
[ "$failed" -eq 0 ]
