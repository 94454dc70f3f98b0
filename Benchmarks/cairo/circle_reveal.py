#!/usr/bin/python3
"""pycairo peer of Benchmarks/scenes/circle_reveal.mask: red over a blue canvas through a
circle at (1236, 42) whose radius grows from 22 to 1409.8 over 2 s, easeInOut."""
import math

from peer import ease_in_out, run


def draw(cr, t):
    cr.set_source_rgb(0, 0, 1)
    cr.paint()
    r = 22 + (1409.8 - 22) * ease_in_out(min(1.0, t / 2))
    cr.arc(1236, 42, r, 0, 2 * math.pi)
    cr.set_source_rgb(1, 0, 0)
    cr.fill()


if __name__ == "__main__":
    run("circle_reveal", draw)
