import XCTest
@testable import MaskEngine

/// `Flattener` flattens in its pool's one points buffer (`BufferPool.flattenedPoints`),
/// path after path: a path flattened after a larger one (more points, more subpaths), or
/// one that starts with a line rather than a move, gives what it gives with room of its own.
final class FlattenerRoomTests: XCTestCase {
    private func points(_ lines: [Polyline]) -> [[Point]] { lines.map(\.points) }

    func testReusedRoomGivesWhatFreshRoomGives() {
        let large = Path.circle(center: Point(300, 200), radius: 4000)
        var twoCircles = Path.circle(center: Point(40, 40), radius: 30).elements
        twoCircles += Path.circle(center: Point(90, 40), radius: 10).elements
        // No move first: the subpath starts at the first line's end, with no point before it.
        let lineFirst = Path(elements: [.line(Point(5, 5)), .line(Point(25, 5)), .quad(Point(30, 20), Point(5, 25)), .close],
                             structure: "test")
        let triangle = Path(elements: [.move(Point(1, 1)), .line(Point(9, 2)), .line(Point(4, 8)), .close], structure: "test")
        let paths = [large, Path(elements: twoCircles, structure: "test"), lineFirst, triangle, large, lineFirst, .oval(in: Rect(0, 0, 7, 3))]
        let pool = BufferPool()
        let m = Transform(a: 1.25, b: 0.5, c: -0.5, d: 1.25, tx: 3.5, ty: -2)
        for round in 0..<2 {
            for (i, path) in paths.enumerated() {
                let reused = Flattener.polylines(of: path, transform: m, tolerance: 0.1, pool: pool)
                let fresh = Flattener.polylines(of: path, transform: m, tolerance: 0.1)
                XCTAssertEqual(points(reused), points(fresh), "round \(round), path \(i)")
                XCTAssertEqual(reused.map(\.closed), fresh.map(\.closed), "round \(round), path \(i)")
                XCTAssertTrue(pool.flattenedPoints.isEmpty, "round \(round), path \(i): the room handed back empty")
            }
        }
        // The room is kept, grown past its first size for the large circle's points.
        let largest = Flattener.polylines(of: large, transform: m, tolerance: 0.1).map(\.points.count).max() ?? 0
        XCTAssertGreaterThan(largest, 256)
        XCTAssertGreaterThanOrEqual(pool.flattenedPoints.capacity, largest)
        // The line-first path's first subpath has no point before its first line's end.
        XCTAssertEqual(Flattener.polylines(of: lineFirst, transform: .identity, tolerance: 0.1, pool: pool).first?.points.first,
                       Point(5, 5))
    }
}
