import CPixels

/// The fast paths: fused loops for the commonest shapes of piece, keyed by the piece's
/// lanes (what the list's modulators leave over a piece once the constants 255 and the
/// coverage's full runs are dropped), as tiny-skia's blitter picks a loop per span: for
/// the RGBA store, `PieceShape`; for the A8 store, constant lanes over a solid colour.
extension DrawPipeline {
    /// The shapes of piece that have a loop of their own.
    enum PieceShape: CaseIterable {
        /// No lane: the source as it is (a copy where it is opaque).
        case bare
        /// One byte row at factor 255: a mask over a full coverage run, or a coverage alone.
        case row
        /// One byte row at factor 255, then one constant: the same below full opacity.
        case rowThenConstant
    }

    /// The fast path's shape for `count` lanes, if there is one.
    static func pieceShape(_ lanes: UnsafePointer<Lane>, count: Int) -> PieceShape? {
        switch count {
        case 0: return .bare
        case 1: return lanes[0].bytes != nil && lanes[0].k == 255 ? .row : nil
        case 2: return lanes[0].bytes != nil && lanes[0].k == 255 && lanes[1].bytes == nil ? .rowThenConstant : nil
        default: return nil
        }
    }

    /// Source-over of a piece through its fast path, if its shape has one: true when done.
    static func fastSourceOver(_ n: Int, from src: UnsafeRawPointer, lanes: UnsafePointer<Lane>, count: Int, opaque: Bool,
                               onto dst: UnsafeMutableRawBufferPointer, at: Int) -> Bool {
        guard !generalOnly, let shape = pieceShape(lanes, count: count) else { return false }
        switch shape {
        case .bare:
            Surface.sourceOverRun(n, from: src, onto: dst, at: at)
        case .row:
            guard let bytes = lanes[0].bytes else { return false }
            maskedRow(src, opaque: opaque, mask: UnsafeRawPointer(bytes), onto: dst, at: at, count: n)
        case .rowThenConstant:
            guard let bytes = lanes[0].bytes else { return false }
            maskedRow(src, mask: UnsafeRawPointer(bytes), opacity: lanes[1].k, onto: dst, at: at, count: n)
        }
        return true
    }

    /// The one fast path of the A8 store, for pieces whose lanes are all constants over a
    /// uniform source (a solid colour): one source alpha `s` for the whole piece: all 255 where it is 255, `s`
    /// itself over blocks where nothing is drawn yet, the blend elsewhere. True when done.
    static func fastAlpha(_ n: Int, from src: UnsafeRawPointer, lanes: UnsafePointer<Lane>, count: Int,
                          onto dst: UnsafeMutableRawBufferPointer, at: Int) -> Bool {
        guard !generalOnly, n > 0, let base = dst.baseAddress else { return false }
        var s = src.load(as: UInt32.self) >> 24
        for l in 0..<count {
            guard lanes[l].bytes == nil else { return false }
            s = UInt32(mulDiv255(s, lanes[l].k))
        }
        if s == 255 {
            (base + at).initializeMemory(as: UInt8.self, repeating: 255, count: n)
            return true
        }
        let splat = UInt64(s) &* 0x0101_0101_0101_0101
        var i = 0
        while i < n {
            if i &+ 8 <= n, dst.loadUnaligned(fromByteOffset: at &+ i, as: UInt64.self) == 0 {
                dst.storeBytes(of: splat, toByteOffset: at &+ i, as: UInt64.self)
                i &+= 8
                continue
            }
            let old = UInt32(dst.load(fromByteOffset: at &+ i, as: UInt8.self))
            dst.storeBytes(of: UInt8(truncatingIfNeeded: s &+ UInt32(mulDiv255(old, 255 &- s))), toByteOffset: at &+ i, as: UInt8.self)
            i &+= 1
        }
        return true
    }

    /// True when all `count` pixels from `src` are opaque.
    static func isOpaque(_ src: UnsafeRawPointer, count: Int) -> Bool {
        var alphas: UInt32 = 0xFF00_0000
        for j in 0..<count { alphas &= src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self) }
        return alphas == 0xFF00_0000
    }

    /// The `row` piece: the source scaled by one byte row and blended. With `opaque` (every
    /// source pixel is), each run of full blocks is one copy. With AVX2, the same row in
    /// `mask_masked_row`.
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
                MaskEngine.blend(scaled(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), by: v), onto: dst, at: dstBase &+ j &* 4)
            }
            i &+= 8
        }
    }

    /// The `rowThenConstant` piece: the source scaled by one byte row, then by a constant,
    /// and blended. With AVX2, the same row in `mask_masked_row_opacity`.
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
                MaskEngine.blend(scaled(scaled(src.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self), by: v), by: op),
                      onto: dst, at: dstBase &+ j &* 4)
            }
            i &+= 8
        }
    }
}
