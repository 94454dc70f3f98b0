/// An image drawn into a rectangle of a layer, sampled bilinearly at every device pixel.
///
/// Sampling works in image pixel coordinates, where pixel `(i, j)` has its centre at
/// `(i + 0.5, j + 0.5)`. Samples beyond the edge take the edge pixel (clamped), so a
/// stretched image does not fade at its border; the shape drawn decides where it ends.
struct ImageShader: Sendable {
    private let image: Image
    /// Device → image pixel coordinates.
    private let toImage: Transform

    /// The paint of `image` filling `rect` (layer coordinates) under `transform` (layer →
    /// device), or nil when nothing can show.
    static func paint(image: Image, in rect: Rect, transform: Transform) -> Paint? {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0,
              let inverse = transform.inverted else { return nil }
        let toPixels = Transform.scale(Double(image.width) / rect.width, Double(image.height) / rect.height)
            .concatenating(.translation(-rect.minX, -rect.minY))
        let m = toPixels.concatenating(inverse)
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else { return nil }
        return .image(ImageShader(image: image, toImage: m))
    }

    private init(image: Image, toImage: Transform) {
        self.image = image
        self.toImage = toImage
    }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let (p, step) = pixelCentre(toImage, x: x, y: y)
        // Centre-based coordinates: pixel (i, j)'s centre is at (i, j).
        let u0 = p.x - 0.5, v0 = p.y - 0.5
        let u1 = u0 + step.x * Double(count), v1 = v0 + step.y * Double(count)
        // Within this range 16.16 fixed point is exact enough and cannot overflow Int64.
        let limit = 1.0e9
        guard abs(u0) < limit, abs(v0) < limit, abs(u1) < limit, abs(v1) < limit else {
            return shadeClamped(u0: u0, v0: v0, step: step, count: count, into: out)
        }
        let w = image.width, h = image.height
        let maxU = Int64(w - 1) << 16, maxV = Int64(h - 1) << 16
        var u = Int64((u0 * 65536).rounded()), v = Int64((v0 * 65536).rounded())
        let du = Int64((step.x * 65536).rounded()), dv = Int64((step.y * 65536).rounded())
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let src = buffer.baseAddress else { return }
            if dv == 0 {
                // An unrotated image: the row and its weight are the same for the whole span.
                let cv = v < 0 ? 0 : (v > maxV ? maxV : v)
                let iy = Int(truncatingIfNeeded: cv >> 16)
                let fy = UInt32(truncatingIfNeeded: ((cv & 0xFFFF) &+ 128) >> 8)
                let iy1 = iy < h &- 1 ? iy &+ 1 : iy
                let top = UnsafeRawPointer(src + iy &* w &* 4), bottom = UnsafeRawPointer(src + iy1 &* w &* 4)
                let dst = UnsafeMutableRawPointer(out)
                // Magnified: many output pixels share source columns, so blend each column of
                // the two rows once, then only across columns per pixel.
                let last = u &+ du &* Int64(count &- 1)
                let c0 = Int(truncatingIfNeeded: (u < 0 ? 0 : (u > maxU ? maxU : u)) >> 16)
                let c1 = Int(truncatingIfNeeded: (last < 0 ? 0 : (last > maxU ? maxU : last)) >> 16)
                let lo = min(c0, c1), hi = min(max(c0, c1) &+ 1, w &- 1)
                if (hi &- lo &+ 1) &* 2 <= count {
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: hi &- lo &+ 1) { columns in
                        guard let column = columns.baseAddress else { return }
                        for c in lo...hi {
                            column[c &- lo] = ImageShader.mix(top.loadUnaligned(fromByteOffset: c &* 4, as: UInt32.self),
                                                              bottom.loadUnaligned(fromByteOffset: c &* 4, as: UInt32.self), fy)
                        }
                        for i in 0..<count {
                            let cu = u < 0 ? 0 : (u > maxU ? maxU : u)
                            u &+= du
                            let ix = Int(truncatingIfNeeded: cu >> 16)
                            let fx = UInt32(truncatingIfNeeded: ((cu & 0xFFFF) &+ 128) >> 8)
                            let ix1 = ix < w &- 1 ? ix &+ 1 : ix
                            dst.storeBytes(of: ImageShader.mix(column[ix &- lo], column[ix1 &- lo], fx),
                                           toByteOffset: i &* 4, as: UInt32.self)
                        }
                    }
                    return
                }
                for i in 0..<count {
                    let cu = u < 0 ? 0 : (u > maxU ? maxU : u)
                    u &+= du
                    let ix = Int(truncatingIfNeeded: cu >> 16)
                    let fx = UInt32(truncatingIfNeeded: ((cu & 0xFFFF) &+ 128) >> 8)
                    let ix1 = ix < w &- 1 ? ix &+ 1 : ix
                    let a = ImageShader.mix(top.loadUnaligned(fromByteOffset: ix &* 4, as: UInt32.self),
                                            top.loadUnaligned(fromByteOffset: ix1 &* 4, as: UInt32.self), fx)
                    let b = ImageShader.mix(bottom.loadUnaligned(fromByteOffset: ix &* 4, as: UInt32.self),
                                            bottom.loadUnaligned(fromByteOffset: ix1 &* 4, as: UInt32.self), fx)
                    dst.storeBytes(of: ImageShader.mix(a, b, fy), toByteOffset: i &* 4, as: UInt32.self)
                }
                return
            }
            for i in 0..<count {
                let cu = u < 0 ? 0 : (u > maxU ? maxU : u)
                let cv = v < 0 ? 0 : (v > maxV ? maxV : v)
                u &+= du
                v &+= dv
                let ix = Int(truncatingIfNeeded: cu >> 16), iy = Int(truncatingIfNeeded: cv >> 16)
                // Weights in 0...256, rounded from the 16-bit fraction.
                let fx = UInt32(truncatingIfNeeded: ((cu & 0xFFFF) &+ 128) >> 8)
                let fy = UInt32(truncatingIfNeeded: ((cv & 0xFFFF) &+ 128) >> 8)
                blend(src, w: w, h: h, ix: ix, iy: iy, fx: fx, fy: fy, into: out + i &* 4)
            }
        }
    }

    /// The same sampling in floating point, for transforms so extreme that fixed point
    /// could overflow (a layer scaled to almost nothing, coordinates near 1e9).
    private func shadeClamped(u0: Double, v0: Double, step: Point, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let w = image.width, h = image.height
        let maxX = Double(w - 1), maxY = Double(h - 1)
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let src = buffer.baseAddress else { return }
            for i in 0..<count {
                var u = u0 + step.x * Double(i), v = v0 + step.y * Double(i)
                if !(u > 0) { u = 0 } else if u > maxX { u = maxX }
                if !(v > 0) { v = 0 } else if v > maxY { v = maxY }
                let ix = Int(u), iy = Int(v)
                let fx = UInt32(truncatingIfNeeded: Int((u - Double(ix)) * 256 + 0.5))
                let fy = UInt32(truncatingIfNeeded: Int((v - Double(iy)) * 256 + 0.5))
                blend(src, w: w, h: h, ix: ix, iy: iy, fx: fx, fy: fy, into: out + i &* 4)
            }
        }
    }

    /// Writes the bilinear mix of the 2 × 2 pixels at `(ix, iy)` with weights `fx`, `fy`
    /// (0...256); pixels past the last row or column repeat the edge. Two channels ride in
    /// one 32-bit multiply (red and blue, then green and alpha); each of the two linear
    /// steps rounds to nearest, so premultiplied colour never exceeds alpha.
    @inline(__always)
    private func blend(_ src: UnsafePointer<UInt8>, w: Int, h: Int, ix: Int, iy: Int, fx: UInt32, fy: UInt32,
                       into out: UnsafeMutablePointer<UInt8>) {
        let ix1 = ix < w &- 1 ? ix &+ 1 : ix, iy1 = iy < h &- 1 ? iy &+ 1 : iy
        let r0 = iy &* w, r1 = iy1 &* w
        let raw = UnsafeRawPointer(src)
        let p00 = raw.loadUnaligned(fromByteOffset: (r0 &+ ix) &* 4, as: UInt32.self)
        let p10 = raw.loadUnaligned(fromByteOffset: (r0 &+ ix1) &* 4, as: UInt32.self)
        let p01 = raw.loadUnaligned(fromByteOffset: (r1 &+ ix) &* 4, as: UInt32.self)
        let p11 = raw.loadUnaligned(fromByteOffset: (r1 &+ ix1) &* 4, as: UInt32.self)
        let top = ImageShader.mix(p00, p10, fx), bottom = ImageShader.mix(p01, p11, fx)
        UnsafeMutableRawPointer(out).storeBytes(of: ImageShader.mix(top, bottom, fy), as: UInt32.self)
    }

    /// `a + (b − a)·f/256` for all four bytes at once, rounded to nearest (f in 0...256).
    /// Each 16-bit lane holds at most 255·256 + 128, so lanes never carry into each other.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f &+ 0x0080_0080) >> 8
        let ga = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080) >> 8
        return (rb & 0x00FF_00FF) | ((ga & 0x00FF_00FF) << 8)
    }
}
