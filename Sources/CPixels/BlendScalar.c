// The kernels one pixel at a time: every architecture's level, and the reference the
// vector levels are tested against. Blocks of eight coverage bytes are skipped or copied
// as the vector levels skip and copy theirs.

#include "KernelTable.h"

/// The end of the run of 8-byte blocks of 255 from `i` (the block at `i` is one).
static size_t full_run_end(const uint8_t *mask, size_t i, size_t count) {
    size_t end = i + 8;
    while (end + 8 <= count && load_8(mask + end) == ~(uint64_t)0) end += 8;
    return end;
}

static void masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque) {
    size_t i = 0;
    while (i + 8 <= count) {
        uint64_t m8 = load_8(mask + i);
        if (m8 == 0) {
            i += 8;
        } else if (m8 == ~(uint64_t)0 && opaque) {
            size_t end = full_run_end(mask, i, count);
            memcpy(dst + 4 * i, src + 4 * i, 4 * (end - i));
            i = end;
        } else {
            masked_pixels(src, mask, dst, i, i + 8);
            i += 8;
        }
    }
    masked_pixels(src, mask, dst, i, count);
}

static void masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        if (load_8(mask + i) != 0) masked_pixels_opacity(src, mask, dst, i, i + 8, opacity);
    }
    masked_pixels_opacity(src, mask, dst, i, count, opacity);
}

static void fill_pixels(uint8_t *dst, size_t count, uint32_t pixel) {
    for (size_t i = 0; i < count; i++) store_pixel(dst + 4 * i, pixel);
}

static void solid_row(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count) {
    if (!coverage) {
        uint32_t s = scaled_pixel(color, k);
        if (s >> 24 == 255) return fill_pixels(dst, count, s);
        for (size_t i = 0; i < count; i++) blend_pixel(s, dst + 4 * i);
        return;
    }
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        if (load_8(coverage + i) != 0) solid_pixels(color, coverage, k, dst, i, i + 8);
    }
    solid_pixels(color, coverage, k, dst, i, count);
}

static void alpha_fill(uint8_t *dst, size_t count, uint32_t alpha) {
    if (alpha == 255) memset(dst, 255, count);
    if (alpha == 0 || alpha == 255) return;
    for (size_t i = 0; i < count; i++) blend_alpha(alpha, dst + i);
}

static void alpha_row(const uint8_t *coverage, uint8_t *dst, size_t count, uint32_t alpha, uint32_t k) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        if (load_8(coverage + i) != 0) alpha_bytes(coverage, dst, i, i + 8, alpha, k);
    }
    alpha_bytes(coverage, dst, i, count, alpha, k);
}

const struct kernel_table mask_scalar_kernels = {
    masked_row, masked_row_opacity, solid_row, fill_pixels, alpha_fill, alpha_row,
};
