// The rasterizer's edge accumulation (font-rs's `draw_line`): see CoverageLines.h. Every
// value is computed with the float operations, in the order, that the Swift version of
// commit 591d584 used: the cells' sums, and so the coverage bytes, are the same.

#include "CoverageLines.h"
#include "CoverageLevel.h"
#include <stdbool.h>

// Never fused into multiply-adds: the values must be the unfused ones.
#pragma clang fp contract(off)

/// `v` limited to 0 ... `w`; NaN becomes 0.
static inline double clamp_x(double v, double w) {
    return v > 0 ? (v < w ? v : w) : 0;
}

#if MASK_COVERAGE_AVX2
/// `ceil(v)` by SSE4.1's rounding, for the AVX2 form.
MASK_COVERAGE_AVX2_TARGET
static inline double ceil_avx2(double v) { return __builtin_ceil(v); }
#endif

/// The ceiling of `v` (0 ... a buffer's width or height, never NaN), as a double: by
/// truncation and one comparison, or in the AVX2 form (`wide`, a constant where it is
/// inlined) by one rounding instruction. The same value either way.
static inline __attribute__((always_inline)) double ceil_coordinate(double v, bool wide) {
#if MASK_COVERAGE_AVX2
    if (wide) return ceil_avx2(v);
#endif
    (void)wide;
    double t = (double)(long)v;
    return t < v ? t + 1 : t;
}

/// Marks the block of cell `x` in a row's marks.
static inline void mark_cell(uint64_t *marks, long x) {
    long block = x >> 3;
    marks[block >> 6] |= (uint64_t)1 << (block & 63);
}

/// Marks the blocks of cells `x` and `x + 1` of a row: one block but where `x` ends its
/// block (one time in eight), when the next cell is in the next block.
static inline void mark_pair(uint64_t *marks, long x) {
    mark_cell(marks, x);
    if ((x & 7) == 7) mark_cell(marks, x + 1);
}

/// Marks blocks `b0 ... b1` of a row (b1 - b0 >= 2; edges flatter than a block a row):
/// out of line, to keep the row loop's registers.
static __attribute__((noinline)) void mark_blocks(uint64_t *marks, long b0, long b1) {
    long w0 = b0 >> 6, w1 = b1 >> 6;
    uint64_t low = UINT64_MAX << (b0 & 63), high = UINT64_MAX >> (63 - (b1 & 63));
    if (w0 == w1) {
        marks[w0] |= low & high;
    } else {
        marks[w0] |= low;
        for (long i = w0 + 1; i < w1; i++) marks[i] = UINT64_MAX;
        marks[w1] |= high;
    }
}

/// Marks the blocks holding cells `x0 ... x1` of a row (x0 < x1).
static inline __attribute__((always_inline)) void mark_cells(uint64_t *marks, long x0, long x1) {
    long b0 = x0 >> 3, b1 = x1 >> 3;
    // One block or two (most rows of most edges): a bit each.
    if (b1 - b0 < 2) {
        marks[b0 >> 6] |= (uint64_t)1 << (b0 & 63);
        if (b1 != b0) marks[b1 >> 6] |= (uint64_t)1 << (b1 & 63);
        return;
    }
    mark_blocks(marks, b0, b1);
}

/// The edge's piece in one row: from `x` (its x where it enters the row) down by `dy`
/// (its height in the row), `dir` its direction. Returns its x where it leaves the row.
static inline __attribute__((always_inline))
double add_row(float *row, uint64_t *marks, double x, double dxdy, double dy, double dir, double w, bool wide) {
    // Clamped: rounding must not walk the edge out of the row's cells.
    double xNext = clamp_x(x + dxdy * dy, w);
    double d = dy * dir;
    double xa = x < xNext ? x : xNext, xb = x < xNext ? xNext : x;
    // Floor and ceiling of columns (0 ... width, never -0) by truncation.
    long xai = (long)xa;
    double xaFloor = (double)xai;
    // The edge stays in cell `xai` (its ceiling is at most xai + 1) when xb <= xai + 1.
    if (xb <= xaFloor + 1) {
        // Within one cell: the area right of the edge's midpoint goes to the next cell.
        double xmf = 0.5 * (x + xNext) - xaFloor;
        row[xai] += (float)(d - d * xmf);
        row[xai + 1] += (float)(d * xmf);
        mark_pair(marks, xai);
        return xNext;
    }
    double xbCeil = ceil_coordinate(xb, wide);
    long xbi = (long)xbCeil;
    double s = 1 / (xb - xa);
    double xaf = xa - xaFloor;
    double a0 = 0.5 * s * (1 - xaf) * (1 - xaf);
    double xbf = xb - xbCeil + 1;
    double am = 0.5 * s * xbf * xbf;
    row[xai] += (float)(d * a0);
    if (xbi == xai + 2) {
        row[xai + 1] += (float)(d * (1 - a0 - am));
    } else {
        double a1 = s * (1.5 - xaf);
        row[xai + 1] += (float)(d * (a1 - a0));
        float step = (float)(d * s);
        for (long xi = xai + 2; xi < xbi - 1; xi++) row[xi] += step;
        double a2 = a1 + (double)(xbi - xai - 3) * s;
        row[xbi - 1] += (float)(d * (1 - a2 - am));
    }
    row[xbi] += (float)(d * am);
    mark_cells(marks, xai, xbi);
    return xNext;
}

/// An edge from `(p0x, p0y)` down to `(p1x, p1y)` (p0y < p1y, both in 0 ... height, x in
/// 0 ... width, `w` the buffer's width), of direction `dir` (+1 for an edge drawn
/// downwards, -1 upwards).
static inline __attribute__((always_inline))
void add_rows(const mask_line_buffer *b, double w, double p0x, double p0y, double p1x, double p1y, double dir, bool wide) {
    // In locals: for the compiler, the marks' stores could otherwise change the sizes.
    const long stride = b->stride, words = b->words;
    double dxdy = (p1x - p0x) / (p1y - p0y);
    double x = clamp_x(p0x, w);
    long firstRow = (long)p0y;
    long endRow = (long)ceil_coordinate(p1y, wide);
    if (endRow > b->height) endRow = b->height;
    if (firstRow >= endRow) return;
    long lastRow = endRow - 1;
    float *row = b->cells + firstRow * stride;
    uint64_t *marks = b->marks + firstRow * words;
    // The edge's height in its first and last rows; 1 in every row between. It starts in
    // its first row (p0y >= 0, so its truncation is its floor) and starts above its last
    // one when that is another (p0y < firstRow + 1 <= lastRow): each row's top or the
    // edge's start, whichever is lower, needs no comparison.
    double dy = (p1y < (double)(firstRow + 1) ? p1y : (double)(firstRow + 1)) - p0y;
    x = add_row(row, marks, x, dxdy, dy, dir, w, wide);
    if (firstRow == lastRow) return;
    for (long y = firstRow + 1; y < lastRow; y++) {
        row += stride;
        marks += words;
        x = add_row(row, marks, x, dxdy, 1, dir, w, wide);
    }
    row += stride;
    marks += words;
    dy = (p1y < (double)(lastRow + 1) ? p1y : (double)(lastRow + 1)) - (double)lastRow;
    add_row(row, marks, x, dxdy, dy, dir, w, wide);
}

/// `mask_add_line` for an edge known to be finite and not horizontal (`w` the buffer's width).
static inline __attribute__((always_inline))
void add_finite_line(const mask_line_buffer *b, double w, double ax, double ay, double bx, double by, bool wide) {
    // On the right side: only the spare cells (see mask_add_line).
    if (!(ax < w || bx < w)) return;
    if (ay < by) {
        add_rows(b, w, ax, ay, bx, by, 1, wide);
    } else {
        add_rows(b, w, bx, by, ax, ay, -1, wide);
    }
}

/// `mask_add_line`'s body, inlined into each form.
static inline __attribute__((always_inline))
void add_line(const mask_line_buffer *buffer, double ax, double ay, double bx, double by, bool wide) {
    if (ay == by || !__builtin_isfinite(ay) || !__builtin_isfinite(by)) return;
    add_finite_line(buffer, (double)buffer->width, ax, ay, bx, by, wide);
}

/// True when `(x, y)` is inside the buffer: x in 0 ... w, y in 0 ... h (false for a NaN).
static inline bool inside_buffer(double x, double y, double w, double h) {
    return y >= 0 && y <= h && x >= 0 && x <= w;
}

/// `mask_add_inside_edges`'s body, inlined into each form.
static inline __attribute__((always_inline))
long add_inside_edges(const mask_line_buffer *buffer, const double *points, long count, long start, double ox,
                      double oy, bool wide) {
    double w = (double)buffer->width, h = (double)buffer->height;
    // Each edge's start is the one before's end, moved once, and tested once: `aKnown` is
    // true when it was tested inside as the end of the edge before (not after a horizontal
    // edge, which needs no test; nor at the first edge, which is often the one the caller
    // clipped last, outside, found at its start's first comparison).
    const double *p = points + 2 * (start == 0 ? count - 1 : start - 1);
    double ax = p[0] - ox, ay = p[1] - oy;
    bool aKnown = false;
    for (long i = start; i < count; i++) {
        double bx = points[2 * i] - ox, by = points[2 * i + 1] - oy;
        if (ay != by) {
            if (!((aKnown || inside_buffer(ax, ay, w, h)) && inside_buffer(bx, by, w, h))) return i;
            add_finite_line(buffer, w, ax, ay, bx, by, wide);
            aKnown = true;
        } else {
            aKnown = false;
        }
        ax = bx;
        ay = by;
    }
    return count;
}

/// The baseline forms (plain x86-64, or the architecture's baseline).
static void add_line_baseline(const mask_line_buffer *buffer, double ax, double ay, double bx, double by) {
    add_line(buffer, ax, ay, bx, by, false);
}

static long add_inside_edges_baseline(const mask_line_buffer *buffer, const double *points, long count, long start,
                                      double ox, double oy) {
    return add_inside_edges(buffer, points, count, start, ox, oy, false);
}

#if MASK_COVERAGE_AVX2
/// The AVX2 forms (see CoverageLevel.h): the same operations.
MASK_COVERAGE_AVX2_TARGET
static void add_line_avx2(const mask_line_buffer *buffer, double ax, double ay, double bx, double by) {
    add_line(buffer, ax, ay, bx, by, true);
}

MASK_COVERAGE_AVX2_TARGET
static long add_inside_edges_avx2(const mask_line_buffer *buffer, const double *points, long count, long start,
                                  double ox, double oy) {
    return add_inside_edges(buffer, points, count, start, ox, oy, true);
}
#endif

void mask_add_line(const mask_line_buffer *buffer, double ax, double ay, double bx, double by) {
#if MASK_COVERAGE_AVX2
    if (mask_coverage_avx2()) {
        add_line_avx2(buffer, ax, ay, bx, by);
        return;
    }
#endif
    add_line_baseline(buffer, ax, ay, bx, by);
}

long mask_add_inside_edges(const mask_line_buffer *buffer, const double *points, long count, long start,
                           double ox, double oy) {
#if MASK_COVERAGE_AVX2
    if (mask_coverage_avx2()) return add_inside_edges_avx2(buffer, points, count, start, ox, oy);
#endif
    return add_inside_edges_baseline(buffer, points, count, start, ox, oy);
}
