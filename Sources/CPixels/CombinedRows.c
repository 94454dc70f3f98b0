// Rows of a combined mask: see CombinedRows.h. The same steps, in the same order, as
// `CombinedMask.adopt`'s Swift loop took, and `RowFold.foldInsideFull` on a hole's row
// under `subtract`.

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

/// `n` bytes from `from` to `to`: a short piece (a shape's edge on most rows) byte by byte,
/// as `RowFold.copy`.
static inline void copy_bytes(const uint8_t *from, uint8_t *to, long n) {
    if (n > 16) {
        memcpy(to, from, (size_t)n);
        return;
    }
    for (long i = 0; i < n; i++) to[i] = from[i];
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

long mask_cut_hole_rows(mask_hole_rows *rows, long y, long y1) {
    const long rx0 = rows->x0, ry0 = rows->y0, w = rows->width, base = rows->base;
    const long mx0 = rows->mask_x0, my0 = rows->mask_y0, my1 = rows->mask_y1, mw = rows->mask_width;
    const long cx0 = rows->lo, cx1 = rows->hi, room = rows->room;
    uint8_t *const bytes = rows->bytes;
    int32_t *const heads = rows->heads, *const gaps = rows->gaps, *const added = rows->added;
    const int32_t *const runs = rows->runs, *const mask_heads = rows->mask_heads, *const mask_runs = rows->mask_runs;
    const uint8_t *const mask = rows->mask;
    long count = rows->count;
    for (; y < y1; y++) {
        int32_t *head = heads + 4 * (y - ry0);
        // A result of 0, or a mask of 0: left as it is.
        if (head[0] >= head[1] || y < my0 || y >= my1) continue;
        const int32_t *mh = mask_heads + 4 * (y - my0);
        long lo = mx0 + mh[0], hi = mx0 + mh[1];
        if (lo < cx0) lo = cx0;
        if (hi > cx1) hi = cx1;
        if (lo >= hi) continue;
        // The mask's one full run, if any, and the result's full run holding its extent.
        const long j = mh[2], j_end = mh[3];
        if (j_end - j > 2 || rx0 + head[0] > lo || hi > rx0 + head[1]) break;
        const long first = head[2], last = head[3];
        long i = first;
        while (i < last && rx0 + runs[i + 1] < hi) i += 2;
        if (i >= last || rx0 + runs[i] > lo) break;
        if (count + (last - first) + 4 > room) break;
        const long from = count;
        const int32_t lo32 = (int32_t)(lo - rx0), hi32 = (int32_t)(hi - rx0);
        // The runs left of the mask's extent, and the part of the run holding it.
        for (long k = first; k < i; k += 2) append_run(added, &count, from, runs[k], runs[k + 1]);
        const int32_t s = runs[i], e = runs[i + 1];
        if (s < lo32) append_run(added, &count, from, s, lo32);
        // The mask's bytes inverted each side of its full run, its run 0: the row's gap
        // when wider than the one it had.
        int32_t *gap = gaps + 2 * (y - ry0);
        int32_t gap0 = gap[0], gap1 = gap[1];
        uint8_t *row = bytes + (y - ry0) * w;
        const uint8_t *m_row = mask + (y - my0) * mw;
        long a = hi, b = hi;
        if (j < j_end) {
            a = mx0 + mask_runs[j];
            b = mx0 + mask_runs[j + 1];
            if (a < lo) a = lo;
            if (b > hi) b = hi;
            if (a >= b) a = b = hi;
        }
        for (long x = lo; x < a; x++) row[x - rx0] = (uint8_t)(255 - m_row[x - mx0]);
        if (a < b) {
            memset(row + (a - rx0), 0, (size_t)(b - a));
            if ((int32_t)(b - a) > gap1 - gap0) {
                gap0 = (int32_t)(a - rx0);
                gap1 = (int32_t)(b - rx0);
            }
            for (long x = b; x < hi; x++) row[x - rx0] = (uint8_t)(255 - m_row[x - mx0]);
        }
        // The part of the run right of the extent, and the runs after it.
        if (hi32 < e) append_run(added, &count, from, hi32, e);
        for (long k = i + 2; k < last; k += 2) append_run(added, &count, from, runs[k], runs[k + 1]);
        head[2] = (int32_t)(base + from);
        head[3] = (int32_t)(base + count);
        gap[0] = gap0;
        gap[1] = gap1;
    }
    rows->count = count;
    return y;
}
