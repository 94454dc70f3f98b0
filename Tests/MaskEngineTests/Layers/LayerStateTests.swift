import XCTest
@testable import MaskEngine

/// `LayerState.set(_:to:)`: type checks, domains, clamping, and the value round trip the
/// timeline relies on (it reads a base value with `value(for:)` and writes it back).
final class LayerStateTests: XCTestCase {

    private func assertPropertyError(_ expression: @autoclosure () throws -> Void, _ expected: PropertyError,
                                     message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? PropertyError, expected, file: file, line: line)
            if let message { XCTAssertEqual("\(error)", message, file: file, line: line) }
        }
    }

    func testCoreAnimationDefaults() {
        let state = LayerState(kind: .shape)
        XCTAssertEqual(state.anchor, Point(0.5, 0.5))
        XCTAssertEqual(state.opacity, 1)
        XCTAssertEqual(state.background, .clear)
        XCTAssertEqual(state.fill, .black)
        XCTAssertNil(state.stroke)
        XCTAssertEqual(state.lineWidth, 1)
        XCTAssertEqual(state.start, Point(0.5, 0))
        XCTAssertEqual(state.end, Point(0.5, 1))
        XCTAssertEqual(state.fontSize, 17)
        XCTAssertEqual(state.textColor, .white)
        XCTAssertEqual(state.gravity, .fill)
    }

    func testEveryValueReadCanBeWrittenBack() throws {
        for kind in LayerKind.allCases {
            var state = LayerState(kind: kind)
            let before = state
            for key in PropertyKey.allCases {
                XCTAssertNoThrow(try state.set(key, to: state.value(for: key)), "\(kind) \(key)")
            }
            XCTAssertEqual(state, before, "\(kind)")
        }
    }

    func testTypeMismatches() {
        var state = LayerState(kind: .plain)
        assertPropertyError(try state.set(.opacity, to: .color(.red)),
                            .typeMismatch(key: .opacity, expected: "a number", found: "a colour"),
                            message: "`opacity` expects a number, got a colour")
        assertPropertyError(try state.set(.background, to: .number(1)),
                            .typeMismatch(key: .background, expected: "a colour", found: "a number"),
                            message: "`background` expects a colour, got a number")
        assertPropertyError(try state.set(.background, to: .optionalColor(nil)),
                            .typeMismatch(key: .background, expected: "a colour", found: "nil"))
        assertPropertyError(try state.set(.hidden, to: .number(1)),
                            .typeMismatch(key: .hidden, expected: "a bool", found: "a number"))
        assertPropertyError(try state.set(.size, to: .point(Point(1, 1))),
                            .typeMismatch(key: .size, expected: "a size [width, height]", found: "a point"))
        assertPropertyError(try state.set(.fill, to: .string("red")),
                            .typeMismatch(key: .fill, expected: "a colour or nil", found: "a string"))
    }

    func testInvalidValues() {
        var state = LayerState(kind: .text)
        assertPropertyError(try state.set(.opacity, to: .number(.nan)),
                            .invalidValue(key: .opacity, reason: "must be a finite number"),
                            message: "`opacity` must be a finite number")
        assertPropertyError(try state.set(.size, to: .size(Size(-1, 5))),
                            .invalidValue(key: .size, reason: "width and height must be finite and not negative"))
        assertPropertyError(try state.set(.position, to: .point(Point(.infinity, 0))),
                            .invalidValue(key: .position, reason: "must be finite"))
        assertPropertyError(try state.set(.locations, to: .numbers([0, .nan])),
                            .invalidValue(key: .locations, reason: "locations must be finite numbers"))
    }

    func testClamping() throws {
        // A font size clamps (a spring may overshoot below zero) rather than failing a frame.
        var text = LayerState(kind: .text)
        try text.set(.fontSize, to: .number(0))
        XCTAssertEqual(text.fontSize, 0.01)
        try text.set(.fontSize, to: .number(1e9))
        XCTAssertEqual(text.fontSize, 4096)
        var state = LayerState(kind: .shape)
        try state.set(.opacity, to: .number(1.5))
        XCTAssertEqual(state.opacity, 1)
        try state.set(.opacity, to: .number(-0.5))
        XCTAssertEqual(state.opacity, 0)
        try state.set(.cornerRadius, to: .number(-3))
        XCTAssertEqual(state.cornerRadius, 0)
        try state.set(.strokeEnd, to: .number(2))
        XCTAssertEqual(state.strokeEnd, 1)
        try state.set(.lineWidth, to: .number(-1))
        XCTAssertEqual(state.lineWidth, 0)
    }

    func testOptionalColours() throws {
        var state = LayerState(kind: .shape)
        try state.set(.fill, to: .optionalColor(nil))
        XCTAssertNil(state.fill)
        try state.set(.stroke, to: .color(.red))
        XCTAssertEqual(state.stroke, .red)
        try state.set(.background, to: .optionalColor(.blue))
        XCTAssertEqual(state.background, .blue)
    }
}
