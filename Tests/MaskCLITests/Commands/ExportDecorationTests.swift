import Foundation
import XCTest

/// `mask export` refuses borders and shadows, which Lottie layers cannot draw, with an
/// error naming the feature and the layer's line, and writes nothing.
final class ExportDecorationTests: MaskCLITestCase {
    func testABorderOrAShadowIsAnErrorAtItsLayer() throws {
        for (property, feature) in [("borderWidth: 2", "a border"), ("shadowOpacity: 0.5", "a shadow")] {
            try write("canvas { size: [40, 40]; duration: 1s }\nlayer plain { }\nlayer card {\n  \(property)\n}\n", to: "d.mask")
            let run = try mask("export", "d.mask", "-o", "d.json")
            XCTAssertEqual(run.status, 1, feature)
            XCTAssertTrue(run.stderr.contains(feature), run.stderr)
            // At the property that asks for it, with the layer's declaration as a note.
            XCTAssertEqual(run.stderr, """
                d.mask:4:3: error: cannot export layer `card` as Lottie: \(feature) has no Lottie equivalent
                    4 |   \(property)
                      |   ^\(String(repeating: "~", count: property.count - 1))
                d.mask:3:1: note: layer `card` is declared here
                    3 | layer card {
                      | ^

                """)
            XCTAssertEqual(try listing(), ["d.mask"])
        }
    }

    /// A border or shadow property set to something that still draws nothing exports.
    func testPropertiesThatDrawNothingExport() throws {
        try write("canvas { size: [40, 40]; duration: 1s }\nlayer card {\n  borderColor: red\n  shadowRadius: 8\n  shadowColor: clear\n  shadowOpacity: 1\n}\n",
                  to: "e.mask")
        let run = try mask("export", "e.mask", "-o", "e.json")
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
