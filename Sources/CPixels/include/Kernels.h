#ifndef CPIXELS_KERNELS_H
#define CPIXELS_KERNELS_H

#include <stddef.h>
#include <stdint.h>

// The compositor's hottest rows, on premultiplied RGBA8 pixels (red in the low byte of a
// little-endian 32-bit pixel, alpha in the high one) and on A8 alpha bytes, with the exact
// integer arithmetic of MaskEngine's Swift loops (Raster/Compositor.swift, PixelBlock.swift):
// a channel `x` scaled by a factor `k` is `mulDiv255(x, k)`, `t = x·k + 128; (t + (t >> 8)) >> 8`,
// and source-over is `s + mulDiv255(d, 255 − sa)`. Each kernel has a portable form (the
// compiler's generic vectors, 8 pixels a block) and, on x86-64, an AVX2 form (8 pixels a
// step) and an AVX-512BW form (16 pixels a step, with masked tails); the form
// is chosen once, when the library is loaded, for the best level the CPU has, and every
// level gives the same bytes. Rows of bytes need no alignment; `dst` must not overlap the
// rows read.

/// The instruction-set levels of the kernels.
enum {
    /// Portable C: the compiler's generic vectors (SSE2, NEON), eight pixels a block, the
    /// last few one at a time (every architecture).
    MASK_PIXEL_LEVEL_PORTABLE = 0,
    /// x86-64 with AVX2: eight pixels (32 alpha bytes) a step.
    MASK_PIXEL_LEVEL_AVX2 = 1,
    /// x86-64 with AVX-512F and AVX-512BW: sixteen pixels (64 alpha bytes) a step.
    MASK_PIXEL_LEVEL_AVX512 = 2,
};

/// The best level this CPU runs (what the kernels use unless told otherwise).
int mask_best_pixel_level(void);

/// The level the kernels use now.
int mask_pixel_level(void);

/// Makes the kernels use `level`, or the best level this CPU runs if that is lower, and
/// returns the level set: for tests, which compare the levels. Not for use while another
/// thread runs a kernel.
int mask_set_pixel_level(int level);

/// Source-over of `count` pixels from `src`, each first scaled by its coverage byte in
/// `mask`, onto `dst`. Blocks of zero coverage are skipped; with `opaque` (the caller
/// knows every source pixel is opaque), runs of full coverage are copied.
void mask_masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque);

/// As `mask_masked_row` below full opacity: each source pixel scaled by its coverage byte,
/// then by `opacity` (0...255), then blended onto `dst`.
void mask_masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity);

/// Source-over of `count` pixels from `src` onto `dst`, as they are: a source row scaled
/// once for many rows (`mask_scaled_row` of the row it was scaled from, without the scaling).
void mask_over_row(const uint8_t *src, uint8_t *dst, size_t count);

/// Source-over of `count` pixels from `src`, each first scaled by the constant `k`
/// (0...255): a piece over which a mask holds one value. With `opaque` (every source pixel
/// is), the destination is scaled by `k`, the scaled source's alpha, without reading it.
void mask_scaled_row(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, int opaque);

/// As `mask_scaled_row` onto a destination whose pixels are all `backdrop` (a frame's rows
/// not filled yet): writes each of the `count` pixels of `dst` once, without reading it
/// and without the fill first. With `opaque` (every source pixel is), what shows of the
/// backdrop is one pixel for the whole row.
void mask_scaled_row_onto(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, uint32_t backdrop, int opaque);

/// A piece of a row: columns `start ..< end`, the source there times `k` (0...255).
struct mask_piece {
    ptrdiff_t start;
    ptrdiff_t end;
    uint32_t k;
};

/// Rows of a fill through a mask of runs whose pieces are the same in every row, each the
/// source times one constant (`mask_scaled_pieces_rows`): a rectangle's inside rows
/// through a grid's band of tiles.
struct mask_scaled_pieces_rows {
    /// The rows `y0 ..< y1`.
    ptrdiff_t y0, y1;
    /// The source's pixels of row `y0` at device column 0 (pieces index from there), and the
    /// step in bytes to the next row's (0 when every row is the same row).
    const uint8_t *src;
    ptrdiff_t src_stride;
    /// The destination's pixels of row `y0` at column 0, and the step in bytes.
    uint8_t *dst;
    ptrdiff_t dst_stride;
    /// The pieces of each row (in order, apart), and how many (at least one).
    const struct mask_piece *pieces;
    size_t count;
    /// The stale rows, as `struct mask_band` holds them.
    int32_t *stale_starts;
    ptrdiff_t stale_y0, stale_y1, stale_x1;
    /// Whether every source pixel is opaque.
    int opaque;
    /// Whether every source pixel is the same (a solid colour's row): each piece is then
    /// one colour, the pixel times `k`, over the destination or the backdrop.
    int uniform;
};

/// Draws `rows` (`struct mask_scaled_pieces_rows`): the one rule MaskEngine's
/// `runRunMaskedFill` draws its constant pieces by, a band of rows or one row and one piece
/// a call. A row whose columns from the first piece's start to the last one's end are all
/// stale is drawn without reading it: the stale columns before the first piece and
/// between pieces made `backdrop`, a piece at 255 of an `opaque` source copied, any other
/// `mask_scaled_row_onto`; in any other, each piece in turn: at 255 of an `opaque` source a copy, its stale columns
/// before it made `backdrop`; all stale, `mask_scaled_row_onto` (the same); else, its
/// stale columns made `backdrop`, `mask_scaled_row` (at 255 of a source not known opaque:
/// source-over).
void mask_scaled_pieces_rows(uint32_t backdrop, const struct mask_scaled_pieces_rows *rows);

/// Source-over of the solid premultiplied `color` onto `count` pixels of `dst`, scaled at
/// pixel `i` by `mulDiv255(coverage[i], k)`, or by `k` (0...255) alone when `coverage` is
/// NULL: a plain fill's row, coverage times opacity rounded once.
void mask_solid_row(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count);

/// A band of rows a kernel walks itself (`mask_band`), each row along a mask's spans: the
/// mask's spans and bytes (as MaskEngine's `CoverageMask` holds them), the destination, and
/// the rows' stale columns (as its `StaleBackdrop` holds them), each from the first row drawn.
struct mask_band {
    /// The rows `y0 ..< y1` and the columns `x0 ..< x1` drawn (inside the mask's rect).
    ptrdiff_t y0, y1, x0, x1;
    /// The mask's spans from row `y0`, four a row: its extent's start and end, and the first
    /// and end index of its full runs in `runs` (pairs start, end, in order and apart), all
    /// columns counted from `origin`; NULL when the mask has none (the bytes over the whole
    /// row are read, no run known full).
    const int32_t *spans;
    const int32_t *runs;
    ptrdiff_t origin;
    /// The mask's bytes of row `y0` at column 0, and the step from a row to the next.
    const uint8_t *mask;
    ptrdiff_t mask_stride;
    /// The destination's pixels of row `y0` at column 0, and the step in bytes.
    uint8_t *dst;
    ptrdiff_t dst_stride;
    /// The stale rows `stale_y0 ..< stale_y1`: row `y`'s columns from `stale_starts[y −
    /// stale_y0]` to `stale_x1` hold no backdrop yet; NULL when none is stale. A row drawn
    /// is fresh up to the end of its drawing afterwards (its start moved there).
    int32_t *stale_starts;
    ptrdiff_t stale_y0, stale_y1, stale_x1;
};

/// Rows of an opaque solid colour through a mask, where the coverage under them is known
/// full (`mask_solid_span_rows`): the band, and the runs the rows hold the colour over
/// already (MaskEngine's `SolidRuns`).
struct mask_solid_span_rows {
    struct mask_band band;
    /// What the rows `runs_y0 ..< runs_y1` are known to hold already, five entries a row as
    /// `drawn_runs` records them: a run of `color` (the first two: start, end, an empty run
    /// when they are equal), not written again where a full run covers it, and a run of
    /// `backdrop` (from the fourth entry to the third), not written again where the stale
    /// columns before the row's extent cover it (a ring's hole, the backdrop already); NULL
    /// when none is known (MaskEngine's `SolidRuns`); the fifth entry is not read.
    const int32_t *held_runs;
    /// Where each row of `runs_y0 ..< runs_y1` drawn records, five entries a row, its
    /// widest full run (start, end; left as they are for a row without one), its extent's
    /// start (the first column written but for the stale ones before it), the start of
    /// the stale columns before it, all the backdrop afterwards (the extent's start when
    /// none were stale up to it), and its extent's end (no column from there on is
    /// written); the last three left as they are for a row whose extent is empty; NULL
    /// when not recorded.
    int32_t *drawn_runs;
    ptrdiff_t runs_y0, runs_y1;
};

/// Draws the opaque `color` through a mask over `rows` (`struct mask_solid_span_rows`),
/// each row from its extent within `x0 ..< x1`: the full runs filled with the colour, each
/// pixel between them the colour scaled by its mask byte `m` and blended as
/// `mask_solid_row` does, `color · m / 255 + d − d · m / 255`, over the pixel `d` there or,
/// where the column is stale, over `backdrop` without reading it; the stale columns before
/// the extent become `backdrop`. So every stale column up to the extent's end is written
/// once, except those of a held run (`held_runs`) that a full run covers, which hold the
/// colour already, and those of a held run of the backdrop before the extent, which hold
/// the backdrop already; a row whose extent is empty is left as it is.
void mask_solid_span_rows(uint32_t color, uint32_t backdrop, const struct mask_solid_span_rows *rows);

/// Draws the solid premultiplied `color` times `k` (0...255) through a coverage over `rows`
/// (a `struct mask_band` whose mask is the coverage; its spans NULL when it has none: one
/// piece over the columns, its bytes read), each row along its pieces within `x0 ..< x1`:
/// a full run `mask_solid_row` without coverage bytes, a piece between full runs with them.
/// Before each piece the row's stale columns before it become `backdrop`, and those under
/// it too unless it is a full run of an opaque colour at 255 (which overwrites them); the
/// row is fresh up to the piece's end afterwards (MaskEngine's `BackdropRows.prepare`).
void mask_solid_cover_rows(uint32_t color, uint32_t k, uint32_t backdrop, const struct mask_band *rows);

/// Rows of a fill through a mask below full opacity over a source shaded once, where the
/// coverage under them is known full (`mask_scaled_span_rows`): the band and the one source row.
struct mask_scaled_span_rows {
    struct mask_band band;
    /// `count` pixels from device column `row_x0`: the source's row, that row times `k`
    /// (`mask_scaled_row_onto` over a transparent backdrop), and room for it times `k` over
    /// the backdrop, made when first wanted: `made[0]` is 1 once it is, over the pixel `made[1]`.
    const uint8_t *source;
    const uint8_t *scaled;
    uint8_t *blended;
    uint32_t *made;
    ptrdiff_t row_x0;
    size_t count;
    /// The draw's constant (below 255).
    uint32_t k;
};

/// Draws `rows` (`struct mask_scaled_span_rows`), each row along the mask's pieces of its
/// extent within `x0 ..< x1`: a full run whose columns are all stale the source times `k`
/// over `backdrop`, copied from `blended` (the stale columns before it made `backdrop`);
/// else, the stale columns up to the piece's end made `backdrop` first, a full run the
/// scaled row blended (`mask_over_row`), a piece between full runs the source times its
/// mask bytes, then `k` (`mask_masked_row_opacity`). As MaskEngine's
/// `DrawPipeline.scaledMaskedRow` does, row after row.
void mask_scaled_span_rows(uint32_t backdrop, const struct mask_scaled_span_rows *rows);

/// Writes `pixel` to each of the `count` pixels from `dst`.
void mask_fill_pixels(uint8_t *dst, size_t count, uint32_t pixel);

/// An axial gradient's row (MaskEngine's `GradientShader.shade`): pixel `i` of the `count`
/// at `out` (4 bytes each, no alignment needed) is `table[j]`, the entry of the position `t = t0 + dt · i` at `v = (t − low) ·
/// scale + 0.5` truncated, where `v` is first made 0 unless it is above 0 (a NaN too) and
/// `entries − 1` where it is above that: the same double operations, one after another,
/// never fused, at every level. Nothing is written when `entries` is 0.
void mask_axial_row(const uint32_t *table, size_t entries, double t0, double dt, double low, double scale, uint8_t *out,
                    size_t count);

/// A radial or conic gradient's row (MaskEngine's `GradientShader.shade`): pixel `i` of the
/// `count` at `out` (4 bytes each) is the entry `mask_axial_row` takes for the position
/// `positions[i]`, by the same operations. Nothing is written when `entries` is 0.
void mask_gradient_row(const uint32_t *table, size_t entries, const double *positions, double low, double scale, uint8_t *out,
                       size_t count);

/// Source-over of one alpha (0...255) onto `count` alpha bytes: `a = alpha + mulDiv255(a, 255 − alpha)`.
void mask_alpha_fill(uint8_t *dst, size_t count, uint32_t alpha);

/// Source-over onto `count` alpha bytes of a solid colour's `alpha` scaled at byte `i` by
/// `mulDiv255(coverage[i], k)`: `s = mulDiv255(alpha, mulDiv255(coverage[i], k))`, then as
/// `mask_alpha_fill`. Blocks of zero coverage are skipped.
void mask_alpha_row(const uint8_t *coverage, uint8_t *dst, size_t count, uint32_t alpha, uint32_t k);

#endif
