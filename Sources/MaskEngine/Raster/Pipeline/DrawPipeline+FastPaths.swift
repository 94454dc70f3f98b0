import CPixels

/// The fast paths: fused loops for the commonest shapes of piece, keyed by the piece's
/// lanes (what the list's modulators leave over a piece once the constants 255 and the
/// coverage's full runs are dropped), as tiny-skia's blitter picks a loop per span: for
/// the RGBA store, `PieceShape`; for the A8 store, constant lanes over a solid colour.
extension DrawPipeline {
    /// The shapes of piece that have a loop of their own.
    enum PieceShape: CaseIterable {
        /// No lane: the source as it is (a copy where it is opaque).
        case bare
        /// One byte row at factor 255: a mask over a full coverage run, or a coverage alone.
        case row
        /// One byte row at factor 255, then one constant: the same below full opacity.
        case rowThenConstant
        /// One constant: a piece over which a mask holds one value (`RunMask`), or a
        /// group's opacity.
        case constant
    }

    /// The fast path's shape for `count` lanes, if there is one.
    static func pieceShape(_ lanes: UnsafePointer<Lane>, count: Int) -> PieceShape? {
        switch count {
        case 0: return .bare
        case 1:
            if lanes[0].bytes == nil { return .constant }
            return lanes[0].k == 255 ? .row : nil
        case 2: return lanes[0].bytes != nil && lanes[0].k == 255 && lanes[1].bytes == nil ? .rowThenConstant : nil
        default: return nil
        }
    }

    /// Source-over of a piece through its fast path, if its shape has one: true when done.
    static func fastSourceOver(_ n: Int, from src: UnsafeRawPointer, lanes: UnsafePointer<Lane>, count: Int, opaque: Bool,
                               onto dst: UnsafeMutableRawBufferPointer, at: Int) -> Bool {
        guard let shape = pieceShape(lanes, count: count) else { return false }
        switch shape {
        case .bare:
            // A source known opaque is the copy `sourceOverRun` finds after reading every alpha.
            guard opaque, let base = dst.baseAddress else { Surface.sourceOverRun(n, from: src, onto: dst, at: at); break }
            (base + at).copyMemory(from: src, byteCount: n &* 4)
        case .row:
            guard let bytes = lanes[0].bytes else { return false }
            maskedRow(src, opaque: opaque, mask: UnsafeRawPointer(bytes), onto: dst, at: at, count: n)
        case .rowThenConstant:
            guard let bytes = lanes[0].bytes else { return false }
            maskedRow(src, mask: UnsafeRawPointer(bytes), opacity: lanes[1].k, onto: dst, at: at, count: n)
        case .constant:
            guard let base = dst.baseAddress else { return false }
            mask_scaled_row(src.assumingMemoryBound(to: UInt8.self), (base + at).assumingMemoryBound(to: UInt8.self), n, lanes[0].k,
                            opaque ? 1 : 0)
        }
        return true
    }

    /// The one fast path of the A8 store, for pieces whose lanes are all constants over a
    /// uniform source (a solid colour): one source alpha `s` for the whole piece: all 255 where it is 255, `s`
    /// itself over blocks where nothing is drawn yet, the blend elsewhere. True when done.
    static func fastAlpha(_ n: Int, from src: UnsafeRawPointer, lanes: UnsafePointer<Lane>, count: Int,
                          onto dst: UnsafeMutableRawBufferPointer, at: Int) -> Bool {
        guard n > 0 else { return false }
        var s = src.load(as: UInt32.self) >> 24
        for l in 0..<count {
            guard lanes[l].bytes == nil else { return false }
            s = UInt32(mulDiv255(s, lanes[l].k))
        }
        fillAlpha(n, s, onto: dst, at: at)
        return true
    }

    /// Source-over of one alpha `s` onto `n` alpha bytes of `dst` from `at`
    /// (`mask_alpha_fill`: all 255 where `s` is 255, nothing where it is 0).
    private static func fillAlpha(_ n: Int, _ s: UInt32, onto dst: UnsafeMutableRawBufferPointer, at: Int) {
        guard let base = dst.baseAddress else { return }
        mask_alpha_fill((base + at).assumingMemoryBound(to: UInt8.self), n, s)
    }

    /// The constant of a plain fill, `[source, [coverage, constant]]` (255 when there is
    /// none); nil for any other list, or when `generalOnly`. The list is told by its
    /// factors' kinds and the coverage read where it lies (`withPlainFill`): a copy of it
    /// out of the list retained its three arrays, and released them, every draw.
    private var plainFillConstant: UInt32? {
        guard !DrawPipeline.generalOnly, blend == .sourceOver, modulators.count == 1,
              modulators.kind(ofFactor: 0) == .coverage else { return nil }
        if modulators.factorCount == 1 { return 255 }
        guard modulators.factorCount == 2, let c = modulators.constant(ofFactor: 1) else { return nil }
        return min(c, 255)
    }

    /// `body(coverage, constant)` of a plain fill (`plainFillConstant`), the coverage where
    /// it lies; false for any other list.
    @inline(__always)
    private func withPlainFill(_ body: (CoverageMask, UInt32) -> Bool) -> Bool {
        guard let k = plainFillConstant else { return false }
        return modulators.withFirstCoverage { body($0, k) } ?? false
    }

    /// The RGBA store's entry keyed by the whole list: a plain fill of a solid colour or a
    /// paint, walked along the coverage's spans without held factors or a call per piece.
    /// A solid colour's pieces are `mask_solid_row` (times the coverage between full runs,
    /// and the constant); a paint's full run is the source as it is (or times the
    /// constant), a piece between full runs goes through the `row` loop (or the general one
    /// below full opacity), as the general loop's pieces would. True when done.
    func runPlainFill(into surface: inout Surface) -> Bool {
        switch source {
        case .solid, .paint: break
        case .pixels, .none: return false
        }
        return withPlainFill { coverage, k in runPlainFill(coverage, k: k, into: &surface) }
    }

    /// `runPlainFill` of `coverage` times `k`.
    private func runPlainFill(_ coverage: CoverageMask, k: UInt32, into surface: inout Surface) -> Bool {
        let region = coverage.rect.intersection(surface.rect)
        guard !region.isEmpty, k > 0 else { return true }
        if case .solid(let color) = source {
            runSolidFill(color, coverage: coverage, k: k, region: region, into: &surface)
            return true
        }
        let rect = surface.rect, cw = coverage.rect.width, rows = region.y0..<region.y1
        coverage.withSpans { spans in
            coverage.bytes.withUnsafeBufferPointer { cov in
                surface.withPixels { dst, backdrop in
                    withRows(painted: region, shaded: region.width, rows: rows) { rowAt, hint in
                        guard let covBytes = cov.baseAddress else { return }
                        var lane = Lane(bytes: nil, k: k)
                        for y in rows {
                            let (lo, hi) = spans.extent(y: y, within: region.x0, region.x1)
                            guard lo < hi, let src = rowAt(y, hi) else { continue }
                            let covRow = covBytes + ((y &- coverage.rect.y0) &* cw &+ (region.x0 &- coverage.rect.x0))
                            let dstAt = ((y &- rect.y0) &* rect.width &+ (region.x0 &- rect.x0)) &* 4
                            spans.forEach(y: y, within: lo, hi) { a, b, known in
                                backdrop.prepare(y: y, a, b, overwrites: known && k == 255 && hint.opaque)
                                let i = a &- region.x0, n = b &- a
                                let from = src + i &* 4, at = dstAt &+ i &* 4
                                if k == 255 {
                                    if known { return Surface.sourceOverRun(n, from: from, onto: dst, at: at) }
                                    return DrawPipeline.maskedRow(from, opaque: hint.opaque, mask: UnsafeRawPointer(covRow + i),
                                                                  onto: dst, at: at, count: n)
                                }
                                lane.bytes = known ? nil : UnsafePointer(covRow + i)
                                withUnsafePointer(to: lane) { lanes in
                                    DrawPipeline.blendPixels(n, from: from, lanes: lanes, count: 1, opaque: hint.opaque, fast: false,
                                                             onto: dst, at: at, behind: false)
                                }
                            }
                        }
                    }
                }
            }
        }
        surface.dirty = surface.dirty.union(region)
        return true
    }

    /// `runPlainFill` of the solid `color` over `region` (inside the coverage and the
    /// surface): one `mask_solid_cover_rows` call for all the rows, which walks each row's
    /// pieces itself (each a `mask_solid_row`, its stale columns made ready first as
    /// `BackdropRows.prepare` does), without a call a piece from here.
    private func runSolidFill(_ color: UInt32, coverage: CoverageMask, k: UInt32, region: PixelRect, into surface: inout Surface) {
        let rect = surface.rect, c = coverage.rect, backdropPixel = surface.backdrop
        coverage.withSpans { spans in
            coverage.bytes.withUnsafeBufferPointer { cov in
                surface.withPixels { dst, backdrop in
                    guard let covBytes = cov.baseAddress, let dstBytes = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                    let y0 = region.y0
                    var spec = mask_band(rows: y0..<region.y1, x0: region.x0, x1: region.x1, mask: spans,
                                         maskRow: covBytes + ((y0 &- c.y0) &* c.width &- c.x0), maskStride: c.width,
                                         dst: dstBytes + ((y0 &- rect.y0) &* rect.width &- rect.x0) &* 4, dstStride: rect.width &* 4,
                                         backdrop: backdrop)
                    mask_solid_cover_rows(color, k, backdropPixel, &spec)
                }
            }
        }
        surface.dirty = surface.dirty.union(region)
    }

    /// The coverage, the mask's factor and the constant of a fill of a solid colour or a
    /// paint through a mask, `[source, [coverage], [mask], [constant]?]` (the constant 255
    /// when there is none); nil for any other list, or when `generalOnly`.
    var maskedFill: (CoverageMask, Factor, UInt32)? {
        // One factor a modulator: factor `m` is modulator `m`'s.
        guard !DrawPipeline.generalOnly, blend == .sourceOver, modulators.count == 2 || modulators.count == 3,
              modulators.hasOneFactorEach, case .coverage(let coverage) = modulators.factor(0) else { return nil }
        var k: UInt32 = 255
        if modulators.count == 3 {
            guard case .constant(let c) = modulators.factor(2) else { return nil }
            k = min(c, 255)
        }
        switch source {
        case .solid, .paint: return (coverage, modulators.factor(1), k)
        case .pixels, .none: return nil
        }
    }

    /// True when the list `[source, [coverage], [mask], [constant]?]` goes through the fused masked fill (`runMaskedFill`, `runSolidMaskedFill`),
    /// which walks a sparse mask's spans and reads no byte of its full runs: the mask may
    /// be sparse. (The general loop reads every byte.)
    static func takesSparseMask(_ source: Source) -> Bool {
        guard !generalOnly else { return false }
        switch source {
        case .solid, .paint: return true
        case .pixels, .none: return false
        }
    }

    /// The RGBA store's entry keyed by the whole list for a fill through a mask,
    /// `[source, [coverage], [mask], [constant]?]`: the rows of the general loop (narrowed
    /// to both extents, a row the mask shuts not shaded), without held factors or a call
    /// per piece: a piece has a lane for the coverage where it is not full, then the
    /// mask's, then the constant's, and goes through the fast path of that shape (a full
    /// coverage run through the `row` (`rowThenConstant`) loop) or the general loop. At
    /// factor 255 over rows known opaque, for a sparse mask (`takesSparseMask`), and below
    /// factor 255 over rows shaded once, the pieces are cut along the mask's full runs too:
    /// at 255 an opaque source overwrites there (a copy where the coverage is full as
    /// well), below it the row scaled once is blended (`withScaledRow`); the bytes there
    /// are not read. A solid colour at factor 255 has a row loop of its own
    /// (`runSolidMaskedFill`). True when done.
    func runMaskedFill(into surface: inout Surface) -> Bool {
        // Told by the mask's kind first: a fill through runs is not copied out to learn it.
        guard modulators.kind(ofFactor: 1) == .mask, let (coverage, factor, k) = maskedFill, case .mask(let mask) = factor else { return false }
        let painted = coverage.rect.intersection(surface.rect), region = painted.intersection(mask.rect)
        guard !region.isEmpty, k > 0 else { return true }
        if k == 255, case .solid(let color) = source {
            runSolidMaskedFill(color, coverage: coverage, mask: mask, painted: painted, region: region, into: &surface)
            return true
        }
        let rect = surface.rect, rows = region.y0..<region.y1, backdropPixel = surface.backdrop
        // What the rows read of the masks, in locals: read through the captured masks, each
        // closure would copy them (three arrays retained and released a copy).
        let covRect = coverage.rect, maskRect = mask.rect, isSparse = mask.isSparse
        coverage.withSpans { spans in mask.withSpans { maskSpans in
            coverage.bytes.withUnsafeBufferPointer { cov in mask.bytes.withUnsafeBufferPointer { maskValues in
                surface.withPixels { dst, backdrop in
                    withRows(painted: painted, shaded: region.x1 &- painted.x0, rows: rows) { rowAt, hint in
                    DrawPipeline.withScaledRow(hint, k: k, count: region.x1 &- painted.x0) { scaledRow in
                        guard let covBytes = cov.baseAddress, let maskBytes = maskValues.baseAddress,
                              let dstBytes = dst.baseAddress else { return }
                        // Elsewhere a full run of the mask is cheaper as the bytes' lane (255s)
                        // than as pieces of its own.
                        let walksMask = isSparse || (k == 255 && hint.opaque) || scaledRow != nil
                        /// Row `y` through the pieces' fast paths or the general loop.
                        func fillRow(_ y: Int) {
                            let c = spans.extent(y: y, within: region.x0, region.x1)
                            let (lo, hi) = maskSpans.extent(y: y, within: c.lo, c.hi)
                            guard lo < hi else { return }
                            // Rows of the coverage and the mask from column 0 of the device.
                            let covRow = covBytes + ((y &- covRect.y0) &* covRect.width &- covRect.x0)
                            let maskRow = maskBytes + ((y &- maskRect.y0) &* maskRect.width &- maskRect.x0)
                            // A sparse mask's bytes are read between its full runs only.
                            var shut = !isSparse && DrawPipeline.isZero(UnsafeRawPointer(maskRow + lo), count: hi &- lo)
                            if isSparse {
                                shut = true
                                maskSpans.forEach(y: y, within: lo, hi) { a, b, full in
                                    if shut, full || !DrawPipeline.isZero(UnsafeRawPointer(maskRow + a), count: b &- a) { shut = false }
                                }
                            }
                            guard !shut, let row = rowAt(y, hi) else { return }
                            let dstAt = ((y &- rect.y0) &* rect.width &- rect.x0) &* 4
                            @inline(__always)
                            func piece(_ a: Int, _ b: Int, known: Bool, full: Bool) {
                                // Where both are full, an opaque source overwrites.
                                backdrop.prepare(y: y, a, b, overwrites: known && full && k == 255 && hint.opaque)
                                // Local to the piece: a variable the nested function captured
                                // would be checked for exclusive access at each piece.
                                var lanes = (Lane(bytes: nil, k: 255), Lane(bytes: nil, k: 255), Lane(bytes: nil, k: 255))
                                withUnsafeMutableBytes(of: &lanes) { raw in
                                    guard let first = raw.baseAddress?.assumingMemoryBound(to: Lane.self) else { return }
                                    var count = 0
                                    if !known { first[count] = Lane(bytes: covRow + a, k: 255); count &+= 1 }
                                    if !full { first[count] = Lane(bytes: maskRow + a, k: 255); count &+= 1 }
                                    if k != 255 { first[count] = Lane(bytes: nil, k: k); count &+= 1 }
                                    DrawPipeline.blendPixels(b &- a, from: row + (a &- painted.x0) &* 4, lanes: first, count: count,
                                                             opaque: hint.opaque, fast: true, onto: dst, at: dstAt &+ a &* 4, behind: false)
                                }
                            }
                            spans.forEach(y: y, within: lo, hi) { a, b, known in
                                guard walksMask else { return piece(a, b, known: known, full: false) }
                                maskSpans.forEach(y: y, within: a, b) { c, d, full in piece(c, d, known: known, full: full) }
                            }
                        }
                        guard let scaledRow else { return rows.forEach(fillRow) }
                        DrawPipeline.scaledMaskedRows(rows, within: region, coverage: spans, mask: maskSpans, maskBytes, row: scaledRow,
                                                      from: painted.x0, onto: dstBytes, surface: rect, backdrop,
                                                      backdropPixel: backdropPixel, otherwise: fillRow)
                    }
                    }
                }
            } }
        } }
        surface.dirty = surface.dirty.union(region)
        return true
    }

    /// `runMaskedFill` of the solid `color` at factor 255 over `region` (inside the
    /// coverage, the mask and the surface), without source rows or a dispatch per piece: a
    /// piece where the coverage or the mask is full is one `mask_solid_row` (a fill where
    /// both are and the colour is opaque; else times the other one's bytes, which at
    /// factor 255 rounds as the `row` loop over the colour's row), and only a piece where
    /// neither is full goes through the general loop, with the colour's row. A row the mask
    /// shuts is not skipped: its blocks of 0 are, and its backdrop would be filled at the
    /// frame's end anyway. Rows of an opaque colour where the coverage is known full (found
    /// once for rows that share the coverage's entries) are drawn without pieces, one kernel
    /// call for the band (`solidSpanRows`).
    private func runSolidMaskedFill(_ color: UInt32, coverage: CoverageMask, mask: CoverageMask, painted: PixelRect, region: PixelRect,
                                    into surface: inout Surface) {
        let opaque = color >> 24 == 255
        // Elsewhere a full run of the mask is cheaper as the bytes' lane (255s) than as
        // pieces of its own.
        let walksMask = mask.isSparse || opaque
        // The rows' origins and strides in locals: read through the captured values, they
        // would be loaded and checked again for every row.
        let cw = coverage.rect.width, mw = mask.rect.width, sw = surface.rect.width
        let covOrigin = coverage.rect.y0 &* cw &+ coverage.rect.x0, maskOrigin = mask.rect.y0 &* mw &+ mask.rect.x0
        let dstOrigin = surface.rect.y0 &* sw &+ surface.rect.x0
        let surfaceRect = surface.rect, backdropPixel = surface.backdrop
        coverage.withSpans { spans in mask.withSpans { maskSpans in
            coverage.bytes.withUnsafeBufferPointer { cov in mask.bytes.withUnsafeBufferPointer { maskValues in
                surface.withPixels(keepingRuns: { dst, backdrop, runs in
                    // With the runs the frame's buffer holds in the colour (`SolidRuns`), and the
                    // room for those this draw fills.
                    func draw(held: UnsafePointer<Int32>?, drawn: UnsafeMutablePointer<Int32>?) {
                        withRows(painted: painted, shaded: region.x1 &- painted.x0, rows: region.y0..<region.y1) { rowAt, _ in
                            guard let covBytes = cov.baseAddress, let maskBytes = maskValues.baseAddress,
                                  let dstBytes = dst.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                  let solidRow = rowAt(region.y0, region.x1) else { return }
                            var band = region.y0
                            while band < region.y1 {
                                let end = spans.rowsSharingSpans(from: band, to: region.y1)
                                if opaque && spans.isKnownFull(y: band, x0: region.x0, x1: region.x1) {
                                    DrawPipeline.solidSpanRows(color, rows: band..<end, x0: region.x0, x1: region.x1, mask: maskSpans,
                                                               maskBytes: maskBytes, surface: surfaceRect, pixels: dstBytes,
                                                               backdrop: backdrop, backdropPixel: backdropPixel,
                                                               runs: (held, drawn, surfaceRect.y0..<surfaceRect.y1))
                                    band = end
                                    continue
                                }
                                for y in band..<end {
                                    // The row is drawn up to the region's end at most (its record's extent
                                    // end, `SolidRuns.narrowStale`; its start stays unknown).
                                    drawn?[(y &- surfaceRect.y0) &* SolidRuns.entriesPerRow &+ 4] = Int32(truncatingIfNeeded: region.x1)
                                    // Rows of the coverage, the mask and the surface from column 0 of the device.
                                    let covRow = covBytes + (y &* cw &- covOrigin), maskRow = maskBytes + (y &* mw &- maskOrigin)
                                    let dstAt = (y &* sw &- dstOrigin) &* 4
                                    @inline(__always)
                                    func piece(_ a: Int, _ b: Int, known: Bool, full: Bool) {
                                        backdrop.prepare(y: y, a, b, overwrites: known && full && opaque)
                                        guard known || full else {
                                            let lanes = (Lane(bytes: covRow + a, k: 255), Lane(bytes: maskRow + a, k: 255))
                                            return withUnsafeBytes(of: lanes) { raw in
                                                guard let first = raw.baseAddress?.assumingMemoryBound(to: Lane.self) else { return }
                                                DrawPipeline.blendPixels(b &- a, from: solidRow + (a &- painted.x0) &* 4, lanes: first,
                                                                         count: 2, opaque: opaque, fast: true, onto: dst,
                                                                         at: dstAt &+ a &* 4, behind: false)
                                            }
                                        }
                                        // Where both are full an opaque colour is a fill, without the
                                        // kernel's own dispatch to it.
                                        if known && full && opaque { return mask_fill_pixels(dstBytes + (dstAt &+ a &* 4), b &- a, color) }
                                        let bytes = known ? (full ? nil : maskRow + a) : covRow + a
                                        mask_solid_row(color, bytes, 255, dstBytes + (dstAt &+ a &* 4), b &- a)
                                    }
                                    // The mask's extent is found within each piece of the coverage's.
                                    spans.forEach(y: y, within: region.x0, region.x1) { a, b, known in
                                        guard walksMask else {
                                            let (lo, hi) = maskSpans.extent(y: y, within: a, b)
                                            return lo < hi ? piece(lo, hi, known: known, full: false) : ()
                                        }
                                        maskSpans.forEach(y: y, within: a, b) { c, d, full in piece(c, d, known: known, full: full) }
                                    }
                                }
                                band = end
                            }
                        }
                    }
                    guard opaque else {
                        runs.forget()
                        return draw(held: nil, drawn: nil)
                    }
                    runs.draw(color, rows: surfaceRect.y0..<surfaceRect.y1, draw)
                })
            } }
        } }
        surface.dirty = surface.dirty.union(region)
    }

    /// The A8 store's entry keyed by the whole list: the plain fill of a solid colour,
    /// `[solid, [coverage, constant]]` (a mask's grid tile), walked without pieces or lanes:
    /// a full run is one alpha (`fillAlpha`), a piece between full runs `mask_alpha_row`
    /// (blocks of coverage 0 skipped), each as the general loop rounds it. True when done.
    func runPlainAlphaFill(into surface: inout AlphaSurface) -> Bool {
        guard case .solid(let color) = source else { return false }
        return withPlainFill { coverage, k in runPlainAlphaFill(color, coverage: coverage, k: k, into: &surface) }
    }

    /// `runPlainAlphaFill` of the solid `color` through `coverage` times `k`.
    private func runPlainAlphaFill(_ color: UInt32, coverage: CoverageMask, k: UInt32, into surface: inout AlphaSurface) -> Bool {
        let region = coverage.rect.intersection(surface.rect)
        guard !region.isEmpty, k > 0 else { return true }
        let rect = surface.rect, cw = coverage.rect.width
        let a = color >> 24, full = UInt32(mulDiv255(a, k))
        coverage.withSpans { spans in
            coverage.bytes.withUnsafeBufferPointer { cov in
                surface.values.withUnsafeMutableBytes { out in
                    guard let covBytes = cov.baseAddress, let outBytes = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                    for y in region.y0..<region.y1 {
                        let outBase = (y &- rect.y0) &* rect.width &- rect.x0
                        let covBase = (y &- coverage.rect.y0) &* cw &- coverage.rect.x0
                        spans.forEach(y: y, within: region.x0, region.x1) { x0, x1, known in
                            if known { return DrawPipeline.fillAlpha(x1 &- x0, full, onto: out, at: outBase &+ x0) }
                            mask_alpha_row(covBytes + (covBase &+ x0), outBytes + (outBase &+ x0), x1 &- x0, a, k)
                        }
                    }
                }
            }
        }
        surface.dirty = surface.dirty.union(region)
        return true
    }

    /// True when all `count` pixels from `src` are opaque.
    static func isOpaque(_ src: UnsafeRawPointer, count: Int) -> Bool {
        var alphas: UInt32 = 0xFF00_0000
        for j in 0..<count { alphas &= src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self) }
        return alphas == 0xFF00_0000
    }

    /// The `row` piece: the source scaled by one byte row and blended
    /// (`mask_masked_row`). With `opaque` (every source pixel is), each run of full blocks
    /// is one copy.
    private static func maskedRow(_ src: UnsafeRawPointer, opaque: Bool, mask: UnsafeRawPointer, onto dst: UnsafeMutableRawBufferPointer,
                                  at dstBase: Int, count: Int) {
        guard let base = dst.baseAddress else { return }
        mask_masked_row(src.assumingMemoryBound(to: UInt8.self), mask.assumingMemoryBound(to: UInt8.self),
                        (base + dstBase).assumingMemoryBound(to: UInt8.self), count, opaque ? 1 : 0)
    }

    /// The `rowThenConstant` piece: the source scaled by one byte row, then by a constant,
    /// and blended (`mask_masked_row_opacity`).
    private static func maskedRow(_ src: UnsafeRawPointer, mask: UnsafeRawPointer, opacity op: UInt32,
                                  onto dst: UnsafeMutableRawBufferPointer, at dstBase: Int, count: Int) {
        guard let base = dst.baseAddress else { return }
        mask_masked_row_opacity(src.assumingMemoryBound(to: UInt8.self), mask.assumingMemoryBound(to: UInt8.self),
                                (base + dstBase).assumingMemoryBound(to: UInt8.self), count, op)
    }
}
