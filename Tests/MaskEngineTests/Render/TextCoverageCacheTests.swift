import XCTest
@testable import MaskEngine

/// Text coverage is made in canonical placement (the translation cut to its fraction of a
/// pixel) and moved by whole pixels: labels alike share one coverage, and each still lands
/// where it is.
final class TextCoverageCacheTests: XCTestCase {
    private func label(_ x: Double, _ y: Double) -> LayerState {
        var text = layerState(.text, frame: Rect(x, y, 60, 30))
        text.string = "Wg"
        text.fontSize = 20
        text.textColor = .white
        return text
    }

    private func scene(labels: [(Double, Double)]) throws -> Scene {
        var scene = blankScene(240, 60)
        for (x, y) in labels { _ = try scene.addLayer(label(x, y)) }
        return scene
    }

    /// The pixels of `image` in the box at (`x`, `y`), `width` × `height`, as RGBA rows.
    private func box(_ image: Image, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> [[Int]] {
        (y..<(y + height)).flatMap { row in (x..<(x + width)).map { rgba(image, $0, row) } }
    }

    func testLabelsAtTheSameFractionShareOneCoverageAndLandWhereTheyAre() throws {
        let both = try scene(labels: [(10.25, 10.5), (130.25, 13.5)])
        let buffers = RenderBuffers()
        let frame = try Renderer(scene: both).render(at: 0, using: buffers) { $0 }
        XCTAssertEqual(buffers.pool.texts.keptCount, 1, "the second label is the first one moved")
        // Each label is where it is drawn alone, and the second is the first moved by (120, 3).
        let first = try render(scene(labels: [(10.25, 10.5)]))
        let second = try render(scene(labels: [(130.25, 13.5)]))
        XCTAssertEqual(box(frame, 0, 0, 100, 50), box(first, 0, 0, 100, 50))
        XCTAssertEqual(box(frame, 120, 3, 100, 50), box(second, 120, 3, 100, 50))
        XCTAssertEqual(box(first, 0, 0, 100, 50), box(second, 120, 3, 100, 50))
        XCTAssertTrue(box(first, 0, 0, 100, 50).contains { $0[0] > 200 }, "the glyphs are drawn")
    }

    func testLabelsAtOtherFractionsAreMadeApart() throws {
        let buffers = RenderBuffers()
        _ = try Renderer(scene: scene(labels: [(10.25, 10), (130.5, 10)])).render(at: 0, using: buffers) { $0 }
        XCTAssertEqual(buffers.pool.texts.keptCount, 2)
    }

    func testTextCutByTheFrameIsItsOwnAndShowsItsVisiblePart() throws {
        let buffers = RenderBuffers()
        let frame = try Renderer(scene: scene(labels: [(-8.25, 10), (131.75, 10)])).render(at: 0, using: buffers) { $0 }
        XCTAssertEqual(buffers.pool.texts.keptCount, 2, "a cut label does not stand for an uncut one")
        let whole = try render(scene(labels: [(131.75, 10)]))
        // The cut label's visible part is the whole one's, moved by 140 pixels.
        XCTAssertEqual(box(frame, 0, 0, 50, 50), box(whole, 140, 0, 50, 50))
    }

    func testMovingTextKeepsNoMoreThanTwoFramesOfCoverage() throws {
        var moving = try scene(labels: [(10, 10)])
        let id = try XCTUnwrap(moving.roots.first)
        try moving.animate(Animation(layer: id, key: .position, keyframes: [.point(Point(180.3, 25))], begin: 0, duration: 1))
        let renderer = Renderer(scene: moving)
        let buffers = RenderBuffers()
        for k in 0..<10 {
            _ = try renderer.renderFrame(k, using: buffers) { $0 }
            XCTAssertLessThanOrEqual(buffers.pool.texts.keptCount, 2, "frame \(k)")
        }
    }
}

extension TextCoverageCacheTests {
    /// The coverage made in canonical placement and moved is where the glyphs rasterized at
    /// their own place are, value for value (within the last bit of the moved arithmetic).
    func testMovedCoverageIsTheGlyphsRasterizedInPlace() throws {
        for (x, y) in [(10.25, 10.5), (130.75, 3.0), (47.0, 21.125)] {
            var scene = blankScene(240, 60)
            let id = try scene.addLayer(label(x, y))
            let state = try scene.states(at: 0)[id.index]
            let clip = PixelRect(x0: 0, y0: 0, x1: 240, y1: 60)
            let m = state.transformToParent
            let cached = try XCTUnwrap(withUnsafePointer(to: state) {
                try Renderer(scene: scene).cachedTextCoverage(of: id, $0, transform: m, clip: clip, pool: BufferPool())
            })
            let direct = try XCTUnwrap(Rasterizer.coverage(of: TextLayout.path(for: state, visible: nil), transform: m,
                                                           fillRule: .nonzero, clip: clip))
            XCTAssertEqual(cached.rect, direct.rect, "at (\(x), \(y))")
            var worst = 0
            for py in direct.rect.y0..<direct.rect.y1 {
                for px in direct.rect.x0..<direct.rect.x1 {
                    worst = max(worst, abs(Int(cached.value(x: px, y: py)) - Int(direct.value(x: px, y: py))))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "at (\(x), \(y))")
        }
    }

    /// A coverage asked for in a frame is kept for the next; one the last frame did not
    /// ask for goes back to the pool.
    func testACoverageInUseIsKeptAndAnUnusedOneLetGo() {
        let pool = BufferPool(), cache = TextCoverageCache()
        let shape = withUnsafePointer(to: label(0, 0)) { s in
            let shape = TextCoverageCache.Shape(placement: .init(s, transform: .identity, clip: .empty), uncut: true)
            cache.keep(CoverageMask(rect: PixelRect(x0: 0, y0: 0, x1: 4, y1: 1), values: [1, 2, 3, 4]), for: shape, s, pool: pool)
            return shape
        }
        for frame in 0..<4 {
            cache.startFrame(pool: pool)
            XCTAssertEqual(cache.coverage(for: shape)??.bytes, [1, 2, 3, 4], "frame \(frame)")
        }
        cache.startFrame(pool: pool)
        cache.startFrame(pool: pool)
        XCTAssertEqual(cache.keptCount, 0)
    }

    /// The cache tells the shape it was last asked for by a comparison before a hash:
    /// labels of two shapes taking turns in one frame (two fractions of a pixel, and two
    /// strings), in scenes that take turns with one `RenderBuffers`, each get their own
    /// coverage, as a fresh render draws them.
    func testShapesTakingTurnsGetTheirOwnCoverage() throws {
        func turns(_ strings: [String], fractions: [Double]) throws -> Renderer {
            var scene = blankScene(240, 60)
            for i in 0..<6 {
                var text = label(Double(i) * 38 + fractions[i % fractions.count], 10 + Double(i % 2) * 12)
                text.string = strings[i % strings.count]
                try scene.addLayer(text)
            }
            return Renderer(scene: scene)
        }
        let a = try turns(["Wg", "Wg"], fractions: [0.25, 0.5]), b = try turns(["Wg", "Ax"], fractions: [0.25])
        let buffers = RenderBuffers()
        for (renderer, name) in [(a, "a"), (b, "b"), (a, "a"), (a, "a"), (b, "b"), (b, "b")] {
            XCTAssertEqual(try renderer.render(at: 0, using: buffers) { $0 }, try renderer.render(at: 0, using: RenderBuffers()) { $0 }, name)
        }
        // Each scene's labels are of two coverages, or swapped ones would go unseen (after
        // two frames of one scene, the other's are let go).
        for (renderer, name) in [(a, "a"), (b, "b")] {
            for _ in 0..<2 { _ = try renderer.render(at: 0, using: buffers) { $0 } }
            XCTAssertEqual(buffers.pool.texts.keptCount, 2, name)
        }
    }
}
