#!/usr/bin/python3
"""pycairo peer of Benchmarks/scenes/text_shimmer.mask: "slide to unlock", DejaVu Sans
96 px, centred, filled with a horizontal [black, white, black] gradient whose locations
go linearly from [0, 0, 0.25] to [0.75, 1, 1] every 2 s, over rgb(32, 32, 32)."""
import cairo

from peer import H, W, run

START, END = (0, 0, 0.25), (0.75, 1, 1)
TEXT = "slide to unlock"


def draw(cr, t):
    cr.set_source_rgb(32 / 255, 32 / 255, 32 / 255)
    cr.paint()
    f = (t % 2) / 2
    gradient = cairo.LinearGradient(0, 0, W, 0)
    for (a, b), v in zip(zip(START, END), (0, 1, 0)):
        gradient.add_color_stop_rgb(a + (b - a) * f, v, v, v)
    cr.select_font_face("DejaVu Sans")
    cr.set_font_size(96)
    ext = cr.text_extents(TEXT)
    fe = cr.font_extents()
    cr.move_to((W - ext.x_advance) / 2, (H - fe[2]) / 2 + fe[0])
    cr.set_source(gradient)
    cr.show_text(TEXT)


if __name__ == "__main__":
    run("text_shimmer", draw)
