/// Source-over blending into a `Surface`, on premultiplied RGBA8 with exact rounding.
///
/// Every product of two bytes is `mulDiv255` (x·y/255 rounded to nearest), so results are
/// the same bytes on every machine. Pixel loops run on buffer pointers with wrapping
/// arithmetic (see notes/swift-linux.md): indices are bounded by the rectangles checked
/// before each loop, and no sum can exceed 32 bits.
extension Surface {
    /// Paints the covered pixels: `result = source · coverage · opacity + destination · (1 − that alpha)`.
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, opacity: Double) {
        let region = coverage.rect.intersection(rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let count = region.width, cw = coverage.rect.width, sw = rect.width
        // The source scaled by each possible coverage×opacity factor.
        var factors = [UInt32](repeating: 0, count: 256)
        for c in 0..<256 { factors[c] = UInt32(mulDiv255(UInt32(c), op)) }
        var row = [UInt8](repeating: 0, count: count * 4)
        factors.withUnsafeBufferPointer { factor in
            coverage.values.withUnsafeBufferPointer { cov in
                row.withUnsafeMutableBufferPointer { srcRow in
                    image.pixels.withUnsafeMutableBufferPointer { dst in
                        guard let src = srcRow.baseAddress else { return }
                        for y in region.y0..<region.y1 {
                            paint.shade(y: y, x: region.x0, count: count, into: src)
                            let covBase = (y &- coverage.rect.y0) &* cw &+ (region.x0 &- coverage.rect.x0)
                            let dstBase = ((y &- rect.y0) &* sw &+ (region.x0 &- rect.x0)) &* 4
                            for i in 0..<count {
                                let k = factor[Int(cov[covBase &+ i])]
                                if k == 0 { continue }
                                let s = i &* 4, d = dstBase &+ i &* 4
                                let sa = UInt32(mulDiv255(UInt32(src[s &+ 3]), k))
                                if sa == 255 {
                                    dst[d] = src[s]; dst[d &+ 1] = src[s &+ 1]; dst[d &+ 2] = src[s &+ 2]; dst[d &+ 3] = 255
                                    continue
                                }
                                let keep = 255 &- sa
                                dst[d] = mulDiv255(UInt32(src[s]), k) &+ mulDiv255(UInt32(dst[d]), keep)
                                dst[d &+ 1] = mulDiv255(UInt32(src[s &+ 1]), k) &+ mulDiv255(UInt32(dst[d &+ 1]), keep)
                                dst[d &+ 2] = mulDiv255(UInt32(src[s &+ 2]), k) &+ mulDiv255(UInt32(dst[d &+ 2]), keep)
                                dst[d &+ 3] = UInt8(truncatingIfNeeded: sa) &+ mulDiv255(UInt32(dst[d &+ 3]), keep)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Multiplies every drawn pixel by a mask value: `mask`'s coverage, 0 outside its rect;
    /// with `inverted`, by 255 minus that.
    mutating func multiply(by mask: CoverageMask, inverted: Bool) {
        let region = dirty
        guard !region.isEmpty else { return }
        let mw = mask.rect.width, sw = rect.width
        let outside: UInt32 = inverted ? 255 : 0
        let inside = mask.rect.intersection(region)
        mask.values.withUnsafeBufferPointer { m in
            image.pixels.withUnsafeMutableBufferPointer { px in
                for y in region.y0..<region.y1 {
                    let rowInMask = y >= inside.y0 && y < inside.y1
                    let maskBase = (y &- mask.rect.y0) &* mw &- mask.rect.x0
                    let base = ((y &- rect.y0) &* sw &- rect.x0) &* 4
                    for x in region.x0..<region.x1 {
                        var v = outside
                        if rowInMask && x >= inside.x0 && x < inside.x1 {
                            v = UInt32(m[maskBase &+ x])
                            if inverted { v = 255 &- v }
                        }
                        if v == 255 { continue }
                        let d = base &+ x &* 4
                        px[d] = mulDiv255(UInt32(px[d]), v)
                        px[d &+ 1] = mulDiv255(UInt32(px[d &+ 1]), v)
                        px[d &+ 2] = mulDiv255(UInt32(px[d &+ 2]), v)
                        px[d &+ 3] = mulDiv255(UInt32(px[d &+ 3]), v)
                    }
                }
            }
        }
        if !inverted { dirty = inside }
    }

    /// Composites another surface (a finished group) over this one with an opacity.
    mutating func draw(_ group: Surface, opacity: Double) {
        let region = group.dirty.intersection(group.rect).intersection(rect)
        let op = UInt32(Surface.byte(opacity))
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let gw = group.rect.width, sw = rect.width
        group.image.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                for y in region.y0..<region.y1 {
                    let sBase = ((y &- group.rect.y0) &* gw &- group.rect.x0) &* 4
                    let dBase = ((y &- rect.y0) &* sw &- rect.x0) &* 4
                    for x in region.x0..<region.x1 {
                        let s = sBase &+ x &* 4, d = dBase &+ x &* 4
                        var r = UInt32(src[s]), g = UInt32(src[s &+ 1]), b = UInt32(src[s &+ 2]), a = UInt32(src[s &+ 3])
                        if a == 0 { continue }
                        if op != 255 {
                            r = UInt32(mulDiv255(r, op)); g = UInt32(mulDiv255(g, op))
                            b = UInt32(mulDiv255(b, op)); a = UInt32(mulDiv255(a, op))
                        }
                        let keep = 255 &- a
                        dst[d] = UInt8(truncatingIfNeeded: r) &+ mulDiv255(UInt32(dst[d]), keep)
                        dst[d &+ 1] = UInt8(truncatingIfNeeded: g) &+ mulDiv255(UInt32(dst[d &+ 1]), keep)
                        dst[d &+ 2] = UInt8(truncatingIfNeeded: b) &+ mulDiv255(UInt32(dst[d &+ 2]), keep)
                        dst[d &+ 3] = UInt8(truncatingIfNeeded: a) &+ mulDiv255(UInt32(dst[d &+ 3]), keep)
                    }
                }
            }
        }
    }

    /// An opacity (0...1, NaN as 0) as a byte, rounded to nearest.
    static func byte(_ v: Double) -> UInt32 {
        v > 0 ? (v < 1 ? UInt32((v * 255).rounded()) : 255) : 0
    }
}
