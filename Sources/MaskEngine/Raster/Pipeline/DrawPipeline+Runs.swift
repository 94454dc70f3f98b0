import CPixels

/// The fill through a mask of runs (`RunMask`): one value over each run, so the mask's
/// lane over a piece is a constant, not a byte row.
extension DrawPipeline {
    /// A piece of a row through a run whose lanes leave one constant: columns
    /// `start ..< end` of the source times `k` (the kernels' `mask_piece`).
    typealias ConstantPiece = mask_piece

    /// The RGBA store's entry keyed by the whole list for a fill through a mask of runs,
    /// `[source, [coverage], [runs], [constant]?]`: the rows of the general loop (narrowed
    /// to the coverage's extent; a row with no run there is not shaded), each coverage piece
    /// cut at the runs' ends. Over a run of value `v` the lanes are the coverage's bytes
    /// (between its full runs), then `v`, then the constant, each left out at 255, so a
    /// piece is a copy (`bare`), the source times one constant (`constant`) or a coverage
    /// row and a constant (`rowThenConstant`), in the modulators' order and rounding, as
    /// the general loop and `runMaskedFill` give them. Rows alike — one band of runs, the
    /// coverage known full over one extent (a rectangle's inside rows) — whose pieces are
    /// each the source times one constant have their pieces found once, not once a row,
    /// and when the source's rows are read in place (a solid colour, an image) the band is
    /// one `mask_scaled_pieces_rows` call, which draws each row as the loop here does.
    /// True when done.
    func runRunMaskedFill(into surface: inout Surface) -> Bool {
        guard let (coverage, factor, k) = maskedFill, case .runs(let mask) = factor else { return false }
        let painted = coverage.rect.intersection(surface.rect), region = painted.intersection(mask.rect)
        guard !region.isEmpty, k > 0 else { return true }
        // The coverage's rect in a local: read through the captured coverage, a closure
        // would copy it (three arrays retained and released).
        let rect = surface.rect, rows = region.y0..<region.y1, covRect = coverage.rect, backdropPixel = surface.backdrop
        coverage.withSpans { spans in mask.withRows { runs in
            coverage.bytes.withUnsafeBufferPointer { cov in
                surface.withPixels { dst, backdrop in
                    withUnsafeTemporaryAllocation(of: Lane.self, capacity: 3) { lanes in
                    withUnsafeTemporaryAllocation(of: ConstantPiece.self, capacity: max(1, runs.mostRunsInARow)) { pieces in
                        withRows(painted: painted, shaded: region.x1 &- painted.x0, rows: rows) { rowAt, hint in
                            guard let covBytes = cov.baseAddress, let lanes = lanes.baseAddress, let pieces = pieces.baseAddress,
                                  let dstBytes = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                            var band = 0, y = rows.lowerBound
                            /// The pixels of row `y` from column 0 of the device.
                            func rowPixels(_ y: Int) -> UnsafeMutablePointer<UInt8> { dstBytes + ((y &- rect.y0) &* rect.width &- rect.x0) &* 4 }
                            while y < rows.upperBound {
                                let (lo, hi) = spans.extent(y: y, within: region.x0, region.x1)
                                guard lo < hi else {
                                    y &+= 1
                                    continue
                                }
                                if spans.isKnownFull(y: y, x0: lo, x1: hi),
                                   let count = DrawPipeline.constantPieces(runs, y: y, lo, hi, k: k, band: &band, into: pieces) {
                                    let last = min(runs.rowsAlike(from: y, band: &band), rows.upperBound)
                                    // Rows sharing row y's spans have its extent and full runs.
                                    var end = spans.rowsSharingSpans(from: y, to: last)
                                    while end < last, spans.extent(y: end, within: region.x0, region.x1) == (lo, hi),
                                          spans.isKnownFull(y: end, x0: lo, x1: hi) { end &+= 1 }
                                    defer { y = end }
                                    guard count > 0 else { continue }
                                    // Constant over the band: the pieces' ends, the rows' steps, the
                                    // source's rows when they are one address and a step.
                                    let a = pieces[0].start, b = pieces[count &- 1].end, opaque: Int32 = hint.opaque ? 1 : 0
                                    let step = rect.width &* 4, inPlace = hint.inPlace.flatMap { $0.rows.contains(y) && end <= $0.rows.upperBound ? $0 : nil }
                                    var out = rowPixels(y)
                                    // Rows read in place, each piece at 255 only over an opaque
                                    // source: one kernel call for the band.
                                    if let inPlace, hint.opaque || !(0..<count).contains(where: { pieces[$0].k == 255 }) {
                                        let stale = backdrop.staleStarts
                                        var spec = mask_scaled_pieces_rows(
                                            y0: y, y1: end, src: (inPlace.row(y) - painted.x0 &* 4).assumingMemoryBound(to: UInt8.self),
                                            src_stride: inPlace.step, dst: out, dst_stride: step, pieces: pieces, count: count,
                                            stale_starts: stale?.starts, stale_y0: stale?.rect.y0 ?? 0, stale_y1: stale?.rect.y1 ?? 0,
                                            stale_x1: stale?.rect.x1 ?? 0, opaque: opaque, uniform: hint.uniform ? 1 : 0)
                                        mask_scaled_pieces_rows(backdropPixel, &spec)
                                        continue
                                    }
                                    for r in y..<end {
                                        defer { out += step }
                                        guard let row = inPlace?.row(r) ?? rowAt(r, hi) else { continue }
                                        let from = row - painted.x0 &* 4
                                        if let pixel = backdrop.takeStale(y: r, a, b) {
                                            // Written once each, the columns between pieces filled.
                                            mask_scaled_pieces_onto(from.assumingMemoryBound(to: UInt8.self), out, pieces, count, pixel, opaque)
                                            continue
                                        }
                                        for j in 0..<count {
                                            DrawPipeline.drawConstantPiece(pieces[j], y: r, from: from + pieces[j].start &* 4,
                                                                           opaque: hint.opaque, onto: out, dst, backdrop)
                                        }
                                    }
                                    continue
                                }
                                defer { y &+= 1 }
                                guard runs.hasRun(y: y, within: lo, hi, band: &band), let row = rowAt(y, hi) else { continue }
                                // The coverage's row from column 0 of the device.
                                let covRow = covBytes + ((y &- covRect.y0) &* covRect.width &- covRect.x0)
                                let out = rowPixels(y), dstAt = ((y &- rect.y0) &* rect.width &- rect.x0) &* 4
                                spans.forEach(y: y, within: lo, hi) { a, b, known in
                                    runs.forEachRun(y: y, within: a, b, band: &band) { p, q, v in
                                        let from = row + (p &- painted.x0) &* 4, at = dstAt &+ p &* 4, n = q &- p
                                        // The piece's one constant when the run's value or the draw's
                                        // opacity is 255 (left out): its shape's kernel is called here,
                                        // as `fastSourceOver` would call it, without building lanes.
                                        let c: UInt32? = v == 255 ? k : (k == 255 ? UInt32(truncatingIfNeeded: v) : nil)
                                        if known, let c {
                                            return DrawPipeline.drawConstantPiece(ConstantPiece(start: p, end: q, k: c), y: y, from: from,
                                                                                  opaque: hint.opaque, onto: out, dst, backdrop)
                                        }
                                        backdrop.prepare(y: y, p, q, overwrites: false)
                                        if let c {
                                            let src = from.assumingMemoryBound(to: UInt8.self)
                                            if c == 255 { return mask_masked_row(src, covRow + p, out + p &* 4, n, hint.opaque ? 1 : 0) }
                                            return mask_masked_row_opacity(src, covRow + p, out + p &* 4, n, c)
                                        }
                                        var count = 0
                                        if !known {
                                            lanes[0] = Lane(bytes: covRow + p, k: 255)
                                            count = 1
                                        }
                                        lanes[count] = Lane(bytes: nil, k: UInt32(truncatingIfNeeded: v))
                                        lanes[count &+ 1] = Lane(bytes: nil, k: k)
                                        DrawPipeline.blendPixels(n, from: from, lanes: lanes, count: count &+ 2,
                                                                 opaque: hint.opaque, fast: true, onto: dst, at: at, behind: false)
                                    }
                                }
                            }
                        }
                    }
                    }
                }
            }
        } }
        surface.dirty = surface.dirty.union(region)
        return true
    }

    /// Writes to `pieces` the pieces of row `y` within `lo ..< hi` (over which the coverage
    /// is known full) and returns how many, when each run's lanes leave one constant (its
    /// value or the draw's opacity `k` is 255); nil when some run's do not.
    private static func constantPieces(_ runs: RunMask.Rows, y: Int, _ lo: Int, _ hi: Int, k: UInt32, band: inout Int,
                                       into pieces: UnsafeMutablePointer<ConstantPiece>) -> Int? {
        var count = 0, constant = true
        runs.forEachRun(y: y, within: lo, hi, band: &band) { p, q, v in
            guard constant, v == 255 || k == 255 else {
                constant = false
                return
            }
            pieces[count] = ConstantPiece(start: p, end: q, k: v == 255 ? k : UInt32(truncatingIfNeeded: v))
            count &+= 1
        }
        return constant ? count : nil
    }

    /// Draws one piece of row `y` over a full coverage run, the source from `from` times
    /// the piece's constant, its shape's kernel called as `fastSourceOver` would call it:
    /// a copy at 255 of a source known `opaque`, over columns still stale a blend onto the
    /// backdrop colour in one pass (no fill first, no read of the destination), else the
    /// backdrop made ready and a blend. `out` is the row's pixels from column 0 of the
    /// device, in `dst`.
    @inline(__always)
    private static func drawConstantPiece(_ piece: ConstantPiece, y: Int, from: UnsafeRawPointer, opaque: Bool,
                                          onto out: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutableRawBufferPointer,
                                          _ backdrop: BackdropRows) {
        let p = piece.start, n = piece.end &- p, src = from.assumingMemoryBound(to: UInt8.self), to = out + p &* 4
        if piece.k == 255, opaque {
            backdrop.prepare(y: y, p, piece.end, overwrites: true)
            return to.update(from: src, count: n &* 4)
        }
        if let pixel = backdrop.takeStale(y: y, p, piece.end) {
            return mask_scaled_row_onto(src, to, n, piece.k, pixel, opaque ? 1 : 0)
        }
        backdrop.prepare(y: y, p, piece.end, overwrites: false)
        if piece.k == 255, let base = dst.baseAddress {
            return Surface.sourceOverRun(n, from: from, onto: dst, at: UnsafeMutableRawPointer(to) - base)
        }
        mask_scaled_row(src, to, n, piece.k, opaque ? 1 : 0)
    }
}
