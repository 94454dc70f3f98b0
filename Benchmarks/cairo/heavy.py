#!/usr/bin/python3
"""pycairo peer of Benchmarks/scenes/heavy.mask: 100 animating layers in a 5 × 5 grid of
cells, each cell a gradient through a growing circle, a rotating oval, a sliding label
and a panel whose four tiles fade in turn (linear timing throughout)."""
import math

import cairo

from peer import run


def draw(cr, t):
    cr.set_source_rgb(20 / 255, 20 / 255, 30 / 255)
    cr.paint()
    f = min(1.0, t / 2)
    cr.select_font_face("DejaVu Sans")
    cr.set_font_size(24)
    for i in range(25):
        x, y = (i % 5) * 256, (i // 5) * 144
        # The gradient, through its circle mask, with its opacity.
        cr.save()
        cr.rectangle(x + 8, y + 8, 240, 128)
        cr.clip()
        cr.arc(x + 8 + 120, y + 8 + 64, 20 + 70 * f, 0, 2 * math.pi)
        cr.clip()
        gradient = cairo.LinearGradient(x + 8, 0, x + 248, 0)
        gradient.add_color_stop_rgba(0, (40 + i * 8) / 255, (200 - i * 6) / 255, 120 / 255, 1)
        gradient.add_color_stop_rgba(1, 0, 0, 0, 0)
        cr.set_source(gradient)
        cr.paint_with_alpha(1 - 0.7 * f)
        cr.restore()
        # The oval, rotating about its layer's centre.
        cr.save()
        cr.translate(x + 168 + 36, y + 16 + 36)
        cr.rotate(1.5 * f)
        cr.translate(-36, -36)
        cr.save()
        cr.translate(36, 36)
        cr.scale(36, 20)
        cr.arc(0, 0, 1, 0, 2 * math.pi)
        cr.restore()
        cr.set_source_rgb(230 / 255, (120 + i * 4) / 255, 60 / 255)
        cr.fill()
        cr.restore()
        # The label, sliding right.
        text = "cell"
        ext = cr.text_extents(text)
        fe = cr.font_extents()
        cr.move_to(x + 40 * f + (256 - ext.x_advance) / 2, y + 100 + (40 - fe[2]) / 2 + fe[0])
        cr.set_source_rgb(1, 1, 1)
        cr.show_text(text)
        # The panel through its 2 × 2 tiles.
        for k in range(4):
            alpha = min(1.0, max(0.0, 1 - (t - 0.25 * k)))
            if alpha <= 0:
                continue
            column, row = k // 2, k % 2
            cr.rectangle(x + 16 + column * 48, y + 72 + row * 24, 48, 24)
            cr.set_source_rgba(60 / 255, 90 / 255, (200 - i * 4) / 255, alpha)
            cr.fill()


if __name__ == "__main__":
    run("heavy", draw)
