/// A chain of points joined by straight lines: one flattened subpath.
struct Polyline: Sendable {
    var points: [Point]
    /// True when the subpath ended with `close` (its last point joins its first).
    var closed: Bool
}

/// Turns a `Path` into polylines, mapping every point through a transform first so that
/// curves are split finely enough where they will be drawn.
///
/// Why the limits: paths come from scripts and animations, so a point may be huge or not a
/// number. Non-finite points are skipped, finite ones are clamped to
/// `±PixelRect.coordinateLimit`, and each curve is cut into at most `maxSegmentsPerCurve`
/// lines, so the work is linear in the number of path elements whatever the coordinates.
enum Flattener {
    /// The most lines one quadratic or cubic becomes. A 16 000 px wide circle quadrant at
    /// 0.1 px tolerance needs about 90.
    static let maxSegmentsPerCurve = 128.0

    /// The polylines of `path` after `transform`, each curve within about `tolerance` of the
    /// true curve (in the transformed space). Polylines with fewer than two points are dropped.
    /// - Parameter clip: when given, subpaths (from one `move` to the next) whose points all
    ///   lie outside it are dropped unflattened. That is exact for filling, where every
    ///   polyline is closed: a closed outline adds no winding outside its own box. It keeps
    ///   a 100,000-glyph text layer on a small canvas from flattening every glyph.
    /// - Parameter pool: when given, the subpaths are flattened in its thread's points
    ///   buffer (`BufferPool.flattenedPoints`), not in one allocated for this path.
    static func polylines(of path: Path, transform m: Transform, tolerance: Double,
                          clip: PixelRect? = nil, pool: BufferPool? = nil) -> [Polyline] {
        if let quadrilateral = quadrilateral(of: path.elements, transform: m, clip: clip) { return quadrilateral }
        let tol = tolerance.isFinite && tolerance > 1e-6 ? tolerance : 1e-6
        var result: [Polyline] = []
        // The subpath being flattened: one buffer reused for every subpath (and, with a
        // pool, every path the thread flattens), each finished one copied out at its size
        // (growing a fresh array point by point reallocated it several times a subpath).
        var current: [Point] = []
        // Handed back empty (the last `finish` empties it): a path that starts with a line
        // must not find another's points.
        if let pool { swap(&current, &pool.flattenedPoints) }
        defer { if let pool { swap(&current, &pool.flattenedPoints) } }
        // Room for a circle flattened for a canvas-sized radius without growing.
        current.reserveCapacity(256)
        var subpathStart: Point?

        func restart(at p: Point) {
            current.removeAll(keepingCapacity: true)
            current.append(p)
        }
        func finish(closed: Bool) {
            if current.count >= 2 {
                // Copied from its buffer: this form is specialized for `Point`, where
                // `Array(unsafeUninitializedCapacity:)` looks the array's type up in the
                // runtime's shared table (atomics every render thread touches) each time.
                let points = current.withUnsafeBufferPointer { Array($0) }
                result.append(Polyline(points: points, closed: closed))
            }
            current.removeAll(keepingCapacity: true)
        }
        func map(_ p: Point) -> Point? { Flattener.map(p, m) }
        /// Adds a curve through the mapped control points that are finite (their count sets
        /// the order: a control lost to a non-finite value lowers it).
        func curve(_ c1: Point?, _ c2: Point?, to end: Point) {
            guard let e = map(end) else { return }
            guard let last = current.last else {
                // A curve with no current point starts a subpath at its end, as a move would.
                restart(at: e)
                subpathStart = e
                return
            }
            var first = e, second = e, count = 0
            if let c = c1, let q = map(c) { first = q; count = 1 }
            if let c = c2, let q = map(c) {
                if count == 0 { first = q } else { second = q }
                count += 1
            }
            switch count {
            case 1: appendQuad(last, first, e, tol, into: &current)
            case 2: appendCubic(last, first, second, e, tol, into: &current)
            default: current.append(e)
            }
        }

        let elements = path.elements
        // Subpath by subpath (from one `move` to the next), each looked at first when clipped.
        var start = 0
        while start < elements.count {
            var end = start + 1
            while end < elements.count {
                if case .move = elements[end] { break }
                end += 1
            }
            let subpath = elements[start..<end]
            start = end
            if let clip, !Flattener.mayMeet(subpath, transform: m, clip: clip) {
                current.removeAll(keepingCapacity: true)
                subpathStart = nil
                continue
            }
            for element in subpath {
                switch element {
                case let .move(p):
                    finish(closed: false)
                    if let q = map(p) { restart(at: q); subpathStart = q } else { subpathStart = nil }
                case let .line(p): curve(nil, nil, to: p)
                case let .quad(c, p): curve(c, nil, to: p)
                case let .cubic(c1, c2, p): curve(c1, c2, to: p)
                case .close:
                    finish(closed: true)
                    // After `close` the current point is the subpath's start (as in Core Graphics).
                    if let s = subpathStart { restart(at: s) }
                }
            }
        }
        finish(closed: false)
        return result
    }

    /// The polylines of a path of four corners joined by lines and closed (a rectangle's,
    /// every layer's frame and background), as the loop of `polylines` would give them,
    /// without its buffers; nil for any other path, or when a corner is not finite.
    private static func quadrilateral(of elements: [Path.Element], transform m: Transform, clip: PixelRect?) -> [Polyline]? {
        guard let (a, b, c, d) = corners(of: elements),
              let p0 = map(a, m), let p1 = map(b, m), let p2 = map(c, m), let p3 = map(d, m) else { return nil }
        if let clip, !mayMeet(elements[...], transform: m, clip: clip) { return [] }
        return [Polyline(points: [p0, p1, p2, p3], closed: true)]
    }

    /// The four corners of a path that is four corners joined by lines and closed, or nil.
    static func corners(of elements: [Path.Element]) -> (Point, Point, Point, Point)? {
        guard elements.count == 5, case let .move(a) = elements[0], case let .line(b) = elements[1],
              case let .line(c) = elements[2], case let .line(d) = elements[3], case .close = elements[4] else { return nil }
        return (a, b, c, d)
    }

    /// True when a path is four corners joined by lines and closed, the case `polylines`
    /// maps without flattening (a rectangle's, every layer's frame and background).
    static func isQuadrilateral(_ elements: [Path.Element]) -> Bool {
        corners(of: elements) != nil
    }

    /// Whether a subpath has a point that may fall inside `clip`: its mapped points' box,
    /// grown by a pixel, meets `clip`. Curves lie within their control points, so the box
    /// holds the subpath.
    private static func mayMeet(_ subpath: ArraySlice<Path.Element>, transform m: Transform, clip: PixelRect) -> Bool {
        var box = MappedBox()
        for element in subpath { element.forEachPoint { box.include($0, m) } }
        return mayMeet(lo: box.lo, hi: box.hi, clip: clip)
    }

    /// The box of points mapped by `map` (a point that is not finite left out): empty,
    /// `lo.x > hi.x`, until a point is included.
    struct MappedBox {
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)

        /// Widens the box by `p` mapped by `m`.
        @inline(__always)
        mutating func include(_ p: Point, _ m: Transform) {
            guard let q = Flattener.map(p, m) else { return }
            lo = Point(min(lo.x, q.x), min(lo.y, q.y))
            hi = Point(max(hi.x, q.x), max(hi.y, q.y))
        }

        /// True when the box is not empty and lies a pixel or more inside `clip` on every
        /// side: no point in it can make `mayMeet` differ between `clip` and any larger clip.
        func liesWithin(_ clip: PixelRect) -> Bool {
            lo.x <= hi.x && lo.x - 1 >= Double(clip.x0) && hi.x + 1 <= Double(clip.x1)
                && lo.y - 1 >= Double(clip.y0) && hi.y + 1 <= Double(clip.y1)
        }
    }

    /// True when mapped points within `lo ... hi` (none when `lo.x > hi.x`) may add
    /// coverage inside `clip`.
    static func mayMeet(lo: Point, hi: Point, clip: PixelRect) -> Bool {
        lo.x <= hi.x && hi.x + 1 >= Double(clip.x0) && lo.x - 1 <= Double(clip.x1)
            && hi.y + 1 >= Double(clip.y0) && lo.y - 1 <= Double(clip.y1)
    }

    /// A point after a transform, clamped to `±PixelRect.coordinateLimit`; nil when not finite.
    static func map(_ p: Point, _ m: Transform) -> Point? {
        let q = m.apply(p)
        guard q.x.isFinite, q.y.isFinite else { return nil }
        let limit = PixelRect.coordinateLimit
        return Point(min(limit, max(-limit, q.x)), min(limit, max(-limit, q.y)))
    }

    /// Polylines mapped point by point (for outlines built in layer space), with `map`'s limits.
    static func map(_ lines: [Polyline], _ m: Transform) -> [Polyline] {
        lines.map { Polyline(points: $0.points.compactMap { map($0, m) }, closed: $0.closed) }
    }

    /// The number of lines a curve needs: a uniform split into n pieces deviates from the
    /// curve by at most `|B''|max / (8 n²)`, so n = √(|B''|max / (8 · tolerance)).
    private static func segmentCount(secondDerivativeBound dd: Double, _ tol: Double) -> Int {
        let n = (dd / (8 * tol)).squareRoot().rounded(.up)
        // `!(n >= 1)` also catches NaN.
        if !(n >= 1) { return 1 }
        return Int(min(maxSegmentsPerCurve, n))
    }

    private static func appendQuad(_ p0: Point, _ p1: Point, _ p2: Point, _ tol: Double, into out: inout [Point]) {
        let d = p0 - p1 * 2 + p2
        let n = segmentCount(secondDerivativeBound: 2 * (d.x * d.x + d.y * d.y).squareRoot(), tol)
        for i in 1..<n {
            let t = Double(i) / Double(n), u = 1 - t
            out.append(Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                             u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
        }
        out.append(p2)
    }

    private static func appendCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tol: Double,
                                    into out: inout [Point]) {
        let d1 = p0 - p1 * 2 + p2, d2 = p1 - p2 * 2 + p3
        let dd = 6 * max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
        let n = segmentCount(secondDerivativeBound: dd, tol)
        for i in 1..<n {
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t
            out.append(Point(a * p0.x + b * p1.x + c * p2.x + e * p3.x,
                             a * p0.y + b * p1.y + c * p2.y + e * p3.y))
        }
        out.append(p3)
    }
}
