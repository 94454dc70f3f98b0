"""The harness shared by the pycairo peers: times a frame loop and prints one result line.

Each peer script defines `draw(cr, t)` for its scene and calls `run(name, draw)`. The loop
draws frames 0–59 (1280×720, 30 fps) into one ARGB32 surface, as `mask render` draws
them, and prints `NAME FRAMES SECONDS` on standard output for Benchmarks/run.sh. With
`--raw DIR` every frame is also written to a file as cairo holds it (ARGB32, 3.7 MB, one
`write`): the cheapest output a cairo program can have, cheaper than the PPM `mask render`
writes (a PPM needs the bytes reordered, which pure Python does at ~10 ms a frame). With
`--png DIR` frames are written with cairo's own `write_to_png`.

Needs Debian's python3-cairo (apt-get install -y python3-cairo); run with /usr/bin/python3.
"""
import os
import sys
import time

import cairo

W, H, FPS, FRAMES = 1280, 720, 30, 60
HERE = os.path.dirname(os.path.abspath(__file__))


def bezier_ease(x1, y1, x2, y2):
    """Core Animation's cubic timing curve through (0,0), (x1,y1), (x2,y2), (1,1)."""
    def coord(t, a, b):
        return 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3

    def ease(x):
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if coord(mid, x1, x2) < x:
                lo = mid
            else:
                hi = mid
        return coord((lo + hi) / 2, y1, y2)
    return ease


ease_in_out = bezier_ease(0.42, 0, 0.58, 1)


def option(flag):
    return sys.argv[sys.argv.index(flag) + 1] if flag in sys.argv else None


def write_raw(surface, path):
    with open(path, "wb") as f:
        f.write(surface.get_data())


def run(name, draw):
    raw_dir, png_dir = option("--raw"), option("--png")
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    start = time.perf_counter()
    for k in range(FRAMES):
        cr = cairo.Context(surface)
        draw(cr, k / FPS)
        surface.flush()
        if raw_dir:
            write_raw(surface, os.path.join(raw_dir, f"frame_{k:05d}.argb"))
        if png_dir:
            surface.write_to_png(os.path.join(png_dir, f"frame_{k:05d}.png"))
    elapsed = time.perf_counter() - start
    print(f"{name} {FRAMES} {elapsed:.6f}")
