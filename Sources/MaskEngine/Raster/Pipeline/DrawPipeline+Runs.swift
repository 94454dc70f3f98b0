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
        guard modulators.kind(ofFactor: 1) == .runs, let (coverage, factor, k) = maskedFill, case .runs(let mask) = factor else { return false }
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
                                    // The band's rows through one kernel: in one call when the source's
                                    // rows are one address and a step (a solid colour, an image), else a
                                    // call a row as the source makes them (a gradient).
                                    var spec = DrawPipeline.piecesRows(y..<end, onto: rowPixels(y), step: rect.width &* 4, pieces, count: count,
                                                                       opaque: hint.opaque, uniform: hint.uniform, backdrop)
                                    if let inPlace = hint.inPlace, inPlace.rows.contains(y), end <= inPlace.rows.upperBound {
                                        spec.src = (inPlace.row(y) - painted.x0 &* 4).assumingMemoryBound(to: UInt8.self)
                                        spec.src_stride = inPlace.step
                                        mask_scaled_pieces_rows(backdropPixel, &spec)
                                        continue
                                    }
                                    for r in y..<end {
                                        guard let row = rowAt(r, hi) else { continue }
                                        spec.y0 = r
                                        spec.y1 = r &+ 1
                                        spec.src = (row - painted.x0 &* 4).assumingMemoryBound(to: UInt8.self)
                                        spec.dst = rowPixels(r)
                                        mask_scaled_pieces_rows(backdropPixel, &spec)
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
                                            return withUnsafePointer(to: ConstantPiece(start: p, end: q, k: c)) { piece in
                                                var spec = DrawPipeline.piecesRows(y..<(y &+ 1), onto: out, step: 0, piece, count: 1,
                                                                                   opaque: hint.opaque, uniform: hint.uniform, backdrop)
                                                spec.src = (row - painted.x0 &* 4).assumingMemoryBound(to: UInt8.self)
                                                mask_scaled_pieces_rows(backdropPixel, &spec)
                                            }
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

    /// The kernel's description of rows `rows` of a fill through constant pieces
    /// (`mask_scaled_pieces_rows`, its source still to be set): `out` the first row's pixels
    /// from column 0 of the device, `step` the bytes to the next row's, and the stale
    /// columns `backdrop` holds; `uniform` when every pixel of the source is one colour (a
    /// solid), which the kernel then reads once. The kernel holds the one rule a piece is drawn by: a copy
    /// at 255 of a source known `opaque`, over columns still stale a blend onto the backdrop
    /// colour in one pass (no fill first, no read of the destination), else the backdrop
    /// made ready and a blend.
    @inline(__always)
    private static func piecesRows(_ rows: Range<Int>, onto out: UnsafeMutablePointer<UInt8>, step: Int,
                                   _ pieces: UnsafePointer<ConstantPiece>, count: Int, opaque: Bool,
                                   uniform: Bool, _ backdrop: BackdropRows) -> mask_scaled_pieces_rows {
        let stale = backdrop.staleStarts
        return mask_scaled_pieces_rows(y0: rows.lowerBound, y1: rows.upperBound, src: nil, src_stride: 0, dst: out, dst_stride: step,
                                       pieces: pieces, count: count, stale_starts: stale?.starts, stale_y0: stale?.rect.y0 ?? 0,
                                       stale_y1: stale?.rect.y1 ?? 0, stale_x1: stale?.rect.x1 ?? 0, opaque: opaque ? 1 : 0,
                                       uniform: uniform ? 1 : 0)
    }
}
