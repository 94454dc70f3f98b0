import Foundation

/// A vector path: subpaths of lines and Bézier curves, in the coordinates of the layer
/// that draws it.
///
/// Every path remembers the builder that made it (`structure`, such as "oval" or
/// "polygon of 5 points"), so an animation between two paths can interpolate their
/// control points when they have the same element sequence and name both shapes when not.
public struct Path: Hashable, Sendable, CustomStringConvertible {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(Point)
        /// A straight line from the current point to a point.
        case line(Point)
        /// A quadratic Bézier curve to the second point, with the first as its control point.
        case quad(Point, Point)
        /// A cubic Bézier curve to the third point, with the first two as its control points.
        case cubic(Point, Point, Point)
        /// A straight line back to the start of the subpath, closing it.
        case close

        /// Calls `body` with each point of the element, control points included, in order.
        @inline(__always)
        func forEachPoint(_ body: (Point) -> Void) {
            switch self {
            case let .move(p), let .line(p): body(p)
            case let .quad(p, q): body(p); body(q)
            case let .cubic(p, q, r): body(p); body(q); body(r)
            case .close: break
            }
        }
    }

    /// The commands in order.
    public private(set) var elements: [Element]
    /// A human-readable name of the path's shape, used in error messages.
    public private(set) var structure: String

    /// Creates a path from its elements and a description of its structure.
    public init(elements: [Element], structure: String) {
        self.elements = elements
        self.structure = structure
    }

    /// The empty path.
    public static let empty = Path(elements: [], structure: "empty path")

    /// A rectangle, drawn clockwise (on screen) from its top-left corner.
    public static func rect(_ r: Rect) -> Path {
        Path(elements: [.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)),
                        .line(Point(r.maxX, r.maxY)), .line(Point(r.minX, r.maxY)), .close],
             structure: "rect")
    }

    /// An ellipse inscribed in a rectangle, as four cubic arcs starting at the right.
    public static func oval(in r: Rect) -> Path {
        let k = 0.5522847498307936 // 4/3·(√2 − 1): the cubic that best fits a quarter circle
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let ox = rx * k, oy = ry * k
        return Path(elements: [
            .move(Point(cx + rx, cy)),
            .cubic(Point(cx + rx, cy + oy), Point(cx + ox, cy + ry), Point(cx, cy + ry)),
            .cubic(Point(cx - ox, cy + ry), Point(cx - rx, cy + oy), Point(cx - rx, cy)),
            .cubic(Point(cx - rx, cy - oy), Point(cx - ox, cy - ry), Point(cx, cy - ry)),
            .cubic(Point(cx + ox, cy - ry), Point(cx + rx, cy - oy), Point(cx + rx, cy)),
            .close,
        ], structure: "oval")
    }

    /// A circle; the same structure as an oval, so the two interpolate.
    public static func circle(center: Point, radius: Double) -> Path {
        oval(in: Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius))
    }

    /// A rectangle with quarter-circle corners of `radius` (clamped to half the shorter side).
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = max(0, min(radius.isFinite ? radius : 0, min(r.width, r.height) / 2))
        let k = 0.5522847498307936 * rad
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        return Path(elements: [
            .move(Point(x0 + rad, y0)),
            .line(Point(x1 - rad, y0)),
            .cubic(Point(x1 - rad + k, y0), Point(x1, y0 + rad - k), Point(x1, y0 + rad)),
            .line(Point(x1, y1 - rad)),
            .cubic(Point(x1, y1 - rad + k), Point(x1 - rad + k, y1), Point(x1 - rad, y1)),
            .line(Point(x0 + rad, y1)),
            .cubic(Point(x0 + rad - k, y1), Point(x0, y1 - rad + k), Point(x0, y1 - rad)),
            .line(Point(x0, y0 + rad)),
            .cubic(Point(x0, y0 + rad - k), Point(x0 + rad - k, y0), Point(x0 + rad, y0)),
            .close,
        ], structure: "rounded rect")
    }

    /// A closed polygon through the points in order.
    public static func polygon(_ points: [Point]) -> Path {
        guard let first = points.first else { return Path(elements: [], structure: "polygon of 0 points") }
        var e: [Element] = [.move(first)]
        for p in points.dropFirst() { e.append(.line(p)) }
        e.append(.close)
        return Path(elements: e, structure: "polygon of \(points.count) points")
    }

    /// An open straight segment.
    public static func line(from p0: Point, to p1: Point) -> Path {
        Path(elements: [.move(p0), .line(p1)], structure: "line")
    }

    /// Two paths can be interpolated when their element sequences match kind for kind.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The path whose every point lies `t` of the way from this path's to `other`'s.
    /// - Throws: `PathError.structureMismatch` naming both shapes when their structures differ.
    public func interpolated(to other: Path, _ t: Double) throws(PathError) -> Path {
        guard hasSameStructure(as: other) else {
            throw PathError.structureMismatch(from: structure, to: other.structure)
        }
        func mix(_ p: Point, _ q: Point) -> Point { Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t) }
        var out: [Element] = []
        out.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): out.append(.move(mix(p, q)))
            case let (.line(p), .line(q)): out.append(.line(mix(p, q)))
            case let (.quad(p1, p2), .quad(q1, q2)): out.append(.quad(mix(p1, q1), mix(p2, q2)))
            case let (.cubic(p1, p2, p3), .cubic(q1, q2, q3)): out.append(.cubic(mix(p1, q1), mix(p2, q2), mix(p3, q3)))
            default: out.append(.close)
            }
        }
        return Path(elements: out, structure: t < 0.5 ? structure : other.structure)
    }

    /// The path with every point mapped by a transform.
    public func applying(_ m: Transform) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case let .move(p): return .move(m.apply(p))
            case let .line(p): return .line(m.apply(p))
            case let .quad(p, q): return .quad(m.apply(p), m.apply(q))
            case let .cubic(p, q, r): return .cubic(m.apply(p), m.apply(q), m.apply(r))
            case .close: return .close
            }
        }, structure: structure)
    }

    /// Appends another path's elements (the structure becomes "compound path").
    public mutating func append(_ other: Path) {
        elements += other.elements
        structure = elements.isEmpty ? structure : "compound path"
    }

    /// The bounds of every point, control points included, or nil for an empty path.
    public var controlBounds: Rect? {
        // Running extremes, compared as `min()` and `max()` of the points in order would
        // (a later point wins only when strictly beyond): no arrays for every bounds asked.
        // The box as a local passed in and out, not captured by a nested function: captured,
        // its variables cost two dynamic exclusivity checks a point.
        var box = (x0: 0.0, x1: 0.0, y0: 0.0, y1: 0.0, seen: false)
        for e in elements {
            switch e {
            case let .move(p), let .line(p): Path.include(p, in: &box)
            case let .quad(p, q): Path.include(p, in: &box); Path.include(q, in: &box)
            case let .cubic(p, q, r): Path.include(p, in: &box); Path.include(q, in: &box); Path.include(r, in: &box)
            case .close: break
            }
        }
        return box.seen ? Rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0) : nil
    }

    /// Widens `box` by `p` for `controlBounds`.
    @inline(__always)
    private static func include(_ p: Point, in box: inout (x0: Double, x1: Double, y0: Double, y1: Double, seen: Bool)) {
        guard box.seen else { box = (p.x, p.x, p.y, p.y, true); return }
        if p.x < box.x0 { box.x0 = p.x }
        if box.x1 < p.x { box.x1 = p.x }
        if p.y < box.y0 { box.y0 = p.y }
        if box.y1 < p.y { box.y1 = p.y }
    }

    /// The path's `structure`, such as "oval" or "polygon of 5 points".
    public var description: String { structure }
}

/// Why a path operation failed.
public enum PathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two paths of different element sequences cannot be interpolated.
    case structureMismatch(from: String, to: String)

    /// The message for a user, naming both shapes.
    public var description: String {
        switch self {
        case let .structureMismatch(a, b):
            return "cannot animate between paths of different structure: \(a) and \(b)"
        }
    }
}
