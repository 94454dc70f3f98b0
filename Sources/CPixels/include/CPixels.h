#ifndef CPIXELS_H
#define CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Writes the first three bytes of each of the `count` four-byte pixels at `rgba` to
/// `rgb`, packed (3 × `count` bytes): the RGB rows of a PPM file. With SSSE3 (chosen at
/// run time on x86-64) or NEON, 4 or 16 pixels a step; the bytes are the same whichever
/// path runs. `rgb` must not overlap `rgba`.
void mask_pack_rgb(const uint8_t *rgba, uint8_t *rgb, size_t count);

#endif
