/// A draw as data: `[source, modulators..., blend, store]`, built once per draw and run by
/// one row loop over the coverage's spans (as tiny-skia's `pipeline` runs its stage lists
/// and Blend2D feeds its fetchers and compositors from the rasterizer's cells).
///
/// # The stages
/// - **Source** — the premultiplied colour before it is weakened: `solid` (one colour),
///   `paint` (a gradient — axial, radial, conic — or an image with its sampling, shaded
///   row by row from the left of the painted area, so every route rounds alike), `pixels`
///   (another surface at the same device pixels: a finished group) or `none` (the
///   destination blends use no source).
/// - **Modulators** — each scales the source once (`scaled`: every channel times a byte /
///   255, rounded to nearest) by its *factor*: the rounded product, left to right, of its
///   byte sources: `coverage` (a shape's coverage, with its spans), `mask` (a mask's
///   values, alpha or luminance, already times its frame), `runs` (the same values of a
///   mask made of rectangles, as runs of constant values: `RunMask`), `constant` (an
///   opacity). One
///   modulator `[coverage, constant]` rounds coverage·opacity once, as a plain fill does;
///   three `[coverage] [mask] [constant]` scale three times, as a fill through a mask
///   does. Which it is decides the bytes, so it is part of the list.
/// - **Blend** — `sourceOver` (`s + d·(255 − sa)`), `behind` (`d + s·(255 − da)`, for
///   shadows), `destinationIn` (the destination scaled by each modulator's factor: a clip
///   or a mask on a group; 0 outside the factors' rectangles) and `destinationOut` (by 255
///   minus it: an inverted mask).
/// - **Store** — `rgba8` (`run(into:)` a `Surface`) or `a8` (`run(into:)` an
///   `AlphaSurface`: the alpha channel alone, which every blend keeps apart from the colour
///   channels, so it is byte for byte the RGBA alpha).
///
/// # The row loop
/// `run(into:)` walks the rows of the area every stage can reach. In each row it narrows
/// to the extents of the coverages and masks (0 outside them), shades the source once,
/// and walks the primary coverage's spans: a piece known full makes that factor 255. For
/// each piece the modulators become *lanes*, each a constant or a byte row times a
/// constant; a constant 255 lane is dropped, a constant 0 lane drops the piece, and a
/// piece left with no lane over an opaque source is a copy. Then eight pixels at a time:
/// a block whose byte row is all 0 is skipped, one all 255 at factor 255 is not scaled,
/// anything else goes through the 16-bit lanes of `PixelBlock`, with exact integer
/// rounding; the last few pixels one by one with the same arithmetic.
///
/// # The fast paths
/// `DrawPipeline+FastPaths.swift` holds a small table of fused loops keyed by a piece's
/// `PieceShape`: the lanes the list leaves over the piece (`bare`: none, the source copied
/// where opaque; `row`: one byte row — a mask at full coverage, or a coverage alone;
/// `rowThenConstant`: the same below full opacity; `constant`: one constant — a run of a
/// `RunMask`, a group's opacity), and for the A8 store one entry:
/// constant lanes over a solid colour (`fastAlpha`). Five entries are keyed by the whole
/// list, for the lists every frame draws many rows of: the plain fill
/// `[source, [coverage, constant]]` into RGBA (`runPlainFill`; a solid colour's pieces
/// are one kernel whatever the constant) and of a solid colour into A8
/// (`runPlainAlphaFill`: a mask's grid tile), and the fill through a mask
/// `[source, [coverage], [mask], [constant]?]` (`runMaskedFill`; through a mask of runs,
/// `runRunMaskedFill`: each coverage piece cut at the runs' ends, one constant a run)
/// walk the coverage's spans with their lanes known from the list, without held factors
/// or a call per piece; a plain fill that none of them takes (under `behind`) takes its
/// piece's one lane straight from the coverage (`coverageTimesConstant`). The rows of
/// these entries are C kernels (`Sources/CPixels`, `PixelKernels`): `mask_masked_row`
/// (`row`), `mask_masked_row_opacity` (`rowThenConstant`), `mask_scaled_row`
/// (`constant`), `mask_solid_row` (a solid plain fill), `mask_alpha_fill` and
/// `mask_alpha_row` (the A8 entries), with AVX-512BW (16 pixels a step) or AVX2 (8) as
/// the CPU has them, chosen once, and the same bytes in portable C.
/// So a list's shape picks its loop piece by piece, as tiny-skia's blitter picks one per
/// span. Every entry gives the general loop's bytes: `PipelinePropertyTests` runs random
/// lists through both (`generalOnly`).
///
/// # The frame's backdrop
/// A frame is not filled with its backdrop before the draws: what still holds the last
/// frame's pixels (or a new buffer's unwritten bytes) is *stale*, one interval a row
/// (`StaleBackdrop`), and every loop that changes a surface's pixels takes them with
/// `Surface.withPixels` and calls `BackdropRows.prepare(y:_:_:overwrites:)` before each
/// piece (the destination blends: before each row): the stale columns before the piece and
/// in it become the backdrop while the row is in cache — those in it are skipped when the
/// piece overwrites them (an opaque source at factor 255: a full coverage run of a solid
/// opaque colour, or of an opaque paint at full opacity). A run of the source times one
/// constant over columns all stale is not filled first: it is blended onto the backdrop
/// colour in one pass that never reads the destination (`BackdropRows.takeStale`,
/// `mask_scaled_row_onto`); rows alike of a mask of runs take the whole row so, the
/// columns between its pieces filled. The renderer fills what is left at the frame's
/// end (`Surface.refreshBackdrop()`), before the caller sees it.
///
/// # Offscreen groups
/// A list draws one thing. The renderer makes an offscreen group only where a list cannot
/// say the composition: an opacity over several overlapping parts or sublayers (each
/// would show through the others), a blur, a shadow; a clip or a mask on such a group is
/// then a `destinationIn` (`destinationOut`) list over it, and the group goes back with
/// `[pixels, [constant opacity], sourceOver, rgba8]`.
///
/// # The reference scenes' lists
/// - tile fade: `[paint(image), [coverage], [runs(grid alpha)], sourceOver, rgba8]` (the
///   image's rows read in place; the coverage is full, so over each run the one lane is
///   the run's value: a `bare` piece — a copy — at 255, none at 0, a `constant` piece
///   between). The grid mask is a `RunMask`: its tiles are rectangles of one alpha,
///   composited run by run with the A8 store's arithmetic
///   (`[solid(alpha), [coverage, constant(tile opacity)], sourceOver, a8]`, without the
///   buffer), then times its frame: about a dozen runs a row, in two bands of rows alike
///   and the rows between where tiles meet at fractional edges.
/// - text shimmer: `[paint(axial gradient, shaded once), [coverage], [mask(text alpha)], sourceOver, rgba8]`.
/// - circle reveal: `[solid(red), [coverage], [mask(circle alpha)], sourceOver, rgba8]`.
/// - heavy: per cell `[paint(axial gradient), [coverage], [mask(circle alpha)], [constant(opacity)], sourceOver, rgba8]`
///   (`rowThenConstant` pieces), and `[solid, [coverage, constant], sourceOver, rgba8]` for
///   the oval, the label and the panel (its grid mask of runs, as the tile fade's).
///
/// # Adding a stage
/// A new way to weaken a draw (a mask combination: add, subtract, intersect, difference,
/// lighten, darken; a feathered or expanded mask) is a new `Factor` case that yields one
/// byte per pixel (its `bytes(y:from:count:)` row); the loops, the blends and the stores
/// are unchanged. A new blend is a `Blend` case and its pixel function in the two loops.
struct DrawPipeline {
    /// Where the colour comes from.
    enum Source {
        /// One premultiplied colour, packed (red in the low byte).
        case solid(UInt32)
        /// A shader's colours, row by row.
        case paint(Paint)
        /// Another surface's pixels at the same device positions (a finished group).
        case pixels(Surface)
        /// No colour: for the destination blends.
        case none
    }

    /// One byte per pixel that a modulator multiplies in.
    enum Factor {
        /// A shape's coverage: 0 outside its rect and its rows' extents, 255 in full runs.
        case coverage(CoverageMask)
        /// A mask's values; 0 outside its rect. Written in full (not sparse), except where
        /// the list `takesSparseMask`.
        case mask(CoverageMask)
        /// A mask's values as runs of constant values (0 outside them and its rect).
        case runs(RunMask)
        /// The same byte everywhere (an opacity).
        case constant(UInt32)
    }

    /// What a factor is, without what it holds (`Modulators.kind(ofFactor:)`).
    enum FactorKind {
        case coverage, mask, runs, constant
    }

    /// How the weakened source meets the destination.
    enum Blend: Hashable {
        case sourceOver, behind, destinationIn, destinationOut
    }

    var source: Source
    /// Each scales the source once by the rounded product of its factors (`Modulators`).
    var modulators: Modulators
    var blend: Blend

    /// For tests: set to run every list through the general loop, to compare it with the
    /// fast paths.
    nonisolated(unsafe) static var generalOnly = false
}
