// MARK: - Masks drawn as alpha alone

extension Renderer {
    /// True when a mask subtree can be drawn into an `AlphaSurface`: every layer draws
    /// only solid colours (backgrounds, shape fills and strokes, text, grid tiles), needs
    /// no group of its own (no mask, no clip, no opacity shared by several parts, no border
    /// or shadow) and is not already being drawn. Anything else goes through a colour surface.
    func drawsAlphaOnly(_ id: LayerID, _ walk: LayerWalk, depth: Int = 0) -> Bool {
        guard isVisible(id, walk) else { return true }
        guard depth < Renderer.maxDepth, walk.stack.count &+ depth < Renderer.maxDepth, !walk.stack.contains(id) else { return false }
        // The visible sublayers counted, not gathered into an array: asked of every mask
        // every frame, and most have none.
        let children = withSublayers(of: id, walk) { ids in ids.reduce(0) { isVisible($1, walk) ? $0 &+ 1 : $0 } }
        let s = walk.states.pointer(to: id)
        let own: Bool = {
            guard !hasMasks(id, walk), !s.pointee.clip, s.pointee.contents == nil, !hasBorder(s), !hasShadow(s) else { return false }
            switch s.pointee.kind {
            case .plain, .grid, .shape: break
            case .text: if walk.pool.texts.layouts.hasColorGlyphs(s) { return false }
            case .gradient: return false
            }
            return s.pointee.opacity >= 1 || contentPartCount(s, texts: walk.pool.texts.layouts) + children <= 1
        }()
        // A sublayer not visible draws nothing, alpha only (the first guard above says so).
        return own && withSublayers(of: id, walk) { $0.allSatisfy { drawsAlphaOnly($0, walk, depth: depth + 1) } }
    }

    /// Draws a layer and its sublayers as `draw(_:parent:opacity:into:walk:)` does, into
    /// an alpha surface. Only for subtrees `drawsAlphaOnly` accepts.
    func drawAlpha(_ id: LayerID, parent: Transform, opacity inherited: Double, into surface: inout AlphaSurface,
                   walk: inout LayerWalk) throws {
        guard let (state, m) = try enter(id, parent: parent, walk: &walk) else { return }
        defer { walk.stack.removeLast() }
        let opacity = state.pointee.opacity * inherited
        try forEachFill(of: id, state, transform: m, clip: surface.rect, pool: walk.pool) { coverage, paint in
            guard case .solid(let color) = paint else { return }
            surface.fill(coverage, alpha: UInt32(color.rgba8.3), opacity: opacity)
        }
        for child in visibleSublayers(of: id, walk) {
            try drawAlpha(child, parent: m, opacity: opacity, into: &surface, walk: &walk)
        }
    }

    /// What `maskValues` gives for an alpha-mode mask that `drawsAlphaOnly` accepts over
    /// `area`, drawn into an alpha surface over `drawArea` (the part of `area` the mask's
    /// subtree can reach); nil when the mask lets nothing through. The values cover only
    /// the pixels the mask drew, so the owner's fill skips the rest. The frame's coverage
    /// is still taken over all of `area`, so its rounding is the colour route's.
    func alphaMaskValues(_ mask: LayerID, owner m: Transform, area: PixelRect, drawnIn drawArea: PixelRect,
                         walk: inout LayerWalk) throws -> CoverageMask? {
        let pool = walk.pool
        if isOneFill(mask, walk) {
            return try singleFillMaskValues(mask, owner: m, area: area, drawnIn: drawArea, walk: &walk)
        }
        try reserve(drawArea.width * drawArea.height, for: mask, walk: walk)
        if let runs = try runValues(mask, owner: m, area: area, drawnIn: drawArea, walk: &walk) {
            // Rectangles of one alpha: drawn as runs, written out once, without a cleared buffer;
            // the runs' tables go back to the pool.
            defer { pool.keepRunMask(runs) }
            return runs.rect.isEmpty ? nil : runs.coverageMask(pool: pool)
        }
        var drawn = AlphaSurface(rect: drawArea, pool: pool)
        defer { drawn.recycle(into: pool) }
        try drawAlpha(mask, parent: m, opacity: 1, into: &drawn, walk: &walk)
        guard !drawn.dirty.isEmpty, var frame = maskFrameCoverage(mask, owner: m, area: area, walk) else { return nil }
        defer { frame.recycle(into: pool) }
        let r = frame.rect.intersection(drawn.dirty)
        guard !r.isEmpty else { return nil }
        if r == drawArea, frame.isKnownFull(rows: r.y0..<r.y1, x0: r.x0, x1: r.x1) {
            // The frame is full over every drawn pixel: the products are the alphas
            // themselves, so the drawn buffer becomes the values, without a copy.
            var taken: [UInt8] = []
            swap(&taken, &drawn.values)
            return CoverageMask(rect: r, values: taken)
        }
        var values = CoverageMask(rect: r, values: pool.bytes(count: r.width * r.height, zeroed: false))
        let w = r.width, dw = drawArea.width
        // The frame's rows that are not known full, written out one at a time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { frameRow in
            drawn.values.withUnsafeBytes { a in
                values.bytes.withUnsafeMutableBytes { out in
                    guard let row = frameRow.baseAddress else { return }
                    for y in r.y0..<r.y1 {
                        let o = (y &- r.y0) &* w
                        let ao = (y &- drawArea.y0) &* dw &+ (r.x0 &- drawArea.x0)
                        // Where the frame is known full, the products are the alphas themselves.
                        if frame.isKnownFull(y: y, x0: r.x0, x1: r.x1), let to = out.baseAddress, let from = a.baseAddress {
                            (to + o).copyMemory(from: from + ao, byteCount: w)
                            continue
                        }
                        frame.writeRow(y: y, x0: r.x0, x1: r.x1, into: row)
                        Renderer.productRow(UnsafeRawBufferPointer(frameRow), at: 0, a, at: ao, into: out, at: o, count: w)
                    }
                }
            }
        }
        return values
    }

    /// True when a mask is one fill and nothing else (at most one painted part, no visible
    /// sublayer): drawn into empty pixels, its alpha is a function of that fill's coverage.
    func isOneFill(_ mask: LayerID, _ walk: LayerWalk) -> Bool {
        fillCountBound(walk.states.pointer(to: mask), texts: walk.pool.texts.layouts) <= 1 && !withSublayers(of: mask, walk) { $0.contains { isVisible($0, walk) } }
    }

    /// `out[o + x] = mulDiv255(f[fo + x], a[ao + x])` for `x` in `0..<count`, eight bytes at
    /// a time: a copy of `a` where the frame is full (a mask's frame usually is, inside it),
    /// else the products in 16-bit lanes (each at most 255·255 + 128 + 254 < 65 536).
    private static func productRow(_ f: UnsafeRawBufferPointer, at fo: Int, _ a: UnsafeRawBufferPointer, at ao: Int,
                                   into out: UnsafeMutableRawBufferPointer, at o: Int, count: Int) {
        var x = 0
        while x &+ 8 <= count {
            let f8 = f.loadUnaligned(fromByteOffset: fo &+ x, as: UInt64.self)
            let a8 = a.loadUnaligned(fromByteOffset: ao &+ x, as: UInt64.self)
            if f8 == ~0 {
                out.storeBytes(of: a8, toByteOffset: o &+ x, as: UInt64.self)
            } else {
                let fv = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(f8, to: SIMD8<UInt8>.self))
                let av = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(a8, to: SIMD8<UInt8>.self))
                var t = fv &* av &+ 128
                t = (t &+ (t &>> 8)) &>> 8
                out.storeBytes(of: unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: t), to: UInt64.self), toByteOffset: o &+ x, as: UInt64.self)
            }
            x &+= 8
        }
        while x < count {
            let v = mulDiv255(UInt32(f.load(fromByteOffset: fo &+ x, as: UInt8.self)), UInt32(a.load(fromByteOffset: ao &+ x, as: UInt8.self)))
            out.storeBytes(of: v, toByteOffset: o &+ x, as: UInt8.self)
            x &+= 1
        }
    }

    /// `alphaMaskValues` for a mask that is one solid fill and nothing else (a shape, a
    /// text, a plain rectangle): drawn into empty pixels, the fill's alpha is a function of
    /// its coverage alone, so the values come straight from the coverage and the frame's,
    /// in one pass, without an alpha surface.
    private func singleFillMaskValues(_ mask: LayerID, owner m: Transform, area: PixelRect, drawnIn drawArea: PixelRect,
                                      walk: inout LayerWalk) throws -> CoverageMask? {
        guard let (state, transform) = try enter(mask, parent: m, walk: &walk) else { return nil }
        defer { walk.stack.removeLast() }
        let pool = walk.pool, op = Surface.byte(state.pointee.opacity)
        var result: CoverageMask?
        try forEachFill(of: mask, state, transform: transform, clip: drawArea, pool: pool) { coverage, paint in
            guard case .solid(let color) = paint, op > 0,
                  var frame = maskFrameCoverage(mask, owner: m, area: area, walk) else { return }
            defer { frame.recycle(into: pool) }
            let r = frame.rect.intersection(coverage.rect)
            guard !r.isEmpty else { return }
            // (Not a text's: its coverage belongs to the text cache.)
            if state.pointee.kind != .text, r == coverage.rect, color.rgba8.3 == 255, op == 255,
               frame.isKnownFull(rows: r.y0..<r.y1, x0: r.x0, x1: r.x1) {
                // An opaque fill inside a full frame: the values are the coverage itself,
                // taken with its spans (the extents let the owner's fill skip the rest), and
                // sparse: the owner's fill walks them, other readers write it out.
                var taken = CoverageMask(rect: .empty, values: [])
                swap(&taken, &coverage)
                result = taken
                return
            }
            var values = CoverageMask(rect: r, values: pool.bytes(count: r.width * r.height, zeroed: false))
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { factor in
                AlphaSurface.sourceAlphas(alpha: UInt32(color.rgba8.3), opacity: op, into: factor)
                Renderer.product(frame, coverage, through: factor, into: &values)
            }
            result = values
        }
        return result
    }

    /// `out[p] = frame[p] · factor[coverage[p]] / 255` over `out.rect`, along the coverage's
    /// spans: 0 outside its extent, `frame · factor[255]` over its full runs, and between
    /// them eight bytes at a time where both are 0 or both 255. A frame row known full
    /// (a mask's frame usually is, inside it) scales by 255, which changes nothing: the
    /// products are the factors alone, and with factors that change nothing (an opaque
    /// fill at full opacity) the coverage itself (255 · v / 255 is v exactly), copied. The
    /// frame's other rows are written out one at a time (`CoverageMask.writeRow`).
    private static func product(_ frame: CoverageMask, _ coverage: CoverageMask, through factor: UnsafeMutableBufferPointer<UInt32>,
                                into out: inout CoverageMask) {
        let r = out.rect, w = r.width, cw = coverage.rect.width
        let fullByte = UInt8(truncatingIfNeeded: factor[255])
        let full = UInt64(fullByte) &* 0x0101_0101_0101_0101
        let identity = (0..<256).allSatisfy { factor[$0] == UInt32($0) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { frameRow in
            coverage.withSpans { spans in
                coverage.bytes.withUnsafeBytes { c in
                    out.bytes.withUnsafeMutableBytes { o in
                        guard let base = o.baseAddress, let row = frameRow.baseAddress else { return }
                        let f = UnsafeRawBufferPointer(frameRow)
                        for y in r.y0..<r.y1 {
                            let ob = (y &- r.y0) &* w &- r.x0
                            let cb = (y &- coverage.rect.y0) &* cw &- coverage.rect.x0
                            let frameFull = frame.isKnownFull(y: y, x0: r.x0, x1: r.x1)
                            if !frameFull { frame.writeRow(y: y, x0: r.x0, x1: r.x1, into: row) }
                            let fb = -r.x0
                            var done = r.x0
                            spans.forEach(y: y, within: r.x0, r.x1) { a, b, known in
                                // Outside the extent: 0.
                                if a > done { (base + (ob &+ done)).initializeMemory(as: UInt8.self, repeating: 0, count: a &- done) }
                                done = b
                                if frameFull {
                                    if known {
                                        (base + (ob &+ a)).initializeMemory(as: UInt8.self, repeating: fullByte, count: b &- a)
                                    } else if identity, let from = c.baseAddress {
                                        (base + (ob &+ a)).copyMemory(from: from + (cb &+ a), byteCount: b &- a)
                                    } else {
                                        var x = a
                                        while x &+ 8 <= b {
                                            let c8 = c.loadUnaligned(fromByteOffset: cb &+ x, as: UInt64.self)
                                            if c8 == 0 || c8 == ~0 {
                                                o.storeBytes(of: c8 == 0 ? 0 : full, toByteOffset: ob &+ x, as: UInt64.self)
                                            } else {
                                                for i in x..<(x &+ 8) {
                                                    o.storeBytes(of: UInt8(truncatingIfNeeded: factor[Int(c.load(fromByteOffset: cb &+ i, as: UInt8.self))]),
                                                                 toByteOffset: ob &+ i, as: UInt8.self)
                                                }
                                            }
                                            x &+= 8
                                        }
                                        for i in x..<b {
                                            o.storeBytes(of: UInt8(truncatingIfNeeded: factor[Int(c.load(fromByteOffset: cb &+ i, as: UInt8.self))]),
                                                         toByteOffset: ob &+ i, as: UInt8.self)
                                        }
                                    }
                                    return
                                }
                                var x = a
                                while x < b {
                                    if x &+ 8 <= b {
                                        let c8 = known ? ~0 : c.loadUnaligned(fromByteOffset: cb &+ x, as: UInt64.self)
                                        let f8 = f.loadUnaligned(fromByteOffset: fb &+ x, as: UInt64.self)
                                        if c8 == 0 || f8 == 0 || (c8 == ~0 && f8 == ~0) {
                                            o.storeBytes(of: c8 == 0 || f8 == 0 ? 0 : full, toByteOffset: ob &+ x, as: UInt64.self)
                                            x &+= 8
                                            continue
                                        }
                                    }
                                    for i in x..<min(x &+ 8, b) {
                                        let k = factor[known ? 255 : Int(c.load(fromByteOffset: cb &+ i, as: UInt8.self))]
                                        o.storeBytes(of: mulDiv255(UInt32(f.load(fromByteOffset: fb &+ i, as: UInt8.self)), k),
                                                     toByteOffset: ob &+ i, as: UInt8.self)
                                    }
                                    x = min(x &+ 8, b)
                                }
                            }
                            if done < r.x1 { (base + (ob &+ done)).initializeMemory(as: UInt8.self, repeating: 0, count: r.x1 &- done) }
                        }
                    }
                }
            }
        }
    }
}
