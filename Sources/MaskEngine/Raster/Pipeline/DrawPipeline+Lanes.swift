/// The pieces the row loop works with: factors held for reading, and lanes.
extension DrawPipeline {
    /// A factor held for reading during a run: its bytes and spans by pointer.
    struct HeldFactor {
        /// Which modulator it belongs to.
        let modulator: Int
        /// True for a coverage or a mask (false for a constant).
        let varies: Bool
        let isCoverage: Bool
        /// The constant, for a `constant` factor.
        let constant: UInt32
        let rect: PixelRect
        let bytes: UnsafePointer<UInt8>?
        let spans: CoverageMask.Spans?
        /// A mask of runs (`bytes` is nil): its rows are written out for the lanes.
        var runs: RunMask?

        /// True for a constant factor.
        var isConstant: Bool { !varies }
    }

    /// Calls `body` with every factor of the list held for reading, in order.
    func withHeldFactors<R>(_ body: ([HeldFactor]) -> R) -> R {
        var held: [HeldFactor] = []
        held.reserveCapacity(modulators.factorCount)
        // Factor `i` and those after it, in order.
        func hold(_ i: Int) -> R {
            guard i < modulators.factorCount else { return body(held) }
            let factor = modulators.factor(i), m = modulators.modulator(ofFactor: i)
            switch factor {
            case .constant(let k):
                held.append(HeldFactor(modulator: m, varies: false, isCoverage: false, constant: min(k, 255), rect: .empty,
                                       bytes: nil, spans: nil))
                return hold(i &+ 1)
            case .runs(let r):
                held.append(HeldFactor(modulator: m, varies: true, isCoverage: false, constant: 255, rect: r.rect, bytes: nil,
                                       spans: nil, runs: r))
                return hold(i &+ 1)
            case .coverage(let c), .mask(let c):
                var isCoverage = false
                if case .coverage = factor { isCoverage = true }
                return c.withSpans { spans in
                    c.bytes.withUnsafeBufferPointer { b in
                        held.append(HeldFactor(modulator: m, varies: true, isCoverage: isCoverage, constant: 255, rect: c.rect,
                                               bytes: b.baseAddress, spans: spans))
                        return hold(i &+ 1)
                    }
                }
            }
        }
        return hold(0)
    }

    /// One modulator over a piece of a row: its factor is `k` where `bytes` is nil, else
    /// `mulDiv255(bytes[i], k)` at the piece's pixel `i`.
    struct Lane {
        var bytes: UnsafePointer<UInt8>?
        var k: UInt32
    }

    /// Writes the lanes of the modulators over columns `a ..< b` of row `y` to `lanes`
    /// and returns how many, where `full` says the primary coverage (factor `primary` of
    /// `held`) is known 255 there; nil when some lane is 0 throughout (nothing of the
    /// source reaches the destination). Lanes that are 255 throughout are left out. A
    /// modulator with more varying bytes than one byte row times one constant can say has
    /// its product written to `scratch` (one row per modulator and one spare, `stride`
    /// bytes apart), left to right, rounded at each step.
    static func lanes(_ held: [HeldFactor], modulators: Int, primary: Int?, y: Int, _ a: Int, _ b: Int, full: Bool,
                      scratch: UnsafeMutablePointer<UInt8>, stride: Int, into lanes: UnsafeMutablePointer<Lane>) -> Int? {
        var count = 0
        var f = 0
        for m in 0..<modulators {
            var k: UInt32 = 255, row: UnsafePointer<UInt8>?, varying = 0, constants = 0
            let first = f
            while f < held.count, held[f].modulator == m {
                let h = held[f]
                if h.isConstant || (full && f == primary) {
                    let c = h.isConstant ? h.constant : 255
                    k = UInt32(mulDiv255(k, c))
                    if c != 255 { constants &+= 1 }
                } else {
                    varying &+= 1
                    row = bytes(h, isPrimary: f == primary, y: y, a, b, into: scratch + m &* stride)
                }
                f &+= 1
            }
            // One byte row times one constant (in either order) rounds as the product does;
            // more must be multiplied out in order.
            if varying > 1 || (varying == 1 && constants > 1) {
                let out = scratch + m &* stride
                productRow(held[first..<f], primary: primary, full: full, y: y, a, b, into: out, spare: scratch + modulators &* stride)
                row = UnsafePointer(out)
                k = 255
            }
            if row == nil {
                if k == 0 { return nil }
                if k == 255 { continue }
            }
            lanes[count] = Lane(bytes: row, k: k)
            count &+= 1
        }
        return count
    }

    /// The bytes of a coverage or mask over columns `a ..< b` of row `y` (inside its rect):
    /// in place for the primary coverage (whose piece lies between its full runs, inside
    /// its extent) and for a mask (written in full); written into `scratch` for another
    /// coverage (sparse bytes are read through its spans) and for a mask of runs.
    private static func bytes(_ h: HeldFactor, isPrimary: Bool, y: Int, _ a: Int, _ b: Int,
                              into scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>? {
        if let runs = h.runs {
            runs.writeRow(y: y, x0: a, x1: b, into: scratch)
            return UnsafePointer(scratch)
        }
        guard let base = h.bytes else { return nil }
        let row = base + ((y &- h.rect.y0) &* h.rect.width &+ (a &- h.rect.x0))
        guard !isPrimary, h.isCoverage, let spans = h.spans else { return row }
        // 0 outside the extent, 255 in the full runs, the bytes between.
        var x = a
        spans.forEach(y: y, within: a, b) { lo, hi, full in
            if lo > x { (scratch + (x &- a)).update(repeating: 0, count: lo &- x) }
            if full {
                (scratch + (lo &- a)).update(repeating: 255, count: hi &- lo)
            } else {
                (scratch + (lo &- a)).update(from: row + (lo &- a), count: hi &- lo)
            }
            x = hi
        }
        if x < b { (scratch + (x &- a)).update(repeating: 0, count: b &- x) }
        return UnsafePointer(scratch)
    }

    /// The product of `factors`' bytes over columns `a ..< b` of row `y`, left to right,
    /// each step rounded (`mulDiv255`), into `out`; `spare` holds a coverage's bytes.
    private static func productRow(_ factors: ArraySlice<HeldFactor>, primary: Int?, full: Bool, y: Int, _ a: Int, _ b: Int,
                                   into out: UnsafeMutablePointer<UInt8>, spare: UnsafeMutablePointer<UInt8>) {
        let n = b &- a
        out.update(repeating: 255, count: n)
        for f in factors.indices {
            let h = factors[f]
            if h.isConstant || (full && f == primary) {
                let c = h.isConstant ? h.constant : 255
                for i in 0..<n { out[i] = mulDiv255(UInt32(out[i]), c) }
            } else if let row = bytes(h, isPrimary: f == primary, y: y, a, b, into: spare) {
                for i in 0..<n { out[i] = mulDiv255(UInt32(out[i]), UInt32(row[i])) }
            }
        }
    }
}
