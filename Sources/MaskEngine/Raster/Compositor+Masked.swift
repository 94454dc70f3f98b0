import CPixels

/// A fill through a mask, in one pass: what drawing the fill into a transparent group,
/// multiplying the group by the mask and compositing it with an opacity gives, without the
/// group buffer.
///
/// The group route rounds three times, and so does this: the pixel under coverage `c` is
/// `scaled(source, c)` (a fill at opacity 1 into transparent pixels), then
/// `scaled(·, v)` for the mask value `v` (the multiply), then `scaled(·, opacity)` before
/// source-over (the composite), each step skipped exactly where the group route skips it.
/// So the bytes are the group route's, for a group holding only this one fill. (Scaling by
/// 255 changes nothing and neither does blending a transparent pixel, so the skipped
/// steps may as well be done where that is faster.)
extension Surface {
    /// Paints `paint` under `coverage`, times `mask` (0 outside its rect), times `opacity`.
    ///
    /// Rows are shaded from the left edge of the fill's own region, as the group route
    /// shades them: samplers step across a row from where it starts, so the first column
    /// decides the rounding of every later one.
    ///
    /// The coverage's bytes are read only where its spans leave them open; the mask's are
    /// read anywhere in its rect, so a sparse mask is written in full first (a copy; the
    /// renderer's mask values are dense already).
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, mask: CoverageMask, opacity: Double) {
        guard !mask.isSparse else {
            var dense = mask
            dense.materialize()
            return fill(coverage, with: paint, mask: dense, opacity: opacity)
        }
        let painted = coverage.rect.intersection(rect)
        let region = painted.intersection(mask.rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let count = region.width, cw = coverage.rect.width, mw = mask.rect.width, sw = rect.width
        // Shaded pixels from painted.x0; the region starts `skip` of them in.
        let skip = region.x0 &- painted.x0, shaded = region.x1 &- painted.x0
        let opacity8 = PixelBlock.factor(op)
        mask.withSpans { maskSpans in
            coverage.withSpans { spans in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shaded &* 4) { srcRow in
                    coverage.bytes.withUnsafeBufferPointer { cov in
                        mask.bytes.withUnsafeBufferPointer { maskValues in
                            image.pixels.withUnsafeMutableBytes { dst in paint.withPixelsInPlace { inPlace in
                                guard let out = srcRow.baseAddress, let covBytes = cov.baseAddress.map(UnsafeRawPointer.init),
                                      let maskBytes = maskValues.baseAddress.map(UnsafeRawPointer.init) else { return }
                                let shadedRow = UnsafeRawPointer(out) + skip &* 4
                                let rows = region.y0..<region.y1
                                let shadeOnce = paint.isSameForEveryRow(rows, x: painted.x0)
                                if shadeOnce { paint.shade(y: rows.lowerBound, x: painted.x0, count: shaded, into: out) }
                                // A row shaded once and opaque throughout is copied wherever the mask is full.
                                let opaque = shadeOnce && Surface.isOpaque(shadedRow, count: count)
                                let shortRows = paint.shadesEachPixelAlone
                                for y in rows {
                                    // Outside either extent the product is 0.
                                    let c = spans.extent(y: y, within: region.x0, region.x1)
                                    let (lo, hi) = maskSpans.extent(y: y, within: c.lo, c.hi)
                                    guard lo < hi else { continue }
                                    let covBase = (y &- coverage.rect.y0) &* cw &+ (region.x0 &- coverage.rect.x0)
                                    let maskBase = (y &- mask.rect.y0) &* mw &+ (region.x0 &- mask.rect.x0)
                                    // A row the mask shuts over the coverage's extent costs no shading.
                                    // (Where the mask is open and the coverage 0, the fill below
                                    // changes nothing either: the test need not look at the coverage.)
                                    var open = false
                                    var i = lo &- region.x0
                                    let stop = hi &- region.x0
                                    while !open && i &+ 8 <= stop {
                                        open = maskBytes.loadUnaligned(fromByteOffset: maskBase &+ i, as: UInt64.self) != 0
                                        i &+= 8
                                    }
                                    while !open && i < stop {
                                        open = maskValues[maskBase &+ i] != 0
                                        i &+= 1
                                    }
                                    guard open else { continue }
                                    // An image span that shading would only copy is read where it is.
                                    var src = shadedRow
                                    if !shadeOnce {
                                        if let row = inPlace?.row(y: y, x: painted.x0, count: shaded) {
                                            src = row + skip &* 4
                                        } else {
                                            paint.shade(y: y, x: painted.x0, count: shortRows ? hi &- painted.x0 : shaded, into: out)
                                        }
                                    }
                                    let dstBase = ((y &- rect.y0) &* sw &+ (region.x0 &- rect.x0)) &* 4
                                    spans.forEach(y: y, within: lo, hi) { a, b, known in
                                        var i = a &- region.x0
                                        let stop = b &- region.x0
                                        // Full coverage: only the mask and the opacity scale the source.
                                        if known {
                                            let from = src + i &* 4, m = maskBytes + (maskBase &+ i), at = dstBase &+ i &* 4
                                            if op == 255 {
                                                Surface.maskedRow(from, opaque: opaque, mask: m, onto: dst, at: at, count: stop &- i)
                                            } else {
                                                Surface.maskedRow(from, mask: m, opacity: op, onto: dst, at: at, count: stop &- i)
                                            }
                                            return
                                        }
                                        while i < stop {
                                            // Eight pixels at a time where coverage or mask is all 0 (nothing
                                            // to do) or both are all 255 at full opacity (the source as it is).
                                            if i &+ 8 <= stop {
                                                let c8 = covBytes.loadUnaligned(fromByteOffset: covBase &+ i, as: UInt64.self)
                                                let m8 = maskBytes.loadUnaligned(fromByteOffset: maskBase &+ i, as: UInt64.self)
                                                if c8 == 0 || m8 == 0 {
                                                    i &+= 8
                                                    continue
                                                }
                                                if c8 & m8 == ~0, op == 255 {
                                                    for j in i..<(i &+ 8) {
                                                        sourceOver(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), onto: dst, at: dstBase &+ j &* 4)
                                                    }
                                                    i &+= 8
                                                    continue
                                                }
                                                let d = dstBase &+ i &* 4
                                                let s = PixelBlock.scaled(PixelBlock.scaled(PixelBlock.scaled(PixelBlock.load(src, at: i &* 4),
                                                    by: PixelBlock.factors(c8)), by: PixelBlock.factors(m8)), by: opacity8)
                                                PixelBlock.store(PixelBlock.blend(s, onto: PixelBlock.load(dst, at: d)), into: dst, at: d)
                                                i &+= 8
                                                continue
                                            }
                                            // Branch-free, so the block vectorises: scaling by 255 and
                                            // blending a transparent pixel both change nothing.
                                            for j in i..<stop {
                                                let c = UInt32(cov[covBase &+ j]), v = UInt32(maskValues[maskBase &+ j])
                                                let p = scaled(scaled(scaled(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), by: c), by: v), by: op)
                                                blend(p, onto: dst, at: dstBase &+ j &* 4)
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
    }

    /// True when all `count` pixels from `src` are opaque.
    private static func isOpaque(_ src: UnsafeRawPointer, count: Int) -> Bool {
        var alphas: UInt32 = 0xFF00_0000
        for j in 0..<count { alphas &= src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self) }
        return alphas == 0xFF00_0000
    }

    /// A fully covered row at full opacity: only the mask scales the source (the general
    /// loop's other two steps scale by 255, which changes nothing). With `opaque` (every
    /// source pixel is), each run of full mask blocks is one copy. With AVX2, the same row
    /// in `mask_masked_row`.
    private static func maskedRow(_ src: UnsafeRawPointer, opaque: Bool, mask: UnsafeRawPointer, onto dst: UnsafeMutableRawBufferPointer,
                                  at dstBase: Int, count: Int) {
        #if arch(x86_64)
        if PixelKernels.maskedRow, let base = dst.baseAddress {
            mask_masked_row(src.assumingMemoryBound(to: UInt8.self), mask.assumingMemoryBound(to: UInt8.self),
                            (base + dstBase).assumingMemoryBound(to: UInt8.self), count, opaque ? 1 : 0)
            return
        }
        #endif
        var i = 0
        while i < count {
            if i &+ 8 <= count {
                let m8 = mask.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if m8 == 0 {
                    i &+= 8
                    continue
                }
                if m8 == ~0, opaque, let base = dst.baseAddress {
                    var end = i &+ 8
                    while end &+ 8 <= count, mask.loadUnaligned(fromByteOffset: end, as: UInt64.self) == ~0 { end &+= 8 }
                    let from = src + (i &* 4), to = base + (dstBase &+ i &* 4)
                    to.copyMemory(from: from, byteCount: (end &- i) &* 4)
                    i = end
                    continue
                }
                if m8 == ~0 {
                    Surface.sourceOverRun(8, from: src + (i &* 4), onto: dst, at: dstBase &+ i &* 4)
                    i &+= 8
                    continue
                }
                let d = dstBase &+ i &* 4
                let s = PixelBlock.scaled(PixelBlock.load(src, at: i &* 4), by: PixelBlock.factors(m8))
                PixelBlock.store(PixelBlock.blend(s, onto: PixelBlock.load(dst, at: d)), into: dst, at: d)
                i &+= 8
                continue
            }
            for j in i..<min(i &+ 8, count) {
                let v = UInt32(mask.load(fromByteOffset: j, as: UInt8.self))
                blend(scaled(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), by: v), onto: dst, at: dstBase &+ j &* 4)
            }
            i &+= 8
        }
    }

    /// A fully covered row below full opacity: the mask, then the opacity, scale the source.
    /// With AVX2, the same row in `mask_masked_row_opacity`.
    private static func maskedRow(_ src: UnsafeRawPointer, mask: UnsafeRawPointer, opacity op: UInt32,
                                  onto dst: UnsafeMutableRawBufferPointer, at dstBase: Int, count: Int) {
        #if arch(x86_64)
        if PixelKernels.maskedRow, let base = dst.baseAddress {
            mask_masked_row_opacity(src.assumingMemoryBound(to: UInt8.self), mask.assumingMemoryBound(to: UInt8.self),
                                    (base + dstBase).assumingMemoryBound(to: UInt8.self), count, op)
            return
        }
        #endif
        let k = PixelBlock.factor(op)
        var i = 0
        while i < count {
            if i &+ 8 <= count {
                let m8 = mask.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if m8 != 0 {
                    let d = dstBase &+ i &* 4
                    // A full mask block scales by 255, which changes nothing: only the opacity.
                    let source = PixelBlock.load(src, at: i &* 4)
                    let s = PixelBlock.scaled(m8 == ~0 ? source : PixelBlock.scaled(source, by: PixelBlock.factors(m8)), by: k)
                    PixelBlock.store(PixelBlock.blend(s, onto: PixelBlock.load(dst, at: d)), into: dst, at: d)
                }
                i &+= 8
                continue
            }
            for j in i..<min(i &+ 8, count) {
                let v = UInt32(mask.load(fromByteOffset: j, as: UInt8.self))
                blend(scaled(scaled(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), by: v), by: op),
                      onto: dst, at: dstBase &+ j &* 4)
            }
            i &+= 8
        }
    }

    /// Source-over of `count` source pixels as they are: a plain copy when all are opaque.
    @inline(__always)
    static func sourceOverRun(_ count: Int, from src: UnsafeRawPointer, onto dst: UnsafeMutableRawBufferPointer, at d: Int) {
        var alphas: UInt32 = 0xFF00_0000
        for j in 0..<count { alphas &= src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self) }
        if alphas == 0xFF00_0000, let base = dst.baseAddress {
            (base + d).copyMemory(from: src, byteCount: count &* 4)
            return
        }
        for j in 0..<count {
            MaskEngine.sourceOver(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), onto: dst, at: d &+ j &* 4)
        }
    }
}
