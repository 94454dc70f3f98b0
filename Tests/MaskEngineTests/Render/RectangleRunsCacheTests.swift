import XCTest
@testable import MaskEngine

/// A render thread's kept rectangle runs (`RectangleRunsCache`) are the runs made again:
/// asked in any order, a slot's rectangle, transform or clip changed or not, and through
/// one `RenderBuffers` whose scenes take turns, their grid masks standing elsewhere.
final class RectangleRunsCacheTests: XCTestCase {
    /// Random requests over a few slots, each from a few rectangles, transforms and clips
    /// (so that most find their slot as they left it, and many do not), against
    /// `RunMask.setCoverage` made fresh: the same answer, rect, bands and runs.
    func testKeptRunsAreTheRunsMadeAgain() {
        let rects = [Rect(0, 0, 40, 20), Rect(0.25, 0.5, 40, 20), Rect(3, 2, 17.5, 9.75)]
        let transforms = [Transform.identity, Transform(a: 1, b: 0, c: 0, d: 1, tx: 10.375, ty: 4),
                          Transform(a: 2, b: 0, c: 0, d: 1.5, tx: -3, ty: 7.25),
                          Transform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 20, ty: 10)]
        let clips = [PixelRect(x0: 0, y0: 0, x1: 64, y1: 48), PixelRect(x0: 5, y0: 3, x1: 30, y1: 12),
                     PixelRect(x0: 12, y0: 6, x1: 60, y1: 40)]
        let slots = [0, 1, 2].flatMap { i in [false, true].map { RectangleRunsCache.Slot(layer: LayerID(i), isFrame: $0) } }
        let cache = RectangleRunsCache()
        var random = SplitMix(seed: 0x5EC7)
        var made = 0, changed = 0
        var last: [RectangleRunsCache.Slot: (Int, Int, Int)] = [:]
        for n in 0..<2_000 {
            let slot = slots[Int(random.next() % UInt64(slots.count))]
            // Most requests repeat the slot's last rectangle; the rest change one thing.
            var pick = last[slot] ?? (0, 0, 0)
            switch random.next() % 6 {
            case 0: pick.0 = Int(random.next() % UInt64(rects.count))
            case 1: pick.1 = Int(random.next() % UInt64(transforms.count))
            case 2: pick.2 = Int(random.next() % UInt64(clips.count))
            default: break
            }
            if let before = last[slot], before != pick { changed += 1 }
            last[slot] = pick
            let (r, m, clip) = (rects[pick.0], transforms[pick.1], clips[pick.2])
            var fresh = RunMask(zeroOver: .empty)
            let freshMade = fresh.setCoverage(ofRect: r, transform: m, clip: clip)
            let kept = cache.coverage(ofRect: r, transform: m, clip: clip, for: slot)
            XCTAssertEqual(kept != nil, freshMade, "request \(n)")
            guard let kept, freshMade else { continue }
            made += 1
            XCTAssertEqual(kept.rect, fresh.rect, "request \(n)")
            XCTAssertEqual(kept.bands, fresh.bands, "request \(n)")
            XCTAssertEqual(kept.runs, fresh.runs, "request \(n)")
        }
        // Both answers, and changed slots, or the comparison above would prove little.
        XCTAssertGreaterThan(made, 500)
        XCTAssertLessThan(made, 2_000)
        XCTAssertGreaterThan(changed, 300)
    }

    /// A panel masked by a grid whose tiles fade in turn, the grid of one size at another
    /// place in each scene, larger than the panel (its layers' ids, bounds and the clip
    /// the same in both, their transforms not): the scenes take turns with one
    /// `RenderBuffers`, frames in a scrambled order, and each frame is a fresh render's.
    func testGridMasksOfScenesTakingTurnsMatchFreshRenders() throws {
        func scene(grid frame: Rect, panel: Color) throws -> Renderer {
            var scene = blankScene(64, 48)
            let owner = try scene.addLayer(layerState(frame: Rect(2, 3, 56, 40), background: panel))
            let grid = try scene.addLayer(layerState(.grid, frame: frame))
            let tiles = try scene.addTiles(to: grid, rows: 2, columns: 2, color: .white)
            for (i, tile) in tiles.enumerated() {
                try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(1), .number(0)],
                                            begin: 0.2 * Double(i), duration: 0.6))
            }
            try scene.setMask(grid, of: owner)
            return Renderer(scene: scene)
        }
        let a = try scene(grid: Rect(-10, -8, 90, 70), panel: .red)
        let b = try scene(grid: Rect(-14.5, -5.25, 90, 70), panel: .blue)
        let buffers = RenderBuffers()
        for (k, t) in [0, 0.3, 0.3, 0.5, 0.1, 0.9, 0.5, 0.7, 0].enumerated() {
            for (renderer, name) in [(a, "a"), (b, "b"), (b, "b")] {
                let fresh = try renderer.render(at: t, using: RenderBuffers()) { $0 }
                XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, fresh, "\(name), request \(k), t = \(t)")
            }
        }
        // The grids differ where they are drawn, or kept runs of the other would go unseen.
        XCTAssertNotEqual(try a.render(at: 0.3).pixels.map { $0 > 0 }, try b.render(at: 0.3).pixels.map { $0 > 0 })
    }
}
