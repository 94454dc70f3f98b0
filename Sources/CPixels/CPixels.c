#include "CPixels.h"
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define MASK_X86_VECTORS 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define MASK_ARM_VECTORS 1
#endif

/// A vector loop over the first pixels of a row: returns how many it converted.
typedef size_t (*vector_steps)(const uint8_t *src, uint8_t *dst, size_t count);
/// The same conversion one pixel at a time, from `from` to `count`.
typedef void (*pixel_steps)(const uint8_t *src, uint8_t *dst, size_t from, size_t count);

/// The vector loop this CPU runs, of an x86-64 one (needing SSSE3, checked at run time)
/// and an arm64 one; none elsewhere. An argument for the other architecture is not used.
#if MASK_X86_VECTORS
#define VECTOR_STEPS(x86, arm) (__builtin_cpu_supports("ssse3") ? (x86) : NULL)
#elif MASK_ARM_VECTORS
#define VECTOR_STEPS(x86, arm) (arm)
#else
#define VECTOR_STEPS(x86, arm) NULL
#endif

/// `count` pixels: the vector loop as far as it goes, then one by one.
static void convert_pixels(vector_steps vector, pixel_steps scalar, const uint8_t *src, uint8_t *dst, size_t count) {
    scalar(src, dst, vector ? vector(src, dst, count) : 0, count);
}

/// One pixel at a time: the path for what the vector loops leave, and for other CPUs.
static void pack_scalar(const uint8_t *rgba, uint8_t *rgb, size_t from, size_t count) {
    for (size_t p = from; p < count; p++) {
        rgb[3 * p] = rgba[4 * p];
        rgb[3 * p + 1] = rgba[4 * p + 1];
        rgb[3 * p + 2] = rgba[4 * p + 2];
    }
}

#if MASK_X86_VECTORS
/// Four pixels a step: one shuffle gathers their twelve colour bytes, and one 16-byte
/// store writes them (its last four bytes are overwritten by the next step). The loop
/// stops while a whole store still fits before the end of `rgb`.
__attribute__((target("ssse3")))
static size_t pack_ssse3(const uint8_t *rgba, uint8_t *rgb, size_t count) {
    const __m128i gather = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    size_t p = 0;
    for (; p + 6 <= count; p += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(rgba + 4 * p));
        _mm_storeu_si128((__m128i *)(rgb + 3 * p), _mm_shuffle_epi8(pixels, gather));
    }
    return p;
}
#endif

#if MASK_ARM_VECTORS
/// Sixteen pixels a step: loaded as four planes, stored as three interleaved.
static size_t pack_neon(const uint8_t *rgba, uint8_t *rgb, size_t count) {
    size_t p = 0;
    for (; p + 16 <= count; p += 16) {
        uint8x16x4_t pixels = vld4q_u8(rgba + 4 * p);
        uint8x16x3_t colours = {{pixels.val[0], pixels.val[1], pixels.val[2]}};
        vst3q_u8(rgb + 3 * p, colours);
    }
    return p;
}
#endif

void mask_pack_rgb(const uint8_t *rgba, uint8_t *rgb, size_t count) {
    convert_pixels(VECTOR_STEPS(pack_ssse3, pack_neon), pack_scalar, rgba, rgb, count);
}

/// One pixel at a time, as `mask_expand_rgb` does for what its vector loops leave.
static void expand_scalar(const uint8_t *rgb, uint8_t *rgba, size_t from, size_t count) {
    for (size_t p = from; p < count; p++) {
        rgba[4 * p] = rgb[3 * p];
        rgba[4 * p + 1] = rgb[3 * p + 1];
        rgba[4 * p + 2] = rgb[3 * p + 2];
        rgba[4 * p + 3] = 255;
    }
}

#if MASK_X86_VECTORS
/// Four pixels a step: a 16-byte load (its last four bytes belong to the next step), one
/// shuffle spreading the twelve colour bytes, alpha set by an or. The loop stops while a
/// whole load still fits inside `rgb`.
__attribute__((target("ssse3")))
static size_t expand_ssse3(const uint8_t *rgb, uint8_t *rgba, size_t count) {
    const __m128i spread = _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    size_t p = 0;
    for (; p + 6 <= count; p += 4) {
        __m128i colours = _mm_loadu_si128((const __m128i *)(rgb + 3 * p));
        _mm_storeu_si128((__m128i *)(rgba + 4 * p), _mm_or_si128(_mm_shuffle_epi8(colours, spread), alpha));
    }
    return p;
}
#endif

#if MASK_ARM_VECTORS
/// Sixteen pixels a step: loaded as three planes, stored as four interleaved.
static size_t expand_neon(const uint8_t *rgb, uint8_t *rgba, size_t count) {
    size_t p = 0;
    for (; p + 16 <= count; p += 16) {
        uint8x16x3_t colours = vld3q_u8(rgb + 3 * p);
        uint8x16x4_t pixels = {{colours.val[0], colours.val[1], colours.val[2], vdupq_n_u8(255)}};
        vst4q_u8(rgba + 4 * p, pixels);
    }
    return p;
}
#endif

void mask_expand_rgb(const uint8_t *rgb, uint8_t *rgba, size_t count) {
    convert_pixels(VECTOR_STEPS(expand_ssse3, expand_neon), expand_scalar, rgb, rgba, count);
}

#if MASK_X86_VECTORS
/// `mulDiv255` on each byte of a packed pixel: Compositor.swift's `scaled(_:by:)`.
static uint32_t scaled_pixel(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ga = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ga = (ga + ((ga >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ga;
}

static uint32_t load_pixel(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static void store_pixel(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

static uint64_t load_block_mask(const uint8_t *mask) {
    uint64_t m;
    memcpy(&m, mask, 8);
    return m;
}

/// A block of eight full coverage bytes at `i`; returns where the next block starts. With
/// `opaque`, the run of full blocks from `i` is one copy; otherwise, as
/// Surface.sourceOverRun, a copy when all eight pixels are opaque, else each pixel
/// source-over with its own fast cases.
static size_t full_blocks(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t i, size_t count, int opaque) {
    if (opaque) {
        size_t end = i + 8;
        while (end + 8 <= count && load_block_mask(mask + end) == ~(uint64_t)0) end += 8;
        memcpy(dst + 4 * i, src + 4 * i, 4 * (end - i));
        return end;
    }
    uint32_t alphas = 0xFF000000u;
    for (size_t j = i; j < i + 8; j++) alphas &= load_pixel(src + 4 * j);
    if (alphas == 0xFF000000u) {
        memcpy(dst + 4 * i, src + 4 * i, 32);
        return i + 8;
    }
    for (size_t j = i; j < i + 8; j++) {
        uint32_t s = load_pixel(src + 4 * j), sa = s >> 24;
        if (sa == 0) continue;
        store_pixel(dst + 4 * j, sa == 255 ? s : s + scaled_pixel(load_pixel(dst + 4 * j), 255 - sa));
    }
    return i + 8;
}

/// Pixels `from ..< to`, one at a time: each scaled by its coverage, then blended.
static void masked_pixels(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t from, size_t to) {
    for (size_t i = from; i < to; i++) {
        uint32_t s = scaled_pixel(load_pixel(src + 4 * i), mask[i]);
        store_pixel(dst + 4 * i, s + scaled_pixel(load_pixel(dst + 4 * i), 255 - (s >> 24)));
    }
}

/// Pixels `from ..< to`, one at a time: each scaled by its coverage, then by `opacity`,
/// then blended.
static void masked_pixels_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t from, size_t to,
                                  uint32_t opacity) {
    for (size_t i = from; i < to; i++) {
        uint32_t s = scaled_pixel(scaled_pixel(load_pixel(src + 4 * i), mask[i]), opacity);
        store_pixel(dst + 4 * i, s + scaled_pixel(load_pixel(dst + 4 * i), 255 - (s >> 24)));
    }
}

/// Eight pixels' channels times their lanes' factors / 255, rounded: PixelBlock.scaled.
/// Each 16-bit lane holds a channel (red and blue, then green and alpha); no lane exceeds
/// 255 · 255 + 128 + 254, so 16-bit products are exact.
__attribute__((target("avx2")))
static __m256i scaled_block(__m256i v, __m256i k) {
    const __m256i low = _mm256_set1_epi16(0x00FF), half = _mm256_set1_epi16(0x0080);
    __m256i rb = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(v, low), k), half);
    rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
    __m256i ga = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(v, 8), k), half);
    ga = _mm256_and_si256(_mm256_add_epi16(ga, _mm256_srli_epi16(ga, 8)), _mm256_set1_epi16((short)0xFF00));
    return _mm256_or_si256(rb, ga);
}

/// A factor per pixel, in both 16-bit halves of its 32-bit lane.
__attribute__((target("avx2")))
static __m256i both_halves(__m256i k) { return _mm256_or_si256(k, _mm256_slli_epi32(k, 16)); }

/// Source-over of eight scaled source pixels onto the eight at `dst`: PixelBlock.blend.
__attribute__((target("avx2")))
static void blend_block(__m256i s, uint8_t *dst) {
    __m256i inverse = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(s, 24));
    __m256i d = _mm256_loadu_si256((const __m256i *)dst);
    _mm256_storeu_si256((__m256i *)dst, _mm256_add_epi32(s, scaled_block(d, both_halves(inverse))));
}

/// The factors of eight coverage bytes.
__attribute__((target("avx2")))
static __m256i block_factors(const uint8_t *mask) {
    return both_halves(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)mask)));
}

__attribute__((target("avx2")))
void mask_masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque) {
    size_t i = 0;
    while (i + 8 <= count) {
        uint64_t m8 = load_block_mask(mask + i);
        if (m8 == 0) { i += 8; continue; }
        if (m8 == ~(uint64_t)0) { i = full_blocks(src, mask, dst, i, count, opaque); continue; }
        blend_block(scaled_block(_mm256_loadu_si256((const __m256i *)(src + 4 * i)), block_factors(mask + i)), dst + 4 * i);
        i += 8;
    }
    masked_pixels(src, mask, dst, i, count);
}

__attribute__((target("avx2")))
void mask_masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity) {
    const __m256i k = _mm256_set1_epi32((int)(opacity | (opacity << 16)));
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t m8 = load_block_mask(mask + i);
        if (m8 == 0) continue;
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + 4 * i));
        // A full block scales by 255, which changes nothing: only the opacity.
        if (m8 != ~(uint64_t)0) s = scaled_block(s, block_factors(mask + i));
        blend_block(scaled_block(s, k), dst + 4 * i);
    }
    masked_pixels_opacity(src, mask, dst, i, count, opacity);
}

int mask_has_masked_row(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }
#else
int mask_has_masked_row(void) { return 0; }
#endif
