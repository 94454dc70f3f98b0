import CPixels

/// The fill through a mask of runs (`RunMask`): one value over each run, so the mask's
/// lane over a piece is a constant, not a byte row.
extension DrawPipeline {
    /// The RGBA store's entry keyed by the whole list for a fill through a mask of runs,
    /// `[source, [coverage], [runs], [constant]?]`: the rows of the general loop (narrowed
    /// to the coverage's extent; a row with no run there is not shaded), each coverage piece
    /// cut at the runs' ends. Over a run of value `v` the lanes are the coverage's bytes
    /// (between its full runs), then `v`, then the constant, each left out at 255, so a
    /// piece is a copy (`bare`), the source times one constant (`constant`) or a coverage
    /// row and a constant (`rowThenConstant`), in the modulators' order and rounding, as
    /// the general loop and `runMaskedFill` give them. True when done.
    func runRunMaskedFill(into surface: inout Surface) -> Bool {
        guard let (coverage, factor, k) = maskedFill, case .runs(let mask) = factor else { return false }
        let painted = coverage.rect.intersection(surface.rect), region = painted.intersection(mask.rect)
        guard !region.isEmpty, k > 0 else { return true }
        let rect = surface.rect, rows = region.y0..<region.y1
        coverage.withSpans { spans in mask.withRows { runs in
            coverage.bytes.withUnsafeBufferPointer { cov in
                surface.withPixels { dst, backdrop in
                    withUnsafeTemporaryAllocation(of: Lane.self, capacity: 3) { lanes in
                        withRows(painted: painted, shaded: region.x1 &- painted.x0, rows: rows) { rowAt, hint in
                            guard let covBytes = cov.baseAddress, let lanes = lanes.baseAddress,
                                  let dstBytes = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                            var band = 0
                            for y in rows {
                                let (lo, hi) = spans.extent(y: y, within: region.x0, region.x1)
                                guard lo < hi else { continue }
                                guard runs.hasRun(y: y, within: lo, hi, band: &band), let row = rowAt(y, hi) else { continue }
                                // The coverage's row from column 0 of the device.
                                let covRow = covBytes + ((y &- coverage.rect.y0) &* coverage.rect.width &- coverage.rect.x0)
                                let dstAt = ((y &- rect.y0) &* rect.width &- rect.x0) &* 4
                                spans.forEach(y: y, within: lo, hi) { a, b, known in
                                    runs.forEachRun(y: y, within: a, b, band: &band) { p, q, v in
                                        // A run of 0 changes nothing (what is stale there stays so).
                                        guard v > 0 else { return }
                                        let from = row + (p &- painted.x0) &* 4, at = dstAt &+ p &* 4, n = q &- p
                                        // The piece's one constant when the run's value or the draw's
                                        // opacity is 255 (left out): its shape's kernel is called here,
                                        // as `fastSourceOver` would call it, without building lanes; a
                                        // full run of a source known opaque is copied without a look,
                                        // and a run over rows still stale is blended onto the backdrop
                                        // colour in one pass, without filling them first.
                                        let c: UInt32? = v == 255 ? k : (k == 255 ? UInt32(truncatingIfNeeded: v) : nil)
                                        let copies = known && c == 255 && hint.opaque
                                        if known, !copies, let c, let pixel = backdrop.takeStale(y: y, p, q) {
                                            mask_scaled_row_onto(from.assumingMemoryBound(to: UInt8.self), dstBytes + at, n, c, pixel,
                                                                 hint.opaque ? 1 : 0)
                                            return
                                        }
                                        backdrop.prepare(y: y, p, q, overwrites: copies)
                                        if let c {
                                            let src = from.assumingMemoryBound(to: UInt8.self), out = dstBytes + at
                                            switch (known, c) {
                                            case (true, 255) where hint.opaque: out.update(from: src, count: n &* 4)
                                            case (true, 255): Surface.sourceOverRun(n, from: from, onto: dst, at: at)
                                            case (true, _): mask_scaled_row(src, out, n, c)
                                            case (false, 255): mask_masked_row(src, covRow + p, out, n, hint.opaque ? 1 : 0)
                                            case (false, _): mask_masked_row_opacity(src, covRow + p, out, n, c)
                                            }
                                            return
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
        } }
        surface.dirty = surface.dirty.union(region)
        return true
    }
}
