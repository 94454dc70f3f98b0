/// Eight premultiplied RGBA pixels at a time as explicit vectors, with the same bytes as
/// `scaled(_:by:)` and `blend(_:onto:at:)` give one pixel at a time.
///
/// The scalar helpers share one 32-bit multiply between two channels held in 16-bit
/// lanes. Vectorised by the compiler for the default x86-64 target, that 32-bit lane
/// multiply has no instruction (SSE2 has `pmuludq`, two lanes at a time, and shuffles),
/// and it was most of a masked row. Here the same lanes are 16-bit lanes of the vector, so
/// the multiply is one `pmullw` per four pixels: every lane holds at most
/// 255·255 + 128 + 254 < 65 536, so the results are exactly the scalar ones.
enum PixelBlock {
    /// Eight packed pixels (red in the low byte, alpha in the high one).
    typealias Pixels = SIMD8<UInt32>

    /// The eight pixels at byte offset `offset` of `base`.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, at offset: Int) -> Pixels {
        base.loadUnaligned(fromByteOffset: offset, as: Pixels.self)
    }

    /// The eight pixels at byte offset `offset` of `buffer`.
    @inline(__always)
    static func load(_ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Pixels {
        buffer.loadUnaligned(fromByteOffset: offset, as: Pixels.self)
    }

    /// Stores eight pixels at byte offset `offset` of `dst`.
    @inline(__always)
    static func store(_ p: Pixels, into dst: UnsafeMutableRawBufferPointer, at offset: Int) {
        dst.storeBytes(of: p, toByteOffset: offset, as: Pixels.self)
    }

    /// Eight factors, one byte each (the first in the low byte of `bytes`), each held
    /// in both 16-bit halves of its pixel's lane, as `scaled(_:by:)` takes them.
    @inline(__always)
    static func factors(_ bytes: UInt64) -> Pixels {
        // Lane by lane rather than the generic widening initializer, which the optimizer
        // sometimes leaves as a call in the hot loops; LLVM folds these lanes into one widening.
        let b = unsafeBitCast(bytes, to: SIMD8<UInt8>.self)
        let k = Pixels(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]), UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]))
        return k | (k &<< 16)
    }

    /// Eight factors `mulDiv255(byte, k)` for the bytes of `bytes`, held as `factors`
    /// holds them: a coverage times an opacity, rounded once.
    @inline(__always)
    static func factors(_ bytes: UInt64, times k: UInt32) -> Pixels {
        var t = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(bytes, to: SIMD8<UInt8>.self)) &* UInt16(truncatingIfNeeded: k) &+ 128
        t = (t &+ (t &>> 8)) &>> 8
        let w = Pixels(truncatingIfNeeded: t)
        return w | (w &<< 16)
    }

    /// One factor for all eight pixels, as `factors` holds it.
    @inline(__always)
    static func factor(_ k: UInt32) -> Pixels {
        Pixels(repeating: k | (k &<< 16))
    }

    /// Every channel times its pixel's factor / 255, rounded to nearest: `scaled(_:by:)`
    /// on each pixel.
    @inline(__always)
    static func scaled(_ p: Pixels, by k: Pixels) -> Pixels {
        let v = unsafeBitCast(p, to: SIMD16<UInt16>.self), f = unsafeBitCast(k, to: SIMD16<UInt16>.self)
        var rb = (v & 0x00FF) &* f &+ 0x0080
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ga = (v &>> 8) &* f &+ 0x0080
        ga = (ga &+ (ga &>> 8)) & 0xFF00
        return unsafeBitCast(rb | ga, to: Pixels.self)
    }

    /// Source-over of `s` onto `d` without branches: `blend(_:onto:at:)` on each pixel.
    @inline(__always)
    static func blend(_ s: Pixels, onto d: Pixels) -> Pixels {
        let inverse = 255 &- (s &>> 24)
        return s &+ scaled(d, by: inverse | (inverse &<< 16))
    }
}
