// The kernels with AVX2: eight pixels (32 alpha bytes) a step; a row's last few pixels
// take the vector step with loads and stores masked by pixel (`vpmaskmovd`), their
// coverage bytes read four, two and one at a time; the alpha kernels' last bytes go one
// by one (AVX2 has no byte-masked loads, and a padded copy costs more than the bytes).

#include "KernelTable.h"

#if MASK_X86_KERNELS
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)

typedef __m256i vec;
#define LANES 8
#define MASKED_TAILS 0

static inline vec v_zero(void) { return _mm256_setzero_si256(); }
static inline vec v_set16(int16_t x) { return _mm256_set1_epi16(x); }
static inline vec v_set32(int32_t x) { return _mm256_set1_epi32(x); }
static inline vec v_set64x2(uint64_t low, uint64_t high) {
    return _mm256_setr_epi64x((long long)low, (long long)high, (long long)low, (long long)high);
}
static inline vec v_load(const uint8_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
static inline void v_store(uint8_t *p, vec v) { _mm256_storeu_si256((__m256i *)p, v); }
static inline __m128i v_block(const uint8_t *m) { return _mm_loadl_epi64((const __m128i *)m); }
static inline __m128i v_block_ones(void) { return _mm_set_epi64x(0, -1); }
static inline vec v_coverage(__m128i block) { return _mm256_cvtepu8_epi32(block); }
static inline vec v_unpacklo8(vec a, vec b) { return _mm256_unpacklo_epi8(a, b); }
static inline vec v_unpackhi8(vec a, vec b) { return _mm256_unpackhi_epi8(a, b); }
static inline vec v_packus16(vec a, vec b) { return _mm256_packus_epi16(a, b); }
static inline vec v_mullo16(vec a, vec b) { return _mm256_mullo_epi16(a, b); }
static inline vec v_mulhi16(vec a, vec b) { return _mm256_mulhi_epu16(a, b); }
static inline vec v_add16(vec a, vec b) { return _mm256_add_epi16(a, b); }
static inline vec v_sub16(vec a, vec b) { return _mm256_sub_epi16(a, b); }
static inline vec v_add32(vec a, vec b) { return _mm256_add_epi32(a, b); }
static inline vec v_sub8(vec a, vec b) { return _mm256_sub_epi8(a, b); }
static inline vec v_shuffle8(vec a, vec control) { return _mm256_shuffle_epi8(a, control); }
static inline int v_is_zero(vec v) { return _mm256_testz_si256(v, v); }
static inline int v_is_ones(vec v) { return _mm256_testc_si256(v, _mm256_set1_epi8(-1)); }
/// The mask of the first `n` (below 8) pixels.
static inline vec first_pixels(size_t n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
static inline vec v_load_pixels(const uint8_t *p, size_t n) { return _mm256_maskload_epi32((const int *)p, first_pixels(n)); }
static inline void v_store_pixels(uint8_t *p, vec v, size_t n) { _mm256_maskstore_epi32((int *)p, first_pixels(n), v); }
/// The first `n` (below 8) bytes of a block, read four, two and one at a time (no byte
/// past them: the row may end there).
static inline __m128i v_block_part(const uint8_t *m, size_t n) {
    uint64_t v = 0;
    size_t i = 0;
    if (n & 4) {
        uint32_t w;
        memcpy(&w, m, 4);
        v = w;
        i = 4;
    }
    if (n & 2) {
        uint16_t h;
        memcpy(&h, m + i, 2);
        v |= (uint64_t)h << (8 * i);
        i += 2;
    }
    if (n & 1) v |= (uint64_t)m[i] << (8 * i);
    return _mm_cvtsi64_si128((long long)v);
}
/// The `n` (below 8) bytes at `m` in a block's first bytes, which lie in a row of bytes
/// `first ..< end` that may all be read: one 8-byte read inside the row where it has eight
/// bytes from `m` on (the bytes past the `n` left as read: a step of `n` pixels stores
/// only those), or eight up to `m + n` (moved down), else `v_block_part`'s reads. A mask's
/// edge piece, a pixel or three, then costs one read.
static inline __m128i v_block_within(const uint8_t *m, size_t n, const uint8_t *first, const uint8_t *end) {
    uint64_t v;
    if (end - m >= 8) {
        memcpy(&v, m, 8);
        return _mm_cvtsi64_si128((long long)v);
    }
    if (m + n - first >= 8) {
        memcpy(&v, m + n - 8, 8);
        return _mm_cvtsi64_si128((long long)(v >> (8 * (8 - n))));
    }
    return v_block_part(m, n);
}

#include "BlendVector.h"

#pragma clang attribute pop

const struct kernel_table mask_avx2_kernels = VECTOR_KERNELS;
#endif
