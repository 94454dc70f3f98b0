"""One peer drawing one scene in memory, for Benchmarks/memory.py: frames 0–59 (1280×720,
30 fps) drawn into the peer's own surface, reused (cairo's ARGB32 `ImageSurface`, Blend2D's
PRGB32 `BLImage`), nothing packed, copied or written; one warm-up pass, then PASSES timed
passes. Prints the best pass's seconds per frame.

Usage: python memory_peer.py cairo|blend2d SCENE PASSES [OUT.png]   (OUT: frame 30, to look at)
"""
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
    frame, save = {"cairo": cairo_pass, "blend2d": blend2d_pass}[peer](scene)
    best = float("inf")
    for n in range(passes + 1):
        start = time.perf_counter()
        for k in range(FRAMES):
            frame(k)
        elapsed = time.perf_counter() - start
        if n > 0:
            best = min(best, elapsed)
    if len(sys.argv) > 4:
        frame(30)
        save(sys.argv[4])
    print(f"{best / FRAMES:.9f}")


if __name__ == "__main__":
    main()
