#ifndef CPIXELS_COVERAGE_CELL_KEYS_H
#define CPIXELS_COVERAGE_CELL_KEYS_H

#include <stdint.h>

// An accumulation buffer's marked cells as a key (MaskEngine's Raster/CoverageMemo.swift):
// `mask_sum_rows` reads nothing of the cells but the blocks of eight that `marks` marks
// (`words` words a row of `height` rows of `stride` cells; every other cell is +0), so two
// buffers with the same marks and those blocks' cells equal bit for bit sum to the same
// bytes and spans. The blocks are taken row by row, in the order of their marks, eight
// cells each (four words, two cells a word, as they lie in memory), to `out` (room for
// four words for each mark set) or from `in`.

/// Copies the cells of every marked block to `out`.
void mask_gather_marked_cells(const float *_Nonnull cells, const uint64_t *_Nonnull marks, long words, long stride,
                              long height, uint64_t *_Nonnull out);

/// Copies the cells of every marked block to `out` and sets them to +0: the buffer is then
/// all +0, as after `mask_sum_rows`.
void mask_take_marked_cells(float *_Nonnull cells, const uint64_t *_Nonnull marks, long words, long stride,
                            long height, uint64_t *_Nonnull out);

/// Puts back the cells `mask_take_marked_cells` took (`in`), bit for bit.
void mask_put_marked_cells(float *_Nonnull cells, const uint64_t *_Nonnull marks, long words, long stride,
                           long height, const uint64_t *_Nonnull in);

#endif
