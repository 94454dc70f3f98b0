#!/usr/bin/env python3
"""Writes testpattern_720p.png, the opaque 1280×720 test pattern of the tile-fade scene
(colour bars, a grey ramp and a 40-pixel checkerboard), with Python's standard library only.

Run from anywhere: python3 Benchmarks/assets/make_pattern.py
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 1280, 720
BARS = [(192, 192, 192), (192, 192, 0), (0, 192, 192), (0, 192, 0),
        (192, 0, 192), (192, 0, 0), (0, 0, 192)]


def pixel(x, y):
    if y < 400:
        return BARS[x * len(BARS) // W]
    if y < 520:
        v = x * 255 // (W - 1)
        return (v, v, v)
    return (235, 235, 235) if (x // 40 + y // 40) % 2 else (16, 16, 16)


def main():
    rows = bytearray()
    for y in range(H):
        rows.append(0)
        for x in range(W):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    png += chunk(b"IEND", b"")
    with open(os.path.join(HERE, "testpattern_720p.png"), "wb") as f:
        f.write(png)


if __name__ == "__main__":
    main()
