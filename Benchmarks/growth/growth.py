#!/usr/bin/env python3
"""How check, fmt, export and the piped REPL grow with their input.

Usage: python3 Benchmarks/growth/growth.py MASK_BINARY [RUNS] [SCALE]

For each case, inputs at ×1, ×2, ×4 and ×8 of a base size (times SCALE, default 1) are
generated into a temporary folder and run RUNS times (default 3); the best CPU time
(user + sys) and the peak resident memory (/usr/bin/time) are printed, with the growth
of the time from one size to the next (near 2 for linear work) and the memory per input
byte. The cases are the hostile inputs of issue 25.
"""
import math
import os
import subprocess
import sys
import tempfile

MASK = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SCALE = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0


def polygon(n):
    points = ",".join("[%.3f,%.3f]" % (100 + 80 * math.cos(2 * math.pi * i / n) * (1 + 0.1 * (i % 2)),
                                        100 + 80 * math.sin(2 * math.pi * i / n)) for i in range(n))
    return "canvas { size: [200, 200]; fps: 10; duration: 1s }\n" \
           "shape s { frame: [0, 0, 200, 200]; path: polygon([%s]); fill: red }\n" % points


# name, base size, text for a size, command (FILE is the input), input on stdin?
CASES = [
    ("check: unknown names (zz lines)", 250_000, lambda n: "zz\n" * n, ["check", "FILE"], False),
    ("check: stray characters (@ lines)", 1_000_000, lambda n: "@\n" * n, ["check", "FILE"], False),
    ("fmt: one list literal", 250_000, lambda n: "let a = [" + "1," * n + "1]\n", ["fmt", "FILE"], False),
    ("fmt: let lines", 200_000, lambda n: "let a = 1\n" * n, ["fmt", "FILE"], False),
    ("export: one polygon (points)", 2_048, polygon, ["export", "FILE", "-o", "out.json"], False),
    ("repl piped: garbage lines", 2_000, lambda n: "@@ garbage zz\n" * n, ["repl"], True),
    ("repl piped: layer declarations", 1_000,
     lambda n: "".join("layer l%d { frame: [0, 0, 10, 10] }\n" % i for i in range(n)), ["repl"], True),
]


def measure(folder, arguments, stdin_path):
    best, peak = None, 0
    for _ in range(RUNS):
        report = os.path.join(folder, "time.txt")
        with open(stdin_path or os.devnull, "rb") as stdin:
            subprocess.run(["/usr/bin/time", "-o", report, "-f", "%U %S %M", MASK] + arguments, cwd=folder,
                           stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        user, system, rss = open(report).read().split()[-3:]
        seconds = float(user) + float(system)
        best = seconds if best is None else min(best, seconds)
        peak = max(peak, int(rss))
    return best, peak


def main():
    print("mask: %s, best of %d, cores: %d" % (MASK, RUNS, os.cpu_count() or 0))
    with tempfile.TemporaryDirectory() as folder:
        for name, base, make, command, piped in CASES:
            print(name)
            previous = None
            for factor in (1, 2, 4, 8):
                size = int(base * SCALE * factor)
                path = os.path.join(folder, "input.mask")
                with open(path, "w") as f:
                    f.write(make(size))
                length = os.path.getsize(path)
                arguments = [path if word == "FILE" else word for word in command]
                seconds, rss = measure(folder, arguments, path if piped else None)
                growth = "" if previous is None or previous == 0 else "  ×%.2f" % (seconds / previous)
                print("  ×%d  %9d units  %10d bytes  %7.2f s%-8s  %8.1f MB  %6.0f bytes/byte"
                      % (factor, size, length, seconds, growth, rss / 1024, rss * 1024 / length))
                previous = seconds


main()
