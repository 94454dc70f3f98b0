// A hole cut in a combined mask's full runs: see HoleRows.h. The same steps, in the same
// order, as `RowFold.foldInsideFull` takes on such a row under `subtract`.

#include "HoleRows.h"
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
