import XCTest
@testable import MaskEngine

/// A rectangle covering its whole area is lent from the thread's kept masks of its size
/// (`FullRectangleMasks`): it must be the mask the rasterizer writes for it (a pool that
/// keeps none takes the written route), however it is asked for, written over
/// by its caller, or pushed out by other sizes.
final class FullRectangleMasksTests: XCTestCase {
    /// Random boxes on whole pixels (and some off them, which are written as before), under
    /// whole-pixel moves and flips, cut by random clips: each through one pool, given back
    /// or written over in between, against a pool that keeps no rectangle (and fills its
    /// unwritten bytes, so that the written masks' open bytes are not read either).
    func testLentRectangleIsTheWrittenOne() {
        var random = SplitMix(seed: 0xF011_BEC7)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let pool = BufferPool()
        let written = BufferPool()
        written.unwrittenFill = 0x5A
        written.fullRectangles.keeps = false
        var lent = 0
        for i in 0..<2_000 {
            let whole = below(5) > 0
            let offset = whole ? 0.0 : 0.25 * Double(1 + below(3))
            let r = Rect(Double(below(60) - 20) + offset, Double(below(60) - 20), Double(1 + below(12)), Double(1 + below(40)) + offset)
            let m: Transform
            switch below(3) {
            case 0: m = .identity
            case 1: m = .translation(Double(below(40) - 20), Double(below(40) - 20))
            default: m = Transform(a: -1, b: 0, c: 0, d: 1, tx: 50, ty: Double(below(9)))
            }
            let clip = below(3) == 0 ? PixelRect(x0: -100, y0: -100, x1: 200, y1: 200)
                : PixelRect(x0: below(30) - 10, y0: below(30) - 10, x1: 25 + below(40), y1: 25 + below(40))
            let label = "#\(i): rect \(r) under \(m) in \(clip)"
            var mask = Rasterizer.coverage(ofRect: r, transform: m, clip: clip, pool: pool)
            var expected = Rasterizer.coverage(ofRect: r, transform: m, clip: clip, pool: written)
            assertSameCoverage(mask, expected, label)
            XCTAssertEqual(mask?.isSparse, expected?.isSparse, label)
            // The path's route takes the same rectangles (a size's second request: kept).
            var path = Rasterizer.coverage(of: .rect(r), transform: m, fillRule: .nonzero, clip: clip, pool: pool)
            assertSameCoverage(path, expected, "\(label), as a path")
            // Asked for again: found.
            let hits = pool.fullRectangles.hits
            var again = Rasterizer.coverage(ofRect: r, transform: m, clip: clip, pool: pool)
            assertSameCoverage(again, expected, "\(label), again")
            lent += [mask, path, again].filter { $0?.isLent == true }.count
            XCTAssertLessThanOrEqual(pool.fullRectangles.keptCount, FullRectangleMasks.capacity)
            XCTAssertLessThanOrEqual(pool.fullRectangles.keptBytes, FullRectangleMasks.byteBudget)
            if pool.fullRectangles.hits > hits, i % 3 == 0 {
                // A caller writing a lent mask in place writes a copy.
                again?.forgetFull()
                again?.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 7) }
            }
            mask?.recycle(into: pool)
            path?.recycle(into: pool)
            again?.recycle(into: pool)
            expected?.recycle(into: written)
        }
        // Most whole boxes are lent, and again and again: the comparisons are not all of the
        // written route.
        XCTAssertGreaterThan(lent, 1_000)
        XCTAssertGreaterThan(pool.fullRectangles.hits, 1_000)
        XCTAssertEqual(written.fullRectangles.hits, 0)
    }

    /// A size is kept from its second request in a row of misses: one asked for once (a
    /// mask's frame cut by a growing shape) is written as before, and keeps nothing.
    func testSizeIsKeptFromItsSecondRequest() {
        let pool = BufferPool()
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)
        func lent(_ w: Int, _ h: Int, at x: Int = 0) -> Bool {
            var mask = Rasterizer.coverage(ofRect: Rect(Double(x), 3, Double(w), Double(h)), transform: .identity, clip: clip, pool: pool)
            defer { mask?.recycle(into: pool) }
            XCTAssertEqual(mask?.value(x: x + w - 1, y: 3 + h - 1), 255)
            return mask?.isLent == true
        }
        XCTAssertFalse(lent(10, 20))
        XCTAssertFalse(lent(11, 20))
        XCTAssertEqual(pool.fullRectangles.keptCount, 0)
        XCTAssertTrue(lent(11, 20, at: 30))
        XCTAssertTrue(lent(11, 20, at: 5))
        XCTAssertFalse(lent(10, 20))
        XCTAssertEqual(pool.fullRectangles.keptCount, 1)
        XCTAssertEqual(pool.fullRectangles.hits, 1)
    }

    /// A rectangle over the budget is written as before, not kept.
    func testRectangleOverTheBudgetIsNotKept() {
        let pool = BufferPool()
        let side = 1_500
        let mask = Rasterizer.coverage(ofRect: Rect(0, 0, Double(side), Double(side)), transform: .identity,
                                       clip: PixelRect(x0: 0, y0: 0, x1: side, y1: side), pool: pool)
        XCTAssertEqual(mask?.isLent, false)
        XCTAssertEqual(pool.fullRectangles.keptCount, 0)
        XCTAssertEqual(mask?.value(x: side - 1, y: side - 1), 255)
    }
}
