import CPixels

/// A source whose rows are one row shaded once (a horizontal gradient, a solid colour),
/// scaled once by a draw's constant: where a fill through a mask at that constant is full
/// in both the coverage and the mask, each pixel is the source times the constant alone,
/// the same in every row. So the scaled row is blended as it is (`mask_over_row`), the
/// bytes `mask_scaled_row` gives from the row itself; and over columns still stale (the
/// frame's backdrop colour, `BackdropRows.takeStale`) the blended row is the same in
/// every row too: made once, then copied.
extension DrawPipeline {
    /// The source's one row from the painted area's left, times the constant `k`, and that
    /// row over the backdrop colour, made when first wanted.
    struct ScaledRow {
        /// The source's row as it is.
        let source: UnsafeRawPointer
        /// `count` pixels: the source times `k`.
        let scaled: UnsafeRawPointer
        /// `count` pixels: the source times `k` over the backdrop colour in `made`
        /// (unwritten until then).
        private let blended: UnsafeMutableRawPointer
        /// Whether `blended` is made (0 or 1) and over which backdrop colour: kept with
        /// the rows, so the row is handed around without a copy written back.
        private let made: UnsafeMutablePointer<UInt32>
        let count: Int
        let k: UInt32

        /// The rows in `buffer` (`2 · count + 2` pixels), the scaled one made now.
        fileprivate init(source: UnsafeRawPointer, buffer: UnsafeMutablePointer<UInt32>, count: Int, k: UInt32) {
            self.source = source
            scaled = UnsafeRawPointer(buffer)
            blended = UnsafeMutableRawPointer(buffer + count)
            made = buffer + 2 &* count
            made.initialize(repeating: 0, count: 2)
            self.count = count
            self.k = k
            // Over a transparent backdrop the source times k is left as it is: `scaled_all`'s bytes.
            mask_scaled_row_onto(source.assumingMemoryBound(to: UInt8.self), UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                                 count, k, 0, 0)
        }

        /// The row over the backdrop colour `pixel` (each pixel as `mask_scaled_row_onto` gives it).
        func blended(onto pixel: UInt32) -> UnsafeRawPointer {
            if made[0] == 0 || made[1] != pixel {
                mask_scaled_row_onto(source.assumingMemoryBound(to: UInt8.self), blended.assumingMemoryBound(to: UInt8.self), count, k,
                                     pixel, 0)
                made[0] = 1
                made[1] = pixel
            }
            return UnsafeRawPointer(blended)
        }
    }

    /// Calls `body` with the one row of `hint` (`inPlace` with step 0: rows shaded once),
    /// its first `count` pixels, scaled by `k`; with nil when the rows are not one row or
    /// `k` is 255 (nothing to save).
    static func withScaledRow<R>(_ hint: RowHint, k: UInt32, count: Int, _ body: (ScaledRow?) -> R) -> R {
        guard k < 255, count > 0, let once = hint.inPlace, once.step == 0 else { return body(nil) }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 &* count &+ 2) { buffer in
            guard let base = buffer.baseAddress else { return body(nil) }
            return body(ScaledRow(source: once.first, buffer: base, count: count, k: k))
        }
    }

    /// Columns `lo ..< hi` of row `y` of a fill through a mask at the constant of `row`
    /// (below 255) where the coverage is known full: along the mask's spans, a full run is
    /// the row blended onto the backdrop, copied, where it is all stale, else the scaled
    /// row blended (`mask_over_row`); a piece between full runs is the source times the
    /// mask's bytes, then the constant (`mask_masked_row_opacity`), as the general loop
    /// rounds it. Nothing is read outside the pieces. `maskRow` and `out` are the rows at
    /// column 0 of the device, `x0` the device column of the row's first pixel.
    @inline(__always)
    static func scaledMaskedRow(y: Int, _ lo: Int, _ hi: Int, mask: CoverageMask.Spans, _ maskRow: UnsafePointer<UInt8>,
                                row: ScaledRow, from x0: Int, onto out: UnsafeMutableRawPointer, _ backdrop: BackdropRows) {
        mask.forEach(y: y, within: lo, hi) { a, b, full in
            let to = out + a &* 4, i = (a &- x0) &* 4, n = b &- a
            if full, let pixel = backdrop.takeStale(y: y, a, b) {
                return to.copyMemory(from: row.blended(onto: pixel) + i, byteCount: n &* 4)
            }
            backdrop.prepare(y: y, a, b, overwrites: false)
            let dst = to.assumingMemoryBound(to: UInt8.self)
            if full { return mask_over_row((row.scaled + i).assumingMemoryBound(to: UInt8.self), dst, n) }
            mask_masked_row_opacity((row.source + i).assumingMemoryBound(to: UInt8.self), maskRow + a, dst, n, row.k)
        }
    }
}

extension DrawPipeline {
    /// The rows of a fill through a mask below full opacity over a source shaded once
    /// (`row`), within `region`: rows that share the coverage's entries and where it is
    /// known full over the region's columns are one `mask_scaled_span_rows` call (which
    /// draws each row as `scaledMaskedRow` does); any other row where the coverage is known
    /// full over the mask's extent is `scaledMaskedRow`, any other goes to `otherwise`.
    /// The rows' origins and strides are locals, not read again through the masks for
    /// every row. `maskBytes` and `pixels` are the mask's and the surface's (`surface`)
    /// first bytes; `backdropPixel` the frame's backdrop (`BackdropRows`' pixel).
    static func scaledMaskedRows(_ rows: Range<Int>, within region: PixelRect, coverage: CoverageMask.Spans, mask: CoverageMask.Spans,
                                 _ maskBytes: UnsafePointer<UInt8>, row: ScaledRow, from x0: Int, onto pixels: UnsafeMutableRawPointer,
                                 surface: PixelRect, _ backdrop: BackdropRows, backdropPixel: UInt32, otherwise: (Int) -> Void) {
        let mw = mask.rect.width, maskOrigin = mask.rect.y0 &* mw &+ mask.rect.x0
        let sw = surface.width, dstOrigin = surface.y0 &* sw &+ surface.x0
        let rx0 = region.x0, rx1 = region.x1
        var band = rows.lowerBound
        while band < rows.upperBound {
            let end = coverage.rowsSharingSpans(from: band, to: rows.upperBound)
            if coverage.isKnownFull(y: band, x0: rx0, x1: rx1) {
                row.spanRows(band..<end, x0: rx0, x1: rx1, mask: mask, maskBytes: maskBytes + (band &* mw &- maskOrigin), maskStride: mw,
                             from: x0, onto: (pixels + (band &* sw &- dstOrigin) &* 4).assumingMemoryBound(to: UInt8.self),
                             stride: sw &* 4, backdrop, backdropPixel)
                band = end
                continue
            }
            for y in band..<end {
                let c = coverage.extent(y: y, within: rx0, rx1)
                let (lo, hi) = mask.extent(y: y, within: c.lo, c.hi)
                guard lo < hi else { continue }
                guard coverage.isKnownFull(y: y, x0: lo, x1: hi) else {
                    otherwise(y)
                    continue
                }
                scaledMaskedRow(y: y, lo, hi, mask: mask, maskBytes + (y &* mw &- maskOrigin), row: row, from: x0,
                                onto: pixels + (y &* sw &- dstOrigin) &* 4, backdrop)
            }
            band = end
        }
    }
}

extension DrawPipeline.ScaledRow {
    /// Rows `rows` through the mask over columns `x0 ..< x1`, where the coverage is known
    /// full, in one `mask_scaled_span_rows` call: `maskRow` and `out` are the first row's
    /// mask bytes and pixels at device column 0, `x0` of the source row is `from`.
    func spanRows(_ rows: Range<Int>, x0: Int, x1: Int, mask: CoverageMask.Spans, maskBytes maskRow: UnsafePointer<UInt8>, maskStride: Int,
                  from rowX0: Int, onto out: UnsafeMutablePointer<UInt8>, stride: Int, _ backdrop: BackdropRows,
                  _ backdropPixel: UInt32) {
        var spec = mask_scaled_span_rows(
            band: mask_band(rows: rows, x0: x0, x1: x1, mask: mask, maskRow: maskRow, maskStride: maskStride, dst: out,
                            dstStride: stride, backdrop: backdrop),
            source: source.assumingMemoryBound(to: UInt8.self), scaled: scaled.assumingMemoryBound(to: UInt8.self),
            blended: blended.assumingMemoryBound(to: UInt8.self), made: made, row_x0: rowX0, count: count, k: k)
        mask_scaled_span_rows(backdropPixel, &spec)
    }
}
