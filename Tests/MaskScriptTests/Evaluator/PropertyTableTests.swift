import Foundation
import XCTest
import MaskEngine
@testable import MaskScript

/// Every property the engine declares is reachable from a script, sampled from the
/// timeline, interpolated when it is animatable (and refused by `animate` when it is not),
/// and documented in docs/Reference.md: the proof that a declaration is all a property needs.
final class PropertyTableTests: XCTestCase {
    /// Two script values of each type, both unlike the default.
    private func samples(_ key: PropertyKey) -> (String, String) {
        switch key {
        case .mask: return ("nil", "m")
        case .masks: return ("[m]", "[]")
        case .contents: return ("\"a.png\"", "image(\"b.png\")")
        case .font: return ("\"DejaVu Serif\"", "\"DejaVu Sans Mono\"")
        case .size: return ("[1, 2, 30, 40]", "[3, 4, 10, 20]")
        default: break
        }
        switch key.declaration.type {
        case .number: return ("0.25", "0.75")
        case .point: return ("[0.25, 0.75]", "[0.5, 1.5]")
        case .size: return ("[2, 3]", "[4, 5]")
        case .bool: return ("true", "false")
        case .color, .optionalColor: return ("red", "blue")
        case .choice(let words): return (words[words.count - 1], words[0])
        case .colors: return ("[red, blue]", "[blue, green]")
        case .optionalNumbers: return ("[0, 1]", "[0.25, 0.75]")
        case .path: return ("rect(0, 0, 4, 4)", "rect(1, 1, 6, 6)")
        case .optionalPath: return ("circle(5, 5, 4)", "circle(6, 7, 3)")
        case .string: return ("\"hi\"", "\"yo\"")
        case .image, .font, .layer, .layers: return ("nil", "nil")
        }
    }

    /// The script property that sets an engine key: its own, or the frame shorthand it is part of.
    private func scriptProperty(for key: PropertyKey) -> LayerProperty? {
        let shorthand: [PropertyKey: String] = [.size: "frame", .positionX: "x", .positionY: "y", .width: "width", .height: "height"]
        if let name = shorthand[key] { return LayerProperty(rawValue: name) }
        return LayerProperty.all.first { $0.key == key }
    }

    /// Images for any name, fonts as the sandbox gives them.
    private struct Resolver: ResourceResolver {
        func image(named path: String) throws -> Image {
            try Image(width: 2, height: path.hasPrefix("a") ? 2 : 3, fill: Color.red.premultiplied())
        }
        func font(named name: String) throws -> Font { try SandboxResolver().font(named: name) }
    }

    private func run(_ text: String) throws -> Scene {
        try Script(text: text, name: "t.mask").run(options: ScriptOptions(resources: Resolver(), output: { _ in }))
    }

    private func layer(_ scene: Scene) throws -> LayerID {
        try XCTUnwrap(scene.layerIDs.first { scene.node($0).name == "a" })
    }

    func testEveryDeclaredPropertyIsAcceptedSampledInterpolatedAndDocumented() throws {
        let reference = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("docs/Reference.md"), encoding: .utf8)
        for key in PropertyKey.allCases {
            let property = try XCTUnwrap(scriptProperty(for: key), "\(key) has no script property")
            XCTAssertEqual(property.isAnimatable, key.isAnimatable, "\(key)")
            XCTAssertTrue(reference.contains("| `\(property.name)` |"), "\(property.name) is not in docs/Reference.md")
            XCTAssertFalse(key.declaration.doc.isEmpty, "\(key) has no doc")
            let kinds = LayerKeyword.allCases.filter { key.applies(to: $0.engineKind) }
            XCTAssertFalse(kinds.isEmpty, "\(key) applies to no kind")
            let (first, second) = samples(key)
            for kind in kinds {
                let what = "\(kind).\(property.name) (\(key))"
                // Set in the body, changed as a step at 1 s, and animated back over 1 s from 2 s.
                // (`mask` in a body is the mask statement; its default, nil, is the first value.)
                let body = key == .mask ? "" : "\(property.name): \(first)"
                let text = """
                    canvas { duration: 4 }
                    layer m { }
                    \(kind.rawValue) a {
                      frame: [0, 0, 20, 20]
                      \(body)
                    }
                    delay 1
                    a.\(property.name) = \(second)
                    delay 1

                    """
                let scene = try run(text)
                let a = try layer(scene)
                let base = LayerState(kind: kind.engineKind).value(for: key)
                let v0 = try scene.value(of: a, key, at: 0.5), v1 = try scene.value(of: a, key, at: 1.5)
                if key != .mask { XCTAssertNotEqual(v0, base, "\(what): the body sets it") }
                XCTAssertNotEqual(v0, v1, "\(what): the step changes it")
                XCTAssertEqual(try scene.state(of: a, at: 1.5).value(for: key), v1, "\(what): a frame's state has it")

                let animated = text + "animate a.\(property.name) to \(first) over 1\n"
                guard key.isAnimatable else {
                    XCTAssertThrowsError(try run(animated), what) { error in
                        XCTAssertTrue("\(error)".contains("cannot be animated"), "\(what): \(error)")
                    }
                    continue
                }
                let animatedScene = try run(animated)
                let start = try animatedScene.value(of: a, key, at: 2), end = try animatedScene.value(of: a, key, at: 3)
                let middle = try animatedScene.value(of: a, key, at: 2.5)
                XCTAssertEqual(middle, try start.interpolated(to: end, 0.5), what)
                XCTAssertNotEqual(middle, start, what)
                XCTAssertNotEqual(middle, end, what)
            }
        }
    }

    func testTheLanguageListsEachEnginePropertyOnce() {
        let keys = LayerProperty.all.compactMap(\.key)
        XCTAssertEqual(keys.count, Set(keys).count)
        XCTAssertEqual(LayerProperty.all.count, Set(LayerProperty.all.map(\.name)).count, "a name used twice")
        XCTAssertEqual(LayerProperty(rawValue: "type")?.key, .gradientType)
        XCTAssertEqual(LayerProperty(rawValue: "shadowOffset")?.key, .shadowOffset)
        XCTAssertNil(LayerProperty(rawValue: "positionX"), "parts of position are set through x")
    }

    func testTheNewPropertiesHaveCoreAnimationsDefaults() {
        let s = LayerState(kind: .plain)
        XCTAssertEqual(s.value(for: .borderWidth), .number(0))
        XCTAssertEqual(s.value(for: .borderColor), .color(.black))
        XCTAssertEqual(s.value(for: .shadowColor), .color(.black))
        XCTAssertEqual(s.value(for: .shadowOpacity), .number(0))
        XCTAssertEqual(s.value(for: .shadowRadius), .number(3))
        XCTAssertEqual(s.value(for: .shadowOffset), .point(Point(0, -3)))
        XCTAssertEqual(PropertyKey.shadowOffset.declaration.defaultValue, .point(Point(0, -3)))
    }
}
