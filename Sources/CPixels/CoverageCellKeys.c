// An accumulation buffer's marked cells as a key: see CoverageCellKeys.h. Each function
// is one walk of the marks (`walk_marked`) with its own step for a marked block.

#include "CoverageCellKeys.h"
#include <string.h>

/// What a walk does with each marked block and the key's next four words.
typedef enum { gather, take, put } cell_step;

/// Walks the marks row by row, word by word, the set bits from the lowest (block 64 × word
/// + bit of the row, its cells from eight times that), and does `step` (a constant where it
/// is inlined) with each marked block's eight cells and the next four words at `key`.
static inline __attribute__((always_inline)) void walk_marked(float *cells, const uint64_t *marks, long words, long stride,
                                                              long height, uint64_t *key, cell_step step) {
    for (long y = 0; y < height; y++, cells += stride, marks += words) {
        for (long w = 0; w < words; w++) {
            for (uint64_t bits = marks[w]; bits != 0; bits &= bits - 1) {
                float *block = cells + ((((w << 6) | __builtin_ctzll(bits))) << 3);
                if (step == put) {
                    memcpy(block, key, 8 * sizeof(float));
                } else {
                    memcpy(key, block, 8 * sizeof(float));
                    if (step == take) memset(block, 0, 8 * sizeof(float));
                }
                key += 4;
            }
        }
    }
}

void mask_gather_marked_cells(const float *cells, const uint64_t *marks, long words, long stride, long height,
                              uint64_t *out) {
    // Only read: `gather` never writes the cells.
    walk_marked((float *)cells, marks, words, stride, height, out, gather);
}

void mask_take_marked_cells(float *cells, const uint64_t *marks, long words, long stride, long height, uint64_t *out) {
    walk_marked(cells, marks, words, stride, height, out, take);
}

void mask_put_marked_cells(float *cells, const uint64_t *marks, long words, long stride, long height, const uint64_t *in) {
    // Only read: `put` never writes the key.
    walk_marked(cells, marks, words, stride, height, (uint64_t *)in, put);
}
