#!/usr/bin/python3
"""The reference for Benchmarks/scenes/sweep_720p.mask, drawn with cairo.

The same frames: photo_a.png scaled to fill 1280×720, masked by a clear-black-clear
horizontal gradient 1280 wide that slides from x = -1280 to x = 1280 over 2 s, 61 frames
at 30 fps. Prints frames per second of rendering alone (no files written), so it is a
generous baseline for `mask render`, whose numbers include writing every frame.

Needs Debian's python3-cairo: apt-get install -y python3-cairo; run with /usr/bin/python3.
"""
import os
import time

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
W, H, FRAMES = 1280, 720, 61

photo = cairo.ImageSurface.create_from_png(os.path.join(HERE, "../../Examples/assets/photo_a.png"))
scale = max(W / photo.get_width(), H / photo.get_height())
photo_pattern = cairo.SurfacePattern(photo)
matrix = cairo.Matrix()
matrix.translate(photo.get_width() / 2, photo.get_height() / 2)
matrix.scale(1 / scale, 1 / scale)
matrix.translate(-W / 2, -H / 2)
photo_pattern.set_matrix(matrix)
photo_pattern.set_filter(cairo.FILTER_BILINEAR)

surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
start = time.perf_counter()
for k in range(FRAMES):
    t = k / 30
    x = -W + 2 * W * min(1.0, t / 2)
    cr = cairo.Context(surface)
    cr.set_source_rgb(0, 0, 0)
    cr.paint()
    band = cairo.LinearGradient(x, 0, x + W, 0)
    band.add_color_stop_rgba(0, 0, 0, 0, 0)
    band.add_color_stop_rgba(0.5, 0, 0, 0, 1)
    band.add_color_stop_rgba(1, 0, 0, 0, 0)
    cr.set_source(photo_pattern)
    cr.mask(band)
    surface.flush()
elapsed = time.perf_counter() - start
print(f"cairo {cairo.cairo_version_string()}: sweep_720p {FRAMES} frames, {FRAMES / elapsed:.1f} fps (render only, 1 thread)")
