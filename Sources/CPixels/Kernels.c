// Which level's kernels run: chosen once when the library is loaded, for the best level
// the CPU has (and the OS saves the registers of), and changed only by tests.

#include "KernelTable.h"
#include <stdatomic.h>

/// The kernels of each level, by `MASK_PIXEL_LEVEL_*`.
static const struct kernel_table *const level_kernels[] = {
    &mask_portable_kernels,
#if MASK_X86_KERNELS
    &mask_avx2_kernels,
    &mask_avx512_kernels,
#endif
};

/// The level that runs, and its kernels. Written at load time (and by tests), read by
/// every call: relaxed atomics, which are plain moves on the CPUs this runs on.
static _Atomic int active_level = MASK_PIXEL_LEVEL_PORTABLE;
static _Atomic(const struct kernel_table *) active = &mask_portable_kernels;

int mask_best_pixel_level(void) {
#if MASK_X86_KERNELS
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")) {
        return MASK_PIXEL_LEVEL_AVX512;
    }
    if (__builtin_cpu_supports("avx2")) return MASK_PIXEL_LEVEL_AVX2;
#endif
    return MASK_PIXEL_LEVEL_PORTABLE;
}

int mask_pixel_level(void) { return atomic_load_explicit(&active_level, memory_order_relaxed); }

int mask_set_pixel_level(int level) {
    int best = mask_best_pixel_level();
    if (level > best) level = best;
    if (level < MASK_PIXEL_LEVEL_PORTABLE) level = MASK_PIXEL_LEVEL_PORTABLE;
    atomic_store_explicit(&active, level_kernels[level], memory_order_relaxed);
    atomic_store_explicit(&active_level, level, memory_order_relaxed);
    return level;
}

__attribute__((constructor)) static void choose_level(void) { mask_set_pixel_level(mask_best_pixel_level()); }

static inline const struct kernel_table *kernels(void) { return atomic_load_explicit(&active, memory_order_relaxed); }

void mask_masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque) {
    kernels()->masked_row(src, mask, dst, count, opaque);
}

void mask_masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity) {
    kernels()->masked_row_opacity(src, mask, dst, count, opacity);
}

void mask_scaled_row(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, int opaque) {
    kernels()->scaled_row(src, dst, count, k, opaque);
}

void mask_scaled_row_onto(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, uint32_t backdrop, int opaque) {
    kernels()->scaled_row_onto(src, dst, count, k, backdrop, opaque);
}

void mask_solid_row(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count) {
    kernels()->solid_row(color, coverage, k, dst, count);
}

void mask_solid_span_rows(uint32_t color, uint32_t backdrop, const struct mask_solid_span_rows *rows) {
    kernels()->solid_span_rows(color, backdrop, rows);
}

void mask_solid_cover_rows(uint32_t color, uint32_t k, uint32_t backdrop, const struct mask_band *rows) {
    kernels()->solid_cover_rows(color, k, backdrop, rows);
}

void mask_scaled_span_rows(uint32_t backdrop, const struct mask_scaled_span_rows *rows) {
    kernels()->scaled_span_rows(backdrop, rows);
}

void mask_scaled_pieces_rows(uint32_t backdrop, const struct mask_scaled_pieces_rows *rows) {
    kernels()->scaled_pieces_rows(backdrop, rows);
}

void mask_fill_pixels(uint8_t *dst, size_t count, uint32_t pixel) { kernels()->fill_pixels(dst, count, pixel); }

void mask_alpha_fill(uint8_t *dst, size_t count, uint32_t alpha) { kernels()->alpha_fill(dst, count, alpha); }

void mask_alpha_row(const uint8_t *coverage, uint8_t *dst, size_t count, uint32_t alpha, uint32_t k) {
    kernels()->alpha_row(coverage, dst, count, alpha, k);
}

void mask_over_row(const uint8_t *src, uint8_t *dst, size_t count) { kernels()->over_row(src, dst, count); }

void mask_axial_row(const uint32_t *table, size_t entries, double t0, double dt, double low, double scale, uint8_t *out,
                    size_t count) {
    if (entries == 0) return;
    kernels()->axial_row(table, entries, t0, dt, low, scale, out, count);
}

void mask_gradient_row(const uint32_t *table, size_t entries, const double *positions, double low, double scale, uint8_t *out,
                       size_t count) {
    if (entries == 0) return;
    const double last = (double)(entries - 1);
    for (size_t i = 0; i < count; i++) {
        uint32_t entry = gradient_entry(table, last, positions[i], low, scale);
        memcpy(out + 4 * i, &entry, 4);
    }
}
