#!/usr/bin/python3
"""Runs the benchmark: each scene rendered by `mask render` (frames 0–59, 1280×720, PPM
files written, the whole process timed) at one job and at two, and by its pycairo peer
in Benchmarks/cairo (the frame loop timed, each frame written raw), the four run by run
in turn (`interleaved`), best of RUNS each.

Prints frames/s for both and their ratio, `mask`'s ns per pixel, the gain from a second
job, peak memory (maximum resident set, from /usr/bin/time), the start-up (a one-frame
render), PNG output against cairo's `write_to_png`, and peak memory at 600 frames
against 60.

Usage: /usr/bin/python3 Benchmarks/bench.py BINARY [RUNS]   (Benchmarks/run.sh builds first)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from write_floor import write_frames

HERE = os.path.dirname(os.path.abspath(__file__))
SCENES = ["tile_fade", "text_shimmer", "circle_reveal", "heavy"]
FRAMES = 60
PIXELS = 1280 * 720


def timed(command, out):
    """Wall seconds and peak resident kilobytes of one run, in a fresh output folder."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    report = os.path.join(os.path.dirname(out), "time.txt")
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + command, stdout=subprocess.PIPE, check=True)
    elapsed = time.perf_counter() - start
    with open(report) as f:
        peak = int(f.read().split()[-1])
    return elapsed, peak, result.stdout.decode()


def mask(binary, scene, out, jobs=1, fmt="ppm", frames="0:59"):
    command = [binary, "render", scene, "-o", out, "--frames", frames, "--jobs", str(jobs), "--quiet", "--format", fmt]
    elapsed, peak, _ = timed(command, out)
    return elapsed, peak


def cairo(name, out, mode="--raw"):
    arguments = [mode, out] if mode else []
    _, peak, text = timed(["/usr/bin/python3", os.path.join(HERE, "cairo", name + ".py")] + arguments, out)
    seconds = float(text.split()[2])
    return seconds, peak


def floor(out, threads):
    """The write floor (write_floor.py) in a fresh output folder, as `timed` gives one."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    return write_frames(out, FRAMES, threads), 0


def interleaved(runs, *measures):
    """Each measure once a round, in turn, for RUNS rounds, so that the machine's drift
    (this guest's page cache and fresh memory change speed from minute to minute) falls on
    every measure alike; then each one's best time and largest peak memory."""
    results = [[] for _ in measures]
    for _ in range(runs):
        for taken, measure in zip(results, measures):
            taken.append(measure())
    return [(min(r[0] for r in taken), max(r[1] for r in taken)) for taken in results]


def main():
    binary, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
    work = tempfile.mkdtemp()
    out = os.path.join(work, "frames")
    try:
        print(f"{FRAMES} frames of 1280×720 per run, best of {runs} runs")
        print(f"{'scene':<14} {'mask 1 job':>11} {'mask 2 jobs':>12} {'2 / 1':>6} {'cairo':>8} {'ratio':>6} "
              f"{'ns/pixel':>9} {'mask MB':>8} {'cairo MB':>9} {'cairo unwritten':>16}")
        twice_peer = []
        for name in SCENES:
            scene = os.path.join(HERE, "scenes", name + ".mask")
            # The peer's frame loop is also run without writing its frames: how much of
            # its time is drawing.
            (one, peak), (two, _), (peer, peer_peak), (drawn, _) = interleaved(
                runs, lambda: mask(binary, scene, out, jobs=1), lambda: mask(binary, scene, out, jobs=2),
                lambda: cairo(name, out), lambda: cairo(name, out, mode=None))
            fps1, fps2, cfps = FRAMES / one, FRAMES / two, FRAMES / peer
            twice_peer.append((name, 2 * cfps))
            print(f"{name:<14} {fps1:>7.0f} f/s {fps2:>8.0f} f/s {fps2 / fps1:>6.2f} {cfps:>4.0f} f/s {fps1 / cfps:>6.2f} "
                  f"{one / FRAMES / PIXELS * 1e9:>9.2f} {peak / 1024:>8.1f} {peer_peak / 1024:>9.1f} "
                  f"{FRAMES / drawn:>12.0f} f/s")
        # The write floor: the frames' files alone, nothing drawn, no process started.
        (floor1, _), (floor2, _) = interleaved(runs, lambda: floor(out, 1), lambda: floor(out, 2))
        print(f"\nwrite floor (the {FRAMES} PPM files only: temporary, reserve, write, rename; nothing drawn): "
              f"1 thread {FRAMES / floor1:.0f} f/s, 2 threads {FRAMES / floor2:.0f} f/s ({floor1 / floor2:.2f}×)")
        # What twice the peer would take at one job, beside what writing alone allows.
        print("twice cairo: " + ", ".join(f"{name} {rate:.0f} f/s ({rate * floor1 / FRAMES:.2f} × the 1-thread floor)"
                                            for name, rate in twice_peer))
        scene = os.path.join(HERE, "scenes", "tile_fade.mask")
        # Start-up: the whole process for one frame (loading, script, PNG decoding, first
        # buffers, one frame written), the part of a render no second job can share.
        (first, _), = interleaved(runs, lambda: mask(binary, scene, out, frames="0:0"))
        print(f"\nstart-up, tile fade, one frame, 1 job: {first * 1000:.1f} ms")
        (png, _), (peer_png, _) = interleaved(runs, lambda: mask(binary, scene, out, fmt="png"),
                                              lambda: cairo("tile_fade", out, mode="--png"))
        print(f"PNG, tile fade, 1 job: mask {FRAMES / png:.0f} f/s, cairo write_to_png {FRAMES / peer_png:.0f} f/s, "
              f"ratio {peer_png / png:.2f}")
        # Peak memory must not grow with the number of frames: 600 frames of the reveal.
        with open(os.path.join(HERE, "scenes", "circle_reveal.mask")) as f:
            long_scene = re.sub(r"duration: 2s", "duration: 20s", f.read())
        long_path = os.path.join(work, "circle_reveal_20s.mask")
        with open(long_path, "w") as f:
            f.write(long_scene)
        _, short_peak = mask(binary, long_path, out, frames="0:59")
        _, long_peak = mask(binary, long_path, out, frames="0:599")
        print(f"peak memory, circle reveal: 60 frames {short_peak / 1024:.1f} MB, 600 frames {long_peak / 1024:.1f} MB")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
