#ifndef CPIXELS_H
#define CPIXELS_H

#include <stddef.h>
#include <stdint.h>

#include "CoverageCellKeys.h"
#include "CoverageCells.h"
#include "CoverageLines.h"
#include "CoverageRows.h"
#include "CombinedRows.h"
#include "Kernels.h"

/// Writes the first three bytes of each of the `count` four-byte pixels at `rgba` to
/// `rgb`, packed (3 × `count` bytes): the RGB rows of a PPM file. With SSSE3 (chosen at
/// run time on x86-64) or NEON, 4 or 16 pixels a step; the bytes are the same whichever
/// path runs. `rgb` must not overlap `rgba`.
void mask_pack_rgb(const uint8_t *rgba, uint8_t *rgb, size_t count);

/// Writes the `count` three-byte pixels at `rgb` as four-byte pixels at `rgba` with a
/// fourth byte of 255: an opaque PNG row, expanded. With SSSE3 (chosen at run time) or
/// NEON, 4 or 16 pixels a step; reads nothing past the 3 × `count` bytes of `rgb`.
void mask_expand_rgb(const uint8_t *rgb, uint8_t *rgba, size_t count);

#endif
