/// The destination blends: a clip or a mask applied to what a surface holds.
extension DrawPipeline {
    /// `destinationIn` (each drawn pixel scaled by each modulator's factor in turn, cleared
    /// where a factor is 0, outside its rect included) or `destinationOut` (scaled by 255
    /// minus each modulator's factor in turn: left as it is outside its rect). Only the drawn
    /// pixels (`dirty`) are read; after `destinationIn` they shrink to the factors' rects.
    func runDestination(into surface: inout Surface) {
        let area = surface.dirty
        guard !area.isEmpty else { return }
        let inverted = blend == .destinationOut
        guard !inverted || modulators.count <= 1 else {
            // Inverted, the modulators are applied one after another, each as a list of its own.
            for m in 0..<modulators.count {
                DrawPipeline(source: .none, modulators: modulators.only(m), blend: .destinationOut).runDestination(into: &surface)
            }
            return
        }
        let rect = surface.rect
        var inside = area
        withHeldFactors { held in
            let primary = held.firstIndex { $0.isCoverage }
            for h in held where !h.isConstant { inside = inside.intersection(h.rect) }
            if !inverted, held.contains(where: { $0.isConstant && $0.constant == 0 }) { inside = .empty }
            let width = area.width, stride = width &+ 8
            surface.withPixels { px, backdrop in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: (modulators.count &+ 1) &* stride) { scratch in
            withUnsafeTemporaryAllocation(of: Lane.self, capacity: max(1, modulators.count)) { lanes in
                guard let pixels = px.baseAddress, let scratch = scratch.baseAddress, let lanes = lanes.baseAddress else { return }
                /// Sets pixels `x0 ..< x1` of the row at byte `base` to transparent.
                func clear(_ base: Int, _ x0: Int, _ x1: Int) {
                    guard x1 > x0, !inverted else { return }
                    (pixels + (base &+ x0 &* 4)).initializeMemory(as: UInt8.self, repeating: 0, count: (x1 &- x0) &* 4)
                }
                for y in area.y0..<area.y1 {
                    backdrop.prepare(y: y, area.x0, area.x1, overwrites: false)
                    let base = ((y &- rect.y0) &* rect.width &- rect.x0) &* 4
                    guard !inside.isEmpty, y >= inside.y0, y < inside.y1 else {
                        clear(base, area.x0, area.x1)
                        continue
                    }
                    var lo = inside.x0, hi = inside.x1
                    for h in held where !h.isConstant {
                        if let spans = h.spans { (lo, hi) = spans.extent(y: y, within: lo, hi) }
                    }
                    clear(base, area.x0, min(lo, area.x1))
                    clear(base, max(lo, hi), area.x1)
                    guard lo < hi else { continue }
                    func piece(_ a: Int, _ b: Int, _ full: Bool) {
                        let n = DrawPipeline.lanes(held, modulators: modulators.count, primary: primary, y: y, a, b, full: full,
                                                   scratch: scratch, stride: stride, into: lanes)
                        guard let n else {
                            // A factor 0 throughout: cleared, or left as it is when inverted.
                            clear(base, a, b)
                            return
                        }
                        if n == 0 {
                            // Factors 255 throughout: left as they are, or cleared when inverted.
                            if inverted { (pixels + (base &+ a &* 4)).initializeMemory(as: UInt8.self, repeating: 0, count: (b &- a) &* 4) }
                            return
                        }
                        DrawPipeline.scaleDestination(b &- a, lanes: lanes, count: n, inverted: inverted, px, at: base &+ a &* 4)
                    }
                    if let p = primary, let spans = held[p].spans {
                        var x = lo
                        spans.forEach(y: y, within: lo, hi) { a, b, full in
                            // Between the pieces, the primary coverage is 0.
                            clear(base, x, a)
                            piece(a, b, full)
                            x = b
                        }
                        clear(base, x, hi)
                    } else {
                        piece(lo, hi, false)
                    }
                }
            }
            }
            }
        }
        if !inverted { surface.dirty = inside }
    }

    /// Scales `n` destination pixels from byte `at` by the lanes in turn (by 255 minus
    /// the one lane when `inverted`), eight at a time where it can: a block whose bytes
    /// are all 255 is left, one all 0 cleared (the other way round when inverted).
    static func scaleDestination(_ n: Int, lanes: UnsafePointer<Lane>, count: Int, inverted: Bool,
                                 _ px: UnsafeMutableRawBufferPointer, at: Int) {
        let flip: UInt64 = inverted ? ~0 : 0
        var i = 0
        while i &+ 8 <= n {
            let d = at &+ i &* 4
            var p = PixelBlock.load(px, at: d)
            for l in 0..<count {
                let lane = lanes[l]
                var b8 = ~UInt64(0)
                if let bytes = lane.bytes {
                    b8 = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if lane.k != 255 { b8 = DrawPipeline.product(b8, lane.k) }
                } else {
                    b8 = UInt64(lane.k) &* 0x0101_0101_0101_0101
                }
                b8 ^= flip
                if b8 == 0 {
                    p = .zero
                } else if b8 != ~0 {
                    p = PixelBlock.scaled(p, by: PixelBlock.factors(b8))
                }
            }
            PixelBlock.store(p, into: px, at: d)
            i &+= 8
        }
        while i < n {
            let d = at &+ i &* 4
            var p = px.loadUnaligned(fromByteOffset: d, as: UInt32.self)
            for l in 0..<count {
                let lane = lanes[l]
                var v = lane.bytes.map { UInt32(mulDiv255(UInt32($0[i]), lane.k)) } ?? lane.k
                if inverted { v = 255 &- v }
                p = scaled(p, by: v)
            }
            px.storeBytes(of: p, toByteOffset: d, as: UInt32.self)
            i &+= 1
        }
    }

    /// `mulDiv255(byte, k)` for each of the eight bytes of `bytes`.
    @inline(__always)
    static func product(_ bytes: UInt64, _ k: UInt32) -> UInt64 {
        var t = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(bytes, to: SIMD8<UInt8>.self)) &* UInt16(truncatingIfNeeded: k) &+ 128
        t = (t &+ (t &>> 8)) &>> 8
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: t), to: UInt64.self)
    }
}
