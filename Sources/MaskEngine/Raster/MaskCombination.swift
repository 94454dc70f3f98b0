/// Several masks' values folded into one, as LANGUAGE.md section 11 ("Several masks per
/// layer") defines it: pure functions on mask value buffers (`CoverageMask`), so that any
/// renderer, whatever its stages, gets the same bytes.
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

    /// The result before any mask is folded in, over `rect`: 0 everywhere, or 255 when
    /// `first` (the first mask's mode) starts full. Every byte is written.
    static func start(_ first: MaskCombine, over rect: PixelRect, pool: BufferPool) -> CoverageMask {
        let count = rect.width * rect.height
        var bytes = pool.bytes(count: count, zeroed: !first.startsFull)
        if first.startsFull {
            bytes.withUnsafeMutableBufferPointer { b in
                guard let base = b.baseAddress else { return }
                base.update(repeating: 255, count: count)
            }
        }
        return CoverageMask(rect: rect, values: bytes)
    }

    /// Folds one mask's values into `result` (whose every byte is written) by `mode`; the
    /// mask's value is 0 outside `m.rect`, or everywhere when `m` is nil (a mask that lets
    /// nothing through). Where m is 0 only `intersect` and `darken` change the result (to
    /// 0), so the others touch only the mask's extents (its spans); its full runs are 255
    /// without reading their bytes, as a sparse mask leaves them unwritten.
    static func fold(_ m: CoverageMask?, into result: inout CoverageMask, mode: MaskCombine) {
        switch mode {
        case .add: fold(m, into: &result, zeroesOutside: false) { a, m in combine(a, m, .add) }
        case .subtract: fold(m, into: &result, zeroesOutside: false) { a, m in combine(a, m, .subtract) }
        case .intersect: fold(m, into: &result, zeroesOutside: true) { a, m in combine(a, m, .intersect) }
        case .difference: fold(m, into: &result, zeroesOutside: false) { a, m in combine(a, m, .difference) }
        case .lighten: fold(m, into: &result, zeroesOutside: false) { a, m in combine(a, m, .lighten) }
        case .darken: fold(m, into: &result, zeroesOutside: true) { a, m in combine(a, m, .darken) }
        }
    }

    /// `fold` for one formula `f(a, m)`: along the mask's spans, and where the mask is 0
    /// either nothing (f(a, 0) = a) or 0 (`zeroesOutside`, f(a, 0) = 0).
    @inline(__always)
    private static func fold(_ m: CoverageMask?, into result: inout CoverageMask, zeroesOutside: Bool,
                             _ f: (UInt32, UInt32) -> UInt8) {
        let r = result.rect, w = r.width
        let values = m ?? CoverageMask(rect: .empty, values: [])
        let inside = values.rect.intersection(r), vw = values.rect.width
        values.withSpans { spans in
            values.bytes.withUnsafeBufferPointer { v in
                result.bytes.withUnsafeMutableBufferPointer { out in
                    guard let base = out.baseAddress else { return }
                    /// Sets columns `x0 ..< x1` of the row at `o` to 0.
                    func clear(_ o: Int, _ x0: Int, _ x1: Int) {
                        if zeroesOutside, x1 > x0 { (base + (o &+ x0)).update(repeating: 0, count: x1 &- x0) }
                    }
                    for y in r.y0..<r.y1 {
                        let o = (y &- r.y0) &* w &- r.x0
                        guard !inside.isEmpty, y >= inside.y0, y < inside.y1 else {
                            clear(o, r.x0, r.x1)
                            continue
                        }
                        let vo = (y &- values.rect.y0) &* vw &- values.rect.x0
                        var done = r.x0
                        spans.forEach(y: y, within: inside.x0, inside.x1) { a, b, full in
                            clear(o, done, a)
                            if full {
                                for x in a..<b { out[o &+ x] = f(UInt32(out[o &+ x]), 255) }
                            } else {
                                for x in a..<b { out[o &+ x] = f(UInt32(out[o &+ x]), UInt32(v[vo &+ x])) }
                            }
                            done = b
                        }
                        clear(o, done, r.x1)
                    }
                }
            }
        }
    }

    /// The device pixels outside which the combined result is 0, given where each mask,
    /// in order, can be above 0 (`reach`) and its mode; nil when it can be above 0
    /// anywhere (it starts full and nothing brings it down everywhere outside a box).
    /// `add`, `difference` and `lighten` widen it by the mask's reach; `intersect` and
    /// `darken` narrow it to the reach; `subtract` only lowers values.
    static func bound(_ masks: [(reach: PixelRect, mode: MaskCombine)]) -> PixelRect? {
        guard let first = masks.first else { return nil }
        var bound: PixelRect? = first.mode.startsFull ? nil : .empty
        for (reach, mode) in masks {
            switch mode {
            case .add, .difference, .lighten: bound = bound.map { $0.union(reach) }
            case .intersect, .darken: bound = bound.map { $0.intersection(reach) } ?? reach
            case .subtract: break
            }
        }
        return bound
    }
}
