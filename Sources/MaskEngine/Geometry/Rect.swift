/// An axis-aligned rectangle: an origin (top-left corner) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from: the top-left when neither side is negative.
    public var origin: Point
    /// The extent from `origin`; a negative width or height reaches left or up from it.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its left, top, width and height.
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(0, 0, 0, 0)

    /// The x of the left edge, whichever way the width points.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The y of the top edge, whichever way the height points.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The x of the right edge, whichever way the width points.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The y of the bottom edge, whichever way the height points.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The width, never negative: `abs(size.width)`.
    public var width: Double { abs(size.width) }
    /// The height, never negative: `abs(size.height)`.
    public var height: Double { abs(size.height) }
    /// The x halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point, `(midX, midY)`.
    public var center: Point { Point(midX, midY) }

    /// True when the rectangle covers no area.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The rectangle shrunk (or, with negative values, grown) by `dx` on the left and
    /// right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, width - 2 * dx, height - 2 * dy)
    }

    /// The overlap of two rectangles, or an empty rectangle.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// True when the point lies inside (left and top edges included).
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The rectangle as mask script writes it: `[x, y, width, height]`.
    public var description: String {
        "[\(origin.x.shortDescription), \(origin.y.shortDescription), \(size.width.shortDescription), \(size.height.shortDescription)]"
    }
}
