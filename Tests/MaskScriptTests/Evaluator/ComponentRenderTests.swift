import XCTest
import MaskEngine
@testable import MaskScript

/// Components, probed on rendered pixels: a mask whose layers a function declared masks
/// its owner (before LANGUAGE.md section 10 the function's layers went to the top level,
/// leaving the mask empty and the owner invisible).
final class ComponentRenderTests: XCTestCase {
    func testAMaskBuiltByAFunctionMasksItsOwner() throws {
        let script = try Script(text: """
            canvas { size: [40, 40] }
            fn hole(cx, cy, r) {
              shape { path: circle(cx, cy, r); fill: white }
            }
            layer photo {
              background: white
              mask layer { hole(20, 20, 10) }
            }
            """, name: "test.mask")
        let scene = try script.run(options: ScriptOptions(resources: MemoryResources(), output: { _ in }))
        XCTAssertEqual(scene.roots.count, 1, "the function's shape joined the mask, not the top level")
        let image = try Renderer(scene: scene).render(at: 0)
        let centre = try XCTUnwrap(image.pixel(x: 20, y: 20))
        let corner = try XCTUnwrap(image.pixel(x: 2, y: 2))
        XCTAssertEqual([centre.r, centre.g, centre.b], [255, 255, 255], "inside the circle the owner shows")
        XCTAssertEqual([corner.r, corner.g, corner.b], [0, 0, 0], "outside it the canvas background shows")
    }
}
