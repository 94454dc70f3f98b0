import XCTest
@testable import MaskEngine

/// Path builders, structure, interpolation and transforms.
final class PathTests: XCTestCase {
    /// The cubic that best fits a quarter circle puts its control points 4/3·(√2 − 1) of the
    /// radius along the tangents.
    private let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    private func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, "x of \(p)", file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, "y of \(p)", file: file, line: line)
    }

    /// The on-curve end points of every element (control points left out).
    private func endPoints(_ path: Path) -> [Point] {
        path.elements.compactMap { e in
            switch e {
            case let .move(p), let .line(p), let .quad(_, p), let .cubic(_, _, p): return p
            case .close: return nil
            }
        }
    }

    /// The point at parameter `s` of a cubic Bézier.
    private func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ s: Double) -> Point {
        let u = 1 - s
        let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
        return Point(w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }

    // MARK: - Builders

    func testRect() {
        let path = Path.rect(Rect(10, 20, 30, 40))
        XCTAssertEqual(path.elements, [.move(Point(10, 20)), .line(Point(40, 20)), .line(Point(40, 60)),
                                       .line(Point(10, 60)), .close])
        XCTAssertEqual(path.structure, "rect")
        XCTAssertEqual(path.description, "rect")
    }

    func testOvalStartsAtTheRightAndPassesThroughTheQuarterPoints() {
        let path = Path.oval(in: Rect(0, 0, 100, 50)) // centre (50, 25), radii 50 and 25
        XCTAssertEqual(path.structure, "oval")
        XCTAssertEqual(path.elements.count, 6)
        let points = endPoints(path)
        XCTAssertEqual(points, [Point(100, 25), Point(50, 50), Point(0, 25), Point(50, 0), Point(100, 25)])
        guard case let .cubic(c1, c2, _) = path.elements[1] else { return XCTFail("no first arc") }
        assertPoint(c1, 100, 25 + 25 * kappa)
        assertPoint(c2, 50 + 50 * kappa, 50)
        XCTAssertEqual(path.elements.last, .close)
        XCTAssertEqual(path.controlBounds, Rect(0, 0, 100, 50))
    }

    func testCircleArcsStayOnTheCircle() throws {
        let path = Path.circle(center: Point(50, 50), radius: 20)
        XCTAssertEqual(path.structure, "oval")
        var current = Point(70, 50)
        for element in path.elements.dropFirst() {
            guard case let .cubic(c1, c2, end) = element else { continue }
            // With this κ the arc's midpoint lies exactly on the circle and elsewhere
            // within 0.03% of the radius.
            XCTAssertEqual(cubicPoint(current, c1, c2, end, 0.5).distance(to: Point(50, 50)), 20, accuracy: 1e-9)
            for s in stride(from: 0.0, through: 1.0, by: 0.05) {
                XCTAssertEqual(cubicPoint(current, c1, c2, end, s).distance(to: Point(50, 50)), 20, accuracy: 20 * 3e-4)
            }
            current = end
        }
    }

    func testRoundedRect() {
        let path = Path.roundedRect(Rect(0, 0, 100, 60), radius: 10)
        XCTAssertEqual(path.structure, "rounded rect")
        XCTAssertEqual(endPoints(path), [Point(10, 0), Point(90, 0), Point(100, 10), Point(100, 50), Point(90, 60),
                                         Point(10, 60), Point(0, 50), Point(0, 10), Point(10, 0)])
        guard case let .cubic(c1, c2, _) = path.elements[2] else { return XCTFail("no corner") }
        assertPoint(c1, 90 + 10 * kappa, 0)
        assertPoint(c2, 100, 10 - 10 * kappa)
    }

    func testRoundedRectRadiusIsClampedToHalfTheShorterSide() {
        let path = Path.roundedRect(Rect(0, 0, 100, 40), radius: 50)
        XCTAssertEqual(path.elements.first, .move(Point(20, 0)))
        XCTAssertEqual(Path.roundedRect(Rect(0, 0, 100, 40), radius: -5).elements.first, .move(Point(0, 0)))
        XCTAssertEqual(Path.roundedRect(Rect(0, 0, 100, 40), radius: .nan).elements.first, .move(Point(0, 0)))
    }

    func testPolygon() {
        let path = Path.polygon([Point(0, 0), Point(10, 0), Point(5, 10)])
        XCTAssertEqual(path.elements, [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(5, 10)), .close])
        XCTAssertEqual(path.structure, "polygon of 3 points")
        let empty = Path.polygon([])
        XCTAssertTrue(empty.elements.isEmpty)
        XCTAssertEqual(empty.structure, "polygon of 0 points")
        XCTAssertNil(empty.controlBounds)
    }

    func testLine() {
        let path = Path.line(from: Point(1, 2), to: Point(3, 4))
        XCTAssertEqual(path.elements, [.move(Point(1, 2)), .line(Point(3, 4))])
        XCTAssertEqual(path.structure, "line")
    }

    func testEmptyPath() {
        XCTAssertTrue(Path.empty.elements.isEmpty)
        XCTAssertEqual(Path.empty.structure, "empty path")
        XCTAssertNil(Path.empty.controlBounds)
    }

    // MARK: - Structure

    func testSameStructure() {
        let circle = Path.circle(center: .zero, radius: 5)
        XCTAssertTrue(circle.hasSameStructure(as: .oval(in: Rect(0, 0, 30, 10))))
        XCTAssertTrue(Path.rect(Rect(0, 0, 1, 1)).hasSameStructure(as: .polygon([.zero, .zero, .zero, .zero])))
        XCTAssertFalse(Path.polygon([.zero, .zero, .zero]).hasSameStructure(as: .polygon([.zero, .zero, .zero, .zero])))
        // Same element count, different kinds: 4 cubics against 4 lines.
        XCTAssertFalse(circle.hasSameStructure(as: .polygon([.zero, .zero, .zero, .zero, .zero])))
        XCTAssertFalse(circle.hasSameStructure(as: .roundedRect(Rect(0, 0, 10, 10), radius: 2)))
    }

    // MARK: - Interpolation

    func testCircleRadiusTenToFortyAtHalfIsTwentyFive() throws {
        let a = Path.circle(center: Point(50, 50), radius: 10)
        let b = Path.circle(center: Point(50, 50), radius: 40)
        let mid = try a.interpolated(to: b, 0.5)
        XCTAssertEqual(mid.structure, "oval")
        guard case let .move(start) = try XCTUnwrap(mid.elements.first) else { return XCTFail("no move") }
        assertPoint(start, 75, 50)
        guard case let .cubic(c1, c2, end) = mid.elements[1] else { return XCTFail("no arc") }
        assertPoint(c1, 75, 50 + 25 * kappa)
        assertPoint(c2, 50 + 25 * kappa, 75)
        assertPoint(end, 50, 75)
        // Every on-curve point is 25 from the centre.
        for p in endPoints(mid) { XCTAssertEqual(p.distance(to: Point(50, 50)), 25, accuracy: 1e-9) }
    }

    func testInterpolationEndpoints() throws {
        let a = Path.polygon([Point(0, 0), Point(10, 0), Point(5, 10)])
        let b = Path.polygon([Point(20, 20), Point(40, 20), Point(30, 0)])
        XCTAssertEqual(try a.interpolated(to: b, 0), a)
        XCTAssertEqual(try a.interpolated(to: b, 1), b)
        XCTAssertEqual(try a.interpolated(to: b, 0.25).elements,
                       [.move(Point(5, 5)), .line(Point(17.5, 5)), .line(Point(11.25, 7.5)), .close])
    }

    func testInterpolatedStructureNameSwitchesHalfway() throws {
        let rect = Path.rect(Rect(0, 0, 10, 10))
        let quad = Path.polygon([Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20)])
        XCTAssertEqual(try rect.interpolated(to: quad, 0.49).structure, "rect")
        XCTAssertEqual(try rect.interpolated(to: quad, 0.5).structure, "polygon of 4 points")
    }

    func testOvalToPolygonErrorNamesBothStructures() {
        let oval = Path.oval(in: Rect(0, 0, 10, 10))
        let polygon = Path.polygon([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10), Point(5, 5)])
        XCTAssertThrowsError(try oval.interpolated(to: polygon, 0.5)) { error in
            XCTAssertEqual(error as? PathError, .structureMismatch(from: "oval", to: "polygon of 5 points"))
            XCTAssertEqual("\(error)", "cannot animate between paths of different structure: oval and polygon of 5 points")
        }
        XCTAssertThrowsError(try polygon.interpolated(to: oval, 0.5)) { error in
            XCTAssertEqual("\(error)", "cannot animate between paths of different structure: polygon of 5 points and oval")
        }
    }

    func testQuadsInterpolate() throws {
        let a = Path(elements: [.move(Point(0, 0)), .quad(Point(5, 10), Point(10, 0))], structure: "arch")
        let b = Path(elements: [.move(Point(0, 10)), .quad(Point(5, 30), Point(10, 10))], structure: "arch")
        XCTAssertEqual(try a.interpolated(to: b, 0.5).elements, [.move(Point(0, 5)), .quad(Point(5, 20), Point(10, 5))])
    }

    // MARK: - Transforms and compounds

    func testApplyingATransform() {
        let path = Path.line(from: Point(1, 2), to: Point(3, 4)).applying(.translation(10, 20))
        XCTAssertEqual(path.elements, [.move(Point(11, 22)), .line(Point(13, 24))])
        XCTAssertEqual(path.structure, "line")
        let scaled = Path.rect(Rect(0, 0, 1, 2)).applying(.scale(3, 3))
        XCTAssertEqual(scaled.controlBounds, Rect(0, 0, 3, 6))
    }

    func testAppendingMakesACompoundPath() {
        var path = Path.rect(Rect(0, 0, 1, 1))
        path.append(.line(from: Point(5, 5), to: Point(6, 6)))
        XCTAssertEqual(path.elements.count, 7)
        XCTAssertEqual(path.structure, "compound path")
        XCTAssertEqual(path.controlBounds, Rect(0, 0, 6, 6))
        var empty = Path.empty
        empty.append(.empty)
        XCTAssertEqual(empty.structure, "empty path")
    }
}
