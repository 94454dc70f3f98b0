import XCTest
@testable import MaskEngine

/// Thrown by test helpers when a value has another type than the test expects; XCTest
/// reports it as a failure with this description.
struct UnexpectedValue: Error, CustomStringConvertible {
    var expected: String
    var found: PropertyValue
    var description: String { "expected \(expected), got \(found.typeName) \(found)" }
}

/// `PropertyValue.interpolated(to:_:)`: numbers, points, sizes, colours (premultiplied),
/// lists and paths, and the errors for values that cannot be interpolated.
final class InterpolationTests: XCTestCase {

    // MARK: - Helpers

    private func number(_ value: PropertyValue) throws -> Double {
        guard case .number(let v) = value else { throw UnexpectedValue(expected: "a number", found: value) }
        return v
    }

    private func color(_ value: PropertyValue) throws -> Color {
        guard case .color(let c) = value else { throw UnexpectedValue(expected: "a colour", found: value) }
        return c
    }

    private func assertColor(_ c: Color, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.red, r, accuracy: 1e-9, "red", file: file, line: line)
        XCTAssertEqual(c.green, g, accuracy: 1e-9, "green", file: file, line: line)
        XCTAssertEqual(c.blue, b, accuracy: 1e-9, "blue", file: file, line: line)
        XCTAssertEqual(c.alpha, a, accuracy: 1e-9, "alpha", file: file, line: line)
    }

    // MARK: - Numbers, points, sizes

    func testNumbers() throws {
        let a = PropertyValue.number(10), b = PropertyValue.number(30)
        XCTAssertEqual(try number(a.interpolated(to: b, 0)), 10)
        XCTAssertEqual(try number(a.interpolated(to: b, 0.25)), 15)
        XCTAssertEqual(try number(a.interpolated(to: b, 0.5)), 20)
        XCTAssertEqual(try number(a.interpolated(to: b, 1)), 30)
    }

    func testNumbersExtrapolateForOvershootingEases() throws {
        let a = PropertyValue.number(0), b = PropertyValue.number(100)
        XCTAssertEqual(try number(a.interpolated(to: b, 1.2)), 120, accuracy: 1e-9)
        XCTAssertEqual(try number(a.interpolated(to: b, -0.1)), -10, accuracy: 1e-9)
    }

    func testPoints() throws {
        let v = try PropertyValue.point(Point(0, 10)).interpolated(to: .point(Point(100, -10)), 0.25)
        XCTAssertEqual(v, .point(Point(25, 5)))
    }

    func testSizes() throws {
        let v = try PropertyValue.size(Size(10, 20)).interpolated(to: .size(Size(30, 60)), 0.5)
        XCTAssertEqual(v, .size(Size(20, 40)))
    }

    func testSizesNeverGoNegativeWhenOvershooting() throws {
        let v = try PropertyValue.size(Size(10, 10)).interpolated(to: .size(Size(0, 20)), 2)
        XCTAssertEqual(v, .size(Size(0, 30)))
    }

    // MARK: - Colours

    func testRedToClearAtHalfIsHalfTransparentRed() throws {
        // Premultiplied: (1, 0, 0, 1) → (0, 0, 0, 0) at 0.5 is (0.5, 0, 0, 0.5), which is
        // straight red at alpha 0.5 — not the dark red a straight-space mix would give.
        let c = try color(PropertyValue.color(.red).interpolated(to: .color(.clear), 0.5))
        assertColor(c, 1, 0, 0, 0.5)
        let bytes = c.premultiplied().rgba8
        XCTAssertEqual(bytes.0, 128) // 0.5 × 255 = 127.5, rounded to nearest
        XCTAssertEqual(bytes.1, 0)
        XCTAssertEqual(bytes.2, 0)
        XCTAssertEqual(bytes.3, 128)
    }

    func testOpaqueColoursMixComponentwise() throws {
        let c = try color(PropertyValue.color(.red).interpolated(to: .color(.blue), 0.25))
        assertColor(c, 0.75, 0, 0.25, 1)
    }

    func testHalfTransparentColoursMixInPremultipliedSpace() throws {
        // white α 0.5 → premultiplied (0.5, 0.5, 0.5, 0.5); black α 1 → (0, 0, 0, 1).
        // At 0.5: (0.25, 0.25, 0.25, 0.75), straight 1/3 grey at α 0.75.
        let from = Color(white: 1, alpha: 0.5)
        let c = try color(PropertyValue.color(from).interpolated(to: .color(.black), 0.5))
        assertColor(c, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0.75)
    }

    func testColourEndpoints() throws {
        let a = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        let b = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        let c0 = try color(PropertyValue.color(a).interpolated(to: .color(b), 0))
        let c1 = try color(PropertyValue.color(a).interpolated(to: .color(b), 1))
        assertColor(c0, 0.2, 0.4, 0.6, 0.5)
        assertColor(c1, 1, 0.5, 0, 1)
    }

    func testColoursClampWhenOvershooting() throws {
        let c = try color(PropertyValue.color(.black).interpolated(to: .color(.white), 1.5))
        assertColor(c, 1, 1, 1, 1)
        let d = try color(PropertyValue.color(.clear).interpolated(to: .color(.red), -0.5))
        XCTAssertEqual(d, .clear)
    }

    func testOptionalColoursInterpolateWithColours() throws {
        let c = try color(PropertyValue.optionalColor(.red).interpolated(to: .color(.blue), 0.5))
        assertColor(c, 0.5, 0, 0.5, 1)
        let d = try color(PropertyValue.color(.red).interpolated(to: .optionalColor(.blue), 0.5))
        assertColor(d, 0.5, 0, 0.5, 1)
    }

    // MARK: - Lists

    func testEqualLengthNumberLists() throws {
        let v = try PropertyValue.numbers([0, 0.5, 1]).interpolated(to: .numbers([1, 0.5, 0]), 0.25)
        XCTAssertEqual(v, .numbers([0.25, 0.5, 0.75]))
        let w = try PropertyValue.optionalNumbers([0, 1]).interpolated(to: .numbers([1, 3]), 0.5)
        XCTAssertEqual(w, .numbers([0.5, 2]))
    }

    func testEqualLengthColourLists() throws {
        let v = try PropertyValue.colors([.red, .black]).interpolated(to: .colors([.clear, .white]), 0.5)
        guard case .colors(let cs) = v else { return XCTFail("expected colours, got \(v)") }
        XCTAssertEqual(cs.count, 2)
        assertColor(cs[0], 1, 0, 0, 0.5)
        assertColor(cs[1], 0.5, 0.5, 0.5, 1)
    }

    func testMismatchedLengthListsThrow() {
        XCTAssertThrowsError(try PropertyValue.numbers([0, 1]).interpolated(to: .numbers([0, 1, 2]), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError, .lengthMismatch(2, 3))
            XCTAssertEqual("\(error)", "cannot animate between lists of 2 and 3 elements")
        }
        XCTAssertThrowsError(try PropertyValue.colors([.red]).interpolated(to: .colors([.red, .blue]), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError, .lengthMismatch(1, 2))
        }
    }

    // MARK: - Paths

    func testCirclesOfOneStructureInterpolateTheirRadius() throws {
        let small = Path.circle(center: Point(50, 50), radius: 10)
        let large = Path.circle(center: Point(50, 50), radius: 40)
        let v = try PropertyValue.path(small).interpolated(to: .path(large), 0.5)
        guard case .path(let p) = v else { return XCTFail("expected a path, got \(v)") }
        // The first point of a circle is its rightmost, (cx + r, cy): r = 25 puts it at 75.
        guard case .move(let start) = try XCTUnwrap(p.elements.first) else { return XCTFail("no move") }
        XCTAssertEqual(start.x, 75, accuracy: 1e-9)
        XCTAssertEqual(start.y, 50, accuracy: 1e-9)
        // The end of the first arc is the bottom point, (cx, cy + r).
        guard case .cubic(_, _, let bottom) = p.elements[1] else { return XCTFail("no arc") }
        XCTAssertEqual(bottom.x, 50, accuracy: 1e-9)
        XCTAssertEqual(bottom.y, 75, accuracy: 1e-9)
        XCTAssertEqual(p.controlBounds, Rect(25, 25, 50, 50))
    }

    func testOvalToPolygonThrowsNamingBothStructures() {
        let oval = Path.oval(in: Rect(0, 0, 10, 10))
        let triangle = Path.polygon([Point(0, 0), Point(10, 0), Point(5, 10)])
        XCTAssertThrowsError(try PropertyValue.path(oval).interpolated(to: .path(triangle), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError,
                           .path(.structureMismatch(from: "oval", to: "polygon of 3 points")))
            let message = "\(error)"
            XCTAssertTrue(message.contains("oval"), message)
            XCTAssertTrue(message.contains("polygon of 3 points"), message)
            XCTAssertEqual(message, "cannot animate between paths of different structure: oval and polygon of 3 points")
        }
    }

    // MARK: - Errors

    func testDifferentTypesThrowTypeMismatch() {
        XCTAssertThrowsError(try PropertyValue.number(1).interpolated(to: .color(.red), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError, .typeMismatch("a number", "a colour"))
            XCTAssertEqual("\(error)", "cannot animate between a number and a colour")
        }
        XCTAssertThrowsError(try PropertyValue.point(.zero).interpolated(to: .size(.zero), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError, .typeMismatch("a point", "a size"))
        }
    }

    func testStepOnlyTypesThrowNotInterpolable() {
        XCTAssertThrowsError(try PropertyValue.bool(false).interpolated(to: .bool(true), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError, .notInterpolable("a bool"))
            XCTAssertEqual("\(error)", "cannot animate a bool; it changes as a step")
        }
        XCTAssertThrowsError(try PropertyValue.string("a").interpolated(to: .string("b"), 0.5)) { error in
            XCTAssertEqual(error as? InterpolationError, .notInterpolable("a string"))
        }
    }
}
