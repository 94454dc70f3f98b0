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
        guard m.isFinite else { return nil }
        return .image(ImageShader(image: image, toImage: m))
    }

    /// True when every pixel `shade` writes is opaque: the image is known opaque, and a
    /// bilinear mix of alphas 255 is 255.
    var isKnownOpaque: Bool { image.isKnownOpaque }

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
            guard dv != 0 else {
                if du == 65536, u & 0xFFFF == 0, v & 0xFFFF == 0 {
                    return copyRow(src, u: u, v: v, count: count, into: out)
                }
                return shadeRow(src, u: u, du: du, maxU: maxU, v: v, count: count, into: out)
            }
            for i in 0..<count {
                let x = ImageShader.cell(u, max: maxU, size: w), y = ImageShader.cell(v, max: maxV, size: h)
                u &+= du
                v &+= dv
                blend(src, w: w, ix: x.index, ix1: x.next, iy: y.index, iy1: y.next, fx: x.weight, fy: y.weight,
                      into: out + i &* 4)
            }
        }
    }

    /// An image's pixels held for reading in place, for fills that would otherwise shade
    /// (copy) a span of them into a row buffer first.
    struct PixelsInPlace {
        fileprivate let base: UnsafeRawPointer
        fileprivate let shader: ImageShader
        /// Device → image pixels as whole-pixel offsets, when that is all `toImage` does
        /// (`wholeOffset`): a span's row is found without the fixed-point steps.
        fileprivate let offset: (x: Int, y: Int)?

        /// The `count` pixels that `shade(y:x:count:into:)` would write for this span,
        /// where it would copy them unchanged from one row inside the image; else nil.
        func row(y: Int, x: Int, count: Int) -> UnsafeRawPointer? {
            guard let offset else { return shader.copiedSpan(y: y, x: x, count: count).map { base + $0 &* 4 } }
            let first = x &+ offset.x, row = y &+ offset.y, width = shader.image.width
            guard first >= 0, first <= width &- count, row >= 0, row < shader.image.height else { return nil }
            return base + (row &* width &+ first) &* 4
        }

        /// `row(y:x:count:)` for every row of `rows` it finds in place at a whole-pixel
        /// offset, as one address and a step: the rows it gives (a range within `rows`,
        /// where they lie inside the image) are each one image row further. Nil when the
        /// offset is not whole pixels or the columns leave the image.
        func rows(_ rows: Range<Int>, x: Int, count: Int) -> DrawPipeline.RowsInPlace? {
            guard let offset else { return nil }
            let first = x &+ offset.x, width = shader.image.width
            guard first >= 0, first <= width &- count else { return nil }
            let inside = rows.clamped(to: (0 &- offset.y)..<(shader.image.height &- offset.y))
            guard !inside.isEmpty else { return nil }
            return DrawPipeline.RowsInPlace(first: base + ((inside.lowerBound &+ offset.y) &* width &+ first) &* 4,
                                            step: width &* 4, rows: inside)
        }
    }

    /// `toImage`'s translation in whole pixels when it is nothing else (no scale, no turn,
    /// whole-pixel offsets well inside `copiedSpan`'s range): then its floating-point steps
    /// are exact, every span's coordinates are the device ones moved by it, and
    /// `copiedSpan` takes a span exactly when it lies inside the image.
    private var wholeOffset: (x: Int, y: Int)? {
        let m = toImage, limit = 1.0e8
        guard m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx == m.tx.rounded(), m.ty == m.ty.rounded(), abs(m.tx) < limit,
              abs(m.ty) < limit else { return nil }
        return (Int(m.tx), Int(m.ty))
    }

    /// Calls `body` with the image's pixels held for reading in place; with nil when no
    /// span can be a copy (the image is scaled or turned: the step along a row is not one
    /// source pixel, as `copiedSpan` tests it).
    func withPixelsInPlace<R>(_ body: (PixelsInPlace?) -> R) -> R {
        let du = Int64((toImage.a * 65536).rounded()), dv = Int64((toImage.b * 65536).rounded())
        guard du == 65536, dv == 0 else { return body(nil) }
        let offset = wholeOffset
        return image.pixels.withUnsafeBytes { raw in body(raw.baseAddress.map { PixelsInPlace(base: $0, shader: self, offset: offset) }) }
    }

    /// The index of the first source pixel when shading this span copies `count` pixels
    /// of one image row unchanged (`copyRow` with no edge repeated), else nil: the same
    /// fixed-point steps and tests as `shade`.
    func copiedSpan(y: Int, x: Int, count: Int) -> Int? {
        let (p, step) = pixelCentre(toImage, x: x, y: y)
        let u0 = p.x - 0.5, v0 = p.y - 0.5
        let u1 = u0 + step.x * Double(count), v1 = v0 + step.y * Double(count)
        let limit = 1.0e9
        guard abs(u0) < limit, abs(v0) < limit, abs(u1) < limit, abs(v1) < limit else { return nil }
        let u = Int64((u0 * 65536).rounded()), v = Int64((v0 * 65536).rounded())
        let du = Int64((step.x * 65536).rounded()), dv = Int64((step.y * 65536).rounded())
        guard dv == 0, du == 65536, u & 0xFFFF == 0, v & 0xFFFF == 0 else { return nil }
        let first = u >> 16, row = v >> 16
        guard first >= 0, first &+ Int64(count) <= Int64(image.width), row >= 0, row < Int64(image.height) else { return nil }
        return Int(truncatingIfNeeded: row) &* image.width &+ Int(truncatingIfNeeded: first)
    }

    /// The pixel index, the next one (the edge repeats) and the weight of the next one
    /// (0...256, rounded from the 16-bit fraction) for a clamped 16.16 coordinate.
    @inline(__always)
    private static func cell(_ t: Int64, max: Int64, size: Int) -> (index: Int, next: Int, weight: UInt32) {
        let c = t < 0 ? 0 : (t > max ? max : t)
        let index = Int(truncatingIfNeeded: c >> 16)
        return (index, index < size &- 1 ? index &+ 1 : index, UInt32(truncatingIfNeeded: ((c & 0xFFFF) &+ 128) >> 8))
    }

    /// An unscaled span at a whole-pixel offset: every sample falls on a pixel centre, so
    /// the bilinear weights are 0 and the row is a copy of source pixels (the edge pixel
    /// repeated beyond either end, as the clamped sampling gives).
    private func copyRow(_ src: UnsafePointer<UInt8>, u: Int64, v: Int64, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let w = image.width
        let row = Int(truncatingIfNeeded: min(max(v >> 16, 0), Int64(image.height &- 1)))
        let first = Int(truncatingIfNeeded: u >> 16)
        let source = UnsafeRawPointer(src + row &* w &* 4), dst = UnsafeMutableRawPointer(out)
        // Columns before the image's left edge and past its right edge repeat the edge pixel.
        let lead = min(count, max(0, -first))
        let inside = max(0, min(count &- lead, w &- max(first, 0)))
        let edgeLeft = source.loadUnaligned(as: UInt32.self)
        for i in 0..<lead { dst.storeBytes(of: edgeLeft, toByteOffset: i &* 4, as: UInt32.self) }
        if inside > 0 {
            (dst + lead &* 4).copyMemory(from: source + max(first, 0) &* 4, byteCount: inside &* 4)
        }
        let edgeRight = source.loadUnaligned(fromByteOffset: (w &- 1) &* 4, as: UInt32.self)
        for i in (lead &+ inside)..<count { dst.storeBytes(of: edgeRight, toByteOffset: i &* 4, as: UInt32.self) }
    }

    /// An unrotated span: every pixel samples the same two source rows with the same
    /// weight. Magnified, many pixels share source columns, so each column of the two rows
    /// is blended once and only the blend across columns is done per pixel.
    private func shadeRow(_ src: UnsafePointer<UInt8>, u start: Int64, du: Int64, maxU: Int64, v: Int64, count: Int,
                          into out: UnsafeMutablePointer<UInt8>) {
        let w = image.width
        let y = ImageShader.cell(v, max: Int64(image.height - 1) << 16, size: image.height)
        let top = UnsafeRawPointer(src + y.index &* w &* 4), bottom = UnsafeRawPointer(src + y.next &* w &* 4)
        func column(_ c: Int) -> UInt32 {
            ImageShader.mix(top.loadUnaligned(fromByteOffset: c &* 4, as: UInt32.self),
                            bottom.loadUnaligned(fromByteOffset: c &* 4, as: UInt32.self), y.weight)
        }
        let dst = UnsafeMutableRawPointer(out)
        let first = ImageShader.cell(start, max: maxU, size: w)
        let last = ImageShader.cell(start &+ du &* Int64(count &- 1), max: maxU, size: w)
        let lo = min(first.index, last.index), hi = max(first.next, last.next)
        var u = start
        guard (hi &- lo &+ 1) &* 2 <= count else {
            for i in 0..<count {
                let x = ImageShader.cell(u, max: maxU, size: w)
                u &+= du
                dst.storeBytes(of: ImageShader.mix(column(x.index), column(x.next), x.weight), toByteOffset: i &* 4, as: UInt32.self)
            }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: hi &- lo &+ 1) { columns in
            guard let blended = columns.baseAddress else { return }
            for c in lo...hi { blended[c &- lo] = column(c) }
            for i in 0..<count {
                let x = ImageShader.cell(u, max: maxU, size: w)
                u &+= du
                dst.storeBytes(of: ImageShader.mix(blended[x.index &- lo], blended[x.next &- lo], x.weight),
                               toByteOffset: i &* 4, as: UInt32.self)
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
                blend(src, w: w, ix: ix, ix1: ix < w &- 1 ? ix &+ 1 : ix, iy: iy, iy1: iy < h &- 1 ? iy &+ 1 : iy,
                      fx: fx, fy: fy, into: out + i &* 4)
            }
        }
    }

    /// Writes the bilinear mix of the pixels at columns `ix`, `ix1` and rows `iy`, `iy1`
    /// with weights `fx`, `fy` (0...256). Two channels ride in
    /// one 32-bit multiply (red and blue, then green and alpha); each of the two linear
    /// steps rounds to nearest, so premultiplied colour never exceeds alpha.
    @inline(__always)
    private func blend(_ src: UnsafePointer<UInt8>, w: Int, ix: Int, ix1: Int, iy: Int, iy1: Int, fx: UInt32, fy: UInt32,
                       into out: UnsafeMutablePointer<UInt8>) {
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
