// Rows of a combined mask: see CombinedRows.h. The same steps, in the same order, as
// `CombinedMask.adopt`'s Swift loop took, `RowFold.foldInsideFull` on a hole's row under
// `subtract` and on a row of one full run over a row of 0, and `CombinedMask.sides`' loops
// over the rows.

#include "CombinedRows.h"
#include <string.h>

/// Appends the run `s ..< e` to the `*count` integers at `added`, or extends the last one
/// when it ends at `s` and belongs to the row (at or after `from`), as `AddedRuns.append`.
static inline void append_run(int32_t *added, long *count, long from, int32_t s, int32_t e) {
    if (*count > from && added[*count - 1] == s) {
        added[*count - 1] = e;
        return;
    }
    added[*count] = s;
    added[*count + 1] = e;
    *count += 2;
}

/// Eight bytes (`word8`) or four (`word4`) from `from` to `to`, each XORed with `flip`'s
/// bytes (0: copied; all ones: 255 minus them), in one unaligned load and store.
static inline void word8(const uint8_t *from, uint8_t *to, uint64_t flip) {
    uint64_t v;
    memcpy(&v, from, 8);
    v ^= flip;
    memcpy(to, &v, 8);
}

static inline void word4(const uint8_t *from, uint8_t *to, uint32_t flip) {
    uint32_t v;
    memcpy(&v, from, 4);
    v ^= flip;
    memcpy(to, &v, 4);
}

/// `n` bytes from `from` to `to` (which do not overlap), XORed with `flip` as `word8`: a
/// shape's edge, a few bytes on most rows. Whole words, the last overlapping the ones
/// before it, and from one to three bytes in three stores without a branch: the
/// compiler's vectorized byte loop spent more on its overlap checks and set-up than that.
static inline void move_bytes(const uint8_t *from, uint8_t *to, long n, uint64_t flip) {
    if (n >= 8) {
#pragma clang loop vectorize(disable) unroll(disable)
        for (long i = 0; i < n - 8; i += 8) word8(from + i, to + i, flip);
        word8(from + n - 8, to + n - 8, flip);
    } else if (n >= 4) {
        word4(from, to, (uint32_t)flip);
        word4(from + n - 4, to + n - 4, (uint32_t)flip);
    } else if (n > 0) {
        const uint8_t f = (uint8_t)flip;
        to[0] = from[0] ^ f;
        to[n / 2] = from[n / 2] ^ f;
        to[n - 1] = from[n - 1] ^ f;
    }
}

/// `n` bytes from `from` to `to` (a shape's edge on most rows; a long piece by `memcpy`),
/// as `RowFold.copy`.
static inline void copy_bytes(const uint8_t *from, uint8_t *to, long n) {
    if (n > 16) {
        memcpy(to, from, (size_t)n);
        return;
    }
    move_bytes(from, to, n, 0);
}

/// `n` bytes from `from` to `to` as 255 minus them (a hole's edge under `subtract`): eight
/// at a time, the rest byte by byte.
static inline void invert_bytes(const uint8_t *from, uint8_t *to, long n) {
#pragma clang loop vectorize(disable) unroll(disable)
    for (; n >= 8; n -= 8, from += 8, to += 8) word8(from, to, ~(uint64_t)0);
#pragma clang loop vectorize(disable) unroll(disable)
    for (long i = 0; i < n; i++) to[i] = (uint8_t)~from[i];
}

void mask_adopt_rows(const mask_adopted_rows *rows) {
    const long count = rows->count, mw = rows->mask_width, w = rows->width;
    const int32_t dx = rows->dx;
    const int32_t *mh = rows->mask_heads, *const runs = rows->mask_runs;
    const uint8_t *m_row = rows->mask;
    int32_t *h = rows->heads, *g = rows->gaps;
    uint8_t *row = rows->bytes;
    for (long r = 0; r < count; r++, mh += 4, h += 4, g += 2, m_row += mw, row += w) {
        const long lo = mh[0], hi = mh[1];
        if (lo >= hi) continue;
        h[0] = mh[0] + dx;
        h[1] = mh[1] + dx;
        h[2] = mh[2];
        h[3] = mh[3];
        g[0] = 0;
        g[1] = 0;
        // The extent's bytes between its full runs.
        long x = lo;
        for (long k = mh[2]; k < mh[3]; k += 2) {
            long s = runs[k];
            if (s < x) s = x;
            if (s > hi) s = hi;
            copy_bytes(m_row + x, row + x, s - x);
            long e = runs[k + 1];
            if (e > hi) e = hi;
            if (e > x) x = e;
        }
        copy_bytes(m_row + x, row + x, hi - x);
    }
}

/// The walk of `mask_cut_hole_rows` and `mask_copy_run_rows` over the mask's rows in a
/// range: each table's row a pointer moved on a row at a time, in the result's columns
/// (from its `x0`), so that few values stay live across a row (the hole's loop kept two
/// dozen, most of them on the stack, and spent about 230 instructions a row).
typedef struct {
    /// The first row walked (the result's row), and the mask's columns in the result's.
    long from_row, mdx, cx0, cx1, width, mask_width;
    /// The row's head and gap in the result, its bytes, the mask's head and bytes.
    int32_t *head, *head_end, *first_head, *gap;
    uint8_t *row;
    const int32_t *mh;
    const uint8_t *m_row;
} rows_walk;

/// Starts `*k` at the mask's rows within `y ..< y1`; false when there are none.
static inline __attribute__((always_inline)) int start_walk(const mask_hole_rows *rows, long y, long y1, rows_walk *k) {
    const long my0 = rows->mask_y0, ry0 = rows->y0;
    const long from_row = y > my0 ? y : my0, end_row = y1 < rows->mask_y1 ? y1 : rows->mask_y1;
    if (from_row >= end_row) return 0;
    k->from_row = from_row;
    k->mdx = rows->mask_x0 - rows->x0;
    k->cx0 = rows->lo - rows->x0;
    k->cx1 = rows->hi - rows->x0;
    k->width = rows->width;
    k->mask_width = rows->mask_width;
    k->first_head = rows->heads + 4 * (from_row - ry0);
    k->head = k->first_head;
    k->head_end = k->first_head + 4 * (end_row - from_row);
    k->gap = rows->gaps + 2 * (from_row - ry0);
    k->row = rows->bytes + (from_row - ry0) * rows->width;
    k->mh = rows->mask_heads + 4 * (from_row - my0);
    k->m_row = rows->mask + (from_row - my0) * rows->mask_width;
    return 1;
}

/// Moves `*k` on to the next row.
static inline __attribute__((always_inline)) void next_row(rows_walk *k) {
    k->head += 4;
    k->gap += 2;
    k->row += k->width;
    k->mh += 4;
    k->m_row += k->mask_width;
}

/// The first row the walk did not take: where it stopped, or `y1` when it took them all.
static inline __attribute__((always_inline)) long walk_end(const rows_walk *k, long y1) {
    return k->head < k->head_end ? k->from_row + (k->head - k->first_head) / 4 : y1;
}

long mask_cut_hole_rows(mask_hole_rows *rows, long y, long y1) {
    // The rows outside the mask's are left as they are.
    rows_walk k;
    if (!start_walk(rows, y, y1, &k)) return y1;
    const long mdx = k.mdx, cx0 = k.cx0, cx1 = k.cx1, base = rows->base, room = rows->room;
    int32_t *const added = rows->added;
    const int32_t *const runs = rows->runs, *const mask_runs = rows->mask_runs;
    long count = rows->count;
    for (; k.head < k.head_end; next_row(&k)) {
        int32_t *const head = k.head, *const gap = k.gap;
        uint8_t *const row = k.row;
        const int32_t *const mh = k.mh;
        const uint8_t *const m_row = k.m_row;
        // A result of 0, or a mask of 0: left as it is.
        if (head[0] >= head[1]) continue;
        long lo = mdx + mh[0], hi = mdx + mh[1];
        if (lo < cx0) lo = cx0;
        if (hi > cx1) hi = cx1;
        if (lo >= hi) continue;
        // The mask's one full run, if any, and the result's full run holding its extent.
        const long j = mh[2], j_end = mh[3];
        if (j_end - j > 2 || head[0] > lo || hi > head[1]) break;
        const long first = head[2], last = head[3];
        long i = first;
        while (i < last && runs[i + 1] < hi) i += 2;
        if (i >= last || runs[i] > lo) break;
        if (count + (last - first) + 4 > room) break;
        const long from = count;
        // The runs left of the mask's extent, and the part of the run holding it.
        for (long k = first; k < i; k += 2) append_run(added, &count, from, runs[k], runs[k + 1]);
        const int32_t s = runs[i], e = runs[i + 1];
        if (s < lo) append_run(added, &count, from, s, (int32_t)lo);
        // The mask's bytes inverted each side of its full run, its run 0: the row's gap
        // when wider than the one it had.
        long a = hi, b = hi;
        if (j < j_end) {
            a = mdx + mask_runs[j];
            b = mdx + mask_runs[j + 1];
            if (a < lo) a = lo;
            if (b > hi) b = hi;
            if (a >= b) a = b = hi;
        }
        invert_bytes(m_row + (lo - mdx), row + lo, a - lo);
        if (a < b) {
            memset(row + a, 0, (size_t)(b - a));
            if (b - a > (long)gap[1] - gap[0]) {
                gap[0] = (int32_t)a;
                gap[1] = (int32_t)b;
            }
            invert_bytes(m_row + (b - mdx), row + b, hi - b);
        }
        // The part of the run right of the extent, and the runs after it.
        if (hi < e) append_run(added, &count, from, (int32_t)hi, e);
        for (long k = i + 2; k < last; k += 2) append_run(added, &count, from, runs[k], runs[k + 1]);
        head[2] = (int32_t)(base + from);
        head[3] = (int32_t)(base + count);
    }
    rows->count = count;
    return walk_end(&k, y1);
}

long mask_copy_run_rows(mask_hole_rows *rows, long y, long y1, int32_t *shared_s, int32_t *shared_e, long *shared_at) {
    // The rows outside the mask's are left as they are.
    rows_walk k;
    if (!start_walk(rows, y, y1, &k)) return y1;
    const long mdx = k.mdx, cx0 = k.cx0, cx1 = k.cx1, base = rows->base, room = rows->room;
    int32_t *const added = rows->added;
    const int32_t *const mask_runs = rows->mask_runs;
    long count = rows->count, at = *shared_at;
    int32_t run_s = *shared_s, run_e = *shared_e;
    for (; k.head < k.head_end; next_row(&k)) {
        int32_t *const head = k.head, *const gap = k.gap;
        uint8_t *const row = k.row;
        const int32_t *const mh = k.mh;
        const uint8_t *const m_row = k.m_row;
        long lo = mdx + mh[0], hi = mdx + mh[1];
        if (lo < cx0) lo = cx0;
        if (hi > cx1) hi = cx1;
        // A mask of 0: left as it is.
        if (lo >= hi) continue;
        if (head[0] < head[1] || mh[3] != mh[2] + 2) break;
        long s = mdx + mask_runs[mh[2]], e = mdx + mask_runs[mh[2] + 1];
        if (s < lo) s = lo;
        if (e > hi) e = hi;
        if (s >= e || count + 2 > room) break;
        copy_bytes(m_row + (lo - mdx), row + lo, s - lo);
        copy_bytes(m_row + (e - mdx), row + e, hi - e);
        if (at < 0 || run_s != (int32_t)s || run_e != (int32_t)e) {
            run_s = (int32_t)s;
            run_e = (int32_t)e;
            at = count;
            added[count] = run_s;
            added[count + 1] = run_e;
            count += 2;
        }
        head[0] = (int32_t)lo;
        head[1] = (int32_t)hi;
        head[2] = (int32_t)(base + at);
        head[3] = (int32_t)(base + at + 2);
        gap[0] = 0;
        gap[1] = 0;
    }
    rows->count = count;
    *shared_at = at;
    *shared_s = run_s;
    *shared_e = run_e;
    return walk_end(&k, y1);
}

/// True when row `head`'s gap `gap` is at least `minimum` wide and inside its extent,
/// apart from both of its ends: the row is cut there.
static inline int cuts_at_gap(const int32_t *head, const int32_t *gap, int32_t minimum) {
    return gap[1] - gap[0] >= minimum && head[0] < gap[0] && gap[1] < head[1];
}

long mask_first_side_cut(const int32_t *heads, const int32_t *gaps, long count, int32_t minimum) {
    for (long r = 0; r < count; r++) {
        if (cuts_at_gap(heads + 4 * r, gaps + 2 * r, minimum)) return r;
    }
    return count;
}

void mask_cut_sides(int32_t *heads, const int32_t *gaps, const int32_t *runs, long from, long count, int32_t minimum,
                    int32_t *right) {
    for (long r = from; r < count; r++) {
        int32_t *h = heads + 4 * r, *t = right + 4 * r;
        const int32_t *g = gaps + 2 * r;
        if (!cuts_at_gap(h, g, minimum)) {
            t[0] = t[1] = t[2] = t[3] = 0;
            continue;
        }
        // The runs left of the gap stay the row's; those right of it go to its right side.
        const int32_t last = h[3];
        int32_t k = h[2];
        while (k < last && runs[k] < g[1]) k += 2;
        t[0] = g[1];
        t[1] = h[1];
        t[2] = k;
        t[3] = last;
        h[1] = g[0];
        h[3] = k;
    }
}
