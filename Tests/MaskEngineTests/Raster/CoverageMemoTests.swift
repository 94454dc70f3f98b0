import XCTest
@testable import MaskEngine

/// A thread's kept coverages (`CoverageMemo`) are the coverages made again: a shape asked
/// for again at whole-pixel offsets is found, one at another fraction of a pixel or cut
/// otherwise by its clip is made, and either way the mask is the one a fresh pool makes.
final class CoverageMemoTests: XCTestCase {
    /// A few shapes, in the layer's own space: curves (circle, oval), a star (straight
    /// edges, evenodd differs), a rounded rectangle.
    private let shapes: [Path] = [
        .circle(center: Point(20, 18), radius: 13.3),
        .oval(in: Rect(2, 5.5, 37, 19)),
        .polygon([Point(20, 0), Point(26, 36), Point(0, 12), Point(40, 12), Point(14, 36)]),
        .roundedRect(Rect(3, 3, 30.5, 21), radius: 6),
    ]
    /// Linear parts: none, a turn, a stretch.
    private let linear: [(Double, Double, Double, Double)] = [(1, 0, 0, 1), (0.8, 0.6, -0.6, 0.8), (1.5, 0, 0.25, 0.75)]
    /// Fractions of a pixel of the translation (two alike along x).
    private let fractions: [(Double, Double)] = [(0, 0), (0.25, 0.5), (0.7, 0.125), (0.25, 0.875)]

    /// Scrambled requests through one pool (whose masks are written over and given back,
    /// as a draw may do), each against the same request to a fresh pool and against the
    /// shape made at no whole-pixel offset and moved: the same mask every time.
    func testKeptCoverageIsTheCoverageMadeAfresh() {
        let pool = BufferPool()
        var random = SplitMix(seed: 0xC0FE)
        var clipped = 0
        var pick = (0, 0, 0, false)
        for n in 0..<1_500 {
            // Half the requests ask for the last shape again, at another offset.
            if random.next() % 2 == 0 {
                pick = (Int(random.next() % UInt64(shapes.count)), Int(random.next() % UInt64(linear.count)),
                        Int(random.next() % UInt64(fractions.count)), random.next() % 4 == 0)
            }
            let shape = shapes[pick.0]
            let (a, b, c, d) = linear[pick.1]
            let (fx, fy) = fractions[pick.2]
            let rule: FillRule = pick.3 ? .evenodd : .nonzero
            let (ox, oy) = (Int(random.next() % 9) * 37 - 60, Int(random.next() % 7) * 23 - 40)
            let m = Transform(a: a, b: b, c: c, d: d, tx: Double(ox) + fx, ty: Double(oy) + fy)
            // Mostly the whole canvas; now and then a clip that cuts shapes.
            let cut = random.next() % 5 == 0
            let clip = cut ? PixelRect(x0: 10, y0: -5, x1: 120, y1: 70) : PixelRect(x0: -200, y0: -200, x1: 400, y1: 300)
            var kept = Rasterizer.coverage(of: shape, transform: m, fillRule: rule, clip: clip, pool: pool)
            let fresh = Rasterizer.coverage(of: shape, transform: m, fillRule: rule, clip: clip)
            assertSameCoverage(kept, fresh, "request \(n)")
            if !cut {
                let origin = Transform(a: a, b: b, c: c, d: d, tx: fx, ty: fy)
                let moved = Rasterizer.coverage(of: shape, transform: origin, fillRule: rule, clip: PixelRect(x0: -200, y0: -200, x1: 400, y1: 400))?
                    .moved(dx: ox, dy: oy)
                assertSameCoverage(kept, moved, "request \(n), moved")
            } else if kept != nil {
                clipped += 1
            }
            // The caller's to write over and give back: nothing kept may change.
            if var mask = kept {
                mask.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 7) }
                mask.recycle(into: pool)
            }
            kept = nil
        }
        XCTAssertGreaterThan(clipped, 50)
        // Half the requests repeat the shape before at a whole-pixel offset: found, but
        // where the clip cuts either.
        XCTAssertGreaterThan(pool.coverageMemo.hits, 400)
    }

    /// The same shape at another fraction of a pixel, or cut by its clip, is made, not
    /// found; at a whole-pixel offset it is found.
    func testOtherFractionsAndCutsAreMadeAndWholePixelOffsetsFound() {
        let pool = BufferPool()
        let circle = shapes[0]
        let canvas = PixelRect(x0: 0, y0: 0, x1: 300, y1: 200)
        func ask(_ tx: Double, _ ty: Double, clip: PixelRect = canvas) {
            var mask = Rasterizer.coverage(of: circle, transform: Transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty),
                                           fillRule: .nonzero, clip: clip, pool: pool)
            mask?.recycle(into: pool)
        }
        ask(10.25, 20)
        XCTAssertEqual(pool.coverageMemo.hits, 0)
        ask(110.25, 60)
        XCTAssertEqual(pool.coverageMemo.hits, 1, "moved by whole pixels")
        ask(110.5, 60)
        ask(110.25 + 1e-9, 60)
        ask(110.25, 60.0000001)
        XCTAssertEqual(pool.coverageMemo.hits, 1, "another fraction")
        ask(-10.75, 20)
        ask(210.25, 20, clip: PixelRect(x0: 0, y0: 0, x1: 230, y1: 200))
        XCTAssertEqual(pool.coverageMemo.hits, 1, "cut by the canvas's side or the clip")
        ask(130.5, 0)
        XCTAssertEqual(pool.coverageMemo.hits, 2)
    }

    /// However many shapes, the memo keeps at most `capacity` of them in `byteBudget`
    /// bytes; a shape larger than the budget is drawn and not kept.
    func testKeptCoverageStaysWithinItsBounds() {
        let pool = BufferPool()
        for k in 0..<40 {
            let r = 10 + Double(k) * 7.3
            var mask = Rasterizer.coverage(of: .circle(center: Point(r, r), radius: r), transform: .identity,
                                           fillRule: .nonzero, clip: PixelRect(x0: 0, y0: 0, x1: 800, y1: 800), pool: pool)
            XCTAssertNotNil(mask)
            mask?.recycle(into: pool)
            XCTAssertLessThanOrEqual(pool.coverageMemo.keptCount, CoverageMemo.capacity, "shape \(k)")
            XCTAssertLessThanOrEqual(pool.coverageMemo.keptBytes, CoverageMemo.byteBudget, "shape \(k)")
        }
        let kept = pool.coverageMemo.keptCount
        XCTAssertGreaterThan(kept, 1)
        var huge = Rasterizer.coverage(of: .circle(center: Point(800, 800), radius: 800), transform: .identity,
                                       fillRule: .nonzero, clip: PixelRect(x0: 0, y0: 0, x1: 1600, y1: 1600), pool: pool)
        XCTAssertEqual(huge?.rect.width, 1600)
        huge?.recycle(into: pool)
        XCTAssertEqual(pool.coverageMemo.keptCount, kept, "a coverage past the budget is not kept")
    }

    /// A path asked for again at a whole-pixel offset, inside any clip that holds it a
    /// pixel or more in, is found by its own key, unflattened; one the clip cuts is found so
    /// only under that clip (moved with it); another fraction, rule or tolerance is made.
    /// Every mask is the one a fresh pool makes.
    func testPathsAreFoundByTheirKeyBeforeFlattening() {
        let pool = BufferPool()
        let oval = Path.oval(in: Rect(2, 5.5, 37, 19))
        let turn = (a: 0.8, b: 0.6, c: -0.6, d: 0.8)
        var asked = 0
        func ask(_ tx: Double, _ ty: Double, clip: PixelRect, rule: FillRule = .nonzero, tolerance: Double = 0.1,
                 _ message: String) {
            asked += 1
            let m = Transform(a: turn.a, b: turn.b, c: turn.c, d: turn.d, tx: tx, ty: ty)
            var mask = Rasterizer.coverage(of: oval, transform: m, fillRule: rule, clip: clip, pool: pool, tolerance: tolerance)
            assertSameCoverage(mask, Rasterizer.coverage(of: oval, transform: m, fillRule: rule, clip: clip, tolerance: tolerance),
                       "request \(asked): \(message)")
            mask?.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 9) }
            mask?.recycle(into: pool)
        }
        let canvas = PixelRect(x0: 0, y0: 0, x1: 300, y1: 200)
        ask(40.25, 20.5, clip: canvas, "made")
        ask(140.25, 90.5, clip: canvas, "moved by whole pixels")
        ask(60.25, 30.5, clip: PixelRect(x0: 35, y0: 20, x1: 110, y1: 80), "another clip holding it")
        XCTAssertEqual(pool.coverageMemo.pathHits, 2)
        XCTAssertEqual(pool.coverageMemo.keyed, 1, "found unflattened: no key of points")
        // Cut by the clip (its left side): made once, then found only with the clip moved alike.
        let cut = PixelRect(x0: 60, y0: 0, x1: 300, y1: 200)
        ask(40.25, 20.5, clip: cut, "cut")
        ask(40.25, 20.5, clip: cut, "cut again")
        ask(41.25, 20.5, clip: PixelRect(x0: 61, y0: 0, x1: 301, y1: 200), "cut alike, moved")
        ask(41.25, 20.5, clip: cut, "cut otherwise")
        XCTAssertEqual(pool.coverageMemo.pathHits, 4)
        let before = pool.coverageMemo.pathHits
        ask(40.5, 20.5, clip: canvas, "another fraction")
        ask(40.25, 20.5, clip: canvas, rule: .evenodd, "another rule")
        ask(40.25, 20.5, clip: canvas, tolerance: 0.05, "another tolerance")
        XCTAssertEqual(pool.coverageMemo.pathHits, before)
        // A clip less than a pixel from the shape's control points keeps it in the key,
        // though it cuts none of the curve: found by the points.
        let hits = pool.coverageMemo.hits
        ask(40.25, 20.5, clip: PixelRect(x0: 30, y0: 0, x1: 300, y1: 200), "near the clip's side")
        XCTAssertEqual(pool.coverageMemo.pathHits, before)
        XCTAssertEqual(pool.coverageMemo.hits, hits + 1)
        // The entry that answered by the points is named by the path's key: asked again,
        // found by the key.
        ask(40.25, 20.5, clip: PixelRect(x0: 30, y0: 0, x1: 300, y1: 200), "near the clip's side, again")
        XCTAssertEqual(pool.coverageMemo.pathHits, before + 1)
    }

    /// A kept coverage is lent, not copied: two finds share one buffer, and the pool's
    /// count of bytes in use does not grow; a find written over in place leaves the kept
    /// coverage as made (the next find is the fresh mask's bytes), and a lent mask given
    /// back is let go, not pooled (the pool's next buffer is not the memo's).
    func testKeptCoverageIsLentNotCopied() {
        let pool = BufferPool()
        let ring = Path.circle(center: Point(20.25, 18.5), radius: 13.3)
        let clip = PixelRect(x0: 0, y0: 0, x1: 400, y1: 300)
        func ask(_ tx: Double) -> CoverageMask? {
            Rasterizer.coverage(of: ring, transform: Transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: 40), fillRule: .nonzero,
                                clip: clip, pool: pool)
        }
        func base(_ mask: CoverageMask?) -> UnsafeRawPointer? {
            mask?.bytes.withUnsafeBytes { $0.baseAddress }
        }
        let fresh = Rasterizer.coverage(of: ring, transform: Transform(a: 1, b: 0, c: 0, d: 1, tx: 110, ty: 40),
                                        fillRule: .nonzero, clip: clip)
        // Made: the caller's own (held to the end, so that the pool holds no values' buffer).
        let made = ask(10)
        XCTAssertEqual(made?.isLent, false)
        pool.startFrame()
        var first = ask(110), second = ask(210)
        XCTAssertEqual(pool.coverageMemo.hits, 2)
        XCTAssertEqual(first?.isLent, true)
        XCTAssertNotNil(base(first))
        XCTAssertEqual(base(first), base(second), "one buffer, shared")
        XCTAssertEqual(pool.bytesInUse, 0, "nothing taken from the pool")
        first?.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 7) }
        XCTAssertNotEqual(base(first), base(second), "written over: a copy")
        // Dropped, not given back: the pool's only values' buffer below is what `third` gives back.
        first = nil
        second = nil
        var third = ask(110)
        assertSameCoverage(third, fresh, "the kept coverage as made")
        let lent = base(third), count = third?.bytes.count ?? 0
        third?.recycle(into: pool)
        let taken = pool.bytes(count: count, zeroed: false)
        XCTAssertNotEqual(taken.withUnsafeBytes { $0.baseAddress }, lent, "not pooled")
        XCTAssertNotNil(made)
    }

    /// A large shape that changes at every request (a circle growing over the canvas) is
    /// made without a key of its points; one standing still is keyed from its second
    /// request, kept at its third and found at its fourth, the same bytes as made afresh.
    func testLargeShapesAreKeyedOnlyWhenTheirOutlineComesBack() {
        let pool = BufferPool()
        let canvas = PixelRect(x0: 0, y0: 0, x1: 1280, y1: 720)
        for k in 0..<12 {
            var mask = Rasterizer.coverage(of: .circle(center: Point(640.25, 360.25), radius: 200 + Double(k) * 9.5),
                                           transform: .identity, fillRule: .nonzero, clip: canvas, pool: pool)
            XCTAssertNotNil(mask)
            mask?.recycle(into: pool)
        }
        XCTAssertEqual(pool.coverageMemo.keyed, 0, "a growing circle's points are never keyed")
        XCTAssertEqual(pool.coverageMemo.hits, 0)
        let still = Path.circle(center: Point(600.5, 300.5), radius: 250)
        let fresh = Rasterizer.coverage(of: still, transform: .identity, fillRule: .nonzero, clip: canvas, pool: BufferPool())
        for request in 1...4 {
            var mask = Rasterizer.coverage(of: still, transform: .identity, fillRule: .nonzero, clip: canvas, pool: pool)
            XCTAssertNotNil(mask)
            assertSameCoverage(mask, fresh, "request \(request)")
            mask?.recycle(into: pool)
            XCTAssertEqual(pool.coverageMemo.keyed, request - 1, "request \(request)")
            XCTAssertEqual(pool.coverageMemo.hits, request == 4 ? 1 : 0, "request \(request)")
        }
    }

    /// After `coldAfter` requests in a row found nothing (a small circle growing at every
    /// request), small shapes too are keyed only when their outline comes back: one standing
    /// still is keyed from its second request, kept then and found at its third, the same
    /// bytes as made afresh; that find makes the memo key every request again.
    func testAMemoThatFindsNothingKeysSmallShapesOnlyWhenTheirOutlineComesBack() {
        let pool = BufferPool()
        let canvas = PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)
        func ask(_ path: Path, _ message: String) {
            var mask = Rasterizer.coverage(of: path, transform: .identity, fillRule: .nonzero, clip: canvas, pool: pool)
            assertSameCoverage(mask, Rasterizer.coverage(of: path, transform: .identity, fillRule: .nonzero, clip: canvas, pool: BufferPool()),
                       message)
            mask?.recycle(into: pool)
        }
        for k in 0..<30 { ask(.circle(center: Point(100.25, 100.25), radius: 10 + Double(k) * 1.3), "growing \(k)") }
        XCTAssertEqual(pool.coverageMemo.keyed, CoverageMemo.coldAfter, "keyed until the memo is cold")
        XCTAssertEqual(pool.coverageMemo.hits, 0)
        let still = Path.circle(center: Point(30.5, 30.5), radius: 7)
        for request in 1...3 {
            ask(still, "request \(request)")
            XCTAssertEqual(pool.coverageMemo.keyed, CoverageMemo.coldAfter + (request == 1 ? 0 : request - 1), "request \(request)")
            XCTAssertEqual(pool.coverageMemo.hits, request == 3 ? 1 : 0, "request \(request)")
        }
        ask(.oval(in: Rect(60, 60, 20, 9)), "after the find")
        XCTAssertEqual(pool.coverageMemo.keyed, CoverageMemo.coldAfter + 3, "warm again: keyed at once")
    }

    /// A grid of turning, growing shapes at whole-pixel offsets (some cut by the canvas).
    private func grid(columns: Int, fraction: Double, seed: Double) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 150, height: 90, fps: 10, background: .black))
        for i in 0..<(columns * 2) {
            let x = Double(i % columns) * 48 + fraction, y = Double(i / columns) * 50 - 6
            var oval = layerState(.shape, frame: Rect(x, y, 40, 40))
            oval.path = .oval(in: Rect(0, 8 + seed, 40, 20))
            oval.fill = .white
            let id = try scene.addLayer(oval)
            try scene.animate(Animation(layer: id, key: .rotation, keyframes: [.number(1.5)], begin: 0, duration: 1))
            var circle = layerState(.shape, frame: Rect(x + 4, y + 30, 40, 24))
            circle.path = .circle(center: Point(20, 12), radius: 6 + seed)
            circle.fill = .orange
            _ = try scene.addLayer(circle)
        }
        return scene
    }

    /// Two scenes whose frames take turns through one `RenderBuffers`: each frame is the
    /// frame rendered alone.
    func testScenesTakingTurnsThroughOneBufferDrawTheirOwnFrames() throws {
        let scenes = [Renderer(scene: try grid(columns: 3, fraction: 0, seed: 0)),
                      Renderer(scene: try grid(columns: 4, fraction: 0.5, seed: 1.25))]
        let buffers = RenderBuffers()
        for k in 0..<8 {
            for (s, renderer) in scenes.enumerated() {
                let shared = try renderer.renderFrame(k, using: buffers) { $0 }
                let alone = try renderer.renderFrame(k, using: RenderBuffers()) { $0 }
                XCTAssertEqual(shared.pixels, alone.pixels, "scene \(s), frame \(k)")
            }
        }
        XCTAssertGreaterThan(buffers.pool.coverageMemo.hits, 40, "the cells' shapes are found")
    }
}
