#include "CPixels.h"

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
