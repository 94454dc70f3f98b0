"""The write floor: how fast 60 frames' files can be written here when nothing is rendered.

Writes FRAMES files of a 1280×720 PPM's size (2,764,816 bytes) the way `mask render`
writes its frames — a temporary name beside the file, its blocks reserved
(`posix_fallocate`), the bytes in one `write`, then `rename` — from one thread or from
several (the GIL is released while the kernel copies). No frame is drawn and no process
starts, so no renderer writing these files here can beat it: `mask render`'s frames/s
are bounded by it, and so is any ratio to a peer that draws faster than it writes.
"""
import os
import threading
import time

PPM_BYTES = len(b"P6\n1280 720\n255\n") + 1280 * 720 * 3


def write_frames(out, frames, threads):
    """Seconds to write `frames` PPM-sized files into the empty folder `out` on `threads` threads."""
    data = bytes(range(256)) * (PPM_BYTES // 256) + bytes(PPM_BYTES % 256)

    def work(first):
        for k in range(first, frames, threads):
            final = os.path.join(out, f"frame_{k:05d}.ppm")
            temporary = os.path.join(out, f".frame_{k:05d}.ppm.tmp")
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            try:
                os.posix_fallocate(fd, 0, PPM_BYTES)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            os.rename(temporary, final)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    start = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return time.perf_counter() - start
