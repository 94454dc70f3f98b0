"""Blend2D peers (PyPI `blend2d-python`) of the scenes in Benchmarks/scenes, for the
in-memory benchmark (Benchmarks/memory.py): `SCENES[name]()` sets a scene up once (its
image decoded, its font loaded) and gives `draw(ctx, t)`, which draws the frame at `t`
seconds with a `BLContext` on a 1280×720 PRGB32 image. The drawing follows the pycairo
peers in Benchmarks/cairo, scene by scene.
"""
import math
import os

import blend2d as bl

W, H = 1280, 720
HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def ease_in_out(x):
    """Core Animation's easeInOut, (0.42, 0, 0.58, 1), as the pycairo peers have it."""
    def coord(t, a, b):
        return 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if coord(mid, 0.42, 0.58) < x:
            lo = mid
        else:
            hi = mid
    return coord((lo + hi) / 2, 0, 1)


def rgba(r, g, b, a=1.0):
    """A colour for `set_fill_style` and `add_stop`: this binding reads the tuple's first
    and third items as blue and red (checked on a drawn pixel), so they are given swapped."""
    return (b, g, r, a)


def font(size):
    face = bl.BLFontFace.create_from_file(FONT)
    made = bl.BLFont()
    made.create_from_face(face, size)
    return made


def centred_origin(f, text, x, y, w, h):
    """Where `text` starts for its advance to be centred in the box and its line box
    (ascent + descent) centred down it."""
    advance = f.get_text_metrics(text)[0]
    size, ascent, descent = f.metrics[:3]
    return bl.BLPoint(x + (w - advance) / 2, y + (h - ascent - descent) / 2 + ascent)


def tile_fade():
    pattern = bl.BLImage()
    pattern.readFromFile(os.path.join(HERE, "../assets/testpattern_720p.png"))
    columns, rows = 12, 2
    tw, th = W / columns, H / rows

    def draw(ctx, t):
        ctx.set_fill_style(rgba(0.0, 0.0, 0.0))
        ctx.fill_all()
        for i in range(columns * rows):
            alpha = min(1.0, max(0.0, 1 - (t - 0.05 * i)))
            if alpha <= 0:
                continue
            column, row = i // rows, i % rows
            # The tile's part of the image, blitted in place. Its edges are rounded to
            # whole pixels: a blit through a clip to the fractional rectangle came out
            # sheared in this binding's build, and an image pattern as a fill style drew
            # nothing. (mask's and cairo's tiles share their edge pixels instead.)
            x0, x1 = round(column * tw), round((column + 1) * tw)
            y0, y1 = round(row * th), round((row + 1) * th)
            ctx.global_alpha = alpha
            ctx.blit_image(bl.BLPoint(x0, y0), pattern, bl.BLRectI(x0, y0, x1 - x0, y1 - y0))
        ctx.global_alpha = 1.0
    return draw


def text_shimmer():
    start, end, text = (0, 0, 0.25), (0.75, 1, 1), "slide to unlock"
    f = font(96)
    origin = centred_origin(f, text, 0, 0, W, H)

    def draw(ctx, t):
        ctx.set_fill_style(rgba(32 / 255, 32 / 255, 32 / 255))
        ctx.fill_all()
        k = (t % 2) / 2
        gradient = bl.create_linear_gradient(0, 0, W, 0)
        for (a, b), v in zip(zip(start, end), (0.0, 1.0, 0.0)):
            gradient.add_stop(a + (b - a) * k, rgba(v, v, v))
        ctx.set_fill_style(gradient)
        ctx.fill_text(origin, f, text)
    return draw


def circle_reveal():
    def draw(ctx, t):
        ctx.set_fill_style(rgba(0.0, 0.0, 1.0))
        ctx.fill_all()
        r = 22 + (1409.8 - 22) * ease_in_out(min(1.0, t / 2))
        ctx.set_fill_style(rgba(1.0, 0.0, 0.0))
        ctx.fill_circle(1236, 42, r)
    return draw


def heavy():
    f = font(24)
    label = "cell"

    def draw(ctx, t):
        ctx.set_fill_style(rgba(20 / 255, 20 / 255, 30 / 255))
        ctx.fill_all()
        k = min(1.0, t / 2)
        for i in range(25):
            x, y = (i % 5) * 256, (i // 5) * 144
            # The gradient, through its circle mask, with its opacity.
            ctx.save()
            ctx.clip_to_rect(bl.BLRect(x + 8, y + 8, 240, 128))
            gradient = bl.create_linear_gradient(x + 8, 0, x + 248, 0)
            gradient.add_stop(0, rgba((40 + i * 8) / 255, (200 - i * 6) / 255, 120 / 255))
            gradient.add_stop(1, rgba(0.0, 0.0, 0.0, 0.0))
            ctx.set_fill_style(gradient)
            ctx.global_alpha = 1 - 0.7 * k
            ctx.fill_circle(x + 8 + 120, y + 8 + 64, 20 + 70 * k)
            ctx.restore()
            # The oval, rotating about its layer's centre.
            ctx.save()
            ctx.translate(x + 168 + 36, y + 16 + 36)
            ctx.rotate(1.5 * k)
            ctx.set_fill_style(rgba(230 / 255, (120 + i * 4) / 255, 60 / 255))
            ctx.fill_ellipse(0, 0, 36, 20)
            ctx.restore()
            # The label, sliding right.
            ctx.set_fill_style(rgba(1.0, 1.0, 1.0))
            ctx.fill_text(centred_origin(f, label, x + 40 * k, y + 100, 256, 40), f, label)
            # The panel through its 2 × 2 tiles.
            for j in range(4):
                alpha = min(1.0, max(0.0, 1 - (t - 0.25 * j)))
                if alpha <= 0:
                    continue
                column, row = j // 2, j % 2
                ctx.set_fill_style(rgba(60 / 255, 90 / 255, (200 - i * 4) / 255, alpha))
                ctx.fill_rect(bl.BLRect(x + 16 + column * 48, y + 72 + row * 24, 48, 24))
    return draw


SCENES = {"tile_fade": tile_fade, "text_shimmer": text_shimmer, "circle_reveal": circle_reveal, "heavy": heavy}
