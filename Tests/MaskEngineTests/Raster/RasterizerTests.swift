import XCTest
@testable import MaskEngine

final class RasterizerTests: XCTestCase {
    private let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)

    private func coverage(_ path: Path, _ rule: FillRule = .nonzero, transform: Transform = .identity) throws -> CoverageMask {
        try XCTUnwrap(Rasterizer.coverage(of: path, transform: transform, fillRule: rule, clip: clip))
    }

    // MARK: - Area coverage

    func testRectangleEdgeAtHalfPixelIsHalfCovered() throws {
        // The fast rectangle path and the general accumulation (a fifth, collinear vertex
        // defeats the rectangle test) must both give half of 255 on the x = 10.5 edge.
        let rect = Path.rect(Rect(10.5, 0, 10, 4))
        let polygon = Path.polygon([Point(10.5, 0), Point(20.5, 0), Point(20.5, 4), Point(10.5, 4), Point(10.5, 2)])
        for path in [rect, polygon] {
            let c = try coverage(path)
            XCTAssertEqual(Double(c.value(x: 10, y: 1)), 127.5, accuracy: 0.5, path.structure)
            XCTAssertEqual(c.value(x: 9, y: 1), 0, path.structure)
            XCTAssertEqual(c.value(x: 15, y: 1), 255, path.structure)
            XCTAssertEqual(Double(c.value(x: 20, y: 1)), 127.5, accuracy: 0.5, path.structure)
            XCTAssertEqual(c.value(x: 21, y: 1), 0, path.structure)
        }
    }

    /// Long runs between edges are written eight bytes at a time: every pixel of a wide
    /// slanted band must still be 255 inside, 0 outside (left, right and in the clip's
    /// spare columns' reach), and each row must hold the band's exact area.
    func testWideRunsBetweenEdgesAreFullInsideAndEmptyOutside() throws {
        // x from 3.25 + y / 10 to 77.5 + y / 10, over rows 0 ..< 20; the right edge leaves the clip's 60 columns.
        let band = Path.polygon([Point(3.25, 0), Point(77.5, 0), Point(79.5, 20), Point(5.25, 20)])
        let c = try XCTUnwrap(Rasterizer.coverage(of: band, transform: .identity, fillRule: .nonzero,
                                                  clip: PixelRect(x0: 0, y0: 0, x1: 60, y1: 20)))
        for y in 0..<20 {
            let left = 3.25 + Double(y) / 10
            for x in 0..<60 {
                let v = c.value(x: x, y: y)
                if Double(x) >= left + 0.1 { XCTAssertEqual(v, 255, "(\(x), \(y))") }
                if Double(x + 1) <= left { XCTAssertEqual(v, 0, "(\(x), \(y))") }
            }
            let area = (0..<60).reduce(0.0) { $0 + Double(c.value(x: $1, y: y)) } / 255
            XCTAssertEqual(area, 60 - (left + 0.05), accuracy: 0.02, "row \(y)")
        }
    }

    /// The accumulation buffer goes back to the pool cleared, and is not cleared again:
    /// shapes rasterized one after another with one pool (edges past both sides of the
    /// clip included) give what each gives with a pool of its own.
    func testAReusedPoolGivesTheCoverageOfAFreshOne() throws {
        let shapes: [Path] = [
            .circle(center: Point(50, 50), radius: 70),
            .polygon([Point(-20, 10), Point(130, 30), Point(40, 95)]),
            .circle(center: Point(10, 80), radius: 9.3),
            .polygon([Point(3.25, 0), Point(77.5, 0), Point(79.5, 20), Point(5.25, 20), Point(4, 10)]),
            .circle(center: Point(50, 50), radius: 30),
        ]
        let pool = BufferPool()
        for (i, shape) in (shapes + shapes).enumerated() {
            for rule in [FillRule.nonzero, .evenodd] {
                var reused = Rasterizer.coverage(of: shape, transform: .identity, fillRule: rule, clip: clip, pool: pool)
                let fresh = Rasterizer.coverage(of: shape, transform: .identity, fillRule: rule, clip: clip)
                XCTAssertEqual(reused?.rect, fresh?.rect, "shape \(i)")
                XCTAssertTrue(reused?.denseValues() == fresh?.denseValues(), "shape \(i), \(rule)")
                reused?.recycle(into: pool)
            }
        }
    }

    func testDiagonalEdgeThroughPixelCornersHalfCoversThem() throws {
        // The edge x + y = 10 runs corner to corner through pixels (i, 9 − i): half of each.
        let c = try coverage(.polygon([Point(0, 0), Point(10, 0), Point(0, 10)]))
        for i in 0..<10 { XCTAssertEqual(Double(c.value(x: i, y: 9 - i)), 127.5, accuracy: 0.5, "pixel \(i)") }
        XCTAssertEqual(c.value(x: 2, y: 2), 255)
        XCTAssertEqual(c.value(x: 8, y: 8), 0)
    }

    func testCircleCoverageSumsToItsArea() throws {
        let c = try coverage(.circle(center: Point(50, 50), radius: 30))
        let area = c.denseValues().reduce(0) { $0 + Double($1) } / 255
        // Chords within 0.1 px of the arc lose at most ≈ ⅔ · 0.1 · perimeter ≈ 12.6 px².
        XCTAssertEqual(area, Double.pi * 900, accuracy: 13)
    }

    func testNonzeroAndEvenOddOnASelfOverlappingStar() throws {
        // A pentagram drawn in one stroke: its centre pentagon winds twice.
        let star = Path.polygon((0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(50 + 40 * cos(a), 50 + 40 * sin(a))
        })
        let nonzero = try coverage(star, .nonzero), evenodd = try coverage(star, .evenodd)
        XCTAssertEqual(nonzero.value(x: 50, y: 50), 255)
        XCTAssertEqual(evenodd.value(x: 50, y: 50), 0)
        // Inside the top tip (half width 3.25 px at y = 20) both rules fill.
        XCTAssertEqual(nonzero.value(x: 50, y: 20), 255)
        XCTAssertEqual(evenodd.value(x: 50, y: 20), 255)
    }

    func testOverlappingSameDirectionShapesDoNotExceedFullCoverage() throws {
        var path = Path.rect(Rect(10, 10, 20, 20))
        path.append(.polygon([Point(15, 15), Point(40, 15), Point(40, 40), Point(15, 40), Point(15, 30)]))
        let c = try coverage(path)
        XCTAssertEqual(c.value(x: 20, y: 20), 255)
        XCTAssertEqual(c.value(x: 35, y: 35), 255)
        XCTAssertEqual(c.value(x: 35, y: 12), 0)
    }

    func testOpenSubpathIsClosedForFill() throws {
        let open = Path(elements: [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))], structure: "open")
        let c = try coverage(open)
        XCTAssertEqual(c.value(x: 8, y: 2), 255)
        XCTAssertEqual(c.value(x: 2, y: 8), 0)
    }

    // MARK: - Clipping and robustness

    func testShapesBeyondTheClipKeepTheirWindingInside() throws {
        // Starts 50 px left of the clip: the part inside is still filled, the rest is cut.
        let c = try coverage(.polygon([Point(-50, 0), Point(10, 0), Point(10, 10), Point(-50, 10), Point(-50, 5)]))
        XCTAssertEqual(c.rect, PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))
        XCTAssertEqual(c.value(x: 0, y: 5), 255)
        XCTAssertEqual(c.value(x: 9, y: 9), 255)
        XCTAssertNil(Rasterizer.coverage(of: .rect(Rect(200, 0, 10, 10)), transform: .identity,
                                         fillRule: .nonzero, clip: clip))
    }

    func testHugeAndNonFinitePointsNeitherHangNorTrap() throws {
        let path = Path(elements: [
            .move(Point(0, 0)), .line(Point(1e300, 0)), .line(Point(.nan, 5)),
            .cubic(Point(-1e308, 1e308), Point(.infinity, 3), Point(0, 1e300)), .close,
        ], structure: "wild")
        let c = try coverage(path)
        XCTAssertEqual(c.value(x: 5, y: 5), 255)
        // A transform that overflows every point draws nothing rather than trapping.
        XCTAssertNil(Rasterizer.coverage(of: .circle(center: Point(1, 1), radius: 1), transform: .scale(1e308, 1e308),
                                         fillRule: .nonzero, clip: clip))
        // A curve spanning millions of pixels is still cut into a bounded number of lines.
        let lines = Flattener.polylines(of: .circle(center: .zero, radius: 1e9), transform: .identity, tolerance: 0.1)
        XCTAssertLessThanOrEqual(lines.reduce(0) { $0 + $1.points.count }, 4 * 128 + 1)
    }

    /// Subpaths wholly outside the clip are dropped before flattening; a closed outline
    /// adds no winding outside its box, so the coverage is the same to the byte.
    func testSubpathsOutsideTheClipAreSkippedExactly() throws {
        let inside = Path.circle(center: Point(20, 20), radius: 15).elements
        var far: [Path.Element] = []
        for i in 0..<1_000 {
            far += Path.circle(center: Point(-50 - Double(i) * 40, 30), radius: 18).elements
            far += Path.circle(center: Point(30, 500 + Double(i)), radius: 18).elements
        }
        let both = Path(elements: far + inside + far, structure: "many")
        let small = Rasterizer.coverage(of: Path(elements: inside, structure: "one"), transform: .identity,
                                        fillRule: .nonzero, clip: clip)
        XCTAssertEqual(Rasterizer.coverage(of: both, transform: .identity, fillRule: .nonzero, clip: clip)?.denseValues(),
                       small?.denseValues())
        XCTAssertEqual(Flattener.polylines(of: both, transform: .identity, tolerance: 0.1, clip: clip).count, 1)
    }

    // MARK: - Strokes

    private func stroke(_ path: Path, width: Double, start: Double = 0, end: Double = 1) throws -> CoverageMask {
        let outline = Stroker.outline(of: path, width: width, start: start, end: end, tolerance: 0.1)
        return try XCTUnwrap(Rasterizer.coverage(of: outline, fillRule: .nonzero, clip: clip))
    }

    func testStrokeWidthAndButtCaps() throws {
        let c = try stroke(.line(from: Point(10, 20), to: Point(90, 20)), width: 4)
        for y in 18...21 { XCTAssertEqual(c.value(x: 50, y: y), 255, "row \(y)") }
        XCTAssertEqual(c.value(x: 50, y: 17), 0)
        XCTAssertEqual(c.value(x: 50, y: 22), 0)
        XCTAssertEqual(c.value(x: 10, y: 20), 255)
        XCTAssertEqual(c.value(x: 9, y: 20), 0, "butt caps end flush with the path")
        XCTAssertEqual(c.value(x: 90, y: 20), 0)
    }

    func testStrokeEndHalfDrawsHalfTheLength() throws {
        let c = try stroke(.line(from: Point(10, 20), to: Point(90, 20)), width: 4, end: 0.5)
        XCTAssertEqual(c.value(x: 49, y: 20), 255)
        XCTAssertEqual(c.value(x: 50, y: 20), 0)
        let tail = try stroke(.line(from: Point(10, 20), to: Point(90, 20)), width: 4, start: 0.75)
        XCTAssertEqual(tail.value(x: 69, y: 20), 0)
        XCTAssertEqual(tail.value(x: 70, y: 20), 255)
        XCTAssertTrue(Stroker.outline(of: .line(from: .zero, to: Point(9, 9)), width: 2, start: 0.6, end: 0.4,
                                      tolerance: 0.1).isEmpty)
    }

    func testRoundJoinFillsTheOuterCornerButNotAMiter() throws {
        let corner = Path(elements: [.move(Point(10, 10)), .line(Point(50, 10)), .line(Point(50, 50))], structure: "L")
        let c = try stroke(corner, width: 10)
        XCTAssertEqual(c.value(x: 52, y: 7), 255, "within the join's radius of the corner")
        XCTAssertEqual(c.value(x: 54, y: 5), 0, "a miter would cover this; a round join does not")
        XCTAssertEqual(c.value(x: 45, y: 12), 255)
    }

    func testClosedStrokeIsASeamlessUnion() throws {
        let c = try stroke(.rect(Rect(20, 20, 40, 40)), width: 6)
        for (x, y) in [(20, 20), (59, 20), (59, 59), (20, 59), (18, 18), (40, 22)] {
            XCTAssertEqual(c.value(x: x, y: y), 255, "(\(x), \(y))")
        }
        XCTAssertEqual(c.value(x: 16, y: 16), 0, "the outer corners are round (radius 3)")
        XCTAssertEqual(c.value(x: 40, y: 40), 0, "the inside of a stroked square is empty")
    }
}
