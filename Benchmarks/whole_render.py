#!/usr/bin/env python3
"""The whole `mask render` process of two binaries, in turn: each reference scene rendered
to PPM files (frames 0–59, 1280×720), `--jobs 1` and `--jobs 2`, the output folder made
afresh each run; wall and CPU seconds (user + system, from the kernel's accounting of the
child), page faults (minor + major). Prints best / median of ROUNDS for each.

Usage: python3 Benchmarks/whole_render.py OLD_MASK NEW_MASK [ROUNDS] [OUT_DIR]
       (ROUNDS default 9; OUT_DIR default a folder under .build, on the disk users write to)
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCENES = ["tile_fade", "text_shimmer", "circle_reveal", "heavy"]


def run(binary, scene, jobs, out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary, "render", os.path.join(HERE, "scenes", scene + ".mask"), "-o", out,
                    "--frames", "0:59", "--jobs", jobs, "--quiet"], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    faults = (after.ru_minflt - before.ru_minflt) + (after.ru_majflt - before.ru_majflt)
    return wall, cpu, faults


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    out = sys.argv[4] if len(sys.argv) > 4 else os.path.join(ROOT, ".build", "whole-render-out")
    measures = {}
    for _ in range(rounds):
        for scene in SCENES:
            for jobs in ("1", "2"):
                for side, binary in (("old", old), ("new", new)):
                    measures.setdefault((scene, jobs, side), []).append(run(binary, scene, jobs, out))
    shutil.rmtree(out, ignore_errors=True)
    print(f"whole mask render to PPM, frames 0–59, best / median of {rounds} in turn")
    print(f"{'scene':<14} {'jobs':>4} {'old wall ms':>14} {'new wall ms':>14} {'old CPU ms':>14} {'new CPU ms':>14}"
          f" {'old faults':>10} {'new faults':>10}")
    for scene in SCENES:
        for jobs in ("1", "2"):
            cells = []
            for i in (0, 1):
                for side in ("old", "new"):
                    values = [m[i] * 1e3 for m in measures[(scene, jobs, side)]]
                    cells.append(f"{min(values):>6.1f} / {statistics.median(values):>5.1f}")
            faults = [statistics.median(m[2] for m in measures[(scene, jobs, side)]) for side in ("old", "new")]
            print(f"{scene:<14} {jobs:>4} " + " ".join(f"{c:>14}" for c in cells)
                  + f" {faults[0]:>10.0f} {faults[1]:>10.0f}")


if __name__ == "__main__":
    main()
