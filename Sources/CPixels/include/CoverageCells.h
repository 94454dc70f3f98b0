#ifndef CPIXELS_COVERAGE_CELLS_H
#define CPIXELS_COVERAGE_CELLS_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The rasterizer's running sum over one block of eight accumulation cells
// (MaskEngine's Raster/Rasterizer.swift), inline so that the Swift loop around it keeps
// its registers. The sums are added one after another, in order, as the Swift loop did
// (their order makes the bytes); only the conversion of the eight sums to bytes runs in
// vector lanes, with the same float operations and the same truncation.

/// A block of eight running sums made into coverage bytes: the bytes, the first in the
/// lowest byte of `bytes`, and the sum after the eighth cell.
typedef struct {
    uint64_t bytes;
    float sum;
} mask_block8;

/// Adds the eight cells at `cells` to `sum` one by one, clears them, and makes each
/// running sum's nonzero coverage byte, `Int32(min(|s|, 1) · 255 + 0.5)`. The bytes are
/// returned in a word, not stored: a caller writing fewer than eight (a row's last,
/// partial block) stores them without a copy through memory.
static inline mask_block8 mask_sum_cells8_nonzero(float *cells, float sum) {
    // Never fused into multiply-adds: the bytes must be those of Swift's
    // `Int32(min(|sum|, 1) * 255 + 0.5)`.
#pragma clang fp contract(off)
    float s[8];
    for (int i = 0; i < 8; i++) {
        sum += cells[i];
        s[i] = sum;
        cells[i] = 0;
    }
    mask_block8 block;
    block.sum = sum;
#if defined(__SSE2__) && defined(__x86_64__)
    const __m128 sign = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    const __m128 one = _mm_set1_ps(1.0f), scale = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
    // min(one, v) is `v > 1 ? 1 : v` lane for lane (a NaN stays NaN, as in Swift).
    __m128 a = _mm_min_ps(one, _mm_and_ps(_mm_loadu_ps(s), sign));
    __m128 b = _mm_min_ps(one, _mm_and_ps(_mm_loadu_ps(s + 4), sign));
    a = _mm_add_ps(_mm_mul_ps(a, scale), half);
    b = _mm_add_ps(_mm_mul_ps(b, scale), half);
    // 0.5 ... 255.5 truncated, then packed to bytes (no lane saturates).
    __m128i words = _mm_packs_epi32(_mm_cvttps_epi32(a), _mm_cvttps_epi32(b));
    block.bytes = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(words, words));
#else
    block.bytes = 0;
    for (int i = 0; i < 8; i++) {
        float v = s[i] < 0 ? -s[i] : s[i];
        if (v > 1) v = 1;
        float scaled = v * 255.0f;
        block.bytes |= (uint64_t)(uint8_t)(int32_t)(scaled + 0.5f) << (8 * i);
    }
#endif
    return block;
}

/// One running sum's nonzero coverage byte, as `mask_sum_cells8_nonzero` makes each of
/// its eight (and Swift's `Int32(min(|sum|, 1) * 255 + 0.5)` for a finite sum).
static inline uint8_t mask_nonzero_byte(float sum) {
#pragma clang fp contract(off)
    float v = sum < 0 ? -sum : sum;
    if (v > 1) v = 1;
    float scaled = v * 255.0f;
    return (uint8_t)(int32_t)(scaled + 0.5f);
}

#endif
