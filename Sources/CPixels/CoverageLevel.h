#ifndef CPIXELS_COVERAGE_LEVEL_H
#define CPIXELS_COVERAGE_LEVEL_H

// Which form the rasterizer's loops run (CoverageLines.c, CoverageRows.c). Each loop is
// compiled twice from one source: as plain x86-64 (or the architecture's baseline) and,
// on x86-64, with AVX2, BMI1 and BMI2, whose three-operand forms, memory operands and
// shifts by a register take fewer instructions. Both forms do the same float operations
// in the same order (no fused multiply-adds: the files turn contraction off), so they give
// the same cells, bytes and spans; the AVX2 form runs where the pixel kernels run at AVX2
// or above and the CPU has BMI1 and BMI2.

#include "Kernels.h"
#include <stdbool.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define MASK_COVERAGE_AVX2 1
/// The AVX2 form's target.
#define MASK_COVERAGE_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2")))

/// True when the AVX2 form runs (read at each call: tests change the level).
static inline bool mask_coverage_avx2(void) {
    return mask_pixel_level() >= MASK_PIXEL_LEVEL_AVX2 && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2");
}
#endif

#endif
