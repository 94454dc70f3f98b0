#ifndef CPIXELS_COMBINED_ROWS_H
#define CPIXELS_COMBINED_ROWS_H

#include <stdint.h>

// Rows of a combined mask (MaskEngine's Raster/CombinedMask.swift) made in one C loop
// over them: the first mask taken in bulk (`CombinedMask.adopt`), and a `subtract` mask
// folded where it lies inside one of the result's full runs (`RowFold.cutHoleRows`: a
// hole cut in a disc), and a mask row of one full run copied into a row of 0
// (`RowFold.copyRunRows`: a square's rows beside a ring). Each is a few reads and writes of a row's tables and a few bytes
// copied, which Swift's loops spent more instructions on than the work (set-up, spills).
// And the rows cut at their gaps into two sides (`CombinedMask.sides`).

/// The rows a first mask is taken over (`mask_adopt_rows`): `count` rows from the first
/// of both the mask's and the result's row tables given here.
typedef struct mask_adopted_rows {
    long count;
    /// The mask's row heads (four integers a row, as `CoverageMask` lays them out), its
    /// bytes of the first row and its width, and its runs (null when it has none).
    const int32_t *_Nonnull mask_heads;
    const uint8_t *_Nonnull mask;
    long mask_width;
    const int32_t *_Nullable mask_runs;
    /// The result's row heads and gaps (two integers a row) of the same first row, its
    /// bytes there at the mask's first column, and its width.
    int32_t *_Nonnull heads;
    int32_t *_Nonnull gaps;
    uint8_t *_Nonnull bytes;
    long width;
    /// The mask's first column in the result's columns, added to each extent.
    int32_t dx;
} mask_adopted_rows;

/// Makes each row of `rows` whose extent is not empty the mask's: its extent moved by
/// `dx`, its runs' indices as they are (the result's table is the mask's, moved), its gap
/// none, and its extent's bytes between the full runs copied (the runs' own left
/// unwritten, in the result as in the mask). Rows with an empty extent are left as they are.
void mask_adopt_rows(const mask_adopted_rows *_Nonnull rows);

/// The rows of a fold: the result's tables and bytes, the mask's, and the runs the fold
/// adds. Columns and rows are device pixels but where said; tables as `CoverageMask`
/// lays them out (four integers a row: extent start and end, first and end index into the
/// runs; the runs' columns from the rect's `x0`).
typedef struct mask_hole_rows {
    /// The result: its rect's origin and width, its bytes (row by row, `width` a row),
    /// its row heads, its gaps (two a row, columns from `x0`) and its runs before the fold,
    /// `base` of them (the added runs go after them in its table). A table of runs is null
    /// when it is empty: no row's range of runs then reads it.
    long x0, y0, width;
    uint8_t *_Nonnull bytes;
    int32_t *_Nonnull heads;
    int32_t *_Nonnull gaps;
    const int32_t *_Nullable runs;
    long base;
    /// The mask: its rect's origin, end row and width, bytes, row heads and runs.
    long mask_x0, mask_y0, mask_y1, mask_width;
    const uint8_t *_Nonnull mask;
    const int32_t *_Nonnull mask_heads;
    const int32_t *_Nullable mask_runs;
    /// The columns the mask can reach: `lo ..< hi`.
    long lo, hi;
    /// The runs added so far: `count` of the `room` integers at `added`.
    int32_t *_Nonnull added;
    long count, room;
} mask_hole_rows;

/// Folds the mask into rows `y ..< y1` by `subtract` as long as each row is one it leaves
/// as it is (a result row of 0, a mask row of 0) or a mask row of at most one full run
/// whose extent lies within one full run of the result, with room for the row's runs:
/// the mask's bytes there become 255 minus them, its full run 0 (the row's gap when wider
/// than the one it had), and the row's runs are its old ones with the mask's extent cut
/// out, appended to `added` (a run touching the one before it in the row extends it).
/// Returns the first row it does not take (`y1` when none), `count` moved on.
long mask_cut_hole_rows(mask_hole_rows *_Nonnull rows, long y, long y1);

/// Folds the mask into rows `y ..< y1` of a result of 0 under a mode that gives the mask
/// there and keeps the result where the mask is 0 (`add`, `lighten`, `difference`), as
/// long as each row is a mask row of 0 (left as it is) or a result row of 0 under a mask
/// row of one full run `s ..< e` within its extent `lo ..< hi` (not empty), with room for
/// two more integers: the row's extent becomes the mask's, its bytes each side of the run
/// the mask's, its run `s ..< e` (appended to `added`, unless it is the shared run
/// `*shared_s ..< *shared_e`, the one the row taken before took: then its place
/// `*shared_at` in `added` is the row's too), its gap none. `rows->runs` is not read.
/// Returns the first row it does not take (`y1` when none), `count` and the shared run and
/// its place (-1 while none) moved on.
long mask_copy_run_rows(mask_hole_rows *_Nonnull rows, long y, long y1, int32_t *_Nonnull shared_s, int32_t *_Nonnull shared_e,
                        long *_Nonnull shared_at);

/// The first of `count` rows (`heads`: four integers a row, as `CoverageMask` lays them
/// out; `gaps`: two a row, a run of 0s inside the extent, as `CombinedMask` keeps them)
/// whose gap is at least `minimum` wide and lies inside its extent, apart from both of its
/// ends; `count` when there is none.
long mask_first_side_cut(const int32_t *_Nonnull heads, const int32_t *_Nonnull gaps, long count, int32_t minimum);

/// Cuts each row of `from ..< count` that `mask_first_side_cut` would find at its gap:
/// the row keeps its left side (its extent ends at the gap's start, its runs at the first
/// that does not start before the gap's end), and `right` (four integers a row, as
/// `heads`) gets its right side (the extent from the gap's end, the runs from there on,
/// in the same table `runs`, null when it is empty); every other row's four entries of
/// `right` are 0.
void mask_cut_sides(int32_t *_Nonnull heads, const int32_t *_Nonnull gaps, const int32_t *_Nullable runs, long from, long count,
                    int32_t minimum, int32_t *_Nonnull right);

#endif
