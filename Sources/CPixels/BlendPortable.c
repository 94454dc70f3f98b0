// The kernels without the x86 levels: eight pixels (or alpha bytes) a block in the
// compiler's generic vectors (SSE2 or NEON as the target has them), with the 16-bit-lane
// arithmetic of MaskEngine's PixelBlock; the last few one at a time. Every architecture's
// level. Blocks of eight coverage bytes are skipped or copied as the x86 levels skip and
// copy theirs.

#include "KernelTable.h"

// The 32-byte vectors pass between static inline functions only, never across an ABI
// boundary, so the warning that their passing convention depends on AVX does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint32_t pixels8 __attribute__((vector_size(32)));
typedef uint16_t lanes16 __attribute__((vector_size(32)));
typedef uint16_t bytes8_16 __attribute__((vector_size(16)));
typedef uint8_t bytes8 __attribute__((vector_size(8)));

static inline pixels8 load_block(const uint8_t *p) {
    pixels8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store_block(uint8_t *p, pixels8 v) { memcpy(p, &v, sizeof v); }

static inline bytes8_16 load_bytes(const uint8_t *p) {
    bytes8 b;
    memcpy(&b, p, sizeof b);
    return __builtin_convertvector(b, bytes8_16);
}

/// x · k / 255 rounded, in 16-bit lanes holding bytes.
static inline bytes8_16 product(bytes8_16 x, bytes8_16 k) {
    bytes8_16 t = x * k + 128;
    return (t + (t >> 8)) >> 8;
}

/// Eight factors (16-bit lanes holding bytes) in both 16-bit halves of each pixel's lane.
static inline pixels8 factors(bytes8_16 k) {
    pixels8 w = __builtin_convertvector(k, pixels8);
    return w | (w << 16);
}

/// Every channel of eight pixels times its pixel's factor / 255, rounded: `scaled_pixel`
/// on each, red and blue (green and alpha) sharing a 16-bit-lane multiply.
static inline pixels8 block_scaled(pixels8 p, pixels8 k) {
    lanes16 v = (lanes16)p, f = (lanes16)k;
    lanes16 rb = (v & 0x00FF) * f + 0x0080;
    rb = (rb + (rb >> 8)) >> 8;
    lanes16 ga = (v >> 8) * f + 0x0080;
    ga = (ga + (ga >> 8)) & 0xFF00;
    return (pixels8)(rb | ga);
}

/// Source-over of eight pixels `s` onto the eight pixels `d`.
static inline pixels8 over_block(pixels8 s, pixels8 d) {
    pixels8 inverse = 255 - (s >> 24);
    return s + block_scaled(d, inverse | (inverse << 16));
}

/// Source-over of eight pixels `s` onto the eight at `d`.
static inline void block_over(pixels8 s, uint8_t *d) { store_block(d, over_block(s, load_block(d))); }

/// The end of the run of 8-byte blocks of 255 from `i` (the block at `i` is one).
static size_t full_run_end(const uint8_t *mask, size_t i, size_t count) {
    size_t end = i + 8;
    while (end + 8 <= count && load_8(mask + end) == ~(uint64_t)0) end += 8;
    return end;
}

static void masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t m8 = load_8(mask + i);
        if (m8 == 0) continue;
        if (m8 == ~(uint64_t)0 && opaque) {
            size_t end = full_run_end(mask, i, count);
            memcpy(dst + 4 * i, src + 4 * i, 4 * (end - i));
            i = end - 8;
            continue;
        }
        pixels8 s = load_block(src + 4 * i);
        block_over(m8 == ~(uint64_t)0 ? s : block_scaled(s, factors(load_bytes(mask + i))), dst + 4 * i);
    }
    masked_pixels(src, mask, dst, i, count);
}

/// `masked_row_opacity`, or with `onto` (known where it is inlined) over the pixel
/// `backdrop` without reading `dst` (a stale row's columns: blocks the mask shuts become
/// the backdrop).
__attribute__((always_inline)) static inline void masked_row_opacity_known(const uint8_t *src, const uint8_t *mask, uint8_t *dst,
                                                                           size_t count, uint32_t opacity, uint32_t backdrop, int onto) {
    pixels8 k = (pixels8){0} + (opacity | opacity << 16), b = (pixels8){0} + backdrop;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t m8 = load_8(mask + i);
        if (m8 == 0) {
            if (onto) store_block(dst + 4 * i, b);
            continue;
        }
        pixels8 s = load_block(src + 4 * i);
        if (m8 != ~(uint64_t)0) s = block_scaled(s, factors(load_bytes(mask + i)));
        store_block(dst + 4 * i, over_block(block_scaled(s, k), onto ? b : load_block(dst + 4 * i)));
    }
    if (onto) return masked_pixels_opacity_onto(src, mask, dst, i, count, opacity, backdrop);
    masked_pixels_opacity(src, mask, dst, i, count, opacity);
}

static void masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity) {
    masked_row_opacity_known(src, mask, dst, count, opacity, 0, 0);
}

/// `masked_row_opacity` for `scaled_span_rows` (the mask's row `first ..< end` unused: the
/// last pixels read their bytes one at a time).
static void masked_row_opacity_within(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity,
                                      const uint8_t *first, const uint8_t *end) {
    (void)first;
    (void)end;
    masked_row_opacity_known(src, mask, dst, count, opacity, 0, 0);
}

static void masked_row_opacity_onto(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity,
                                    uint32_t backdrop, const uint8_t *first, const uint8_t *end) {
    (void)first;
    (void)end;
    masked_row_opacity_known(src, mask, dst, count, opacity, backdrop, 1);
}

/// Copies `count` pixels from `src` to `dst` (apart).
static void copy_pixels(uint8_t *dst, const uint8_t *src, size_t count) { memcpy(dst, src, 4 * count); }

static void over_row(const uint8_t *src, uint8_t *dst, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) block_over(load_block(src + 4 * i), dst + 4 * i);
    for (; i < count; i++) blend_pixel(load_pixel(src + 4 * i), dst + 4 * i);
}

static void scaled_row(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, int opaque) {
    pixels8 k8 = (pixels8){0} + (k | k << 16);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixels8 s = block_scaled(load_block(src + 4 * i), k8), d = load_block(dst + 4 * i);
        // An opaque source's scaled alpha is k: the destination loses d · k / 255 (no borrow).
        store_block(dst + 4 * i, opaque ? s + (d - block_scaled(d, k8)) : over_block(s, d));
    }
    scaled_pixels(src, dst, i, count, k);
}

static void scaled_row_onto(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, uint32_t backdrop, int opaque) {
    pixels8 k8 = (pixels8){0} + (k | k << 16), b = (pixels8){0} + backdrop, left = (pixels8){0} + backdrop_left(backdrop, k);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixels8 s = block_scaled(load_block(src + 4 * i), k8);
        store_block(dst + 4 * i, opaque ? s + left : over_block(s, b));
    }
    scaled_pixels_onto(src, dst, i, count, k, backdrop);
}

static void fill_pixels(uint8_t *dst, size_t count, uint32_t pixel) {
    for (size_t i = 0; i < count; i++) store_pixel(dst + 4 * i, pixel);
}

/// `solid_row`, or with `onto` (known where it is inlined) over the pixel `backdrop`
/// without reading `dst` (a stale row's columns: blocks the coverage shuts become the
/// backdrop).
__attribute__((always_inline)) static inline void solid_row_known(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst,
                                                                  size_t count, uint32_t backdrop, int onto) {
    uint32_t full = scaled_pixel(color, k);
    if (!coverage && full >> 24 == 255) return fill_pixels(dst, count, full);
    pixels8 c = (pixels8){0} + color, s_full = (pixels8){0} + full, b = (pixels8){0} + backdrop;
    bytes8_16 k16 = (bytes8_16){0} + (uint16_t)k;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t m8 = coverage ? load_8(coverage + i) : ~(uint64_t)0;
        if (m8 == 0) {
            if (onto) store_block(dst + 4 * i, b);
            continue;
        }
        pixels8 s = m8 == ~(uint64_t)0 ? s_full : block_scaled(c, factors(product(load_bytes(coverage + i), k16)));
        store_block(dst + 4 * i, over_block(s, onto ? b : load_block(dst + 4 * i)));
    }
    if (onto) return solid_pixels_onto(color, coverage, k, dst, i, count, backdrop);
    solid_pixels(color, coverage, k, dst, i, count);
}

static void solid_row(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count) {
    solid_row_known(color, coverage, k, dst, count, 0, 0);
}

static void solid_row_onto(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count, uint32_t backdrop) {
    solid_row_known(color, coverage, k, dst, count, backdrop, 1);
}

/// The opaque `color` through `count` mask bytes over the pixels at `dst` (over `backdrop`
/// without reading them, with `onto`): `color · m / 255 + d − d · m / 255`.
__attribute__((always_inline)) static inline void opaque_through_row(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count,
                                                                     uint32_t backdrop, int onto) {
    pixels8 c = (pixels8){0} + color, b = (pixels8){0} + backdrop;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixels8 k = factors(load_bytes(mask + i)), d = onto ? b : load_block(dst + 4 * i);
        store_block(dst + 4 * i, block_scaled(c, k) + (d - block_scaled(d, k)));
    }
    for (; i < count; i++) store_pixel(dst + 4 * i, opaque_through(color, mask[i], onto ? backdrop : load_pixel(dst + 4 * i)));
}

static void opaque_over(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count) {
    opaque_through_row(color, mask, dst, count, 0, 0);
}

static void opaque_onto(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t backdrop) {
    opaque_through_row(color, mask, dst, count, backdrop, 1);
}

/// A few pixels (below a block) of `opaque_through_row`, one at a time, inlined.
__attribute__((always_inline)) static inline void opaque_narrow(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count,
                                                                uint32_t backdrop, int onto) {
    for (size_t i = 0; i < count; i++) store_pixel(dst + 4 * i, opaque_through(color, mask[i], onto ? backdrop : load_pixel(dst + 4 * i)));
}

static void solid_span_rows(uint32_t color, uint32_t backdrop, const struct mask_solid_span_rows *rows) {
    solid_span_rows_with((struct solid_span_ops){fill_pixels, opaque_over, opaque_onto, opaque_narrow, 7}, color, backdrop, rows);
}

static void alpha_fill(uint8_t *dst, size_t count, uint32_t alpha) {
    if (alpha == 255) memset(dst, 255, count);
    if (alpha == 0 || alpha == 255) return;
    for (size_t i = 0; i < count; i++) blend_alpha(alpha, dst + i);
}

static void alpha_row(const uint8_t *coverage, uint8_t *dst, size_t count, uint32_t alpha, uint32_t k) {
    bytes8_16 k16 = (bytes8_16){0} + (uint16_t)k, a16 = (bytes8_16){0} + (uint16_t)alpha;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        if (load_8(coverage + i) == 0) continue;
        bytes8_16 s = product(a16, product(load_bytes(coverage + i), k16));
        bytes8 out = __builtin_convertvector(s + product(load_bytes(dst + i), 255 - s), bytes8);
        memcpy(dst + i, &out, sizeof out);
    }
    alpha_bytes(coverage, dst, i, count, alpha, k);
}

/// A solid row's edge of a pixel or three, one pixel at a time, over the pixels or (`onto`)
/// over `backdrop` (the coverage's row `first ..< end` unused).
__attribute__((always_inline)) static inline void solid_narrow(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst,
                                                               size_t count, uint32_t backdrop, int onto, const uint8_t *first,
                                                               const uint8_t *end) {
    (void)first;
    (void)end;
    if (onto) return solid_pixels_onto(color, coverage, k, dst, 0, count, backdrop);
    solid_pixels(color, coverage, k, dst, 0, count);
}

static void solid_cover_rows(uint32_t color, uint32_t k, uint32_t backdrop, const struct mask_band *rows) {
    solid_cover_rows_with(solid_row, solid_row_onto, fill_pixels, solid_narrow, 3, NULL, color, k, backdrop, rows);
}

static void scaled_span_rows(uint32_t backdrop, const struct mask_scaled_span_rows *rows) {
    scaled_span_rows_with((struct scaled_span_ops){fill_pixels, over_row, masked_row_opacity_within, masked_row_opacity_onto,
                                                   scaled_row_onto, copy_pixels},
                          NULL, NULL, backdrop, rows);
}

/// The pixel `s` over `count` pixels from `dst`, as `over_row` blends a row of it.
static void pixel_over(uint8_t *dst, size_t count, uint32_t s) {
    pixels8 s8 = (pixels8){0} + s;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) block_over(s8, dst + 4 * i);
    for (; i < count; i++) blend_pixel(s, dst + 4 * i);
}

/// `uniform_pieces_rows_with` at this level, a function of its own.
__attribute__((noinline)) static void uniform_pieces_rows(const struct mask_scaled_pieces_rows *rows) {
    uniform_pieces_rows_with(fill_pixels, pixel_over, rows);
}

static void scaled_pieces_rows(uint32_t backdrop, const struct mask_scaled_pieces_rows *rows) {
    if (uniform_and_fresh(rows)) {
        uniform_pieces_rows(rows);
        return;
    }
    scaled_pieces_rows_with(fill_pixels, scaled_row_onto, scaled_row, pixel_over, backdrop, rows);
}

static void axial_row(const uint32_t *table, size_t entries, double t0, double dt, double low, double scale, uint8_t *out,
                      size_t count) {
    axial_pixels(table, (double)(entries - 1), t0, dt, low, scale, out, 0, count);
}

const struct kernel_table mask_portable_kernels = {
    masked_row, masked_row_opacity, scaled_row, scaled_row_onto, solid_row, solid_span_rows, solid_cover_rows,
    scaled_span_rows, scaled_pieces_rows, fill_pixels, alpha_fill, alpha_row, over_row, axial_row,
};
