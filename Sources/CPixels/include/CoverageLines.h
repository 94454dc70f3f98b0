#ifndef CPIXELS_COVERAGE_LINES_H
#define CPIXELS_COVERAGE_LINES_H

#include <stdint.h>

// The rasterizer's edge accumulation (MaskEngine's Raster/LineAccumulator.swift): each
// edge adds its signed area to the cells it crosses and marks their blocks of eight. In C
// for a row loop that keeps its state in registers; the float operations are those the
// Swift loop did, in the same order (their values make the bytes), never fused.

/// An accumulation buffer: `height` rows of `stride` cells for `width` pixels (two spare
/// cells past them), and `words` words of block marks a row (one bit for each eight cells).
typedef struct {
    float *cells;
    uint64_t *marks;
    long words, stride, width, height;
} mask_line_buffer;

/// Adds the edges of a closed polygon of `count` points (x, y pairs of doubles at
/// `points`, moved by `-ox, -oy` into the buffer) from edge `start` on: edge `i` runs from
/// point `i - 1` (the last point for `i = 0`) to point `i`. Stops at the first edge that is
/// not horizontal and not wholly inside the buffer (x in 0 ... width, y in 0 ... height)
/// and returns its index, to be clipped by the caller; returns `count` when all are added.
long mask_add_inside_edges(const mask_line_buffer *buffer, const double *points, long count, long start,
                           double ox, double oy);

/// Adds one edge lying inside the buffer (x in 0 ... width, y in 0 ... height; a clipped
/// piece): nothing for a horizontal or non-finite one, nor for one on the right side
/// (x = width at both ends), which would write only to the spare cells.
void mask_add_line(const mask_line_buffer *buffer, double ax, double ay, double bx, double by);

#endif
