// Nanoseconds a pixel of the pixel kernels (Sources/CPixels) at each level this CPU runs,
// on one 1280-pixel row that stays in the L1 cache, best of 30 rounds of 2,000 rows: the
// kernels' own speed, apart from the renderer around them, for comparing levels (valgrind
// cannot: it runs no AVX-512, so `instructions.sh` counts the AVX2 level).
// Build and run (from the repository's root):
//   clang -O2 -ISources/CPixels/include -ISources/CPixels Benchmarks/kernel_levels.c \
//     Sources/CPixels/Kernels.c Sources/CPixels/Blend*.c -o /tmp/kernel_levels && /tmp/kernel_levels
#include "Kernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 1280 };
static uint8_t src[4 * N], mask[4 * N], dst[4 * N];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void masked(void) { mask_masked_row(src, mask, dst, N, 0); }
static void masked_opaque(void) { mask_masked_row(src, mask, dst, N, 1); }
static void opacity(void) { mask_masked_row_opacity(src, mask, dst, N, 200); }
static void solid(void) { mask_solid_row(0xFF2040C0u, mask, 200, dst, N); }
static void alpha_row(void) { mask_alpha_row(mask, dst, 4 * N, 200, 180); }

/// Nanoseconds a pixel of `run` (a pixel is four alpha bytes for the alpha row).
static double best(void (*run)(void)) {
    double fastest = 1e9;
    for (int round = 0; round < 30; round++) {
        double t = now();
        for (int i = 0; i < 2000; i++) run();
        t = now() - t;
        if (t < fastest) fastest = t;
    }
    return fastest / 2000 / N * 1e9;
}

int main(void) {
    srand(22);
    for (int i = 0; i < 4 * N; i++) {
        src[i] = (uint8_t)rand();
        dst[i] = (uint8_t)rand();
        mask[i] = (uint8_t)(1 + rand() % 254); // mixed blocks: every pixel is computed
    }
    for (int i = 0; i < N; i++) src[4 * i + 3] = 255;
    const char *names[] = {"masked row", "masked row, opaque", "masked row at 200", "solid row at 200", "alpha row"};
    void (*runs[])(void) = {masked, masked_opaque, opacity, solid, alpha_row};
    printf("ns a pixel, 1280-pixel rows of mixed coverage, levels 0 (portable) to %d\n", mask_best_pixel_level());
    for (int k = 0; k < 5; k++) {
        printf("%-20s", names[k]);
        for (int level = 0; level <= mask_best_pixel_level(); level++) {
            mask_set_pixel_level(level);
            printf(" %8.3f", best(runs[k]));
        }
        printf("\n");
    }
    return 0;
}
