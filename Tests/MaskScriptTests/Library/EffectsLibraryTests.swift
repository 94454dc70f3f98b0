import Foundation
import XCTest
@testable import MaskScript

/// The effects library as shipped: the compiled-in copy is the checked-in file, it
/// compiles on its own, and its settings variants accept `nil` for every default.
final class EffectsLibraryTests: XCTestCase {
    private static let file = RepositoryRoot.url.appendingPathComponent("Sources/MaskScript/Library/effects.mask")

    func testEmbeddedCopyMatchesTheFile() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        XCTAssertEqual(EffectsLibrary.text + "\n", text, "run Sources/MaskScript/Library/generate.sh after editing effects.mask")
    }

    /// The functions the library exports, in the order it declares them.
    static func functionNames() throws -> [String] {
        let (statements, diagnostics) = Parser.parse(EffectsLibrary.source)
        XCTAssertEqual(diagnostics.map(\.description), [])
        return statements.compactMap { s in
            if case .function(let decl) = s.kind { return decl.name }
            return nil
        }
    }

    func testEveryEffectHasAShortAndAFullForm() throws {
        let names = Set(try Self.functionNames())
        for effect in ["sweep", "fadeString", "tileTransition", "shimmer", "waterFill", "hide", "restore",
                       "circleReveal", "carousel"] {
            XCTAssertTrue(names.contains(effect), effect)
            XCTAssertTrue(names.contains(effect + "With"), effect + "With")
        }
    }

    func testFullFormsRunWithEveryDefaultAndWithSettings() throws {
        let lines = OutputLines()
        let script = try Script(text: """
            import "effects" as fx
            canvas { size: [60, 40]; duration: 4s }
            layer a { background: red }
            let band = fx.sweepWith(a, 1s, [clear, white, white, clear])
            print(band.x, band.colors.count)
            delay 1s
            print(band.x)
            text t { string: "hi" }
            let fade = fx.fadeStringWith(t, nil)
            print(fade.width)
            let shine = fx.shimmerWith("go", [red, green, blue, white], 2s, 0.5, 12)
            print(shine.locations)
            layer b { }
            let water = fx.waterFillWith(b, 1s, 0.5s, 0.5)
            print(water.frame, water.opacity)
            layer c { }
            let squares = fx.fragments(c, 2, 3)
            fx.hideWith(squares, 0.1s, 0.1s, "diagonal")
            wait
            fx.restoreWith(squares, nil, nil, nil)
            wait
            print(squares.tiles[5].opacity)
            layer d { }
            let reveal = fx.circleRevealWith(d, [10, 10], 2, nil, 0.5s)
            print(d.mask)
            """, name: "effects-test.mask")
        let interpreter = Interpreter(options: ScriptOptions(resources: MemoryResources(), output: { lines.append($0) }))
        do { try interpreter.run(script) } catch { XCTFail(error.rendered()) }
        XCTAssertEqual(lines.all, ["-60 4", "60", "60", "[0, 0, 0.25, 0.5]", "[0, 0, 60, 40] 1", "1", "nil"])
    }
}
