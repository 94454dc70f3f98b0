"""One peer drawing one scene in memory, for Benchmarks/memory.py: frames 0–59 (1280×720,
30 fps) drawn into the peer's own surface, reused (cairo's ARGB32 `ImageSurface`, Blend2D's
PRGB32 `BLImage`), nothing packed, copied or written; one warm-up pass, then PASSES timed
passes. Prints the best pass's seconds per frame. With MIN_SECONDS, a timed pass draws the
frames as many times over as it takes to last that long (judged by the warm-up pass), as
MaskBench does.

Usage: python memory_peer.py cairo|blend2d SCENE PASSES [MIN_SECONDS [OUT.png]]
       (OUT: frame 30, to look at)
"""
import math
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
W, H, FPS, FRAMES = 1280, 720, 30, 60


def cairo_pass(scene):
    sys.path.insert(0, os.path.join(HERE, "cairo"))
    import importlib
    import cairo
    draw = importlib.import_module(scene).draw
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)

    def frame(k):
        draw(cairo.Context(surface), k / FPS)
        surface.flush()

    return frame, lambda path: surface.write_to_png(path)


def blend2d_pass(scene):
    sys.path.insert(0, os.path.join(HERE, "blend2d"))
    import blend2d as bl
    from peers import SCENES
    draw = SCENES[scene]()
    image = bl.BLImage(W, H)

    def frame(k):
        ctx = bl.BLContext(image)
        draw(ctx, k / FPS)
        ctx.flush()

    return frame, lambda path: image.writeToFile(path)


def main():
    peer, scene, passes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    minimum = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    frame, save = {"cairo": cairo_pass, "blend2d": blend2d_pass}[peer](scene)

    def timed(laps):
        start = time.perf_counter()
        for _ in range(laps):
            for k in range(FRAMES):
                frame(k)
        return time.perf_counter() - start

    warm_up = timed(1)
    laps = 1 if warm_up >= minimum else min(10_000, math.ceil(minimum / max(warm_up, 1e-9)))
    best = min(timed(laps) for _ in range(passes))
    if len(sys.argv) > 5:
        frame(30)
        save(sys.argv[5])
    print(f"{best / (FRAMES * laps):.9f}")


if __name__ == "__main__":
    main()
