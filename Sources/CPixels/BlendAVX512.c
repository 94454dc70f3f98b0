// The kernels with AVX-512 (F, BW and VL): sixteen pixels (64 alpha bytes) a step; a
// row's last few go through the same step with masked loads and stores.

#include "KernelTable.h"

#if MASK_X86_KERNELS
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl"))), apply_to = function)

typedef __m512i vec;
#define LANES 16
#define MASKED_TAILS 1

/// The mask of the first `n` (below 64) elements.
static inline __mmask64 first(size_t n) { return ((__mmask64)1 << n) - 1; }

static inline vec v_zero(void) { return _mm512_setzero_si512(); }
static inline vec v_set16(int16_t x) { return _mm512_set1_epi16(x); }
static inline vec v_set32(int32_t x) { return _mm512_set1_epi32(x); }
static inline vec v_set64x2(uint64_t low, uint64_t high) {
    long long l = (long long)low, h = (long long)high;
    return _mm512_set_epi64(h, l, h, l, h, l, h, l);
}
static inline vec v_load(const uint8_t *p) { return _mm512_loadu_si512((const void *)p); }
static inline void v_store(uint8_t *p, vec v) { _mm512_storeu_si512((void *)p, v); }
static inline vec v_load_part(const uint8_t *p, size_t bytes) { return _mm512_maskz_loadu_epi8(first(bytes), p); }
static inline void v_store_part(uint8_t *p, vec v, size_t bytes) { _mm512_mask_storeu_epi8(p, first(bytes), v); }
static inline vec v_load_pixels(const uint8_t *p, size_t n) { return v_load_part(p, 4 * n); }
static inline void v_store_pixels(uint8_t *p, vec v, size_t n) { v_store_part(p, v, 4 * n); }
static inline __m128i v_block(const uint8_t *m) { return _mm_loadu_si128((const __m128i *)m); }
static inline __m128i v_block_part(const uint8_t *m, size_t n) { return _mm_maskz_loadu_epi8((__mmask16)first(n), m); }
/// `v_block_part`: its masked read touches no byte past the `n` (the row `first ..< end` unused).
static inline __m128i v_block_within(const uint8_t *m, size_t n, const uint8_t *first, const uint8_t *end) {
    (void)first;
    (void)end;
    return v_block_part(m, n);
}
static inline __m128i v_block_ones(void) { return _mm_set1_epi8(-1); }
static inline vec v_coverage(__m128i block) { return _mm512_cvtepu8_epi32(block); }
static inline vec v_unpacklo8(vec a, vec b) { return _mm512_unpacklo_epi8(a, b); }
static inline vec v_unpackhi8(vec a, vec b) { return _mm512_unpackhi_epi8(a, b); }
static inline vec v_packus16(vec a, vec b) { return _mm512_packus_epi16(a, b); }
static inline vec v_mullo16(vec a, vec b) { return _mm512_mullo_epi16(a, b); }
static inline vec v_mulhi16(vec a, vec b) { return _mm512_mulhi_epu16(a, b); }
static inline vec v_add16(vec a, vec b) { return _mm512_add_epi16(a, b); }
static inline vec v_sub16(vec a, vec b) { return _mm512_sub_epi16(a, b); }
static inline vec v_add32(vec a, vec b) { return _mm512_add_epi32(a, b); }
static inline vec v_sub8(vec a, vec b) { return _mm512_sub_epi8(a, b); }
static inline vec v_shuffle8(vec a, vec control) { return _mm512_shuffle_epi8(a, control); }
static inline int v_is_zero(vec v) { return _mm512_test_epi64_mask(v, v) == 0; }
static inline int v_is_ones(vec v) { return _mm512_cmpneq_epi64_mask(v, _mm512_set1_epi8(-1)) == 0; }

#include "BlendVector.h"

#pragma clang attribute pop

const struct kernel_table mask_avx512_kernels = VECTOR_KERNELS;
#endif
