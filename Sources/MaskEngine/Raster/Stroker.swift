import Foundation

/// Builds the outline of a stroked path as polygons to be filled with the nonzero rule.
///
/// Each straight piece of the flattened path becomes a rectangle `lineWidth` wide, and
/// each corner gets a round join: a circular wedge filling the gap on the outside of the
/// turn. Every polygon is given the same orientation (positive signed area), so where they
/// overlap the winding numbers add up and nonzero fills their union with no seams or holes.
///
/// Why round joins: they need no miter limit, never spike on the sharp corners that
/// flattened curves and animated paths produce, and look the same at every angle. Caps are
/// butt (Core Animation's default): the stroke ends flush with the path's ends.
enum Stroker {
    /// The stroke outline of `path`, in the path's own coordinates.
    /// - Parameters:
    ///   - width: the line width; 0 or less gives nothing.
    ///   - start, end: the trimmed part, as fractions (0...1) of the flattened path's length.
    ///   - tolerance: the flattening tolerance in path coordinates.
    static func outline(of path: Path, width: Double, start: Double, end: Double, tolerance: Double) -> [Polyline] {
        guard width > 0, width.isFinite, end > start else { return [] }
        let lines = Flattener.polylines(of: path, transform: .identity, tolerance: tolerance)
        let radius = width / 2
        var polygons: [Polyline] = []
        for line in trim(lines, start: start, end: end) {
            appendOutline(of: line, radius: radius, tolerance: tolerance, into: &polygons)
        }
        return polygons
    }

    // MARK: - Trimming

    /// The parts of the polylines between fractions `start` and `end` of their total length
    /// (closed polylines include their closing edge). A closed polyline kept whole stays closed.
    static func trim(_ lines: [Polyline], start: Double, end: Double) -> [Polyline] {
        if start <= 0 && end >= 1 { return lines }
        func length(_ l: Polyline) -> Double {
            var total = 0.0
            for (a, b) in zip(l.points, l.points.dropFirst()) { total += a.distance(to: b) }
            if l.closed, let first = l.points.first, let last = l.points.last { total += last.distance(to: first) }
            return total
        }
        let total = lines.reduce(0) { $0 + length($1) }
        guard total > 0, total.isFinite else { return [] }
        let from = max(0, start) * total, to = min(1, end) * total
        var result: [Polyline] = []
        var offset = 0.0
        for line in lines {
            var pts = line.points
            if line.closed, let first = pts.first { pts.append(first) }
            var piece: [Point] = []
            for (a, b) in zip(pts, pts.dropFirst()) {
                let d = a.distance(to: b)
                let s0 = offset, s1 = offset + d
                offset = s1
                guard s1 > from, s0 < to, d > 0 else { continue }
                func at(_ s: Double) -> Point { a + (b - a) * ((s - s0) / d) }
                if piece.isEmpty { piece.append(s0 >= from ? a : at(from)) }
                piece.append(s1 <= to ? b : at(to))
            }
            if piece.count >= 2 { result.append(Polyline(points: piece, closed: false)) }
        }
        return result
    }

    // MARK: - Outline

    private static func appendOutline(of line: Polyline, radius r: Double, tolerance: Double,
                                      into polygons: inout [Polyline]) {
        // Drop repeated points: a zero-length piece has no direction.
        var pts: [Point] = []
        for p in line.points where pts.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { pts.append(p) }
        if line.closed, pts.count > 2, let first = pts.first, let last = pts.last, first.distance(to: last) <= 1e-9 {
            pts.removeLast()
        }
        guard pts.count >= 2 else { return }
        let closed = line.closed && pts.count > 2
        let edgeCount = closed ? pts.count : pts.count - 1
        var directions: [Point] = []
        for i in 0..<edgeCount {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            let d = b - a
            let len = (d.x * d.x + d.y * d.y).squareRoot()
            let u = d * (1 / len)
            directions.append(u)
            let n = Point(-u.y, u.x) * r
            appendOriented([a + n, b + n, b - n, a - n], into: &polygons)
        }
        // Joins: between consecutive edges, and where a closed outline meets itself.
        let joins = closed ? 0..<edgeCount : 1..<edgeCount
        for i in joins {
            let incoming = directions[(i + edgeCount - 1) % edgeCount], outgoing = directions[i]
            appendJoin(at: pts[i], incoming, outgoing, radius: r, tolerance: tolerance, into: &polygons)
        }
    }

    /// A round join: the wedge of the circle of radius `r` about `v` between the two edges'
    /// outer sides, on the outside of the turn.
    private static func appendJoin(at v: Point, _ d0: Point, _ d1: Point, radius r: Double, tolerance: Double,
                                   into polygons: inout [Polyline]) {
        let cross = d0.x * d1.y - d0.y * d1.x, dot = d0.x * d1.x + d0.y * d1.y
        // Straight on: the two rectangles already meet edge to edge.
        if abs(cross) < 1e-12 && dot > 0 { return }
        // The outer side is the one the path turns away from; its arc's middle points along d0 − d1.
        let side: Double = cross > 0 ? -1 : 1
        let n0 = Point(-d0.y, d0.x) * side, n1 = Point(-d1.y, d1.x) * side
        let a0 = atan2(n0.y, n0.x)
        var sweep = atan2(n0.x * n1.y - n0.y * n1.x, n0.x * n1.x + n0.y * n1.y)
        let mid = a0 + sweep / 2
        if cos(mid) * (d0.x - d1.x) + sin(mid) * (d0.y - d1.y) < 0 { sweep -= sweep >= 0 ? 2 * Double.pi : -2 * Double.pi }
        // Each chord of the arc may cut inside the circle by at most `tolerance`.
        let step = 2 * acos(max(-1, min(1, 1 - min(tolerance, r) / r)))
        let count = step > 0 ? Int(min(64, max(1, (abs(sweep) / step).rounded(.up)))) : 64
        var wedge = [v]
        for k in 0...count {
            let a = a0 + sweep * Double(k) / Double(count)
            wedge.append(Point(v.x + r * cos(a), v.y + r * sin(a)))
        }
        appendOriented(wedge, into: &polygons)
    }

    /// Appends a polygon with positive signed area (reversed when needed); drops flat ones.
    private static func appendOriented(_ points: [Point], into polygons: inout [Polyline]) {
        var area = 0.0
        var prev = points[points.count - 1]
        for p in points {
            area += prev.x * p.y - p.x * prev.y
            prev = p
        }
        guard area.isFinite, area != 0 else { return }
        polygons.append(Polyline(points: area > 0 ? points : points.reversed(), closed: true))
    }
}
