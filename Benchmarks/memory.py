#!/usr/bin/env python3
"""The in-memory render benchmark: the engine as an embedder uses it, beside its peers.

For each scene of Benchmarks/scenes (1280×720, 30 fps, frames 0–59), in turn, round after
round (so the machine's drift falls on every measure alike), best of ROUNDS:
- mask: MaskBench (Benchmarks/MaskBench) renders the frames through the public API into
  reused `RenderBuffers`, one per thread, nothing written: one thread, then two (each
  thread's frames consecutive: the first takes them from frame 0 up, the second from frame
  59 down, until they meet; MaskBench's `FrameSplit`); and two processes at once, each
  rendering every frame on one thread, every timed pass of both started together (MaskBench's
  `Lockstep`, through pipes: no sleeps), the pair's frames a second the sum of each
  process's over its own pass: the frames a second
  this guest gives two renders that share nothing but the hardware (the cores' caches,
  the memory, whatever the host shares between its two vCPUs). "2 proc / 1" is the
  ceiling "2 / 1" can reach on this machine; where "2 / 1" is clearly below it, the two
  threads share something that costs;
- cairo and Blend2D: the peers (Benchmarks/cairo, Benchmarks/blend2d) draw the same frames
  into their own surface (no packing, no copy, no file), through memory_peer.py;
- the ceiling: one 8 MiB memset and memcpy (MaskBench ceiling), as frames a second of
  1280×720×4 bytes: no renderer writing every pixel once can pass the first;
- the two-thread ceiling: 60 units of work split over one thread and two (MaskBench
  scaling): a compute-only unit (one dependent chain), a compute-only unit of eight
  independent chains (which fills a core's arithmetic units, as a render's vector kernels
  do) and a frame's memcpy between each thread's own buffers. A render cannot gain more
  from a second thread than this guest's second core gives these; where the dependent
  chain gains 2× and the independent chains far less, the two vCPUs are two hardware
  threads (SMT) of one host core.
Each measure is a process (or two) that takes the best of PASSES passes after a warm-up pass; a
pass draws the 60 frames as many times over as it takes to last at least MIN_PASS
(30 ms): a short scene's pass on two threads would otherwise last about a millisecond,
and the threads' start (tens of microseconds) would show in its time.

Prints ms per frame, mask's speed over the faster peer (>1: mask is faster), the gain
from a second thread and from a second process, and the ceiling.

The peers run in a virtual environment this script makes on first use under .build/
(PyPI `pycairo`, which builds against Debian's libcairo2-dev and pkg-config, and
`blend2d-python`); MaskBench is built in release.

Usage: python3 Benchmarks/memory.py [ROUNDS] [PASSES] [SCENE...]   (defaults 5, 3 and the four
       reference scenes; SCENE names a file of Benchmarks/scenes without .mask, and a scene
       the peers do not draw, masks_one say, runs without them)
       MASKBENCH=/path/to/MaskBench python3 Benchmarks/memory.py ...   (a binary built before)
       BASELINE=/path/to/older/MaskBench python3 Benchmarks/memory.py ...   (adds its one- and
       two-thread columns, measured in the same rounds: before and after a change in one run;
       a MaskBench before session 15 splits frames i, i + 2, ... over its two threads)
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV = os.path.join(ROOT, ".build", "bench-venv")
PYTHON = os.path.join(VENV, "bin", "python3")
SCENES = ["tile_fade", "text_shimmer", "circle_reveal", "heavy"]
MIN_PASS = "0.03"
FRAMES = 60
FRAME_BYTES = 1280 * 720 * 4
CEILING_BYTES = 8 << 20


def setup():
    # The peers, in the virtual environment every Python tool of the repository is made by.
    subprocess.run(["bash", "-c", '. "$0/Tests/venv.sh" && python_venv "$1" "$2"', ROOT, VENV,
                    os.path.join(HERE, "requirements.txt")], check=True)
    if os.environ.get("MASKBENCH"):
        return os.environ["MASKBENCH"]
    subprocess.run(["swift", "build", "-c", "release", "--product", "MaskBench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "MaskBench")


def output(command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()


def together(command, count, passes):
    """Best seconds per frame of `count` processes running `command` (a MaskBench render)
    at once: their laps agreed and each timed pass started in all together (MaskBench's
    `Lockstep`). A pass's frames a second are those of its processes summed, each its
    frames over its own pass's seconds, as two threads that share the frames draw until
    both are done: taken as the slowest's pass, one process slowed by its core (this guest's
    cores run at speeds that change by the second) made the pair look slower than two
    threads, which leave the slower one fewer frames."""
    children = []
    for _ in range(count):
        ready_read, ready_write = os.pipe()
        go_read, go_write = os.pipe()
        child = subprocess.Popen(command + [f"{ready_write},{go_read}"], pass_fds=(ready_write, go_read),
                                 stdout=subprocess.DEVNULL)
        os.close(ready_write)
        os.close(go_read)
        children.append((child, os.fdopen(ready_read), os.fdopen(go_write, "w")))

    def hear(ready, before=""):
        line = ready.readline()
        if not line:
            raise RuntimeError(f"a process of {' '.join(command)} stopped{before}")
        return line.split()

    # A MaskBench from before session 18 takes no READY,GO argument: it stops at once.
    first = " before it was ready (MASKBENCH must be a MaskBench from session 18 on: older ones take no lockstep)"
    laps = max(int(hear(ready, first)[1]) for _, ready, _ in children)
    for _, _, go in children:
        go.write(f"{laps}\n")
        go.flush()
    best = 0.0
    for _ in range(int(passes)):
        for _, _, go in children:
            go.write("go\n")
            go.flush()
        best = max(best, sum(FRAMES * laps / float(hear(ready)[0]) for _, ready, _ in children))
    for child, ready, go in children:
        go.close()
        ready.close()
        if child.wait() != 0:
            raise RuntimeError(f"{' '.join(command)} failed")
    return 1 / best


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    passes = sys.argv[2] if len(sys.argv) > 2 else "3"
    scenes = sys.argv[3:] or SCENES
    bench = setup()
    baseline = os.environ.get("BASELINE")
    measures = {}
    for name in scenes:
        scene = os.path.join(HERE, "scenes", name + ".mask")
        if baseline:
            measures[(name, "baseline")] = [baseline, "render", scene, "1", passes, MIN_PASS]
            measures[(name, "baseline 2")] = [baseline, "render", scene, "2", passes, MIN_PASS]
        measures[(name, "mask 1")] = [bench, "render", scene, "1", passes, MIN_PASS]
        measures[(name, "mask 2")] = [bench, "render", scene, "2", passes, MIN_PASS]
        measures[(name, "mask 2 proc")] = [bench, "render", scene, "1", passes, MIN_PASS, "ends"]
        if name in SCENES:
            for peer in ("cairo", "blend2d"):
                measures[(name, peer)] = [PYTHON, os.path.join(HERE, "memory_peer.py"), peer, name, passes,
                                        MIN_PASS]
    best = {}
    ceiling = [float("inf"), float("inf")]
    scaling = [float("inf")] * 6
    for _ in range(rounds):
        for key, command in measures.items():
            seconds = together(command, 2, passes) if key[1] == "mask 2 proc" else float(output(command)[0])
            best[key] = min(best.get(key, float("inf")), seconds)
        values = [float(v) for v in output([bench, "ceiling", passes])]
        ceiling = [min(a, b) for a, b in zip(ceiling, values)]
        values = [float(v) for v in output([bench, "scaling", passes])]
        scaling = [min(a, b) for a, b in zip(scaling, values)]
    print(f"ms per frame, 1280×720, frames 0–59, best of {rounds} rounds × {passes} passes, measures in turn")
    print(f"{'scene':<14} {'mask 1':>7} {'mask 2':>7} {'2 / 1':>6} {'2 proc':>7} {'2 proc / 1':>10} {'cairo':>7} {'Blend2D':>8} {'peer / mask':>12}"
          + (f" {'baseline 1':>11} {'baseline 2':>11}" if baseline else ""))
    for name in scenes:
        one, two, processes = best[(name, "mask 1")], best[(name, "mask 2")], best[(name, "mask 2 proc")]
        if name in SCENES:
            cairo, blend = best[(name, "cairo")], best[(name, "blend2d")]
            peers = f"{cairo * 1e3:>7.3f} {blend * 1e3:>8.3f} {min(cairo, blend) / one:>12.2f}"
        else:
            peers = f"{'-':>7} {'-':>8} {'-':>12}"
        print(f"{name:<14} {one * 1e3:>7.3f} {two * 1e3:>7.3f} {one / two:>6.2f} {processes * 1e3:>7.3f} "
              f"{one / processes:>10.2f} {peers}"
              + (f" {best[(name, 'baseline')] * 1e3:>11.3f} {best[(name, 'baseline 2')] * 1e3:>11.3f}" if baseline else ""))
    per_frame = [s * FRAME_BYTES / CEILING_BYTES for s in ceiling]
    print(f"ceiling, one core: memset {CEILING_BYTES / ceiling[0] / 1e9:.1f} GB/s = {per_frame[0] * 1e3:.3f} ms a frame "
          f"({1 / per_frame[0]:.0f} frames/s), memcpy {CEILING_BYTES / ceiling[1] / 1e9:.1f} GB/s = "
          f"{per_frame[1] * 1e3:.3f} ms a frame ({1 / per_frame[1]:.0f} frames/s)")
    print(f"two threads over one, units i, i + 2, ... each: compute only {scaling[0] / scaling[1]:.2f}, "
          f"compute in independent chains {scaling[4] / scaling[5]:.2f}, a frame's memcpy {scaling[2] / scaling[3]:.2f}")


if __name__ == "__main__":
    main()
