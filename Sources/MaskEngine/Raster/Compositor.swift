/// The pixel arithmetic of `DrawPipeline`'s loops, on premultiplied RGBA8 with exact rounding.
///
/// Every product of two bytes is `mulDiv255` (x·y/255 rounded to nearest), so results are
/// the same bytes on every machine. The loops work on whole pixels as little-endian
/// `UInt32`s (red in the low byte, alpha in the high one; Swift's Linux targets are all
/// little-endian), two
/// channels per multiply (`scaled(_:by:)`), which gives exactly the per-channel result
/// at about twice the speed (notes/swift-linux.md); they run on buffer pointers with
/// wrapping arithmetic, with indices bounded by the rectangles checked before each loop.
extension Surface {
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
