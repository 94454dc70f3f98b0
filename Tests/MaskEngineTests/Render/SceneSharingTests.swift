import XCTest
@testable import MaskEngine

/// What a render thread reads of the scene without retaining it: a thread's own reference
/// to the renderer's scene (kept in its buffers), the sublayer lists read in place, and
/// the text memo's fonts named by identity but held while a key names them.
final class SceneSharingTests: XCTestCase {
    /// One set of buffers drawing frames of two renderers in turn: each frame is its own
    /// renderer's, as a fresh render draws it (the thread's reference to the scene follows
    /// the renderer, not the buffers' first one).
    func testBuffersUsedByTwoRenderersInTurnDrawEachOnesScene() throws {
        var one = blankScene(40, 30)
        try one.addLayer(layerState(frame: Rect(2, 2, 20, 10), background: .red))
        var two = blankScene(40, 30)
        let parent = try two.addLayer(layerState(frame: Rect(5, 5, 30, 20), background: .blue))
        try two.addLayer(layerState(frame: Rect(1, 1, 8, 8), background: .green), to: parent)
        let first = Renderer(scene: one), second = Renderer(scene: two), buffers = RenderBuffers()
        let fresh = (try first.render(at: 0).pixels, try second.render(at: 0).pixels)
        XCTAssertNotEqual(fresh.0, fresh.1)
        for round in 0..<3 {
            XCTAssertEqual(try first.render(at: 0, using: buffers) { $0.pixels }, fresh.0, "round \(round)")
            XCTAssertEqual(try second.render(at: 0, using: buffers) { $0.pixels }, fresh.1, "round \(round)")
        }
    }

    /// A layer's visible sublayers in drawing order, read in place, are its sublayers
    /// sorted by `z` (ties in declaration order) with the hidden and transparent ones
    /// left out, on random trees.
    func testVisibleSublayersAreTheDrawingOrderOfTheVisibleOnes() throws {
        var random = SplitMix(seed: 0x5CE4E)
        for trial in 0..<40 {
            var scene = blankScene()
            let parent = try scene.addLayer(layerState(frame: Rect(0, 0, 10, 10)))
            for _ in 0..<(random.next() % 9) {
                var s = layerState(frame: Rect(0, 0, 5, 5))
                s.z = Double(random.next() % 3)
                s.hidden = random.next() % 4 == 0
                s.opacity = random.next() % 5 == 0 ? 0 : 1
                try scene.addLayer(s, to: random.next() % 3 == 0 ? nil : parent)
            }
            let renderer = Renderer(scene: scene)
            let walk = LayerWalk(states: try scene.states(at: 0), time: 0, pool: BufferPool())
            let expected = renderer.drawingOrder(walk.tree?.children[parent.index] ?? renderer.scene.node(parent).children, walk.states).filter { renderer.isVisible($0, walk) }
            XCTAssertEqual(renderer.visibleSublayers(of: parent, walk), expected, "trial \(trial)")
            let roots = renderer.drawingOrder(scene.roots, walk.states).filter { renderer.isVisible($0, walk) }
            XCTAssertEqual(renderer.visibleRoots(walk), roots, "trial \(trial)")
        }
    }

    /// A font that a kept key names is held by the thread's memo (its identity cannot be
    /// taken by another font while the key may match it), and let go with every key at
    /// the next frame once more than `TextLayoutMemo.fontCapacity` are held.
    func testAFontOfAKeptKeyIsHeldUntilTheCacheLetsGoOfIt() throws {
        let cache = TextCoverageCache(), pool = BufferPool()
        func text(_ font: Font) -> LayerState {
            var s = layerState(.text, frame: Rect(0, 0, 100, 40))
            s.string = "AC"
            s.font = font
            return s
        }
        let asked = try Font(path: ColorLayerGlyphTests.fontPath)
        XCTAssertTrue(withUnsafePointer(to: text(asked)) { cache.layouts.hasColorGlyphs($0) })
        XCTAssertEqual(cache.layouts.heldFontCount, 1, "the memo's key names the font")
        // A font held for a key of the cache, and named by nothing else.
        weak var held: Font?
        do {
            let font = try Font(path: ColorLayerGlyphTests.fontPath)
            held = font
            withUnsafePointer(to: text(font)) { cache.layouts.hold($0) }
        }
        XCTAssertNotNil(held, "a font a key names is held")
        cache.startFrame(pool: pool)
        XCTAssertNotNil(held, "within the capacity, fonts stay held from frame to frame")
        for _ in 1..<TextLayoutMemo.fontCapacity {
            let font = try Font(path: ColorLayerGlyphTests.fontPath)
            withUnsafePointer(to: text(font)) { cache.layouts.hold($0) }
        }
        XCTAssertEqual(cache.layouts.heldFontCount, TextLayoutMemo.fontCapacity + 1)
        cache.startFrame(pool: pool)
        XCTAssertEqual(cache.layouts.heldFontCount, 0)
        XCTAssertNil(held, "past the capacity, the fonts are let go")
    }
}
