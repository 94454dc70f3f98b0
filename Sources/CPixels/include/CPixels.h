#ifndef CPIXELS_H
#define CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Writes the first three bytes of each of the `count` four-byte pixels at `rgba` to
/// `rgb`, packed (3 × `count` bytes): the RGB rows of a PPM file. With SSSE3 (chosen at
/// run time on x86-64) or NEON, 4 or 16 pixels a step; the bytes are the same whichever
/// path runs. `rgb` must not overlap `rgba`.
void mask_pack_rgb(const uint8_t *rgba, uint8_t *rgb, size_t count);

/// Writes the `count` three-byte pixels at `rgb` as four-byte pixels at `rgba` with a
/// fourth byte of 255: an opaque PNG row, expanded. With SSSE3 (chosen at run time) or
/// NEON, 4 or 16 pixels a step; reads nothing past the 3 × `count` bytes of `rgb`.
void mask_expand_rgb(const uint8_t *rgb, uint8_t *rgba, size_t count);

/// 1 when `mask_masked_row` and `mask_masked_row_opacity` may be called: an x86-64 CPU
/// with AVX2 (0 elsewhere; other architectures' builds do not define the two).
int mask_has_masked_row(void);

/// Source-over of `count` premultiplied RGBA pixels from `src`, each first scaled by its
/// coverage byte in `mask` (`mulDiv255` on every channel), onto `dst`: the bytes
/// `Surface`'s masked row writes (Raster/Compositor+Masked.swift), with eight pixels to a
/// 256-bit vector. Blocks of eight zero coverage bytes are skipped; with `opaque` (every
/// source pixel is), runs of full blocks are copied. Only where `mask_has_masked_row()`.
void mask_masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque);

/// As `mask_masked_row`, below full opacity and without its copies: each source pixel
/// scaled by its coverage byte, then by `opacity` (0...255), then blended onto `dst`.
void mask_masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity);

#endif
