#!/usr/bin/env python3
"""Draws the example images (Python's standard library only) and writes them as PNG.

The photos are small procedural landscapes so the examples need no outside files;
heart.png carries a real alpha channel (soft edge) for the PNG-mask example.
Run from anywhere: python3 Examples/assets/make_assets.py
"""
import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def write_png(name, width, height, pixel):
    """pixel(x, y) -> (r, g, b, a) bytes 0..255; writes 8-bit RGBA."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    png += chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png)


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def landscape(sky_top, sky_bottom, sun, hill_near, hill_far, sun_at):
    def pixel(x, y, w=240, h=240):
        u, v = x / w, y / h
        color = mix(sky_top, sky_bottom, v / 0.7)
        d = math.hypot(u - sun_at[0], v - sun_at[1])
        if d < 0.09:
            color = sun
        elif d < 0.16:
            color = mix(sun, color, (d - 0.09) / 0.07)
        far = 0.62 + 0.06 * math.sin(u * 7.0 + 1.0)
        near = 0.75 + 0.05 * math.sin(u * 11.0 + 3.0) + 0.03 * math.cos(u * 23.0)
        if v > far:
            color = hill_far
        if v > near:
            color = mix(hill_near, (20, 40, 20), (v - near) / 0.3)
        return (*color, 255)
    return pixel


def heart(x, y, size=200):
    # Inside the implicit heart curve (x² + y² − 1)³ − x² y³ ≤ 0, scaled into the
    # square; alpha is the covered fraction of 4 × 4 samples, so the edge is anti-aliased.
    inside = 0
    for sy in range(4):
        for sx in range(4):
            u = (x + (sx + 0.5) / 4) / size * 2.6 - 1.3
            v = 1.25 - (y + (sy + 0.5) / 4) / size * 2.6
            if (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0:
                inside += 1
    return (255, 255, 255, int(round(inside * 255 / 16)))


if __name__ == "__main__":
    write_png("photo_a.png", 240, 240, landscape((40, 90, 200), (170, 210, 250), (255, 240, 150),
                                                 (60, 150, 60), (90, 120, 150), (0.72, 0.25)))
    write_png("photo_b.png", 240, 240, landscape((60, 20, 90), (250, 130, 60), (255, 210, 120),
                                                 (70, 40, 60), (120, 60, 90), (0.3, 0.55)))
    write_png("photo_c.png", 240, 240, landscape((10, 20, 50), (40, 80, 130), (240, 240, 255),
                                                 (30, 60, 80), (50, 70, 110), (0.5, 0.2)))
    write_png("heart.png", 200, 200, heart)
