/// A point (or a vector) in a 2D coordinate space where y grows downward, as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate; grows to the right.
    public var x: Double
    /// The vertical coordinate; grows downward.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(0, 0)

    /// Adds coordinate by coordinate: the point `a` moved by the vector `b`.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// Subtracts coordinate by coordinate: the vector from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// Multiplies both coordinates by `s`: the vector scaled about the origin.
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    /// The distance from this point to another.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point as mask script writes it: `[x, y]`.
    public var description: String { "[\(x.shortDescription), \(y.shortDescription)]" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its width and height.
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(0, 0)

    /// The size as mask script writes it: `[width, height]`.
    public var description: String { "[\(width.shortDescription), \(height.shortDescription)]" }
}

extension Double {
    /// The number as mask script prints it: whole numbers without a decimal point.
    public var shortDescription: String {
        if self == rounded(), abs(self) < 1e16 { return String(Int64(self)) }
        // Swift spells a NaN with its sign bit as `-nan`; the sign of a NaN means nothing.
        if isNaN { return "nan" }
        return String(self)
    }
}
