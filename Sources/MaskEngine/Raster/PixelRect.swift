/// A rectangle of whole device pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
///
/// Every raster operation works inside one of these, so a pixel loop never leaves its
/// buffer. Conversions from `Double` clamp first (see `init(covering:)`), so scene values
/// such as `1e300` or infinity cannot trap.
struct PixelRect: Hashable, Sendable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// The empty rectangle.
    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    /// Far beyond any image side (`Image.maxDimension` is 16 384), small enough that
    /// `Int(_:)` of a clamped coordinate cannot trap.
    static let coordinateLimit = 1_048_576.0

    var width: Int { max(0, x1 - x0) }
    var height: Int { max(0, y1 - y0) }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// The same pixels as a device-space rectangle.
    var rect: Rect { Rect(Double(x0), Double(y0), Double(width), Double(height)) }

    /// The overlap of two rectangles, or `empty`.
    func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0),
                          x1: min(x1, other.x1), y1: min(y1, other.y1))
        return r.isEmpty ? .empty : r
    }

    /// The smallest rectangle holding both (an empty side is ignored).
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0),
                         x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The pixels that a device-space rectangle touches, or `empty` when the rectangle is
    /// not finite.
    init(covering r: Rect) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            self = .empty
            return
        }
        x0 = PixelRect.clampedFloor(r.minX)
        y0 = PixelRect.clampedFloor(r.minY)
        x1 = PixelRect.clampedCeiling(r.maxX)
        y1 = PixelRect.clampedCeiling(r.maxY)
    }

    /// The pixels that `r` mapped by `m` touches: `PixelRect(covering: m.apply(r))`, the
    /// same rectangle. Where `m` neither turns nor shears (`b` and `c` 0: most layers, every
    /// frame) two corners are mapped, not four, without the `Rect` between: for a finite
    /// `r` the corners' coordinates are the same numbers (`c·y` and `b·x` are ±0, and adding
    /// ±0 changes no other number), the rest is `init(covering:)`'s arithmetic step by step.
    /// A corner not finite takes the general route. A layer's bounds are covered several
    /// times a frame (≈ 560 calls a frame of the heavy scene): about a third of the cost.
    init(covering r: Rect, transform m: Transform) {
        guard m.b == 0, m.c == 0 else {
            self.init(covering: m.apply(r))
            return
        }
        let xa = m.a * r.minX + m.tx, xb = m.a * r.maxX + m.tx, ya = m.d * r.minY + m.ty, yb = m.d * r.maxY + m.ty
        // `v − v` is 0 for a finite `v` and NaN otherwise: one test for the four corners'
        // coordinates (an edge of `r` not finite makes its coordinate not finite too).
        guard (xa - xa) + (xb - xb) + (ya - ya) + (yb - yb) == 0 else {
            self.init(covering: m.apply(r))
            return
        }
        // `m.apply(r)` is `Rect(x0, y0, x1 − x0, y1 − y0)`; its right edge is `x0 + (x1 − x0)`,
        // which is at least `x0` (and may round away from `x1`, or overflow).
        let x0 = min(xa, xb), y0 = min(ya, yb)
        let right = x0 + (max(xa, xb) - x0), bottom = y0 + (max(ya, yb) - y0)
        guard (right - right) + (bottom - bottom) == 0 else {
            self = .empty
            return
        }
        self.init(x0: PixelRect.clampedFloor(x0), y0: PixelRect.clampedFloor(y0),
                  x1: PixelRect.clampedCeiling(right), y1: PixelRect.clampedCeiling(bottom))
    }

    /// `clamped(v.rounded(.down))` for a finite `v`, without a libm call: the limit is a
    /// whole number, so clamping first gives the same, and the clamped value converts to
    /// `Int` exactly once its fraction is dropped. Inlined: a layer's bounds are covered
    /// several times a frame, and the call cost more than the dozen instructions inside.
    @inline(__always)
    static func clampedFloor(_ v: Double) -> Int {
        let c = min(coordinateLimit, max(-coordinateLimit, v))
        let i = Int(c)
        return Double(i) > c ? i &- 1 : i
    }

    /// `clamped(v.rounded(.up))` for a finite `v`, as `clampedFloor`.
    @inline(__always)
    static func clampedCeiling(_ v: Double) -> Int {
        let c = min(coordinateLimit, max(-coordinateLimit, v))
        let i = Int(c)
        return Double(i) < c ? i &+ 1 : i
    }

    /// A finite device coordinate as a pixel index, clamped to `±coordinateLimit` (so the
    /// conversion cannot trap).
    static func clamped(_ v: Double) -> Int {
        Int(min(coordinateLimit, max(-coordinateLimit, v)))
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}
