import XCTest
@testable import MaskEngine

/// The declarations are consistent with the state they describe: each reads and writes
/// its own field, its default is the state's initial value, its type is what it holds,
/// and parts come after their wholes (the order a frame applies changes in).
final class PropertyDeclarationTests: XCTestCase {
    func testEveryDeclarationIsComplete() {
        for key in PropertyKey.allCases {
            let d = key.declaration
            XCTAssertEqual(d.key, key)
            XCTAssertFalse(d.kinds.isEmpty, "\(key)")
            XCTAssertTrue(d.doc.hasSuffix("."), "\(key): \(d.doc)")
            XCTAssertFalse(d.keyPath.isEmpty, "\(key)")
        }
    }

    func testPartsComeAfterTheirWholes() {
        for key in PropertyKey.allCases {
            for part in key.declaration.parts {
                XCTAssertLessThan(PropertyKey.order[key, default: 0], PropertyKey.order[part, default: 0], "\(part) of \(key)")
            }
        }
        XCTAssertEqual(PropertyKey.position.declaration.parts, [.positionX, .positionY])
    }

    func testTheDefaultIsTheStatesInitialValueAndSetsBackUnchanged() throws {
        for key in PropertyKey.allCases {
            for kind in LayerKind.allCases where key.applies(to: kind) {
                var state = LayerState(kind: kind)
                XCTAssertEqual(state.value(for: key), key.declaration.defaultValue, "\(key) of \(kind)")
                try state.set(key, to: key.declaration.defaultValue)
                XCTAssertEqual(state, LayerState(kind: kind), "\(key) of \(kind)")
            }
        }
    }

    func testAValueOfAnotherTypeIsRefused() {
        for key in PropertyKey.allCases {
            var state = LayerState(kind: .shape)
            let wrong: PropertyValue = key.declaration.type == .string ? .bool(true) : .string("x")
            XCTAssertThrowsError(try state.set(key, to: wrong), "\(key)") { error in
                guard case .typeMismatch(let k, _, _)? = error as? PropertyError else { return XCTFail("\(key): \(error)") }
                XCTAssertEqual(k, key)
            }
        }
    }

    func testEveryChoiceWordIsAValueOfItsProperty() throws {
        for key in PropertyKey.allCases where !key.declaration.choices.isEmpty {
            for word in key.declaration.choices {
                let value = try XCTUnwrap(key.declaration.choice(word), "\(key) \(word)")
                var state = LayerState(kind: key.applies(to: .plain) ? .plain : (LayerKind.allCases.first { key.applies(to: $0) } ?? .plain))
                try state.set(key, to: value)
                XCTAssertEqual(state.value(for: key).description, word)
            }
            XCTAssertNil(key.declaration.choice("nonsense"))
        }
    }

    func testNumbersAreClampedAsDeclared() throws {
        var state = LayerState(kind: .plain)
        try state.set(.shadowOpacity, to: .number(3))
        XCTAssertEqual(state.shadowOpacity, 1)
        try state.set(.borderWidth, to: .number(-2))
        XCTAssertEqual(state.borderWidth, 0)
        try state.set(.shadowRadius, to: .number(-1))
        XCTAssertEqual(state.shadowRadius, 0)
        XCTAssertThrowsError(try state.set(.shadowOffset, to: .point(Point(.nan, 0))))
        XCTAssertEqual(PropertyKey.opacity.declaration.clamp, 0...1)
    }
}
