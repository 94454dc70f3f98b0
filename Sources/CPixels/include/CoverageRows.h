#ifndef CPIXELS_COVERAGE_ROWS_H
#define CPIXELS_COVERAGE_ROWS_H

#include <stdbool.h>
#include <stdint.h>

// The rasterizer's running sum (MaskEngine's Raster/Rasterizer.swift): each row's cells
// summed into coverage bytes, and the spans of the rows noted as they are written, as
// `CoverageSpanWriter` notes them. In C for a loop whose state (the sum, the row's extent
// and open full run) stays in registers.

/// A `CoverageSpanWriter`'s tables, handed to C between two rows (see its `withTable`).
typedef struct mask_span_table {
    /// Four integers a row: extent start and end, first and end index into `runs`.
    int32_t *_Nonnull header;
    /// The full runs so far (start, end): `count` of the `room` integers.
    int32_t *_Nonnull runs;
    long room, count;
    /// The next row, and where its runs start in `runs`.
    long row, row_start;
    /// True once a finished row had a non-zero value.
    bool covered;
    /// Moves the `count` integers at `runs` to more room, frees `runs`, and returns the new
    /// room's start, its size in `*room`.
    int32_t *_Nonnull (*_Nonnull grow)(int32_t *_Nonnull runs, long count, long *_Nonnull room);
} mask_span_table;

/// Sums every row of `height` rows of cells (`stride` a row, zero but where an edge wrote)
/// into `width` coverage bytes a row at `out`, reading only the blocks of eight cells
/// marked in `marks` (`words` words a row, bit b of word k for block 64 k + b) and setting
/// them back to zero, with the two spare cells past each row's pixels. Nonzero coverage is
/// `min(1, |sum|)`; evenodd (`evenodd` true) folds `|sum|` into 0 ... 1. Writes the rows'
/// spans to `spans` from its next row on; bytes the spans leave open (outside the extents,
/// in full runs) are not written.
void mask_sum_rows(float *_Nonnull cells, const uint64_t *_Nonnull marks, long words, uint8_t *_Nonnull out,
                   long width, long height, long stride, bool evenodd, mask_span_table *_Nonnull spans);

#endif
