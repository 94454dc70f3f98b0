/// A fill through a mask, in one pass: what drawing the fill into a transparent group,
/// multiplying the group by the mask and compositing it with an opacity gives, without the
/// group buffer.
///
/// The group route rounds three times, and so does this: the pixel under coverage `c` is
/// `scaled(source, c)` (a fill at opacity 1 into transparent pixels), then
/// `scaled(·, v)` for the mask value `v` (the multiply), then `scaled(·, opacity)` before
/// source-over (the composite), each step skipped exactly where the group route skips it.
/// So the bytes are the group route's, for a group holding only this one fill.
extension Surface {
    /// Paints `paint` under `coverage`, times `mask` (0 outside its rect), times `opacity`.
    ///
    /// Rows are shaded from the left edge of the fill's own region, as the group route
    /// shades them: samplers step across a row from where it starts, so the first column
    /// decides the rounding of every later one.
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, mask: CoverageMask, opacity: Double) {
        let painted = coverage.rect.intersection(rect)
        let region = painted.intersection(mask.rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let count = region.width, cw = coverage.rect.width, mw = mask.rect.width, sw = rect.width
        // Shaded pixels from painted.x0; the region starts `skip` of them in.
        let skip = region.x0 &- painted.x0, shaded = region.x1 &- painted.x0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shaded &* 4) { srcRow in
            coverage.values.withUnsafeBufferPointer { cov in
                mask.values.withUnsafeBufferPointer { maskValues in
                    image.pixels.withUnsafeMutableBytes { dst in
                        guard let out = srcRow.baseAddress else { return }
                        let src = UnsafeRawPointer(out) + skip &* 4
                        let rows = region.y0..<region.y1
                        let shadeOnce = paint.isSameForEveryRow(rows, x: painted.x0)
                        if shadeOnce { paint.shade(y: rows.lowerBound, x: painted.x0, count: shaded, into: out) }
                        for y in rows {
                            let covBase = (y &- coverage.rect.y0) &* cw &+ (region.x0 &- coverage.rect.x0)
                            let maskBase = (y &- mask.rect.y0) &* mw &+ (region.x0 &- mask.rect.x0)
                            // A row the mask shuts entirely costs no shading.
                            var open = false
                            for i in 0..<count where maskValues[maskBase &+ i] != 0 && cov[covBase &+ i] != 0 {
                                open = true
                                break
                            }
                            guard open else { continue }
                            if !shadeOnce { paint.shade(y: y, x: painted.x0, count: shaded, into: out) }
                            let dstBase = ((y &- rect.y0) &* sw &+ (region.x0 &- rect.x0)) &* 4
                            for i in 0..<count {
                                let c = UInt32(cov[covBase &+ i]), v = UInt32(maskValues[maskBase &+ i])
                                if c == 0 || v == 0 { continue }
                                var p = src.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                                if c != 255 { p = scaled(p, by: c) }
                                if v != 255 { p = scaled(p, by: v) }
                                if op != 255 { p = scaled(p, by: op) }
                                sourceOver(p, onto: dst, at: dstBase &+ i &* 4)
                            }
                        }
                    }
                }
            }
        }
    }
}
