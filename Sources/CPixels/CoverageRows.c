// The rasterizer's running sum and its spans: see CoverageRows.h. The sums are added in
// the order the Swift loop of commit 591d584 added them, their bytes made with the same
// float operations, and the spans the tables of `CoverageSpanWriter`'s rules (its `run`,
// `summed` and `endRow`), which the tests hold this loop to: here the extent is kept exact
// from each block's word as the row is written, where the writer trims it at the row's end.

#include "CoverageRows.h"
#include "CoverageCells.h"
#include "CoverageLevel.h"
#include <math.h>
#include <string.h>
#if MASK_COVERAGE_AVX2
#include <immintrin.h>
#endif

// Never fused into multiply-adds: the bytes must be those of the unfused operations.
#pragma clang fp contract(off)

/// Evenodd's coverage byte of one sum: `|sum|` folded into 0 ... 1 (0 at even windings,
/// 1 at odd ones), as Swift's `truncatingRemainder` (fmod) and `Int32(v * 255 + 0.5)`.
static inline uint8_t evenodd_byte(float sum) {
    float v = fmodf(fabsf(sum), 2.0f);
    if (v > 1) v = 2 - v;
    return (uint8_t)(int32_t)(v * 255.0f + 0.5f);
}

/// Evenodd's block of eight: the sums added one after another, each made a byte.
static inline mask_block8 evenodd_block(float *cells, float sum) {
    mask_block8 block = {0, 0};
    for (int i = 0; i < 8; i++) {
        sum += cells[i];
        cells[i] = 0;
        block.bytes |= (uint64_t)evenodd_byte(sum) << (8 * i);
    }
    block.sum = sum;
    return block;
}

#if MASK_COVERAGE_AVX2
/// `mask_sum_cells8_nonzero` in the AVX2 form: the same sums, one after another, and the
/// same float operations on them, lane for lane, in one 256-bit register, not two.
MASK_COVERAGE_AVX2_TARGET
static inline mask_block8 nonzero_block_avx2(float *cells, float sum) {
    float s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2], s3 = s2 + cells[3];
    float s4 = s3 + cells[4], s5 = s4 + cells[5], s6 = s5 + cells[6], s7 = s6 + cells[7];
    _mm256_storeu_ps(cells, _mm256_setzero_ps());
    const __m256 sign = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    // min(one, v) is `v > 1 ? 1 : v` lane for lane (a NaN stays NaN, as in Swift).
    __m256 v = _mm256_min_ps(_mm256_set1_ps(1.0f), _mm256_and_ps(_mm256_setr_ps(s0, s1, s2, s3, s4, s5, s6, s7), sign));
    v = _mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f));
    // 0.5 ... 255.5 truncated, then packed to bytes (no lane saturates).
    __m256i lanes = _mm256_cvttps_epi32(v);
    __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    mask_block8 block;
    block.bytes = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(words, words));
    block.sum = s7;
    return block;
}
#endif

/// A block of eight cells summed for nonzero: in the AVX2 form's loop (`wide`, a constant
/// where it is inlined) by `nonzero_block_avx2`, else by `mask_sum_cells8_nonzero`.
static inline __attribute__((always_inline)) mask_block8 nonzero_block(float *cells, float sum, bool wide) {
#if MASK_COVERAGE_AVX2
    if (wide) return nonzero_block_avx2(cells, sum);
#endif
    (void)wide;
    return mask_sum_cells8_nonzero(cells, sum);
}

/// The state of the row being written: its extent so far (`first` is -1 until a non-zero
/// column is seen; `last` is the end of the last one), and the open full run's start (-1
/// when none). The extent is exact as the row is written: no later look at its bytes.
typedef struct {
    long first, last, run_start;
} row_state;

/// Adds the full run `x0 ..< x1` to the table.
static inline void append_run(mask_span_table *t, long x0, long x1) {
    if (t->count + 2 > t->room) t->runs = t->grow(t->runs, t->count, &t->room);
    t->runs[t->count] = (int32_t)x0;
    t->runs[t->count + 1] = (int32_t)x1;
    t->count += 2;
}

/// Closes the open full run, if any, at `x`.
static inline void close_run(mask_span_table *t, row_state *r, long x) {
    if (r->run_start >= 0) {
        append_run(t, r->run_start, x);
        r->run_start = -1;
    }
}

/// `CoverageSpanWriter.run`: columns `x0 ..< x1` all hold `value`.
static inline void note_run(mask_span_table *t, row_state *r, long x0, long x1, uint8_t value) {
    if (value != 0) {
        if (r->first < 0) r->first = x0;
        r->last = x1;
    }
    if (value == 255) {
        if (r->run_start < 0) r->run_start = x0;
    } else {
        close_run(t, r, x0);
    }
}

/// `CoverageSpanWriter.summed` for the `n` columns `x0 ..< x0 + n` of a block (8, or fewer
/// for a row's last block), whose bytes are the low `n` of `bytes` (the first lowest),
/// read from the word alone: a block all 0 only closes an open run, one all 255 only opens
/// one, and the extent takes the block's first and last non-zero bytes.
static inline __attribute__((always_inline))
void note_block(mask_span_table *t, row_state *r, long x0, long n, uint64_t bytes) {
    // The columns' bytes, and those that are not 255 (as non-zero bytes); above the top
    // one, none of either.
    uint64_t live = n == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * n)) - 1;
    uint64_t value = bytes & live, notFull = ~bytes & live;
    if (value == 0) {
        close_run(t, r, x0);
        return;
    }
    if (r->first < 0) r->first = x0 + (__builtin_ctzll(value) >> 3);
    r->last = x0 + 8 - (__builtin_clzll(value) >> 3);
    if (notFull == 0) {
        if (r->run_start < 0) r->run_start = x0;
        return;
    }
    long x1 = x0 + n;
    close_run(t, r, x0 + (__builtin_ctzll(notFull) >> 3));
    // The 255s that end the columns, counted down from the top one (moved to the word's top).
    uint64_t fromTop = notFull << (64 - 8 * n);
    if ((fromTop >> 56) != 0) return;
    r->run_start = x1 - (__builtin_clzll(fromTop) >> 3);
}

/// Stores the low `n` (1 ... 7) bytes of `bytes` at `p`, the lowest first.
static inline void store_first(uint8_t *p, long n, uint64_t bytes) {
    if (n & 4) { uint32_t four = (uint32_t)bytes; memcpy(p, &four, 4); p += 4; bytes >>= 32; }
    if (n & 2) { uint16_t two = (uint16_t)bytes; memcpy(p, &two, 2); p += 2; bytes >>= 16; }
    if (n & 1) *p = (uint8_t)bytes;
}

/// `CoverageSpanWriter.endRow`: the row's entries written at `entry` (its extent, already
/// exact, and where its runs are), the state made ready for the next row.
static inline __attribute__((always_inline))
void end_row(mask_span_table *t, row_state *r, long width, int32_t *entry) {
    close_run(t, r, width);
    long lo = 0, hi = 0;
    if (r->first >= 0) {
        lo = r->first;
        hi = r->last;
        t->covered = true;
    }
    entry[0] = (int32_t)lo;
    entry[1] = (int32_t)hi;
    entry[2] = (int32_t)t->row_start;
    entry[3] = (int32_t)t->count;
    t->row_start = t->count;
    r->first = -1;
}

/// Columns `x0 ..< x1` of a row, untouched blocks after the running sum `sum` (its byte
/// `byte`): one value, noted as a run and written where the spans leave it open (a run of
/// 0s only between non-zero columns: before the first and up to the row's end, it is
/// outside the extent).
static inline void fill_run(mask_span_table *t, row_state *r, long x0, long x1, uint8_t byte, long width,
                            uint8_t *row) {
    if (byte != 255 && (byte != 0 || (r->first >= 0 && x1 != width))) memset(row + x0, byte, (size_t)(x1 - x0));
    note_run(t, r, x0, x1, byte);
}

/// The loop of `mask_sum_rows` for one fill rule and one form (`evenodd` and `wide`, the
/// AVX2 form, constants where it is inlined).
static inline __attribute__((always_inline))
void sum_rows(float *cells, const uint64_t *marks, long words, uint8_t *out, long width, long height,
              long stride, bool evenodd, bool wide, mask_span_table *spans) {
    // The table in a local (its fields in registers), written back at the end.
    mask_span_table t = *spans;
    row_state r = {-1, 0, -1};
    // The rows' cells, bytes, marks and entries, each moved on a row at a time.
    float *row = cells;
    uint8_t *outRow = out;
    const uint64_t *rowMarks = marks;
    int32_t *entry = t.header + t.row * 4, *entryEnd = entry + height * 4;
    for (; entry != entryEnd; row += stride, outRow += width, rowMarks += words, entry += 4) {
        float sum = 0;
        long x = 0;
        // The touched blocks, in order, a word of marks at a time.
        for (long word = 0; word < words; word++) {
            uint64_t bits = rowMarks[word];
            while (bits != 0) {
                long bx = ((word << 6) | __builtin_ctzll(bits)) << 3;
                bits &= bits - 1;
                // Only the spare cells past the row's last block: cleared below.
                if (bx >= width) break;
                // The untouched blocks from `x` to this one hold the sum so far.
                if (bx > x) {
                    uint8_t byte = evenodd ? evenodd_byte(sum) : mask_nonzero_byte(sum);
                    fill_run(&t, &r, x, bx, byte, width, outRow);
                }
                mask_block8 block = evenodd ? evenodd_block(row + bx, sum) : nonzero_block(row + bx, sum, wide);
                sum = block.sum;
                if (width - bx >= 8) {
                    memcpy(outRow + bx, &block.bytes, 8);
                    note_block(&t, &r, bx, 8, block.bytes);
                    x = bx + 8;
                } else {
                    // Past the row's bytes: only the first ones are kept.
                    long n = width - bx;
                    store_first(outRow + bx, n, block.bytes);
                    note_block(&t, &r, bx, n, block.bytes);
                    x = width;
                }
            }
        }
        if (x < width) {
            uint8_t byte = evenodd ? evenodd_byte(sum) : mask_nonzero_byte(sum);
            fill_run(&t, &r, x, width, byte, width, outRow);
        }
        end_row(&t, &r, width, entry);
        // The spare cells that edges reaching the area's right side wrote to (the last
        // block cleared them when it held them).
        row[width] = 0;
        row[width + 1] = 0;
    }
    t.row += height;
    *spans = t;
}

/// `sum_rows` for either fill rule, as plain x86-64 (or the architecture's baseline).
static void sum_rows_baseline(float *cells, const uint64_t *marks, long words, uint8_t *out, long width, long height,
                              long stride, bool evenodd, mask_span_table *spans) {
    if (evenodd) {
        sum_rows(cells, marks, words, out, width, height, stride, true, false, spans);
    } else {
        sum_rows(cells, marks, words, out, width, height, stride, false, false, spans);
    }
}

#if MASK_COVERAGE_AVX2
/// `sum_rows_baseline` compiled with AVX2 (see CoverageLevel.h): the same operations.
MASK_COVERAGE_AVX2_TARGET
static void sum_rows_avx2(float *cells, const uint64_t *marks, long words, uint8_t *out, long width, long height,
                          long stride, bool evenodd, mask_span_table *spans) {
    if (evenodd) {
        sum_rows(cells, marks, words, out, width, height, stride, true, true, spans);
    } else {
        sum_rows(cells, marks, words, out, width, height, stride, false, true, spans);
    }
}
#endif

void mask_sum_rows(float *cells, const uint64_t *marks, long words, uint8_t *out, long width, long height,
                   long stride, bool evenodd, mask_span_table *spans) {
#if MASK_COVERAGE_AVX2
    if (mask_coverage_avx2()) {
        sum_rows_avx2(cells, marks, words, out, width, height, stride, evenodd, spans);
        return;
    }
#endif
    sum_rows_baseline(cells, marks, words, out, width, height, stride, evenodd, spans);
}
