// An accumulation buffer's marked cells as a key: see CoverageCellKeys.h. Each function
// walks the marks row by row, word by word, the set bits from the lowest (block
// 64 × word + bit of the row, its cells from eight times that).

#include "CoverageCellKeys.h"
#include <string.h>

void mask_gather_marked_cells(const float *cells, const uint64_t *marks, long words, long stride, long height,
                              uint64_t *out) {
    for (long y = 0; y < height; y++, cells += stride, marks += words) {
        for (long w = 0; w < words; w++) {
            for (uint64_t bits = marks[w]; bits != 0; bits &= bits - 1) {
                long block = (w << 6) | __builtin_ctzll(bits);
                memcpy(out, cells + (block << 3), 8 * sizeof(float));
                out += 4;
            }
        }
    }
}

void mask_take_marked_cells(float *cells, const uint64_t *marks, long words, long stride, long height, uint64_t *out) {
    for (long y = 0; y < height; y++, cells += stride, marks += words) {
        for (long w = 0; w < words; w++) {
            for (uint64_t bits = marks[w]; bits != 0; bits &= bits - 1) {
                float *block = cells + ((((w << 6) | __builtin_ctzll(bits))) << 3);
                memcpy(out, block, 8 * sizeof(float));
                memset(block, 0, 8 * sizeof(float));
                out += 4;
            }
        }
    }
}

void mask_put_marked_cells(float *cells, const uint64_t *marks, long words, long stride, long height, const uint64_t *in) {
    for (long y = 0; y < height; y++, cells += stride, marks += words) {
        for (long w = 0; w < words; w++) {
            for (uint64_t bits = marks[w]; bits != 0; bits &= bits - 1) {
                long block = (w << 6) | __builtin_ctzll(bits);
                memcpy(cells + (block << 3), in, 8 * sizeof(float));
                in += 4;
            }
        }
    }
}
