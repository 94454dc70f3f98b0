import XCTest
@testable import MaskEngine

/// A thread's memo finds a coverage by the cells its accumulation left
/// (`CoverageMemo.coverage(ofCells:...)`) only when they are the kept coverage's bit for
/// bit: a turned shape in a grid of cells, whose points differ in their last bits from cell
/// to cell, is found so, and is the coverage a fresh pool makes; cells one float step
/// apart are made.
final class CoverageMemoCellTests: XCTestCase {
    /// Shapes in a 40 × 40 layer: curves (circle, oval), a star (straight edges, evenodd
    /// differs), a rounded rectangle.
    private let shapes: [Path] = [
        .oval(in: Rect(0, 9, 40, 22)),
        .circle(center: Point(20, 20), radius: 13.3),
        .polygon([Point(20, 1), Point(26, 37), Point(1, 13), Point(39, 13), Point(14, 37)]),
        .roundedRect(Rect(3, 8, 33.5, 21), radius: 6),
    ]
    /// Turns, two of them a ten-thousandth apart (their cells have the same marks, not the
    /// same values).
    private let turns = [0.3, 0.7, 0.7001, 1.1, 1.45]
    /// Whole-pixel positions across powers of two: the layer's translation, `x + 20 - …`,
    /// rounds its fraction on another grid in each.
    private let offsets = [0, 1, 3, 45, 100, 204, 460, 716, 972, 1228, 2500, 5000, 9000]

    /// Every shape, turn and rule at every cell of a grid of offsets through one pool
    /// (whose masks are written over and given back, as a draw may do), each against the
    /// same request to a fresh pool: the same mask every time, and many found by their cells.
    func testCellsFoundAreTheCoverageMadeAfresh() {
        let pool = BufferPool()
        let canvas = PixelRect(x0: -100, y0: -100, x1: 10_000, y1: 10_000)
        var asked = 0
        for (s, shape) in shapes.enumerated() {
            for turn in turns {
                for rule in [FillRule.nonzero, .evenodd] where rule == .nonzero || s == 2 {
                    for (i, x) in offsets.enumerated() {
                        // A layer of 40 × 40 turning about its centre, as a cell's shape is placed.
                        let y = offsets[(i &* 5) % offsets.count]
                        let m = LayerState.transform(position: Point(Double(x) + 20, Double(y) + 20), anchor: Point(0.5, 0.5),
                                                     size: Size(40, 40), scale: 1, rotation: turn)
                        asked += 1
                        var kept = Rasterizer.coverage(of: shape, transform: m, fillRule: rule, clip: canvas, pool: pool)
                        let fresh = Rasterizer.coverage(of: shape, transform: m, fillRule: rule, clip: canvas)
                        assertSameCoverage(kept, fresh, "shape \(s), turn \(turn), \(rule), at (\(x), \(y))")
                        kept?.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 7) }
                        kept?.recycle(into: pool)
                    }
                }
            }
        }
        // Of the 325 requests, 45 are found by their keys (the cells of the same fraction),
        // 233 by their cells; the rest are made (each shape, turn and rule about twice: its
        // first request's cells are not kept).
        XCTAssertGreaterThan(pool.coverageMemo.cellHits, asked / 2, "found by their cells")
        XCTAssertGreaterThan(pool.coverageMemo.hits, 20, "found by their keys")
    }

    /// A polygon whose left side is at `x` (a vertical edge across pixel 0 of its area, which
    /// starts at x = 0), moved down by `dy` whole pixels: five points, so not a box
    /// (accumulated, through the memo).
    private func slab(x: Double, dy: Int) -> [Polyline] {
        let top = Double(2 + dy), bottom = Double(8 + dy)
        return [Polyline(points: [Point(x, top), Point(30, top), Point(30, bottom), Point(20, bottom), Point(x, bottom)],
                         closed: true)]
    }

    /// Pixel 0's cell is the float of 1 - x, which rounds to 0.5 (byte 128) at x = 0.5 + 2⁻²⁶
    /// and one float step below (byte 127) from the next double on: points one double
    /// step apart, their cells one float step apart, are made, not found; other points that
    /// leave the same cells as either are found. A shape's cells are kept from its second
    /// request on (when an entry has its outline).
    func testCellsOneStepApartAreMadeAndTheSameCellsFound() {
        let pool = BufferPool()
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 80)
        var dy = 0
        func ask(_ x: Double, _ byte: UInt8, cellHits: Int, _ message: String) {
            let kept = Rasterizer.coverage(of: slab(x: x, dy: dy), fillRule: .nonzero, clip: clip, pool: pool)
            assertSameCoverage(kept, Rasterizer.coverage(of: slab(x: x, dy: dy), fillRule: .nonzero, clip: clip), message)
            XCTAssertEqual(kept?.value(x: 0, y: 4 + dy), byte, message)
            XCTAssertEqual(pool.coverageMemo.cellHits, cellHits, message)
            dy += 10
        }
        ask(0.5 + 0x1p-40, 128, cellHits: 0, "made, its cells not kept: no entry had its outline")
        ask(0.5 + 0x1p-26, 128, cellHits: 0, "the first's cells, but not kept: made, its cells kept")
        ask((0.5 + 0x1p-26).nextUp, 127, cellHits: 0, "one double step on, cells one float step apart: made")
        ask(0.5, 128, cellHits: 1, "other points, the second's cells: found")
        ask(0.5 + 0x1p-25, 127, cellHits: 2, "other points, the third's cells: found")
        ask(0.5 + 0x1p-41, 128, cellHits: 3, "the second's cells: found")
        XCTAssertEqual(pool.coverageMemo.hits, 0, "no key found any")
    }
}
