#!/usr/bin/python3
"""pycairo peer of Benchmarks/scenes/tile_fade.mask: the test pattern over black through a
12 × 2 grid of tiles; tile i (column-major) fades 1 → 0 over 1 s from 0.05 s × i."""
import os

import cairo

from peer import H, HERE, W, run

pattern = cairo.ImageSurface.create_from_png(os.path.join(HERE, "../assets/testpattern_720p.png"))
COLUMNS, ROWS = 12, 2


def draw(cr, t):
    cr.set_source_rgb(0, 0, 0)
    cr.paint()
    cr.set_source_surface(pattern, 0, 0)
    tw, th = W / COLUMNS, H / ROWS
    for i in range(COLUMNS * ROWS):
        alpha = min(1.0, max(0.0, 1 - (t - 0.05 * i)))
        if alpha <= 0:
            continue
        column, row = i // ROWS, i % ROWS
        cr.save()
        cr.rectangle(column * tw, row * th, tw, th)
        cr.clip()
        cr.paint_with_alpha(alpha)
        cr.restore()


if __name__ == "__main__":
    run("tile_fade", draw)
