import XCTest
import MaskEngine
@testable import MaskScript

/// The map from the engine's `(layer, property)` back to the script: each engine error
/// lands on the line of the property that caused it, else the layer's declaration.
final class SourceMapTests: XCTestCase {
    private let text = """
        canvas { size: [40, 40]; duration: 1s }
        text label {
          string: "hi"
          font: "DejaVu Sans"
        }
        text plain { string: "x" }
        layer box { }

        """

    private func built() throws -> BuiltScene {
        try Script(text: text, name: "m.mask").build(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
    }

    private func place(_ list: DiagnosticList) -> String {
        list.diagnostics.map { d in
            ([d] + d.notes).map { "\($0.range.start.line):\($0.range.start.column)" }.joined(separator: " ")
        }.joined(separator: "; ")
    }

    func testATextThatCannotBeLaidOutIsAtItsFontElseItsString() throws {
        let built = try built()
        let scene = built.scene
        let label = try XCTUnwrap(scene.layer(named: "label")), plain = try XCTUnwrap(scene.layer(named: "plain"))
        let atFont = built.diagnostics(for: RenderError.textLayout(layer: scene.layerName(label), reason: "no glyphs"))
        XCTAssertEqual(place(atFont), "4:3 2:1", "at `font:`, with the declaration as a note")
        XCTAssertEqual(atFont.diagnostics.first?.message, "cannot lay out the text of layer `label`: no glyphs")
        XCTAssertEqual(atFont.source?.name, "m.mask")
        let atString = built.diagnostics(for: RenderError.textLayout(layer: scene.layerName(plain), reason: "no glyphs"))
        XCTAssertEqual(place(atString), "6:14 6:1", "no `font:`: at `string:`")
    }

    /// A shadow over the budget is at its `shadowRadius`, whether the body sets it or only
    /// an `animate` does; a layer whose radius is the default's, at its declaration.
    func testAShadowOverTheBudgetIsAtItsRadius() throws {
        let text = """
            canvas { size: [40, 40]; duration: 1s }
            layer set { shadowOpacity: 1; shadowRadius: 9 }
            layer animated { shadowOpacity: 1 }
            layer plain { shadowOpacity: 1 }
            animate animated.shadowRadius to 9 over 1s
            animate set.shadowRadius to 2 over 1s

            """
        let built = try Script(text: text, name: "m.mask").build(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
        let places = try ["set", "animated", "plain"].map { name in
            let id = try XCTUnwrap(built.scene.layer(named: name))
            return place(built.diagnostics(for: RenderError.tooMuchWork(layer: built.scene.layerName(id), limit: 1, property: .shadowRadius)))
        }
        XCTAssertEqual(places, ["2:31 2:1", "5:9 3:1", "4:1"])
    }

    func testWholeLayerErrorsAreAtTheDeclarationAndSceneErrorsAtTheCanvas() throws {
        let built = try built()
        let box = try XCTUnwrap(built.scene.layer(named: "box"))
        let memory = built.diagnostics(for: RenderError.tooMuchMemory(layer: built.scene.layerName(box), bytes: 2, limit: 1),
                                       message: "cannot render frame 0: over")
        XCTAssertEqual(place(memory), "7:1")
        XCTAssertEqual(memory.diagnostics.first?.message, "cannot render frame 0: over")
        XCTAssertEqual(place(built.diagnostics(for: LottieExportError.unboundedDuration)), "1:1")
    }
}
