#ifndef CPIXELS_KERNEL_TABLE_H
#define CPIXELS_KERNEL_TABLE_H

// The kernels of one instruction-set level, as Kernels.c dispatches to them, and the
// scalar arithmetic every level shares for what its vector loops leave.

#include "Kernels.h"
#include <string.h>

/// The kernels of one level (see include/Kernels.h for what each does).
struct kernel_table {
    void (*masked_row)(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque);
    void (*masked_row_opacity)(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity);
    void (*scaled_row)(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, int opaque);
    void (*scaled_row_onto)(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, uint32_t backdrop, int opaque);
    void (*solid_row)(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count);
    void (*solid_span_rows)(uint32_t color, uint32_t backdrop, const struct mask_solid_span_rows *rows);
    void (*solid_cover_rows)(uint32_t color, uint32_t k, uint32_t backdrop, const struct mask_band *rows);
    void (*scaled_span_rows)(uint32_t backdrop, const struct mask_scaled_span_rows *rows);
    void (*scaled_pieces_rows)(uint32_t backdrop, const struct mask_scaled_pieces_rows *rows);
    void (*fill_pixels)(uint8_t *dst, size_t count, uint32_t pixel);
    void (*alpha_fill)(uint8_t *dst, size_t count, uint32_t alpha);
    void (*alpha_row)(const uint8_t *coverage, uint8_t *dst, size_t count, uint32_t alpha, uint32_t k);
    void (*over_row)(const uint8_t *src, uint8_t *dst, size_t count);
    void (*axial_row)(const uint32_t *table, size_t entries, double t0, double dt, double low, double scale, uint8_t *out,
                      size_t count);
};

extern const struct kernel_table mask_portable_kernels;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define MASK_X86_KERNELS 1
extern const struct kernel_table mask_avx2_kernels;
extern const struct kernel_table mask_avx512_kernels;
#endif

/// `x · k / 255` rounded to nearest, for bytes `x` and `k`: MaskEngine's `mulDiv255`.
static inline uint32_t mul_div_255(uint32_t x, uint32_t k) {
    uint32_t t = x * k + 128;
    return (t + (t >> 8)) >> 8;
}

/// Every channel of a packed pixel times `k` / 255, rounded: Compositor.swift's
/// `scaled(_:by:)`. Red and blue (green and alpha) share one multiply in 16-bit lanes.
static inline uint32_t scaled_pixel(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ga = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ga = (ga + ((ga >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ga;
}

static inline uint32_t load_pixel(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline void store_pixel(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

/// Source-over of `s` onto the pixel at `d`, without branches (`s + d · (255 − sa) / 255`,
/// which is also the result where `sa` is 0 or 255).
static inline void blend_pixel(uint32_t s, uint8_t *d) {
    store_pixel(d, s + scaled_pixel(load_pixel(d), 255 - (s >> 24)));
}

/// The entry of a gradient's `table` for the position `t` (`last` is `entries − 1`):
/// `v = (t − low) · scale + 0.5` truncated, where `v` is first made 0 unless it is above 0
/// (a NaN too) and `last` where it is above that. Every gradient's pixels come from here
/// (`vector_axial_row` makes the same operations four lanes at a time).
static inline uint32_t gradient_entry(const uint32_t *table, double last, double t, double low, double scale) {
#pragma clang fp contract(off)
    double v = (t - low) * scale + 0.5;
    if (!(v > 0)) {
        v = 0;
    } else if (v > last) {
        v = last;
    }
    return table[(size_t)v];
}

/// Pixels `from ..< to` of `mask_axial_row`, one at a time (`last` is `entries − 1`).
static inline void axial_pixels(const uint32_t *table, double last, double t0, double dt, double low, double scale, uint8_t *out,
                                size_t from, size_t to) {
#pragma clang fp contract(off)
    for (size_t i = from; i < to; i++) {
        uint32_t entry = gradient_entry(table, last, t0 + dt * (double)i, low, scale);
        memcpy(out + 4 * i, &entry, 4);
    }
}

/// Source-over of the alpha `s` onto the alpha byte at `d`.
static inline void blend_alpha(uint32_t s, uint8_t *d) { *d = (uint8_t)(s + mul_div_255(*d, 255 - s)); }

static inline uint64_t load_8(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/// Pixels `from ..< to` of a masked row, one at a time (what the vector loops leave).
static inline void masked_pixels(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t from, size_t to) {
    for (size_t i = from; i < to; i++) blend_pixel(scaled_pixel(load_pixel(src + 4 * i), mask[i]), dst + 4 * i);
}

/// Pixels `from ..< to` of a masked row below full opacity, one at a time.
static inline void masked_pixels_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t from, size_t to,
                                         uint32_t opacity) {
    for (size_t i = from; i < to; i++) {
        blend_pixel(scaled_pixel(scaled_pixel(load_pixel(src + 4 * i), mask[i]), opacity), dst + 4 * i);
    }
}

/// Pixels `from ..< to` of a masked row below full opacity onto the pixel `backdrop`, one
/// at a time, without reading `dst`.
static inline void masked_pixels_opacity_onto(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t from, size_t to,
                                              uint32_t opacity, uint32_t backdrop) {
    for (size_t i = from; i < to; i++) {
        uint32_t s = scaled_pixel(scaled_pixel(load_pixel(src + 4 * i), mask[i]), opacity);
        store_pixel(dst + 4 * i, s + scaled_pixel(backdrop, 255 - (s >> 24)));
    }
}

/// Pixels `from ..< to` of a row scaled by a constant, one at a time.
static inline void scaled_pixels(const uint8_t *src, uint8_t *dst, size_t from, size_t to, uint32_t k) {
    for (size_t i = from; i < to; i++) blend_pixel(scaled_pixel(load_pixel(src + 4 * i), k), dst + 4 * i);
}

/// Pixels `from ..< to` of a row scaled by a constant onto the pixel `backdrop`, one at a
/// time, without reading `dst`.
static inline void scaled_pixels_onto(const uint8_t *src, uint8_t *dst, size_t from, size_t to, uint32_t k, uint32_t backdrop) {
    for (size_t i = from; i < to; i++) {
        uint32_t s = scaled_pixel(load_pixel(src + 4 * i), k);
        store_pixel(dst + 4 * i, s + scaled_pixel(backdrop, 255 - (s >> 24)));
    }
}

/// What shows of the pixel `backdrop` under an opaque source scaled by `k`, whose alpha is
/// `k`: `backdrop − backdrop · k / 255` on each channel (no channel borrows).
static inline uint32_t backdrop_left(uint32_t backdrop, uint32_t k) { return backdrop - scaled_pixel(backdrop, k); }

/// The pieces of one row of `mask_scaled_pieces_rows` whose columns from the first piece's
/// start to the last one's end are all stale, drawn without reading them: the columns
/// between pieces `backdrop`, a piece at 255 of an `opaque` source copied, any other
/// `onto` (`scaled_row_onto`); with a level's own `fill` (`fill_pixels`), inlined into each
/// level's kernel. `src` and `dst` are the row's pixels at column 0.
__attribute__((always_inline)) static inline void scaled_pieces_onto_with(
    void (*fill)(uint8_t *, size_t, uint32_t), void (*onto)(const uint8_t *, uint8_t *, size_t, uint32_t, uint32_t, int),
    const uint8_t *src, uint8_t *dst, const struct mask_piece *pieces, size_t count, uint32_t backdrop, int opaque) {
    ptrdiff_t x = count > 0 ? pieces[0].start : 0;
    for (size_t j = 0; j < count; j++) {
        struct mask_piece p = pieces[j];
        if (p.start > x) fill(dst + 4 * x, (size_t)(p.start - x), backdrop);
        size_t n = (size_t)(p.end - p.start);
        if (p.k == 255 && opaque) {
            memcpy(dst + 4 * p.start, src + 4 * p.start, 4 * n);
        } else {
            onto(src + 4 * p.start, dst + 4 * p.start, n, p.k, backdrop, opaque);
        }
        x = p.end;
    }
}

/// The opaque `color` through the mask byte `m` over the pixel `d`: `color · m / 255 +
/// d − d · m / 255` (the colour's scaled alpha is `m`).
static inline uint32_t opaque_through(uint32_t color, uint32_t m, uint32_t d) { return scaled_pixel(color, m) + backdrop_left(d, m); }

/// The functions a level gives `solid_span_rows_with`: `fill` (`fill_pixels`), `over` (the
/// opaque colour through mask bytes over the pixels), `onto` (the same onto the backdrop,
/// without reading the pixels), and `narrow`, either of them (`onto` or not) for at most
/// `narrow_most` pixels in one step, inlined: a circle's edge, a pixel or two a side of
/// most rows, costs no call and no loop.
struct solid_span_ops {
    void (*fill)(uint8_t *, size_t, uint32_t);
    void (*over)(uint32_t, const uint8_t *, uint8_t *, size_t);
    void (*onto)(uint32_t, const uint8_t *, uint8_t *, size_t, uint32_t);
    void (*narrow)(uint32_t, const uint8_t *, uint8_t *, size_t, uint32_t, int);
    size_t narrow_most;
};

/// Columns `a ..< b` (`a < b`) of the opaque colour through the mask: `onto` the backdrop,
/// or over the destination.
__attribute__((always_inline)) static inline void solid_span_edge(struct solid_span_ops ops, uint32_t color, uint32_t backdrop,
                                                                  const uint8_t *mask, uint8_t *dst, ptrdiff_t a, ptrdiff_t b,
                                                                  int onto) {
    size_t n = (size_t)(b - a);
    if (n <= ops.narrow_most) return ops.narrow(color, mask + a, dst + 4 * a, n, backdrop, onto);
    if (onto) return ops.onto(color, mask + a, dst + 4 * a, n, backdrop);
    ops.over(color, mask + a, dst + 4 * a, n);
}

/// The pixels between a row's full runs, columns `a ..< b`: `onto` the backdrop over the
/// stale columns `s ..< e`, `over` the destination elsewhere.
__attribute__((always_inline)) static inline void solid_span_piece(struct solid_span_ops ops, uint32_t color, uint32_t backdrop,
                                                                   const uint8_t *mask, uint8_t *dst, ptrdiff_t a, ptrdiff_t b,
                                                                   ptrdiff_t s, ptrdiff_t e) {
    if (s < a) s = a;
    if (s > b) s = b;
    if (e < s) e = s;
    if (e > b) e = b;
    if (a < s) solid_span_edge(ops, color, backdrop, mask, dst, a, s, 0);
    if (s < e) solid_span_edge(ops, color, backdrop, mask, dst, s, e, 1);
    if (e < b) solid_span_edge(ops, color, backdrop, mask, dst, e, b, 0);
}

/// Fills columns `a ..< b` with `color` but for the held run `ha ..< hb` in them, which
/// holds it already.
__attribute__((always_inline)) static inline void fill_around(void (*fill)(uint8_t *, size_t, uint32_t), uint8_t *dst, ptrdiff_t a,
                                                              ptrdiff_t b, ptrdiff_t ha, ptrdiff_t hb, uint32_t color) {
    if (ha < a) ha = a;
    if (hb > b) hb = b;
    if (ha >= hb) return fill(dst + 4 * a, (size_t)(b - a), color);
    if (a < ha) fill(dst + 4 * a, (size_t)(ha - a), color);
    if (hb < b) fill(dst + 4 * hb, (size_t)(b - hb), color);
}

/// Narrows a row's columns [*lo, *hi) to its extent in `*spans` (four entries a row: the
/// extent's start and end, and the first and end index of its full runs in `all_runs`, all
/// relative to `origin`), gives its full runs, and moves `*spans` to the next row. With no
/// spans the columns stay as given and there are no runs.
__attribute__((always_inline)) static inline void row_extent_and_runs(
    const int32_t **spans, const int32_t *all_runs, ptrdiff_t origin, ptrdiff_t *lo, ptrdiff_t *hi,
    const int32_t **runs, const int32_t **runs_end) {
    const int32_t *s = *spans;
    *runs = NULL;
    *runs_end = NULL;
    if (!s) return;
    if (*lo < origin + s[0]) *lo = origin + s[0];
    if (*hi > origin + s[1]) *hi = origin + s[1];
    *runs = all_runs + s[2];
    *runs_end = all_runs + s[3];
    *spans = s + 4;
}

/// `mask_solid_span_rows` with a level's own `ops`, inlined into each level's kernel. The
/// fields read every row are held in locals: through `rows` they would be loaded again
/// after each call.
__attribute__((always_inline)) static inline void solid_span_rows_with(struct solid_span_ops ops, uint32_t color, uint32_t backdrop,
                                                                       const struct mask_solid_span_rows *rows) {
    const struct mask_band *band = &rows->band;
    const int32_t *spans = band->spans, *all_runs = band->runs;
    const uint8_t *mask = band->mask;
    uint8_t *dst = band->dst;
    const ptrdiff_t x0 = band->x0, x1 = band->x1, origin = band->origin, mask_stride = band->mask_stride;
    const ptrdiff_t dst_stride = band->dst_stride, stale_y0 = band->stale_y0, stale_y1 = band->stale_y1, stale_x1 = band->stale_x1;
    const ptrdiff_t runs_y0 = rows->runs_y0, runs_y1 = rows->runs_y1;
    int32_t *const stale_starts = band->stale_starts, *const drawn_runs = rows->drawn_runs;
    const int32_t *const held_runs = rows->held_runs;
    for (ptrdiff_t y = band->y0; y < band->y1; y++, mask += mask_stride, dst += dst_stride) {
        ptrdiff_t lo = x0, hi = x1;
        const int32_t *runs, *runs_end;
        row_extent_and_runs(&spans, all_runs, origin, &lo, &hi, &runs, &runs_end);
        if (lo >= hi) continue;
        // The row's stale columns up to `hi` are taken: all written below.
        ptrdiff_t s = hi, e = hi;
        if (stale_starts && y >= stale_y0 && y < stale_y1) {
            int32_t *start = stale_starts + (y - stale_y0);
            ptrdiff_t end = hi < stale_x1 ? hi : stale_x1;
            if (*start < end) {
                s = *start;
                e = end;
                *start = (int32_t)end;
            }
        }
        // The run the row holds the colour over already and the one it holds the backdrop
        // over, and where its widest full run, its extent's start, the start of the
        // backdrop before it and its extent's end go.
        ptrdiff_t ha = 0, hb = 0;
        const int32_t *held = NULL;
        int32_t *record = NULL;
        if (y >= runs_y0 && y < runs_y1) {
            if (held_runs) {
                held = held_runs + 5 * (y - runs_y0);
                ha = held[0];
                hb = held[1];
            }
            if (drawn_runs) {
                record = drawn_runs + 5 * (y - runs_y0);
                record[2] = (int32_t)lo;
                record[4] = (int32_t)hi;
                // Every column of `s ..< lo` is the backdrop once it is filled below.
                record[3] = (int32_t)(s < lo && e >= lo ? s : lo);
            }
        }
        if (s < lo) fill_around(ops.fill, dst, s, e < lo ? e : lo, held ? held[3] : 0, held ? held[2] : 0, backdrop);
        ptrdiff_t x = lo, widest = 0;
        for (; runs < runs_end && x < hi; runs += 2) {
            ptrdiff_t a = origin + runs[0], b = origin + runs[1];
            if (a < x) a = x;
            if (b > hi) b = hi;
            if (a >= b) continue;
            if (a > x) solid_span_piece(ops, color, backdrop, mask, dst, x, a, s, e);
            fill_around(ops.fill, dst, a, b, ha, hb, color);
            if (record && b - a > widest) {
                widest = b - a;
                record[0] = (int32_t)a;
                record[1] = (int32_t)b;
            }
            x = b;
        }
        if (x < hi) solid_span_piece(ops, color, backdrop, mask, dst, x, hi, s, e);
    }
}

/// Pixels `from ..< to` of a solid row, one at a time.
static inline void solid_pixels(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t from, size_t to) {
    for (size_t i = from; i < to; i++) {
        blend_pixel(scaled_pixel(color, coverage ? mul_div_255(coverage[i], k) : k), dst + 4 * i);
    }
}

/// Pixels `from ..< to` of a solid row onto the pixel `backdrop`, one at a time, without
/// reading `dst`.
static inline void solid_pixels_onto(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t from, size_t to,
                                     uint32_t backdrop) {
    for (size_t i = from; i < to; i++) {
        uint32_t s = scaled_pixel(color, coverage ? mul_div_255(coverage[i], k) : k);
        store_pixel(dst + 4 * i, s + scaled_pixel(backdrop, 255 - (s >> 24)));
    }
}

/// True when every column of `a ..< b` of a row is stale (`start` its stale start, NULL
/// when the row is not stale): a draw there may blend onto the backdrop without reading
/// the pixels, once the stale columns before `a` are made the backdrop.
static inline int all_stale(const int32_t *start, ptrdiff_t stale_x1, ptrdiff_t a, ptrdiff_t b) {
    return start && *start <= a && b <= stale_x1;
}

/// Makes a stale row's columns ready for a draw of columns `a ..< b`, as MaskEngine's
/// `BackdropRows.prepare` does: the stale columns before `a` become `backdrop`, and those
/// of `a ..< b` too unless the draw `overwrites` them; the row is fresh up to `b` after.
__attribute__((always_inline)) static inline void prepare_stale(void (*fill)(uint8_t *, size_t, uint32_t), uint8_t *dst,
                                                                int32_t *start, ptrdiff_t stale_x1, ptrdiff_t a, ptrdiff_t b,
                                                                int overwrites, uint32_t backdrop) {
    if (*start >= b || *start >= stale_x1) return;
    ptrdiff_t lo = *start, end = overwrites ? a : b;
    if (end > stale_x1) end = stale_x1;
    if (end > lo) fill(dst + 4 * lo, (size_t)(end - lo), backdrop);
    *start = (int32_t)(b < stale_x1 ? b : stale_x1);
}

/// What a band kernel does with one piece of a row, columns `a ..< b` (`full`: a full run
/// of the mask): `mask` and `dst` are the row's bytes and pixels at column 0, `start` its
/// stale start (NULL when the row is not stale, or when `onto`); `onto` is true when every
/// column of the piece is stale and already taken (`band_pieces`), to be written over the
/// backdrop without reading the pixels and without making them ready first.
typedef void (*band_piece)(const void *context, const uint8_t *mask, uint8_t *dst, int32_t *start, ptrdiff_t a,
                           ptrdiff_t b, int full, int onto);

/// One row of `band_pieces`, columns `lo ..< hi` along its full runs `runs ..< runs_end`
/// (relative to `origin`): the bytes before a full run, the run, ..., the bytes after the
/// last, each handed to `piece` with `start` and `onto` (known where it is inlined).
__attribute__((always_inline)) static inline void row_pieces(band_piece piece, const void *context, const uint8_t *mask, uint8_t *dst,
                                                             int32_t *start, const int32_t *runs, const int32_t *runs_end,
                                                             ptrdiff_t origin, ptrdiff_t lo, ptrdiff_t hi, int onto) {
    ptrdiff_t x = lo;
    for (; runs < runs_end && x < hi; runs += 2) {
        ptrdiff_t a = origin + runs[0], b = origin + runs[1];
        if (a < x) a = x;
        if (b > hi) b = hi;
        if (a >= b) continue;
        if (a > x) piece(context, mask, dst, start, x, a, 0, onto);
        piece(context, mask, dst, start, a, b, 1, onto);
        x = b;
    }
    if (x < hi) piece(context, mask, dst, start, x, hi, 0, onto);
}

/// Whether a row's extent `lo ..< hi` is one full run (`runs ..< runs_end`, from `origin`),
/// then `*a ..< *b`, with at most `step` columns before it and after it, and reaching
/// across the extent's first and last `step` columns: its two end steps then each hold an
/// edge and a part of the run (a circle's or an oval's row, most of them).
static inline int one_run_row(const int32_t *runs, const int32_t *runs_end, ptrdiff_t origin, ptrdiff_t lo, ptrdiff_t hi,
                              ptrdiff_t step, ptrdiff_t *a, ptrdiff_t *b) {
    if (runs_end - runs != 2) return 0;
    *a = origin + runs[0];
    *b = origin + runs[1];
    return lo <= *a && *a - lo <= step && *b <= hi && hi - *b <= step && *b - lo >= step && hi - *a >= step;
}

/// A band kernel's walk of one row that is not taken at once (`row_pieces` with `onto`
/// 0), as a function of its own: `band_pieces` calls it, its values are not kept live
/// across the loop of the rows taken at once.
typedef void (*band_row)(const void *context, const uint8_t *mask, uint8_t *dst, int32_t *start, const int32_t *runs,
                         const int32_t *runs_end, ptrdiff_t origin, ptrdiff_t lo, ptrdiff_t hi);

/// Walks `band`'s rows, each along its pieces within `x0 ..< x1` as MaskEngine's
/// `CoverageMask.Spans.forEach` hands them out (the bytes before a full run, the run, ...,
/// the bytes after the last), handing each to `piece` with `context`: the one row loop of
/// the band kernels, inlined into each with its own piece. A row whose columns from its
/// extent's start to its end are all stale (most rows of a shape drawn over the frame's
/// backdrop) is taken at once, as its pieces one by one would take it: the stale columns
/// before it become `backdrop` (with `fill`), its stale start moves to its end, and every
/// piece is handed `onto`, without the row's stale start to look at again, or the row to
/// `row_onto` where that is not NULL (a level's own walk of such a row, inlined). Any other
/// row goes to `row_over` (its pieces not `onto`), or where that is NULL to `piece` inline.
__attribute__((always_inline)) static inline void band_pieces(const struct mask_band *band, band_piece piece, band_row row_onto,
                                                              band_row row_over, const void *context,
                                                              void (*fill)(uint8_t *, size_t, uint32_t), uint32_t backdrop) {
    const int32_t *spans = band->spans, *all_runs = band->runs;
    const uint8_t *mask = band->mask;
    uint8_t *dst = band->dst;
    const ptrdiff_t x0 = band->x0, x1 = band->x1, origin = band->origin, mask_stride = band->mask_stride;
    const ptrdiff_t dst_stride = band->dst_stride, stale_y0 = band->stale_y0, stale_x1 = band->stale_x1;
    int32_t *const stale_starts = band->stale_starts;
    // The stale rows, counted from `stale_y0`: one unsigned compare a row says whether it is one.
    const size_t stale_rows = stale_starts && band->stale_y1 > stale_y0 ? (size_t)(band->stale_y1 - stale_y0) : 0;
    const ptrdiff_t y1 = band->y1;
    for (ptrdiff_t y = band->y0; y < y1; y++, mask += mask_stride, dst += dst_stride) {
        ptrdiff_t lo = x0, hi = x1;
        const int32_t *runs, *runs_end;
        row_extent_and_runs(&spans, all_runs, origin, &lo, &hi, &runs, &runs_end);
        if (lo >= hi) continue;
        int32_t *start = (size_t)(y - stale_y0) < stale_rows ? stale_starts + (y - stale_y0) : NULL;
        if (!all_stale(start, stale_x1, lo, hi)) {
            if (row_over) {
                row_over(context, mask, dst, start, runs, runs_end, origin, lo, hi);
            } else {
                row_pieces(piece, context, mask, dst, start, runs, runs_end, origin, lo, hi, 0);
            }
            continue;
        }
        // `prepare_stale` of the whole extent, which all_stale has put inside the stale columns.
        const ptrdiff_t stale_lo = *start;
        if (stale_lo < lo) fill(dst + 4 * stale_lo, (size_t)(lo - stale_lo), backdrop);
        *start = (int32_t)hi;
        if (row_onto) {
            row_onto(context, mask, dst, NULL, runs, runs_end, origin, lo, hi);
        } else {
            row_pieces(piece, context, mask, dst, NULL, runs, runs_end, origin, lo, hi, 1);
        }
    }
}

/// What `solid_cover_rows_with` hands its pieces: a level's own `solid` (`solid_row`),
/// `solid_onto` (the same over a backdrop pixel, without reading the pixels), `fill`
/// (`fill_pixels`) and `narrow` (a piece between full runs of at most `narrow_most`
/// pixels, over the pixels or `onto` the backdrop, in one step: a shape's edge, a pixel
/// or three of most rows), the colour, its constant, the backdrop, the stale rows' end,
/// and the band's columns (inside the coverage's rect: all their bytes may be read).
struct solid_cover_draw {
    void (*solid)(uint32_t, const uint8_t *, uint32_t, uint8_t *, size_t);
    void (*solid_onto)(uint32_t, const uint8_t *, uint32_t, uint8_t *, size_t, uint32_t);
    void (*fill)(uint8_t *, size_t, uint32_t);
    void (*narrow)(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count, uint32_t backdrop, int onto,
                   const uint8_t *first, const uint8_t *end);
    size_t narrow_most;
    uint32_t color, k, backdrop;
    int opaque;
    ptrdiff_t stale_x1, x0, x1;
};

/// One piece of `solid_cover_rows_with`: the row's stale columns made ready
/// (`prepare_stale`; a full run of an opaque colour at 255 overwrites its own), then the
/// colour through the coverage bytes, or through none where the piece is a full run. A
/// piece whose columns are all stale is drawn over the backdrop pixel without the fill
/// first or a read of the pixels (a read right after the fill waits for its stores).
__attribute__((always_inline)) static inline void solid_cover_piece(const void *context, const uint8_t *coverage, uint8_t *dst,
                                                                    int32_t *start, ptrdiff_t a, ptrdiff_t b, int known, int onto) {
    const struct solid_cover_draw *d = context;
    // An edge (most pieces between an oval's or a glyph's full runs) costs no call and no
    // loop: the level's one step, as its tail rounds it.
    const int narrow = !known && (size_t)(b - a) <= d->narrow_most;
    if ((onto || all_stale(start, d->stale_x1, a, b)) && !(known && d->opaque)) {
        if (!onto) prepare_stale(d->fill, dst, start, d->stale_x1, a, b, 1, d->backdrop);
        if (narrow) {
            return d->narrow(d->color, coverage + a, d->k, dst + 4 * a, (size_t)(b - a), d->backdrop, 1, coverage + d->x0,
                             coverage + d->x1);
        }
        return d->solid_onto(d->color, known ? NULL : coverage + a, d->k, dst + 4 * a, (size_t)(b - a), d->backdrop);
    }
    if (start) prepare_stale(d->fill, dst, start, d->stale_x1, a, b, known && d->opaque, d->backdrop);
    if (narrow) {
        return d->narrow(d->color, coverage + a, d->k, dst + 4 * a, (size_t)(b - a), d->backdrop, 0, coverage + d->x0,
                         coverage + d->x1);
    }
    d->solid(d->color, known ? NULL : coverage + a, d->k, dst + 4 * a, (size_t)(b - a));
}

/// `mask_solid_cover_rows` with a level's own `solid` (`solid_row`), `solid_onto`, `fill`
/// (`fill_pixels`), `narrow` (up to `narrow_most` pixels) and `row_onto` (a row taken at
/// once, or NULL: `band_pieces`), inlined into each level's kernel.
__attribute__((always_inline)) static inline void solid_cover_rows_with(
    void (*solid)(uint32_t, const uint8_t *, uint32_t, uint8_t *, size_t),
    void (*solid_onto)(uint32_t, const uint8_t *, uint32_t, uint8_t *, size_t, uint32_t), void (*fill)(uint8_t *, size_t, uint32_t),
    void (*narrow)(uint32_t, const uint8_t *, uint32_t, uint8_t *, size_t, uint32_t, int, const uint8_t *, const uint8_t *),
    size_t narrow_most, band_row row_onto, uint32_t color, uint32_t k, uint32_t backdrop, const struct mask_band *rows) {
    const struct solid_cover_draw draw = {solid,  solid_onto, fill,     narrow,         narrow_most, color, k, backdrop,
                                          k == 255 && color >> 24 == 255, rows->stale_x1, rows->x0,    rows->x1};
    band_pieces(rows, solid_cover_piece, row_onto, NULL, &draw, fill, backdrop);
}

/// The functions a level gives `scaled_span_rows_with`: `fill_pixels`, `over_row`,
/// `masked_row_opacity`, the same onto a backdrop pixel without reading the pixels (both
/// handed the mask's row, whose bytes they may all read), `scaled_row_onto`, and `copy`
/// (pixels from a row apart from the destination: `memcpy`, or a level's own steps).
struct scaled_span_ops {
    void (*fill)(uint8_t *, size_t, uint32_t);
    void (*over)(const uint8_t *, uint8_t *, size_t);
    void (*masked)(const uint8_t *, const uint8_t *, uint8_t *, size_t, uint32_t, const uint8_t *, const uint8_t *);
    void (*masked_onto)(const uint8_t *, const uint8_t *, uint8_t *, size_t, uint32_t, uint32_t, const uint8_t *, const uint8_t *);
    void (*onto)(const uint8_t *, uint8_t *, size_t, uint32_t, uint32_t, int);
    void (*copy)(uint8_t *, const uint8_t *, size_t);
};

/// What `scaled_span_rows_with` hands its pieces: a level's `ops`, the backdrop, and the
/// rows' fields (`struct mask_scaled_span_rows`) read by every piece, held here: through
/// `rows` they would be loaded again after each store to the pixels. `ready` is true once
/// the blended row is made over the backdrop (the rows' `made` says so too).
struct scaled_span_draw {
    struct scaled_span_ops ops;
    uint32_t backdrop, k;
    const uint8_t *source, *scaled;
    uint8_t *blended;
    uint32_t *made;
    int *ready;
    ptrdiff_t row_x0, x0, x1, stale_x1;
    size_t count;
};

/// The blended row of `d` (its source times `k` over the backdrop), made when first wanted.
__attribute__((always_inline)) static inline const uint8_t *scaled_span_blended(const struct scaled_span_draw *d) {
    if (!*d->ready) {
        d->ops.onto(d->source, d->blended, d->count, d->k, d->backdrop, 0);
        d->made[0] = 1;
        d->made[1] = d->backdrop;
        *d->ready = 1;
    }
    return d->blended;
}

/// One piece of `scaled_span_rows_with` (`full`: a full run of the mask). A piece whose
/// columns are all stale is drawn over the backdrop pixel without the fill first or a read
/// of the pixels (a read right after the fill waits for its stores).
__attribute__((always_inline)) static inline void scaled_span_piece(const void *context, const uint8_t *mask, uint8_t *dst,
                                                                    int32_t *start, ptrdiff_t a, ptrdiff_t b, int full, int onto) {
    const struct scaled_span_draw *d = context;
    const struct scaled_span_ops ops = d->ops;
    const uint32_t backdrop = d->backdrop;
    size_t i = (size_t)(4 * (a - d->row_x0)), n = (size_t)(b - a);
    // The row's bytes over the band's columns (inside the mask's rect), all of which may be read.
    const uint8_t *first = mask + d->x0, *end = mask + d->x1;
    if (onto || all_stale(start, d->stale_x1, a, b)) {
        if (!onto) prepare_stale(ops.fill, dst, start, d->stale_x1, a, b, 1, backdrop);
        if (!full) return ops.masked_onto(d->source + i, mask + a, dst + 4 * a, n, d->k, backdrop, first, end);
        ops.copy(dst + 4 * a, scaled_span_blended(d) + i, n);
        return;
    }
    if (start) prepare_stale(ops.fill, dst, start, d->stale_x1, a, b, 0, backdrop);
    if (full) return ops.over(d->scaled + i, dst + 4 * a, n);
    ops.masked(d->source + i, mask + a, dst + 4 * a, n, d->k, first, end);
}

/// `mask_scaled_span_rows` with a level's own `ops`, inlined into each level's kernel.
__attribute__((always_inline)) static inline void scaled_span_rows_with(struct scaled_span_ops ops, band_row row_onto, band_row row_over,
                                                                        uint32_t backdrop,
                                                                        const struct mask_scaled_span_rows *rows) {
    int ready = rows->made[0] != 0 && rows->made[1] == backdrop;
    const struct scaled_span_draw draw = {ops,         backdrop,      rows->k,       rows->source,  rows->scaled,
                                          rows->blended, rows->made,  &ready,        rows->row_x0,  rows->band.x0,
                                          rows->band.x1, rows->band.stale_x1, rows->count};
    band_pieces(&rows->band, scaled_span_piece, row_onto, row_over, &draw, ops.fill, backdrop);
}

/// The pixel `s` (a solid colour times a piece's constant) over the pixel `backdrop`:
/// `s + backdrop − backdrop · sa / 255`, the bytes of `scaled_row_onto` for every pixel
/// of a uniform source (for an opaque one `sa` is the constant).
static inline uint32_t uniform_onto(uint32_t s, uint32_t backdrop) { return s + backdrop_left(backdrop, s >> 24); }

/// `scaled_pieces_onto_with` of a uniform source, `color`: the backdrop between the pieces,
/// each piece one pixel (a copy of the colour at 255 over an opaque source, else the colour
/// times its constant over the backdrop), filled with `fill`.
__attribute__((always_inline)) static inline void uniform_pieces_onto(void (*fill)(uint8_t *, size_t, uint32_t), uint32_t color,
                                                                      uint8_t *dst, const struct mask_piece *pieces, size_t count,
                                                                      uint32_t backdrop, int opaque) {
    ptrdiff_t x = count > 0 ? pieces[0].start : 0;
    for (size_t j = 0; j < count; j++) {
        struct mask_piece p = pieces[j];
        if (p.start > x) fill(dst + 4 * x, (size_t)(p.start - x), backdrop);
        uint32_t pixel = p.k == 255 && opaque ? color : uniform_onto(scaled_pixel(color, p.k), backdrop);
        fill(dst + 4 * p.start, (size_t)(p.end - p.start), pixel);
        x = p.end;
    }
}

/// True when `rows` (`struct mask_scaled_pieces_rows`) are of a uniform source and no row
/// has a stale column before the last piece's end (its stale start, if any, there or past,
/// or past the stale columns): nothing of them is made the backdrop, and each level draws
/// them with `uniform_pieces_rows_with`, in a function of its own (inlined into the rows'
/// loop, it cost that loop registers: tile fade +0.4 %).
static inline int uniform_and_fresh(const struct mask_scaled_pieces_rows *rows) {
    if (!rows->uniform) return 0;
    if (!rows->stale_starts) return 1;
    const ptrdiff_t b = rows->pieces[rows->count - 1].end;
    const ptrdiff_t lo = rows->y0 > rows->stale_y0 ? rows->y0 : rows->stale_y0, hi = rows->y1 < rows->stale_y1 ? rows->y1 : rows->stale_y1;
    for (ptrdiff_t y = lo; y < hi; y++) {
        const ptrdiff_t start = rows->stale_starts[y - rows->stale_y0];
        if (start < b && start < rows->stale_x1) return 0;
    }
    return 1;
}

/// The rows of `mask_scaled_pieces_rows` that `uniform_and_fresh` accepts, with a level's
/// own `fill` (`fill_pixels`) and `over` (one pixel over a row): piece after piece, each
/// down all the rows, its one pixel worked out once, not once a row (a copy of the colour
/// at 255 over an opaque source, else the colour times its constant over the pixels). The
/// pieces are apart, so this order writes what the rows' order writes.
__attribute__((always_inline)) static inline void uniform_pieces_rows_with(void (*fill)(uint8_t *, size_t, uint32_t),
                                                                           void (*over)(uint8_t *, size_t, uint32_t),
                                                                           const struct mask_scaled_pieces_rows *rows) {
    const uint32_t color = load_pixel(rows->src + 4 * rows->pieces[0].start);
    const ptrdiff_t step = rows->dst_stride, height = rows->y1 - rows->y0;
    for (size_t j = 0; j < rows->count; j++) {
        const struct mask_piece p = rows->pieces[j];
        const size_t n = (size_t)(p.end - p.start);
        uint8_t *row = rows->dst + 4 * p.start;
        if (p.k == 255 && rows->opaque) {
            for (ptrdiff_t y = 0; y < height; y++, row += step) fill(row, n, color);
        } else {
            const uint32_t s = scaled_pixel(color, p.k);
            for (ptrdiff_t y = 0; y < height; y++, row += step) over(row, n, s);
        }
    }
}

/// `mask_scaled_pieces_rows` with a level's own `fill` (`fill_pixels`), `onto`
/// (`scaled_row_onto`), `scaled` (`scaled_row`) and `over` (one pixel over a row, for a
/// uniform source: `s + d − d · sa / 255`, the bytes `scaled` gives from a row of one
/// colour times `k`, without scaling the row again), inlined into each level's kernel.
__attribute__((always_inline)) static inline void scaled_pieces_rows_with(
    void (*fill)(uint8_t *, size_t, uint32_t), void (*onto)(const uint8_t *, uint8_t *, size_t, uint32_t, uint32_t, int),
    void (*scaled)(const uint8_t *, uint8_t *, size_t, uint32_t, int), void (*over)(uint8_t *, size_t, uint32_t), uint32_t backdrop,
    const struct mask_scaled_pieces_rows *rows) {
    const struct mask_piece *const pieces = rows->pieces;
    const size_t count = rows->count;
    const ptrdiff_t a = pieces[0].start, b = pieces[count - 1].end, stale_x1 = rows->stale_x1;
    const ptrdiff_t src_stride = rows->src_stride, dst_stride = rows->dst_stride, stale_y0 = rows->stale_y0, stale_y1 = rows->stale_y1;
    int32_t *const stale_starts = rows->stale_starts;
    const int opaque = rows->opaque, uniform = rows->uniform;
    const uint8_t *src = rows->src;
    uint8_t *dst = rows->dst;
    // A uniform source's one colour (its first piece's first pixel).
    const uint32_t color = uniform ? load_pixel(src + 4 * a) : 0;
    for (ptrdiff_t y = rows->y0; y < rows->y1; y++, src += src_stride, dst += dst_stride) {
        int32_t *start = stale_starts && y >= stale_y0 && y < stale_y1 ? stale_starts + (y - stale_y0) : NULL;
        if (all_stale(start, stale_x1, a, b)) {
            prepare_stale(fill, dst, start, stale_x1, a, b, 1, backdrop);
            if (uniform) {
                uniform_pieces_onto(fill, color, dst, pieces, count, backdrop, opaque);
            } else {
                scaled_pieces_onto_with(fill, onto, src, dst, pieces, count, backdrop, opaque);
            }
            continue;
        }
        for (size_t j = 0; j < count; j++) {
            const ptrdiff_t p = pieces[j].start, q = pieces[j].end;
            const uint32_t k = pieces[j].k;
            const size_t n = (size_t)(q - p);
            if (k == 255 && opaque) {
                if (start) prepare_stale(fill, dst, start, stale_x1, p, q, 1, backdrop);
                if (uniform) {
                    fill(dst + 4 * p, n, color);
                } else {
                    memcpy(dst + 4 * p, src + 4 * p, 4 * n);
                }
            } else if (all_stale(start, stale_x1, p, q)) {
                prepare_stale(fill, dst, start, stale_x1, p, q, 1, backdrop);
                if (uniform) {
                    fill(dst + 4 * p, n, uniform_onto(scaled_pixel(color, k), backdrop));
                } else {
                    onto(src + 4 * p, dst + 4 * p, n, k, backdrop, opaque);
                }
            } else {
                if (start) prepare_stale(fill, dst, start, stale_x1, p, q, 0, backdrop);
                if (uniform) {
                    over(dst + 4 * p, n, scaled_pixel(color, k));
                } else {
                    scaled(src + 4 * p, dst + 4 * p, n, k, opaque);
                }
            }
        }
    }
}

/// Bytes `from ..< to` of an alpha row, one at a time.
static inline void alpha_bytes(const uint8_t *coverage, uint8_t *dst, size_t from, size_t to, uint32_t alpha, uint32_t k) {
    for (size_t i = from; i < to; i++) blend_alpha(mul_div_255(alpha, mul_div_255(coverage[i], k)), dst + i);
}

#endif
