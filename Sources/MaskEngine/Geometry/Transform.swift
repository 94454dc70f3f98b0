import Foundation

/// An affine transform mapping `(x, y)` to `(a·x + c·y + tx, b·x + d·y + ty)`,
/// laid out like `CGAffineTransform`.
public struct Transform: Hashable, Sendable {
    /// The six coefficients: `(a, b)` is the image of the unit x vector, `(c, d)` that of the
    /// unit y vector, and `(tx, ty)` the translation, as in `CGAffineTransform`.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `sx` and `sy` about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin; positive turns clockwise on screen
    /// (y down), as in UIKit.
    public static func rotation(_ angle: Double) -> Transform {
        // No turn (most layers, every frame): cos(±0) is 1 and sin(±0) is ±0, exactly,
        // without the two libm calls.
        if angle == 0 { return Transform(a: 1, b: angle, c: -angle, d: 1, tx: 0, ty: 0) }
        let cs = cos(angle), sn = sin(angle)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// The transform that applies `other` first and then `self`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(a: a * other.a + c * other.b,
                  b: b * other.a + d * other.b,
                  c: a * other.c + c * other.d,
                  d: b * other.c + d * other.d,
                  tx: a * other.tx + c * other.ty + tx,
                  ty: b * other.tx + d * other.ty + ty)
    }

    /// Maps a point.
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// True when all six coefficients are finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The determinant; zero when the transform flattens the plane.
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or nil when the transform is not invertible.
    public var inverted: Transform? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id,
                         tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }


    /// The axis-aligned bounds of a rectangle after mapping.
    public func apply(_ r: Rect) -> Rect {
        // The four corners in turn, without an array for them.
        let first = apply(Point(r.minX, r.minY))
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        func include(_ x: Double, _ y: Double) {
            let p = apply(Point(x, y))
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        include(r.maxX, r.minY)
        include(r.maxX, r.maxY)
        include(r.minX, r.maxY)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
