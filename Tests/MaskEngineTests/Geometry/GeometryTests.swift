import XCTest
@testable import MaskEngine

/// Points, rectangles, transforms, and the frame/position/anchor maths of `LayerState`.
final class GeometryTests: XCTestCase {

    private func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, "x of \(p)", file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, "y of \(p)", file: file, line: line)
    }

    private func assertTransform(_ m: Transform, _ expected: Transform, accuracy: Double = 1e-9,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let pairs = [(m.a, expected.a), (m.b, expected.b), (m.c, expected.c),
                     (m.d, expected.d), (m.tx, expected.tx), (m.ty, expected.ty)]
        for (name, (x, y)) in zip(["a", "b", "c", "d", "tx", "ty"], pairs) {
            XCTAssertEqual(x, y, accuracy: accuracy, name, file: file, line: line)
        }
    }

    // MARK: - Points and sizes

    func testPointArithmetic() {
        XCTAssertEqual(Point(1, 2) + Point(3, 5), Point(4, 7))
        XCTAssertEqual(Point(1, 2) - Point(3, 5), Point(-2, -3))
        XCTAssertEqual(Point(1, -2) * 3, Point(3, -6))
        XCTAssertEqual(Point(0, 0).distance(to: Point(3, 4)), 5)
    }

    func testDescriptions() {
        XCTAssertEqual(Point(1, 2.5).description, "[1, 2.5]")
        XCTAssertEqual(Size(640, 360).description, "[640, 360]")
        XCTAssertEqual(Rect(0, -1, 10.5, 2).description, "[0, -1, 10.5, 2]")
        XCTAssertEqual(3.0.shortDescription, "3")
        XCTAssertEqual((-0.0).shortDescription, "0")
        XCTAssertEqual(0.25.shortDescription, "0.25")
        XCTAssertEqual(1e20.shortDescription, "1e+20")
    }

    // MARK: - Rectangles

    func testRectEdges() {
        let r = Rect(10, 20, 30, 40)
        XCTAssertEqual([r.minX, r.minY, r.maxX, r.maxY], [10, 20, 40, 60])
        XCTAssertEqual(r.center, Point(25, 40))
        XCTAssertFalse(r.isEmpty)
        XCTAssertTrue(Rect(0, 0, 0, 10).isEmpty)
        // A negative size extends left and up from the origin.
        let flipped = Rect(10, 10, -10, -5)
        XCTAssertEqual([flipped.minX, flipped.minY, flipped.maxX, flipped.maxY], [0, 5, 10, 10])
        XCTAssertEqual(flipped.width, 10)
        XCTAssertEqual(flipped.height, 5)
    }

    func testIntersection() {
        let a = Rect(0, 0, 10, 10)
        XCTAssertEqual(a.intersection(Rect(5, 5, 10, 10)), Rect(5, 5, 5, 5))
        XCTAssertEqual(a.intersection(Rect(2, -5, 3, 30)), Rect(2, 0, 3, 10))
        XCTAssertEqual(a.intersection(Rect(2, 2, 3, 3)), Rect(2, 2, 3, 3)) // contained
        XCTAssertEqual(a.intersection(Rect(20, 20, 5, 5)), .zero)           // apart
        XCTAssertEqual(a.intersection(Rect(10, 0, 5, 5)), .zero)            // touching edges
        XCTAssertTrue(a.intersection(Rect(10, 0, 5, 5)).isEmpty)
    }

    func testUnion() {
        XCTAssertEqual(Rect(0, 0, 10, 10).union(Rect(5, 5, 10, 10)), Rect(0, 0, 15, 15))
        XCTAssertEqual(Rect(0, 0, 1, 1).union(Rect(-4, 8, 2, 2)), Rect(-4, 0, 5, 10))
        XCTAssertEqual(Rect(0, 0, 10, 10).union(Rect(2, 2, 1, 1)), Rect(0, 0, 10, 10))
    }

    func testContainsIncludesTopLeftEdgesOnly() {
        let r = Rect(0, 0, 10, 10)
        XCTAssertTrue(r.contains(Point(0, 0)))
        XCTAssertTrue(r.contains(Point(9.999, 5)))
        XCTAssertFalse(r.contains(Point(10, 5)))
        XCTAssertFalse(r.contains(Point(5, 10)))
        XCTAssertFalse(r.contains(Point(-0.001, 5)))
    }

    func testInset() {
        XCTAssertEqual(Rect(0, 0, 10, 20).insetBy(dx: 2, dy: 3), Rect(2, 3, 6, 14))
        XCTAssertEqual(Rect(0, 0, 10, 20).insetBy(dx: -1, dy: -1), Rect(-1, -1, 12, 22))
    }

    // MARK: - Transforms

    func testBasicTransforms() {
        assertPoint(Transform.translation(3, 4).apply(Point(1, 1)), 4, 5)
        assertPoint(Transform.scale(2, 3).apply(Point(1, 1)), 2, 3)
        // Positive angles turn clockwise on screen (y down): +x goes to +y.
        assertPoint(Transform.rotation(.pi / 2).apply(Point(1, 0)), 0, 1)
        assertPoint(Transform.rotation(.pi / 2).apply(Point(0, 1)), -1, 0)
        assertPoint(Transform.identity.apply(Point(7, -8)), 7, -8)
    }

    func testConcatenationAppliesTheArgumentFirst() {
        let m = Transform.translation(10, 0).concatenating(.scale(2, 2))
        assertPoint(m.apply(Point(1, 1)), 12, 2) // scaled to (2, 2), then moved
        let n = Transform.scale(2, 2).concatenating(.translation(10, 0))
        assertPoint(n.apply(Point(1, 1)), 22, 2) // moved to (11, 1), then scaled
    }

    func testDeterminant() {
        XCTAssertEqual(Transform.scale(2, 3).determinant, 6)
        XCTAssertEqual(Transform.rotation(0.7).determinant, 1, accuracy: 1e-12)
    }

    func testInverse() throws {
        // p → (2x + 10, 4y + 20), so (12, 24) comes from (1, 1).
        let m = Transform.translation(10, 20).concatenating(.scale(2, 4))
        let inverse = try XCTUnwrap(m.inverted)
        assertPoint(inverse.apply(Point(12, 24)), 1, 1)
        assertTransform(inverse, Transform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -5, ty: -5))
    }

    func testInverseUndoesAGeneralTransform() throws {
        let m = Transform.translation(5, -7).concatenating(.rotation(0.3)).concatenating(.scale(2, 0.5))
        let inverse = try XCTUnwrap(m.inverted)
        for p in [Point(0, 0), Point(3, 4), Point(-10, 2.5)] {
            let back = inverse.apply(m.apply(p))
            assertPoint(back, p.x, p.y)
        }
        assertTransform(m.concatenating(inverse), .identity)
        assertTransform(inverse.concatenating(m), .identity)
    }

    func testSingularTransformsHaveNoInverse() {
        XCTAssertNil(Transform.scale(0, 1).inverted)
        XCTAssertNil(Transform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted)
        XCTAssertNil(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted)
    }

    func testApplyingToARectGivesTheBounds() {
        // A quarter turn maps (0,0)-(10,20) onto x in -20...0, y in 0...10.
        let r = Transform.rotation(.pi / 2).apply(Rect(0, 0, 10, 20))
        XCTAssertEqual(r.minX, -20, accuracy: 1e-9)
        XCTAssertEqual(r.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(r.width, 20, accuracy: 1e-9)
        XCTAssertEqual(r.height, 10, accuracy: 1e-9)
    }

    // MARK: - Layer frame, position and anchor

    func testFrameSetsPositionFromTheAnchor() {
        var state = LayerState(kind: .plain)
        state.frame = Rect(10, 20, 100, 50)
        XCTAssertEqual(state.position, Point(60, 45)) // the centre, for the default anchor
        XCTAssertEqual(state.size, Size(100, 50))
        XCTAssertEqual(state.bounds, Rect(0, 0, 100, 50))

        var corner = LayerState(kind: .plain)
        corner.anchor = Point(0, 0)
        corner.frame = Rect(10, 20, 100, 50)
        XCTAssertEqual(corner.position, Point(10, 20))

        var odd = LayerState(kind: .plain)
        odd.anchor = Point(1, 0.25)
        odd.frame = Rect(10, 20, 100, 50)
        XCTAssertEqual(odd.position, Point(110, 32.5))
    }

    func testFrameRoundTrips() {
        for anchor in [Point(0.5, 0.5), Point(0, 0), Point(1, 1), Point(0.3, 0.8), Point(-0.5, 2)] {
            var state = LayerState(kind: .plain)
            state.anchor = anchor
            let frame = Rect(-12.5, 40, 64, 48)
            state.frame = frame
            assertPoint(state.frame.origin, frame.origin.x, frame.origin.y)
            XCTAssertEqual(state.frame.size, frame.size)
        }
    }

    func testMovingTheAnchorKeepsPositionAndMovesTheFrame() {
        var state = LayerState(kind: .plain)
        state.frame = Rect(0, 0, 100, 50) // position (50, 25)
        state.anchor = Point(0, 0)
        XCTAssertEqual(state.frame, Rect(50, 25, 100, 50))
    }

    func testTransformToParentWithoutRotationOrScaleMapsBoundsOntoFrame() {
        var state = LayerState(kind: .plain)
        state.anchor = Point(0.2, 0.7)
        state.frame = Rect(30, 40, 100, 50)
        assertPoint(state.transformToParent.apply(Point(0, 0)), 30, 40)
        assertPoint(state.transformToParent.apply(Point(100, 50)), 130, 90)
    }

    func testTransformToParentTurnsAndScalesAboutTheAnchor() {
        var state = LayerState(kind: .plain)
        state.size = Size(40, 20)
        state.anchor = Point(0.25, 0.5) // (10, 10) in the layer's own coordinates
        state.position = Point(100, 100)
        state.rotation = .pi / 2
        state.scale = 2
        let m = state.transformToParent
        // The anchor point sits at `position` whatever the rotation and scale.
        assertPoint(m.apply(Point(10, 10)), 100, 100)
        // The top-left corner is (−10, −10) from the anchor; doubled, (−20, −20); turned a
        // quarter clockwise (left becomes up, up becomes right), (20, −20).
        assertPoint(m.apply(Point(0, 0)), 120, 80)
        // The right edge's midpoint is (30, 0) from the anchor: (60, 0), turned to (0, 60).
        assertPoint(m.apply(Point(40, 10)), 100, 160)
    }

    func testAnchorMapsToPositionForManyTransforms() {
        for (rotation, scale) in [(0.0, 1.0), (0.4, 1.0), (-2.0, 0.5), (3.0, 3.0)] {
            var state = LayerState(kind: .plain)
            state.size = Size(64, 32)
            state.anchor = Point(0.75, 0.1)
            state.position = Point(-5, 17)
            state.rotation = rotation
            state.scale = scale
            assertPoint(state.transformToParent.apply(Point(48, 3.2)), -5, 17)
        }
    }

    /// A rotation by ±0 skips cos and sin: its coefficients must be theirs bit for bit
    /// (sin(−0) is −0, and a −0 coefficient can reach a pixel's sum), and other angles
    /// still take the calls.
    func testNoTurnHasTheCoefficientsOfCosAndSin() {
        // Through an array, so that the compiler folds neither side.
        let angles = [0.0, -0.0, 1e-300, -5e-324, 0.5, -2, .pi]
        for angle in angles {
            let m = Transform.rotation(angle)
            let cs = cos(angle), sn = sin(angle)
            XCTAssertEqual([m.a, m.b, m.c, m.d].map(\.bitPattern), [cs, sn, -sn, cs].map(\.bitPattern), "angle \(angle)")
            XCTAssertEqual([m.tx, m.ty].map(\.bitPattern), [0, 0], "angle \(angle)")
        }
    }
}
