/// The general row loop: every list runs here unless a fast path takes its shape.
extension DrawPipeline {
    /// Runs the list into an RGBA surface.
    func run(into surface: inout Surface) {
        switch blend {
        case .sourceOver, .behind:
            runSource(into: &surface)
        case .destinationIn, .destinationOut:
            runDestination(into: &surface)
        }
    }

    /// Runs the list into an alpha surface (`sourceOver` only: masks are drawn so).
    func run(into surface: inout AlphaSurface) {
        if runPlainAlphaFill(into: &surface) { return }
        var dirty = surface.dirty
        let rect = surface.rect
        surface.values.withUnsafeMutableBytes { out in
            dirty = dirty.union(forEachPiece(within: rect) { y, a, b, src, lanes, count, row in
                let at = (y &- rect.y0) &* rect.width &+ (a &- rect.x0)
                DrawPipeline.blendAlpha(b &- a, from: src, lanes: lanes, count: count, uniform: row.uniform, fast: row.fast,
                                        onto: out, at: at)
            })
        }
        surface.dirty = dirty
    }

    /// `sourceOver` or `behind` into an RGBA surface, through the general loop.
    func runSource(into surface: inout Surface) {
        if runPlainFill(into: &surface) || runMaskedFill(into: &surface) || runRunMaskedFill(into: &surface) { return }
        var dirty = surface.dirty
        let rect = surface.rect, blend = self.blend
        surface.withPixels { dst, backdrop in
            dirty = dirty.union(forEachPiece(within: rect) { y, a, b, src, lanes, count, row in
                backdrop.prepare(y: y, a, b, overwrites: false)
                let at = ((y &- rect.y0) &* rect.width &+ (a &- rect.x0)) &* 4
                DrawPipeline.blendPixels(b &- a, from: src, lanes: lanes, count: count, opaque: row.opaque, fast: row.fast,
                                         onto: dst, at: at, behind: blend == .behind)
            })
        }
        surface.dirty = dirty
    }

    // MARK: - Rows and pieces

    /// What is known of the source's rows before they are read, and whether the fast
    /// paths may take the pieces (`generalOnly`, read once a draw).
    struct RowHint {
        /// Every pixel of every row is the same (a solid colour).
        var uniform: Bool
        /// Every pixel of every row is opaque (known for a paint known opaque, or for rows
        /// shaded once).
        var opaque: Bool
        /// The fast paths may take the pieces.
        var fast = true
        /// The source's rows as one address and a step, where they are that (the same
        /// pointers the row function gives): a loop over many rows needs no call a row.
        var inPlace: RowsInPlace? = nil
    }

    /// Source rows `rows` at `first` (row `rows.lowerBound`) and every `step` bytes on:
    /// rows read where they are, or one row shaded once (`step` 0).
    struct RowsInPlace {
        let first: UnsafeRawPointer
        let step: Int
        let rows: Range<Int>

        /// Row `y` of `rows`.
        @inline(__always)
        func row(_ y: Int) -> UnsafeRawPointer { first + (y &- rows.lowerBound) &* step }
    }

    /// Calls `body(y, a, b, source, lanes, count, hint)` for every piece of every row the
    /// list can change inside `target`: columns `a ..< b` of row `y`, the source's pixels
    /// from column `a` at `source`, and the piece's lanes. Returns the area walked (empty
    /// when nothing can be drawn).
    ///
    /// The source is shaded from the left of the painted area (the target's part of the
    /// primary coverage, or of the source surface's drawn pixels) to the right of the
    /// walked area, as every route shades it: samplers round from where a row starts, and
    /// an image's far end chooses its sampling.
    func forEachPiece(within target: PixelRect,
                      _ body: (Int, Int, Int, UnsafeRawPointer, UnsafePointer<Lane>, Int, RowHint) -> Void) -> PixelRect {
        withHeldFactors { held in
            let primary = held.firstIndex { $0.isCoverage }
            var painted = target
            if let p = primary { painted = painted.intersection(held[p].rect) }
            if case .pixels(let group) = source { painted = painted.intersection(group.dirty.intersection(group.rect)) }
            var region = painted
            for h in held where !h.isConstant { region = region.intersection(h.rect) }
            guard !region.isEmpty, !held.contains(where: { $0.isConstant && $0.constant == 0 }) else { return .empty }
            let shaded = region.x1 &- painted.x0, rows = region.y0..<region.y1
            let masks = held.filter { !$0.isConstant && !$0.isCoverage }
            let fast = !DrawPipeline.generalOnly
            let coverageTimes = fast ? coverageTimesConstant(held, primary: primary) : nil
            let stride = shaded &+ 8
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: (modulators.count &+ 1) &* stride) { scratch in
            withUnsafeTemporaryAllocation(of: Lane.self, capacity: max(1, modulators.count)) { lanes in
            withRows(painted: painted, shaded: shaded, rows: rows) { rowAt, known in
                let hint = RowHint(uniform: known.uniform, opaque: known.opaque, fast: fast)
                guard let scratch = scratch.baseAddress, let lanes = lanes.baseAddress else { return }
                for y in rows {
                    var lo = region.x0, hi = region.x1
                    for h in held where !h.isConstant {
                        if let spans = h.spans { (lo, hi) = spans.extent(y: y, within: lo, hi) }
                    }
                    guard lo < hi else { continue }
                    // A row that a mask shuts costs no shading.
                    if masks.contains(where: { DrawPipeline.isZero($0, y: y, lo, hi) }) { continue }
                    guard let row = rowAt(y, hi) else { continue }
                    func piece(_ a: Int, _ b: Int, _ full: Bool) {
                        if let (k, p) = coverageTimes {
                            // One lane, known without looking at the factors again.
                            let count = full && k == 255 ? 0 : 1
                            let bytes = full ? nil : held[p].bytes.map { $0 + ((y &- held[p].rect.y0) &* held[p].rect.width &+ (a &- held[p].rect.x0)) }
                            lanes[0] = Lane(bytes: bytes, k: k)
                            return body(y, a, b, row + (a &- painted.x0) &* 4, lanes, count, hint)
                        }
                        guard let count = DrawPipeline.lanes(held, modulators: modulators.count, primary: primary, y: y, a, b,
                                                             full: full, scratch: scratch, stride: stride, into: lanes) else { return }
                        body(y, a, b, row + (a &- painted.x0) &* 4, lanes, count, hint)
                    }
                    if let p = primary, let spans = held[p].spans {
                        spans.forEach(y: y, within: lo, hi, piece)
                    } else {
                        piece(lo, hi, false)
                    }
                }
            }
            }
            }
            return region
        }
    }

    /// The fast path of the commonest list, `[source, [coverage, constant], ...]` (a plain
    /// fill: one modulator, the primary coverage times at most one constant): its one
    /// lane's constant and the coverage's index in `held`, so pieces skip `lanes`; nil for
    /// any other list.
    private func coverageTimesConstant(_ held: [HeldFactor], primary: Int?) -> (UInt32, Int)? {
        guard modulators.count == 1, let p = primary, p == 0, held.count <= 2 else { return nil }
        guard held.count == 2 else { return (255, p) }
        return held[1].isConstant ? (held[1].constant, p) : nil
    }

    /// Calls `body` with a function giving the source's row `y` from column `painted.x0`,
    /// shaded at least up to column `hi` (nil when there is no source), and what is known
    /// of the rows.
    func withRows(painted: PixelRect, shaded: Int, rows: Range<Int>,
                          _ body: ((Int, Int) -> UnsafeRawPointer?, RowHint) -> Void) {
        switch source {
        case .none:
            body({ _, _ in nil }, RowHint(uniform: false, opaque: false))
        case .solid(let color):
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, shaded)) { row in
                row.initialize(repeating: color)
                guard let base = row.baseAddress else { return }
                body({ _, _ in UnsafeRawPointer(base) }, RowHint(uniform: true, opaque: color >> 24 == 255,
                                                                 inPlace: RowsInPlace(first: base, step: 0, rows: rows)))
            }
        case .pixels(let group):
            group.image.pixels.withUnsafeBytes { px in
                guard let base = px.baseAddress else { return }
                let r = group.rect, row = { (y: Int) in base + ((y &- r.y0) &* r.width &+ (painted.x0 &- r.x0)) &* 4 }
                body({ y, _ in row(y) }, RowHint(uniform: false, opaque: false,
                                                 inPlace: RowsInPlace(first: row(rows.lowerBound), step: r.width &* 4, rows: rows)))
            }
        case .paint(let paint):
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, shaded) &* 4) { buffer in
                paint.withPixelsInPlace { inPlace in
                    guard let out = buffer.baseAddress else { return }
                    let once = paint.isSameForEveryRow(rows, x: painted.x0)
                    if once { paint.shade(y: rows.lowerBound, x: painted.x0, count: shaded, into: out) }
                    let alone = paint.shadesEachPixelAlone
                    let hint = RowHint(uniform: false,
                                       opaque: paint.isKnownOpaque || once && DrawPipeline.isOpaque(UnsafeRawPointer(out), count: shaded),
                                       inPlace: once ? RowsInPlace(first: UnsafeRawPointer(out), step: 0, rows: rows)
                                                     : inPlace?.rows(rows, x: painted.x0, count: shaded))
                    body({ y, hi in
                        if once { return UnsafeRawPointer(out) }
                        // An image span that shading would only copy is read where it is.
                        if let row = inPlace?.row(y: y, x: painted.x0, count: shaded) { return row }
                        paint.shade(y: y, x: painted.x0, count: alone ? hi &- painted.x0 : shaded, into: out)
                        return UnsafeRawPointer(out)
                    }, hint)
                }
            }
        }
    }

    /// True when a mask's values over columns `lo ..< hi` of row `y` are all 0.
    private static func isZero(_ h: HeldFactor, y: Int, _ lo: Int, _ hi: Int) -> Bool {
        if let runs = h.runs {
            var band = 0
            return !runs.withRows { $0.hasRun(y: y, within: lo, hi, band: &band) }
        }
        guard let base = h.bytes else { return false }
        return isZero(UnsafeRawPointer(base + ((y &- h.rect.y0) &* h.rect.width &+ (lo &- h.rect.x0))), count: hi &- lo)
    }

    /// True when the `n` bytes from `row` are all 0.
    static func isZero(_ row: UnsafeRawPointer, count n: Int) -> Bool {
        var i = 0
        while i &+ 8 <= n {
            if row.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { return false }
            i &+= 8
        }
        while i < n {
            if row.load(fromByteOffset: i, as: UInt8.self) != 0 { return false }
            i &+= 1
        }
        return true
    }

    // MARK: - Pixels

    /// Blends `n` source pixels from `src`, each scaled by the lanes in turn, onto `dst`
    /// from byte `at`: source-over, or with `behind` under the destination.
    static func blendPixels(_ n: Int, from src: UnsafeRawPointer, lanes: UnsafePointer<Lane>, count: Int, opaque: Bool, fast: Bool,
                            onto dst: UnsafeMutableRawBufferPointer, at: Int, behind: Bool) {
        if fast, !behind, fastSourceOver(n, from: src, lanes: lanes, count: count, opaque: opaque, onto: dst, at: at) { return }
        var i = 0
        while i &+ 8 <= n {
            var s = PixelBlock.load(src, at: i &* 4)
            var shut = false
            for l in 0..<count {
                let lane = lanes[l]
                guard let bytes = lane.bytes else {
                    s = PixelBlock.scaled(s, by: PixelBlock.factor(lane.k))
                    continue
                }
                let b8 = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if b8 == 0 {
                    shut = true
                    break
                }
                if lane.k != 255 {
                    s = PixelBlock.scaled(s, by: PixelBlock.factors(b8, times: lane.k))
                } else if b8 != ~0 {
                    s = PixelBlock.scaled(s, by: PixelBlock.factors(b8))
                }
            }
            if !shut {
                let d = at &+ i &* 4
                let old = PixelBlock.load(dst, at: d)
                if behind {
                    let room = 255 &- (old &>> 24)
                    PixelBlock.store(old &+ PixelBlock.scaled(s, by: room | (room &<< 16)), into: dst, at: d)
                } else {
                    PixelBlock.store(PixelBlock.blend(s, onto: old), into: dst, at: d)
                }
            }
            i &+= 8
        }
        while i < n {
            var s = src.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
            for l in 0..<count {
                let lane = lanes[l]
                s = scaled(s, by: lane.bytes.map { UInt32(mulDiv255(UInt32($0[i]), lane.k)) } ?? lane.k)
            }
            let d = at &+ i &* 4
            if behind {
                let old = dst.loadUnaligned(fromByteOffset: d, as: UInt32.self)
                dst.storeBytes(of: old &+ scaled(s, by: 255 &- (old >> 24)), toByteOffset: d, as: UInt32.self)
            } else {
                MaskEngine.blend(s, onto: dst, at: d)
            }
            i &+= 1
        }
    }

    /// Source-over of the alphas of `n` source pixels from `src`, each scaled by the lanes
    /// in turn, onto the alpha bytes of `dst` from `at`: `a = s + a · (255 − s) / 255`.
    static func blendAlpha(_ n: Int, from src: UnsafeRawPointer, lanes: UnsafePointer<Lane>, count: Int, uniform: Bool, fast: Bool,
                           onto dst: UnsafeMutableRawBufferPointer, at: Int) {
        if fast, uniform, fastAlpha(n, from: src, lanes: lanes, count: count, onto: dst, at: at) { return }
        typealias Bytes = SIMD8<UInt16>
        @inline(__always) func product(_ a: Bytes, _ b: Bytes) -> Bytes {
            let t = a &* b &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }
        var i = 0
        while i &+ 8 <= n {
            var s = Bytes(truncatingIfNeeded: PixelBlock.load(src, at: i &* 4) &>> 24)
            var shut = false
            for l in 0..<count {
                let lane = lanes[l]
                guard let bytes = lane.bytes else {
                    s = product(s, Bytes(repeating: UInt16(truncatingIfNeeded: lane.k)))
                    continue
                }
                let b8 = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if b8 == 0 {
                    shut = true
                    break
                }
                var v = Bytes(truncatingIfNeeded: unsafeBitCast(b8, to: SIMD8<UInt8>.self))
                if lane.k != 255 { v = product(v, Bytes(repeating: UInt16(truncatingIfNeeded: lane.k))) }
                s = product(s, v)
            }
            if !shut {
                let d = at &+ i
                let old8 = dst.loadUnaligned(fromByteOffset: d, as: UInt64.self)
                // Over nothing drawn yet, the source alphas themselves.
                let old = Bytes(truncatingIfNeeded: unsafeBitCast(old8, to: SIMD8<UInt8>.self))
                let out = old8 == 0 ? s : s &+ product(old, 255 &- s)
                dst.storeBytes(of: unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: out), to: UInt64.self), toByteOffset: d, as: UInt64.self)
            }
            i &+= 8
        }
        while i < n {
            var s = src.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) >> 24
            for l in 0..<count {
                let lane = lanes[l]
                s = UInt32(mulDiv255(s, lane.bytes.map { UInt32(mulDiv255(UInt32($0[i]), lane.k)) } ?? lane.k))
            }
            let d = at &+ i
            let old = UInt32(dst.load(fromByteOffset: d, as: UInt8.self))
            dst.storeBytes(of: UInt8(truncatingIfNeeded: s &+ UInt32(mulDiv255(old, 255 &- s))), toByteOffset: d, as: UInt8.self)
            i &+= 1
        }
    }
}
