/// Source-over blending into a `Surface`, on premultiplied RGBA8 with exact rounding.
///
/// Every product of two bytes is `mulDiv255` (x·y/255 rounded to nearest), so results are
/// the same bytes on every machine. The loops work on whole pixels as little-endian
/// `UInt32`s (red in the low byte, alpha in the high one; Swift's Linux targets are all
/// little-endian), two
/// channels per multiply (`scaled(_:by:)`), which gives exactly the per-channel result
/// at about twice the speed (notes/swift-linux.md); they run on buffer pointers with
/// wrapping arithmetic, with indices bounded by the rectangles checked before each loop.
extension Surface {
    /// Paints the covered pixels: `result = source · coverage · opacity + destination · (1 − that alpha)`.
    ///
    /// Row by row along the coverage's spans: nothing outside a row's extent (a row with
    /// none is not even shaded), the source as it is over full runs at full opacity (copied
    /// where opaque), one constant factor over full runs below it, and the coverage bytes
    /// read and blended only between full runs.
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, opacity: Double) {
        let region = coverage.rect.intersection(rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let count = region.width, cw = coverage.rect.width, sw = rect.width
        // coverage × opacity for every coverage byte, and one row of shaded source.
        coverage.withSpans { spans in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { factor in
                for c in 0..<256 { factor[c] = UInt32(mulDiv255(UInt32(c), op)) }
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count &* 4) { srcRow in
                    coverage.bytes.withUnsafeBufferPointer { cov in
                        image.pixels.withUnsafeMutableBytes { dst in paint.withPixelsInPlace { inPlace in
                            guard let out = srcRow.baseAddress, let covBytes = cov.baseAddress.map(UnsafeRawPointer.init) else { return }
                            let full = factor[255] == 255
                            let opacity8 = PixelBlock.factor(op)
                            let rows = region.y0..<region.y1
                            let shadeOnce = paint.isSameForEveryRow(rows, x: region.x0)
                            let shortRows = paint.shadesEachPixelAlone
                            if shadeOnce { paint.shade(y: rows.lowerBound, x: region.x0, count: count, into: out) }
                            for y in rows {
                                let (lo, hi) = spans.extent(y: y, within: region.x0, region.x1)
                                guard lo < hi else { continue }
                                // An image span that shading would only copy is read where it is.
                                // Shading starts at the region's left, whatever the extent: samplers
                                // round from where a row starts.
                                var src = UnsafeRawPointer(out)
                                if !shadeOnce {
                                    if let row = inPlace?.row(y: y, x: region.x0, count: count) {
                                        src = row
                                    } else {
                                        paint.shade(y: y, x: region.x0, count: shortRows ? hi &- region.x0 : count, into: out)
                                    }
                                }
                                let covBase = (y &- coverage.rect.y0) &* cw &+ (region.x0 &- coverage.rect.x0)
                                let dstBase = ((y &- rect.y0) &* sw &+ (region.x0 &- rect.x0)) &* 4
                                spans.forEach(y: y, within: lo, hi) { a, b, known in
                                    var i = a &- region.x0
                                    let stop = b &- region.x0
                                    if known {
                                        // Full coverage: the source as it is at full opacity, else
                                        // scaled by the opacity alone (mulDiv255(255, op) is op).
                                        if full {
                                            Surface.sourceOverRun(stop &- i, from: src + (i &* 4), onto: dst, at: dstBase &+ i &* 4)
                                            return
                                        }
                                        while i &+ 8 <= stop {
                                            let d = dstBase &+ i &* 4
                                            let s = PixelBlock.scaled(PixelBlock.load(src, at: i &* 4), by: opacity8)
                                            PixelBlock.store(PixelBlock.blend(s, onto: PixelBlock.load(dst, at: d)), into: dst, at: d)
                                            i &+= 8
                                        }
                                        while i < stop {
                                            blend(scaled(src.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self), by: op),
                                                  onto: dst, at: dstBase &+ i &* 4)
                                            i &+= 1
                                        }
                                        return
                                    }
                                    while i < stop {
                                        // Eight pixels at a time where the coverage is all 0 (nothing to
                                        // do) or all 255 at full opacity (the source as it is).
                                        if i &+ 8 <= stop {
                                            let c8 = covBytes.loadUnaligned(fromByteOffset: covBase &+ i, as: UInt64.self)
                                            if c8 == 0 {
                                                i &+= 8
                                                continue
                                            }
                                            if c8 == ~0, full {
                                                Surface.sourceOverRun(8, from: src + (i &* 4), onto: dst, at: dstBase &+ i &* 4)
                                                i &+= 8
                                                continue
                                            }
                                            let d = dstBase &+ i &* 4
                                            let s = PixelBlock.scaled(PixelBlock.load(src, at: i &* 4), by: PixelBlock.factors(c8, times: op))
                                            PixelBlock.store(PixelBlock.blend(s, onto: PixelBlock.load(dst, at: d)), into: dst, at: d)
                                            i &+= 8
                                            continue
                                        }
                                        // Branch-free, so the block vectorises (see `blend`).
                                        for j in i..<stop {
                                            let k = factor[Int(cov[covBase &+ j])]
                                            blend(scaled(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), by: k),
                                                  onto: dst, at: dstBase &+ j &* 4)
                                        }
                                        i = stop
                                    }
                                }
                            }
                        } }
                    }
                }
            }
        }
    }

    /// Multiplies every drawn pixel by a mask value: `mask`'s coverage, 0 outside its rect;
    /// with `inverted`, by 255 minus that.
    ///
    /// Row by row in three runs: left of the mask row's extent, inside it, right of it.
    /// Outside, the value is one constant (0, or 255 inverted: pixels cleared or left as
    /// they are); inside, full runs are left as they are (cleared, inverted), and between
    /// them eight pixels at a time are left where the values are all 255, cleared where
    /// all 0, scaled otherwise (scaling by 255 or 0 gives what skipping or clearing gives).
    mutating func multiply(by mask: CoverageMask, inverted: Bool) {
        let region = dirty
        guard !region.isEmpty else { return }
        let mw = mask.rect.width, sw = rect.width
        let inside = mask.rect.intersection(region)
        mask.withSpans { spans in
            mask.bytes.withUnsafeBytes { m in
                image.pixels.withUnsafeMutableBytes { px in
                    guard let pixels = px.baseAddress else { return }
                    /// Sets pixels `x0 ..< x1` of the row at byte `base` to transparent.
                    func clear(_ base: Int, _ x0: Int, _ x1: Int) {
                        guard x1 > x0 else { return }
                        (pixels + (base &+ x0 &* 4)).initializeMemory(as: UInt8.self, repeating: 0, count: (x1 &- x0) &* 4)
                    }
                    for y in region.y0..<region.y1 {
                        let base = ((y &- rect.y0) &* sw &- rect.x0) &* 4
                        guard y >= inside.y0, y < inside.y1 else {
                            if !inverted { clear(base, region.x0, region.x1) }
                            continue
                        }
                        if !inverted {
                            clear(base, region.x0, inside.x0)
                            clear(base, inside.x1, region.x1)
                        }
                        // Inside, outside the mask row's extent the value is 0: cleared (left,
                        // inverted). A full run changes nothing (clears, inverted).
                        let (lo, hi) = spans.extent(y: y, within: inside.x0, inside.x1)
                        guard lo < hi else {
                            if !inverted { clear(base, inside.x0, inside.x1) }
                            continue
                        }
                        if !inverted {
                            clear(base, inside.x0, lo)
                            clear(base, hi, inside.x1)
                        }
                        let maskBase = (y &- mask.rect.y0) &* mw &- mask.rect.x0
                        let flip: UInt64 = inverted ? ~0 : 0
                        spans.forEach(y: y, within: lo, hi) { a, b, known in
                            if known {
                                if inverted { clear(base, a, b) }
                                return
                            }
                            var x = a
                            while x &+ 8 <= b {
                                let m8 = m.loadUnaligned(fromByteOffset: maskBase &+ x, as: UInt64.self) ^ flip
                                let d = base &+ x &* 4
                                if m8 == 0 {
                                    clear(base, x, x &+ 8)
                                } else if m8 != ~0 {
                                    PixelBlock.store(PixelBlock.scaled(PixelBlock.load(px, at: d), by: PixelBlock.factors(m8)), into: px, at: d)
                                }
                                x &+= 8
                            }
                            while x < b {
                                var v = UInt32(m.load(fromByteOffset: maskBase &+ x, as: UInt8.self))
                                if inverted { v = 255 &- v }
                                if v != 255 {
                                    let d = base &+ x &* 4
                                    let p = px.loadUnaligned(fromByteOffset: d, as: UInt32.self)
                                    px.storeBytes(of: v == 0 ? 0 : scaled(p, by: v), toByteOffset: d, as: UInt32.self)
                                }
                                x &+= 1
                            }
                        }
                    }
                }
            }
        }
        if !inverted { dirty = inside }
    }

    /// Composites another surface (a finished group) over this one with an opacity.
    ///
    /// Eight pixels at a time: skipped where all are transparent, copied where all are
    /// opaque at full opacity, blended otherwise (the branch-free blend gives what
    /// `sourceOver` gives for every source).
    mutating func draw(_ group: Surface, opacity: Double) {
        let region = group.dirty.intersection(group.rect).intersection(rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let gw = group.rect.width, sw = rect.width
        let k = PixelBlock.factor(op)
        group.image.pixels.withUnsafeBytes { src in
            image.pixels.withUnsafeMutableBytes { dst in
                guard let from = src.baseAddress, let to = dst.baseAddress else { return }
                for y in region.y0..<region.y1 {
                    let sBase = ((y &- group.rect.y0) &* gw &- group.rect.x0) &* 4
                    let dBase = ((y &- rect.y0) &* sw &- rect.x0) &* 4
                    var x = region.x0
                    while x &+ 8 <= region.x1 {
                        let s = PixelBlock.load(from, at: sBase &+ x &* 4)
                        let d = dBase &+ x &* 4
                        x &+= 8
                        let alphas = s &>> 24
                        if alphas == .zero { continue }
                        if op == 255, alphas == PixelBlock.Pixels(repeating: 255) {
                            (to + d).copyMemory(from: from + (sBase &+ (x &- 8) &* 4), byteCount: 32)
                            continue
                        }
                        let scaledSource = op == 255 ? s : PixelBlock.scaled(s, by: k)
                        PixelBlock.store(PixelBlock.blend(scaledSource, onto: PixelBlock.load(dst, at: d)), into: dst, at: d)
                    }
                    while x < region.x1 {
                        var s = src.loadUnaligned(fromByteOffset: sBase &+ x &* 4, as: UInt32.self)
                        if op != 255 { s = scaled(s, by: op) }
                        sourceOver(s, onto: dst, at: dBase &+ x &* 4)
                        x &+= 1
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

/// Source-over of one premultiplied pixel onto the pixel at byte offset `d`: nothing for
/// a transparent source, a store for an opaque one, `s + d · (255 − sa) / 255` otherwise.
@inline(__always)
func sourceOver(_ s: UInt32, onto dst: UnsafeMutableRawBufferPointer, at d: Int) {
    let sa = s >> 24
    if sa == 0 { return }
    if sa == 255 {
        dst.storeBytes(of: s, toByteOffset: d, as: UInt32.self)
    } else {
        let old = dst.loadUnaligned(fromByteOffset: d, as: UInt32.self)
        dst.storeBytes(of: s &+ scaled(old, by: 255 &- sa), toByteOffset: d, as: UInt32.self)
    }
}

/// Source-over without branches: `s + d · (255 − sa) / 255` stored whatever `sa` is, which
/// is `sourceOver`'s result too (an opaque source scales the destination by 0, a
/// transparent one, all zero, leaves it as it was).
@inline(__always)
func blend(_ s: UInt32, onto dst: UnsafeMutableRawBufferPointer, at d: Int) {
    let old = dst.loadUnaligned(fromByteOffset: d, as: UInt32.self)
    dst.storeBytes(of: s &+ scaled(old, by: 255 &- (s >> 24)), toByteOffset: d, as: UInt32.self)
}

/// Every channel of a packed RGBA pixel times `k` / 255, rounded to nearest: exactly
/// `mulDiv255` on each byte. Red and blue (and green and alpha) share one 32-bit multiply;
/// each 16-bit lane holds at most 255·255 + 128 + 254 < 65 536, so no lane spills into
/// the next.
@inline(__always)
func scaled(_ p: UInt32, by k: UInt32) -> UInt32 {
    let lanes: UInt32 = 0x00FF_00FF, half: UInt32 = 0x0080_0080
    var rb = (p & lanes) &* k &+ half
    rb = ((rb &+ ((rb >> 8) & lanes)) >> 8) & lanes
    var ga = ((p >> 8) & lanes) &* k &+ half
    ga = (ga &+ ((ga >> 8) & lanes)) & ~lanes
    return rb | ga
}
