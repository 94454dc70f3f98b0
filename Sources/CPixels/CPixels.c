#include "CPixels.h"
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <tmmintrin.h>
#define MASK_PACK_SSSE3 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define MASK_PACK_NEON 1
#endif

/// One pixel at a time: the path for what the vector loops leave, and for other CPUs.
static void pack_scalar(const uint8_t *rgba, uint8_t *rgb, size_t from, size_t count) {
    for (size_t p = from; p < count; p++) {
        rgb[3 * p] = rgba[4 * p];
        rgb[3 * p + 1] = rgba[4 * p + 1];
        rgb[3 * p + 2] = rgba[4 * p + 2];
    }
}

#if MASK_PACK_SSSE3
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

#if MASK_PACK_NEON
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
    size_t done = 0;
#if MASK_PACK_SSSE3
    if (__builtin_cpu_supports("ssse3")) done = pack_ssse3(rgba, rgb, count);
#elif MASK_PACK_NEON
    done = pack_neon(rgba, rgb, count);
#endif
    pack_scalar(rgba, rgb, done, count);
}
