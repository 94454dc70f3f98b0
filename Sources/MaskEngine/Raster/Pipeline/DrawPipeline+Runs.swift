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
                            guard let covBytes = cov.baseAddress, let lanes = lanes.baseAddress else { return }
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
                                        backdrop.prepare(y: y, p, q, overwrites: known && v == 255 && k == 255 && hint.opaque)
                                        var count = 0
                                        if !known {
                                            lanes[0] = Lane(bytes: covRow + p, k: 255)
                                            count = 1
                                        }
                                        if v != 255 {
                                            lanes[count] = Lane(bytes: nil, k: UInt32(v))
                                            count &+= 1
                                        }
                                        if k != 255 {
                                            lanes[count] = Lane(bytes: nil, k: k)
                                            count &+= 1
                                        }
                                        DrawPipeline.blendPixels(q &- p, from: row + (p &- painted.x0) &* 4, lanes: lanes, count: count,
                                                                 opaque: hint.opaque, fast: true, onto: dst, at: dstAt &+ p &* 4, behind: false)
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
