#!/usr/bin/env python3
"""What each frame of a scene must redraw: the pixels (and rows) that differ from the frame
before, averaged over frames 1–59, from the frames `mask render` writes (PPM). A renderer
that keeps its last frame, as `RenderBuffers` does, redraws at least these pixels; two
scenes' ratio of changed pixels is the part of their time ratio no per-pixel saving can
remove (issue 26: `masks_four` against `masks_one`).

It also counts each frame's edges: along each row, the places where a pixel differs from
the one on its left, neighbouring places taken as one edge (an anti-aliased edge is a few
pixels of changing colour). Each edge is work no per-row saving removes: its cells
rasterized, its pixels blended, on every frame where it moves.

Usage: python3 Benchmarks/changes.py MASK [SCENE...]
       (MASK a `mask` binary; SCENE names in Benchmarks/scenes, default masks_one masks_four)
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def read_ppm(path):
    """Width, height and the RGB bytes of a binary PPM (P6, maxval 255) as `mask` writes it."""
    with open(path, "rb") as f:
        data = f.read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        end = at
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not a P6 PPM of maxval 255")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[at + 1:]
    if len(pixels) != width * height * 3:
        sys.exit(f"{path}: {len(pixels)} bytes of pixels, expected {width * height * 3}")
    return width, height, pixels


def changed(before, after, width, height):
    """Pixels and rows of `after` that differ from `before` (same size)."""
    pixels = rows = 0
    stride = width * 3
    for y in range(height):
        a, b = before[y * stride:(y + 1) * stride], after[y * stride:(y + 1) * stride]
        if a == b:
            continue
        rows += 1
        pixels += sum(1 for x in range(0, stride, 3) if a[x:x + 3] != b[x:x + 3])
    return pixels, rows


# Each byte that is not 0 made 1 (bytes.translate's table).
NONZERO = bytes([0] + [1] * 255)
CHANGES = re.compile(b"\x01+")


def edges(frame, width, height):
    """The edges of a frame: along each row, runs of neighbouring pixels each unlike the
    one on its left, counted with C-speed byte operations (no loop over the pixels)."""
    count = 0
    stride = width * 3
    for y in range(height):
        row = frame[y * stride:(y + 1) * stride]
        step = (int.from_bytes(row[3:], "big") ^ int.from_bytes(row[:-3], "big")).to_bytes(stride - 3, "big")
        # A pixel unlike its left neighbour in any of its three channels.
        unlike = 0
        for channel in range(3):
            unlike |= int.from_bytes(step[channel::3].translate(NONZERO), "big")
        marks = unlike.to_bytes(width - 1, "big")
        count += sum(1 for _ in CHANGES.finditer(marks))
    return count


def measure(binary, scene):
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([binary, "render", os.path.join(HERE, "scenes", scene + ".mask"), "-o", out,
                        "--frames", "0:59", "--quiet"], check=True)
        names = sorted(n for n in os.listdir(out) if n.endswith(".ppm"))
        if len(names) < 2:
            sys.exit(f"{scene}: fewer than two frames")
        total_pixels = total_rows = total_edges = 0
        width, height, last = read_ppm(os.path.join(out, names[0]))
        for name in names[1:]:
            w, h, frame = read_ppm(os.path.join(out, name))
            if (w, h) != (width, height):
                sys.exit(f"{scene}: {name} is {w}×{h}, the first frame {width}×{height}")
            p, r = changed(last, frame, width, height)
            total_pixels += p
            total_rows += r
            total_edges += edges(frame, width, height)
            last = frame
        n = len(names) - 1
        return total_pixels / n, total_rows / n, total_edges / n, width * height


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    scenes = sys.argv[2:] or ["masks_one", "masks_four"]
    results = []
    print(f"{'scene':<16}{'changed px / frame':>20}{'of the frame':>14}{'changed rows / frame':>22}"
          f"{'edges / frame':>15}")
    for scene in scenes:
        pixels, rows, found, area = measure(binary, scene)
        results.append((pixels, found))
        print(f"{scene:<16}{pixels:>20,.0f}{pixels / area:>13.2%}{rows:>22.1f}{found:>15,.0f}")
    if len(results) > 1 and results[0][0] > 0 and results[0][1] > 0:
        print(f"{scenes[-1]} / {scenes[0]}: changed pixels {results[-1][0] / results[0][0]:.2f}, "
              f"edges {results[-1][1] / results[0][1]:.2f}")


if __name__ == "__main__":
    main()
