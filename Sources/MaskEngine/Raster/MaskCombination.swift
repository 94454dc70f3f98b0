/// Several masks' values folded into one, as LANGUAGE.md section 11 ("Several masks per
/// layer") defines it: the formulas in bytes, their closed forms where a value is 0 or 255
/// (which `CombinedMask` applies to whole runs), and the formulas over rows of bytes, so
/// that any renderer, whatever its stages, gets the same bytes.
///
/// Values are bytes, v / 255 the coverage. With `a` the result so far and `m` this mask's
/// value, each mode is its formula in integers, rounded to the nearest byte exactly
/// (x / 255 is never half-way between two integers, 255 being odd):
///
/// | mode | formula | in bytes |
/// |---|---|---|
/// | `add` | a + m − a·m | a + m − round(a·m / 255) |
/// | `subtract` | a·(1 − m) | round(a·(255 − m) / 255) |
/// | `intersect` | a·m | round(a·m / 255) |
/// | `difference` | a + m − 2·a·m | a + m − round(2·a·m / 255) |
/// | `lighten` | max(a, m) | max(a, m) |
/// | `darken` | min(a, m) | min(a, m) |
///
/// The result starts at 0, or at 255 when the first mask's mode `startsFull`.
enum MaskCombination {
    /// One mode's formula on two bytes.
    @inline(__always)
    static func combine(_ a: UInt32, _ m: UInt32, _ mode: MaskCombine) -> UInt8 {
        switch mode {
        case .add: return UInt8(truncatingIfNeeded: a &+ m &- UInt32(mulDiv255(a, m)))
        case .subtract: return mulDiv255(a, 255 &- m)
        case .intersect: return mulDiv255(a, m)
        case .difference: return UInt8(truncatingIfNeeded: a &+ m &- (2 &* a &* m &+ 127) / 255)
        case .lighten: return UInt8(truncatingIfNeeded: max(a, m))
        case .darken: return UInt8(truncatingIfNeeded: min(a, m))
        }
    }

    // MARK: - Runs of 0 and 255

    /// What is known of a piece of a row of values: all 0, all 255, or any bytes.
    enum Known: Int {
        case zero = 0, full, bytes
    }

    /// What a mode makes of a piece where the result so far and the mask are each known
    /// as `Known` says: the closed forms f(a, 0), f(0, m), f(a, 255) and f(255, m).
    enum Outcome: UInt8 {
        /// All 0, or all 255.
        case zero, full
        /// The result's bytes as they are (f(a, 0) = a, or f(a, 255) = a).
        case kept
        /// The mask's bytes (f(0, m) = m, or f(255, m) = m).
        case mask
        /// 255 minus the mask's bytes (f(255, m) of `subtract` and `difference`).
        case inverseMask
        /// 255 minus the result's bytes (f(a, 255) of `difference`).
        case inverse
        /// The formula, byte by byte (`formula(_:onto:_:count:)`).
        case formula

        /// The outcome whose raw value is `raw` (`formula` for any other), inlined where
        /// a fold looks one up for each piece (`init(rawValue:)` is a call).
        @inline(__always)
        init(bits raw: UInt8) {
            switch raw {
            case 0: self = .zero
            case 1: self = .full
            case 2: self = .kept
            case 3: self = .mask
            case 4: self = .inverseMask
            case 5: self = .inverse
            default: self = .formula
            }
        }
    }

    /// The outcome of `mode` on a piece where the result so far is `a` and the mask `m`.
    /// `formula` only where both are bytes; `kept`, `inverse` only where `a` is, `mask`,
    /// `inverseMask` only where `m` is.
    static func outcome(_ mode: MaskCombine, _ a: Known, _ m: Known) -> Outcome {
        let aItself: Outcome = a == .zero ? .zero : a == .full ? .full : .kept
        let mItself: Outcome = m == .zero ? .zero : m == .full ? .full : .mask
        switch mode {
        case .add, .lighten:
            // f(a, 0) = a, f(0, m) = m, f(a, 255) = f(255, m) = 255.
            if m == .zero { return aItself }
            if a == .zero { return mItself }
            return a == .full || m == .full ? .full : .formula
        case .subtract:
            // f(a, 0) = a, f(0, m) = 0, f(a, 255) = 0, f(255, m) = 255 − m.
            if m == .zero { return aItself }
            if a == .zero || m == .full { return .zero }
            return a == .full ? .inverseMask : .formula
        case .intersect, .darken:
            // f(a, 0) = f(0, m) = 0, f(a, 255) = a, f(255, m) = m.
            if a == .zero || m == .zero { return .zero }
            if m == .full { return aItself }
            return a == .full ? .mask : .formula
        case .difference:
            // f(a, 0) = a, f(0, m) = m, f(a, 255) = 255 − a, f(255, m) = 255 − m.
            if m == .zero { return aItself }
            if a == .zero { return mItself }
            if m == .full { return a == .full ? .zero : .inverse }
            return a == .full ? .inverseMask : .formula
        }
    }

    // MARK: - Rows of bytes

    /// Sixteen bytes widened to 16 bits, where every formula's intermediate fits.
    private typealias Lanes = SIMD16<UInt16>

    /// round(v / 255) for v ≤ 255 · 255, as `mulDiv255` rounds (t + (t >> 8) ≤ 65 407).
    @inline(__always)
    private static func div255(_ v: Lanes) -> Lanes {
        let t = v &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// `a[i] = combine(a[i], m[i], mode)` for `i` in `0..<count`, sixteen bytes at a time in
    /// 16-bit lanes, each with the scalar formula's exact rounding. `difference` is taken
    /// as round((a·(255 − m) + m·(255 − a)) / 255), the same byte (a + m an integer, the
    /// sum at most 255 · 255).
    @inline(never)
    static func formula(_ mode: MaskCombine, onto a: UnsafeMutablePointer<UInt8>, _ m: UnsafePointer<UInt8>, count: Int) {
        switch mode {
        case .add: rows(a, m, count, .add) { a, m in a &+ m &- div255(a &* m) }
        case .subtract: rows(a, m, count, .subtract) { a, m in div255(a &* (255 &- m)) }
        case .intersect: rows(a, m, count, .intersect) { a, m in div255(a &* m) }
        case .difference: rows(a, m, count, .difference) { a, m in div255(a &* (255 &- m) &+ m &* (255 &- a)) }
        case .lighten: rows(a, m, count, .lighten) { a, m in pointwiseMax(a, m) }
        case .darken: rows(a, m, count, .darken) { a, m in pointwiseMin(a, m) }
        }
    }

    @inline(__always)
    private static func rows(_ a: UnsafeMutablePointer<UInt8>, _ m: UnsafePointer<UInt8>, _ count: Int, _ mode: MaskCombine,
                             _ f: (Lanes, Lanes) -> Lanes) {
        var i = 0
        while i &+ 16 <= count {
            let av = Lanes(truncatingIfNeeded: UnsafeRawPointer(a + i).loadUnaligned(as: SIMD16<UInt8>.self))
            let mv = Lanes(truncatingIfNeeded: UnsafeRawPointer(m + i).loadUnaligned(as: SIMD16<UInt8>.self))
            UnsafeMutableRawPointer(a + i).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: f(av, mv)), as: SIMD16<UInt8>.self)
            i &+= 16
        }
        while i < count {
            a[i] = combine(UInt32(a[i]), UInt32(m[i]), mode)
            i &+= 1
        }
    }

    /// `to[i] = 255 − from[i]` for `i` in `0..<count` (`from` may be `to`).
    @inline(__always)
    static func inverse(_ from: UnsafePointer<UInt8>, into to: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count { to[i] = 255 &- from[i] }
    }

    // MARK: - Bounds

    /// The device pixels outside which the combined result is 0, given where each mask,
    /// in order, can be above 0 (`reach`) and its mode; nil when it can be above 0
    /// anywhere (it starts full and nothing brings it down everywhere outside a box).
    /// `add`, `difference` and `lighten` widen it by the mask's reach; `intersect` and
    /// `darken` narrow it to the reach; `subtract` only lowers values.
    static func bound(_ masks: [(reach: PixelRect, mode: MaskCombine)]) -> PixelRect? {
        guard let first = masks.first else { return nil }
        var bound: PixelRect? = first.mode.startsFull ? nil : .empty
        for (reach, mode) in masks { bound = self.bound(bound, then: reach, mode) }
        return bound
    }

    /// `bound` one mask further: the bound of the masks before it, then a mask that can be
    /// above 0 only within `reach`, folded by `mode`.
    static func bound(_ before: PixelRect?, then reach: PixelRect, _ mode: MaskCombine) -> PixelRect? {
        switch mode {
        case .add, .difference, .lighten: return before.map { $0.union(reach) }
        case .intersect, .darken: return before.map { $0.intersection(reach) } ?? reach
        case .subtract: return before
        }
    }

    /// For each mask, in order, the device pixels outside which its values cannot change
    /// the combined result (nil: anywhere), given where each mask can be above 0 and its
    /// mode, as `bound` takes them. A later `intersect` or `darken` makes the result 0
    /// outside its mask's reach whatever it was (f(a, 0) = 0), and a mode that keeps 0
    /// where the result is 0 (`subtract`, `intersect`, `darken`) changes nothing outside
    /// the bound of the masks before it. So a disc minus a hole, intersected with a band,
    /// needs the disc's and the hole's values only within the band: a mask drawn only there
    /// (0 elsewhere) gives the same result.
    static func relevantAreas(_ masks: [(reach: PixelRect, mode: MaskCombine)]) -> [PixelRect?] {
        var areas = [PixelRect?](repeating: nil, count: masks.count)
        // The later masks' cut, from the last mask back.
        var later: PixelRect?
        for k in masks.indices.reversed() {
            areas[k] = later
            let (reach, mode) = masks[k]
            if mode == .intersect || mode == .darken { later = later.map { $0.intersection(reach) } ?? reach }
        }
        // The bound of the masks before each (`bound` of `masks[..<k]`), one mask further
        // at each step, without an array for each.
        var before: PixelRect? = masks.first.map { $0.mode.startsFull ? nil : .empty } ?? nil
        for k in masks.indices {
            if k > 0, let before, outcome(masks[k].mode, .zero, .bytes) == .zero && outcome(masks[k].mode, .zero, .full) == .zero {
                areas[k] = areas[k].map { $0.intersection(before) } ?? before
            }
            before = bound(before, then: masks[k].reach, masks[k].mode)
        }
        return areas
    }
}
