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
    /// 0), so the others touch only `m.rect`.
    static func fold(_ m: CoverageMask?, into result: inout CoverageMask, mode: MaskCombine) {
        let r = result.rect, w = r.width
        var values = m ?? CoverageMask(rect: .empty, values: [])
        values.materialize()
        let inside = values.rect.intersection(r)
        let vw = values.rect.width
        let zeroesOutside = mode == .intersect || mode == .darken
        values.bytes.withUnsafeBufferPointer { v in
            result.bytes.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                for y in r.y0..<r.y1 {
                    let o = (y &- r.y0) &* w &- r.x0
                    guard y >= inside.y0, y < inside.y1, !inside.isEmpty else {
                        if zeroesOutside { (base + (o &+ r.x0)).update(repeating: 0, count: w) }
                        continue
                    }
                    if zeroesOutside {
                        (base + (o &+ r.x0)).update(repeating: 0, count: inside.x0 &- r.x0)
                        (base + (o &+ inside.x1)).update(repeating: 0, count: r.x1 &- inside.x1)
                    }
                    let vo = (y &- values.rect.y0) &* vw &- values.rect.x0
                    for x in inside.x0..<inside.x1 {
                        out[o &+ x] = combine(UInt32(out[o &+ x]), UInt32(v[vo &+ x]), mode)
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
