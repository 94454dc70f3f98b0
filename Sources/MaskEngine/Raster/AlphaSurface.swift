/// The alpha channel of a `Surface` alone, one byte a pixel, for drawing a mask whose
/// alpha is all that is read.
///
/// Every step of `Surface`'s blending works on each channel apart (`scaled` keeps the
/// lanes apart, and source-over adds lane by lane without carries), so the alpha of a
/// surface depends only on the alphas drawn into it. Drawing the same solid fills here
/// gives, byte for byte, the alpha channel the RGBA surface would hold, with a quarter of
/// the memory traffic.
struct AlphaSurface {
    /// The device pixels the buffer holds.
    let rect: PixelRect
    /// One alpha byte per pixel of `rect`, row-major.
    var values: [UInt8]
    /// The pixels drawn so far (as `Surface.dirty`): outside it the alpha is 0.
    var dirty: PixelRect = .empty

    /// A transparent buffer over `rect`, from `pool`.
    init(rect: PixelRect, pool: BufferPool) {
        self.rect = rect
        values = pool.bytes(count: rect.width * rect.height)
    }

    /// Gives the buffer back to `pool`.
    mutating func recycle(into pool: BufferPool) {
        pool.recycle(&values)
    }

    /// What `Surface.fill(_:with:opacity:)` does to the alpha channel, for a solid paint of
    /// alpha `alpha`: `a = s + a · (255 − s) / 255` with `s = alpha · coverage · opacity`.
    mutating func fill(_ coverage: CoverageMask, alpha: UInt32, opacity: Double) {
        let region = coverage.rect.intersection(rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let cw = coverage.rect.width, w = rect.width
        coverage.withSpans { spans in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { factor in
                AlphaSurface.sourceAlphas(alpha: alpha, opacity: op, into: factor)
                let full = UInt64(factor[255]) &* 0x0101_0101_0101_0101
                coverage.bytes.withUnsafeBytes { cov in
                    values.withUnsafeMutableBytes { out in
                        for y in region.y0..<region.y1 {
                            let covBase = (y &- coverage.rect.y0) &* cw &- coverage.rect.x0
                            let outBase = (y &- rect.y0) &* w &- rect.x0
                            spans.forEach(y: y, within: region.x0, region.x1) { a, b, known in
                                // A full run under an opaque fill: all 255.
                                if known, full == ~0, let base = out.baseAddress {
                                    (base + (outBase &+ a)).initializeMemory(as: UInt8.self, repeating: 255, count: b &- a)
                                    return
                                }
                                var x = a
                                while x < b {
                                    // Eight pixels at a time where the coverage is all 0 (nothing to do),
                                    // or all 255 over nothing drawn yet or at full alpha (a plain store).
                                    if x &+ 8 <= b {
                                        let c8 = known ? ~0 : cov.loadUnaligned(fromByteOffset: covBase &+ x, as: UInt64.self)
                                        if c8 == 0 {
                                            x &+= 8
                                            continue
                                        }
                                        if c8 == ~0, full == ~0 || out.loadUnaligned(fromByteOffset: outBase &+ x, as: UInt64.self) == 0 {
                                            out.storeBytes(of: full, toByteOffset: outBase &+ x, as: UInt64.self)
                                            x &+= 8
                                            continue
                                        }
                                    }
                                    // The last few pixels of a full run over nothing drawn yet: one
                                    // store of the word, the bytes past the run kept.
                                    if known, b &- x < 8, outBase &+ x &+ 8 <= out.count {
                                        let o8 = out.loadUnaligned(fromByteOffset: outBase &+ x, as: UInt64.self)
                                        let mine: UInt64 = ~0 >> ((8 &- (b &- x)) &* 8)
                                        if o8 & mine == 0 {
                                            out.storeBytes(of: o8 | (full & mine), toByteOffset: outBase &+ x, as: UInt64.self)
                                            return
                                        }
                                    }
                                    let sa = factor[known ? 255 : Int(cov.load(fromByteOffset: covBase &+ x, as: UInt8.self))]
                                    if sa != 0 {
                                        let o = outBase &+ x
                                        let old = UInt32(out.load(fromByteOffset: o, as: UInt8.self))
                                        out.storeBytes(of: sa == 255 ? 255 : UInt8(truncatingIfNeeded: sa &+ UInt32(mulDiv255(old, 255 &- sa))),
                                                       toByteOffset: o, as: UInt8.self)
                                    }
                                    x &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The source alpha a solid fill of alpha `alpha` at opacity byte `op` puts down for
    /// each coverage byte, rounded as the RGBA fill rounds it: 256 entries into `factor`.
    static func sourceAlphas(alpha: UInt32, opacity op: UInt32, into factor: UnsafeMutableBufferPointer<UInt32>) {
        for c in 0..<256 {
            let k = UInt32(mulDiv255(UInt32(c), op))
            factor[c] = k == 255 ? alpha : UInt32(mulDiv255(alpha, k))
        }
    }
}
