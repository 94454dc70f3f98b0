import XCTest
@testable import MaskEngine

/// `RenderBudget`: a frame over its buffer or work budget fails naming the layer (and
/// where it was made); one within it renders exactly as without a budget.
final class RenderBudgetTests: XCTestCase {
    /// `depth` translucent layers, each inside the last, each filling the 100×100 canvas
    /// with two sublayers so that each needs an offscreen group (40 KB).
    private func nestedGroups(_ depth: Int) throws -> Scene {
        var scene = blankScene()
        var parent: LayerID?
        for level in 0..<depth {
            var state = layerState(frame: Rect(0, 0, 100, 100), background: Color(white: 1, alpha: 0.2))
            state.opacity = 0.9
            let id = try scene.addLayer(state, to: parent, name: "level\(level)")
            try scene.addLayer(layerState(frame: Rect(0, 0, 10, 10), background: .red), to: id)
            parent = id
        }
        return scene
    }

    func testTooManyNestedGroupsFailNamingTheLayerWhereTheBudgetRanOut() throws {
        let scene = try nestedGroups(8)
        // Each group holds 100 × 100 × 4 = 40,000 bytes; the frame itself is 40,000 more.
        let budget = RenderBudget(bufferBytes: 200_000)
        XCTAssertThrowsError(try Renderer(scene: scene, budget: budget).render(at: 0)) { error in
            guard case let .tooMuchMemory(layer, bytes, limit, _)? = error as? RenderError else {
                return XCTFail("\(error)")
            }
            // The layer's identity, for a host to map to its own place; no location in the text.
            XCTAssertEqual(layer.id, scene.layer(named: "level4"))
            XCTAssertEqual(layer.name, "level4")
            XCTAssertEqual(bytes, 240_000)
            XCTAssertEqual(limit, 200_000)
            XCTAssertNil((error as? RenderError)?.property)
            XCTAssertTrue("\(error)".hasPrefix("layer `level4` would need 234 KiB of offscreen buffers"), "\(error)")
        }
    }

    func testWithinTheBudgetTheFrameIsTheSame() throws {
        let scene = try nestedGroups(8)
        let limited = try Renderer(scene: scene, budget: RenderBudget(bufferBytes: 400_000)).render(at: 0)
        let free = try Renderer(scene: scene, budget: .unlimited).render(at: 0)
        XCTAssertEqual(limited.pixels, free.pixels)
    }

    func testWorkCountsThePixelsOfEveryLayerDrawn() throws {
        var scene = blankScene()
        for i in 0..<50 {
            try scene.addLayer(layerState(frame: Rect(0, 0, 100, 100), background: .blue), name: "sheet\(i)")
        }
        // Each full-canvas layer is 10,000 pixels + 64: the 30th passes 300,000.
        XCTAssertThrowsError(try Renderer(scene: scene, budget: RenderBudget(work: 300_000)).render(at: 0)) { error in
            XCTAssertEqual(error as? RenderError, .tooMuchWork(layer: scene.layerName(LayerID(29)), limit: 300_000))
        }
        XCTAssertNoThrow(try Renderer(scene: scene, budget: RenderBudget(work: 600_000)).render(at: 0))
    }

    func testLayersOffTheCanvasCostOnlyTheirOverhead() throws {
        var scene = blankScene()
        for _ in 0..<1_000 {
            try scene.addLayer(layerState(frame: Rect(5_000, 5_000, 1_000, 1_000), background: .blue))
        }
        XCTAssertNoThrow(try Renderer(scene: scene, budget: RenderBudget(work: 1_000 * RenderBudget.layerOverhead)).render(at: 0))
    }

    func testSizesAreWrittenForPeople() {
        XCTAssertEqual(RenderError.size(512), "512 bytes")
        XCTAssertEqual(RenderError.size(2 << 30), "2.0 GiB")
        XCTAssertEqual(RenderError.size(384 << 20), "384 MiB")
    }
}
