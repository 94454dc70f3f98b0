import CPixels

/// A source whose rows are one row shaded once (a horizontal gradient, a solid colour),
/// scaled once by a draw's constant: where a fill through a mask at that constant is full
/// in both the coverage and the mask, each pixel is the source times the constant alone,
/// so the scaled row is blended as it is (`mask_over_row`), the bytes `mask_scaled_row`
/// gives from the row itself, without scaling it again for every row.
extension DrawPipeline {
    /// Calls `body` with the one row of `hint` (`inPlace` with step 0: rows shaded once),
    /// its first `count` pixels each times `k`; with nil when the rows are not one row or
    /// `k` is 255 (nothing to save).
    static func withScaledRow<R>(_ hint: RowHint, k: UInt32, count: Int, _ body: (UnsafeRawPointer?) -> R) -> R {
        guard k < 255, count > 0, let once = hint.inPlace, once.step == 0 else { return body(nil) }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { buffer in
            guard let out = buffer.baseAddress else { return body(nil) }
            let bytes = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
            // Over a transparent backdrop the source times k is left as it is: `scaled_all`'s bytes.
            mask_scaled_row_onto(once.first.assumingMemoryBound(to: UInt8.self), bytes, count, k, 0, 0)
            return body(UnsafeRawPointer(out))
        }
    }
}

extension DrawPipeline {
    /// Columns `lo ..< hi` of row `y` of a fill through a mask at opacity `k` (below 255)
    /// where the coverage is known full and the backdrop is ready: along the mask's spans,
    /// a full run is the scaled row blended (`mask_over_row`), a piece between full runs
    /// the source times the mask's bytes, then `k` (`mask_masked_row_opacity`), as the
    /// general loop rounds them; one kernel a piece, nothing read outside. `maskRow`,
    /// `source`, `scaled` and `out` are the rows at column 0 of the device.
    @inline(__always)
    static func scaledMaskedRow(y: Int, _ lo: Int, _ hi: Int, mask: CoverageMask.Spans, _ maskRow: UnsafePointer<UInt8>,
                                source: UnsafeRawPointer, scaled: UnsafeRawPointer, opacity k: UInt32, onto out: UnsafeMutableRawPointer) {
        mask.forEach(y: y, within: lo, hi) { a, b, full in
            let to = (out + a &* 4).assumingMemoryBound(to: UInt8.self)
            if full { return mask_over_row((scaled + a &* 4).assumingMemoryBound(to: UInt8.self), to, b &- a) }
            mask_masked_row_opacity((source + a &* 4).assumingMemoryBound(to: UInt8.self), maskRow + a, to, b &- a, k)
        }
    }
}
