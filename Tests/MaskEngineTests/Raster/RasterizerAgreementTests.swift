import CPixels
import XCTest
@testable import MaskEngine

/// The rasterizer against `ReferenceRasterizer` (its earlier form): on random polygons,
/// rectangles and clips, with both fill rules, every coverage byte and every row's extent
/// and full runs must be the same.
final class RasterizerAgreementTests: XCTestCase {
    /// Row `y`'s extent and the pieces `forEachSpan` hands out (start, end, full).
    private struct RowSpans: Equatable, CustomStringConvertible {
        var extent: (lo: Int, hi: Int)
        var pieces: [[Int]]
        static func == (a: RowSpans, b: RowSpans) -> Bool {
            a.extent == b.extent && a.pieces == b.pieces
        }
        var description: String { "extent \(extent.lo)..<\(extent.hi) pieces \(pieces)" }
    }

    private func rowSpans(_ mask: CoverageMask) -> [RowSpans] {
        (mask.rect.y0..<mask.rect.y1).map { y in
            var pieces: [[Int]] = []
            mask.forEachSpan(y: y, within: mask.rect.x0, mask.rect.x1) { pieces.append([$0, $1, $2 ? 1 : 0]) }
            return RowSpans(extent: mask.extent(y: y, within: mask.rect.x0, mask.rect.x1), pieces: pieces)
        }
    }

    /// Fails unless `polygons` give the same coverage through both rasterizers; `pool` is
    /// reused by the rasterizer under test (the reference gets a fresh one each time).
    private func checkAgreement(_ polygons: [Polyline], _ rule: FillRule, clip: PixelRect, pool: BufferPool,
                                _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        var mask = Rasterizer.coverage(of: polygons, fillRule: rule, clip: clip, pool: pool)
        defer { mask?.recycle(into: pool) }
        let reference = ReferenceRasterizer.coverage(of: polygons, fillRule: rule, clip: clip, pool: BufferPool())
        guard let mask, let reference else {
            XCTAssertEqual(mask == nil, reference == nil, "\(label): covered only by one", file: file, line: line)
            return
        }
        XCTAssertEqual(mask.rect, reference.rect, label, file: file, line: line)
        let (values, expected) = (mask.denseValues(), reference.denseValues())
        if let i = values.indices.first(where: { values[$0] != expected[$0] }) {
            let (x, y) = (mask.rect.x0 + i % mask.rect.width, mask.rect.y0 + i / mask.rect.width)
            XCTFail("\(label): (\(x), \(y)) is \(values[i]), the reference \(expected[i])", file: file, line: line)
            return
        }
        let (spans, expectedSpans) = (rowSpans(mask), rowSpans(reference))
        if let row = spans.indices.first(where: { spans[$0] != expectedSpans[$0] }) {
            XCTFail("\(label): row \(mask.rect.y0 + row) has \(spans[row]), the reference \(expectedSpans[row])", file: file, line: line)
        }
    }

    func testRandomShapesGiveTheReferencesBytesAndSpans() {
        var random = SplitMix(seed: 0x0DD_BA11_5EED)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        /// A coordinate from `lo` to `hi`: often on a quarter pixel or a whole one, where
        /// edges meet cell sides exactly.
        func coordinate(_ lo: Double, _ hi: Double) -> Double {
            let v = lo + unit() * (hi - lo)
            switch below(4) {
            case 0: return v.rounded()
            case 1: return (v * 4).rounded() / 4
            default: return v
            }
        }
        let pool = BufferPool()
        // A byte the rasterizer leaves unwritten reads as this, not as a lucky 0.
        pool.unwrittenFill = 0xA5
        for i in 0..<1500 {
            // Small clips, and wide ones whose rows take several words of touched blocks.
            let wide = i % 10 == 0
            let x0 = below(40) - 20, y0 = below(40) - 20
            let clip = PixelRect(x0: x0, y0: y0, x1: x0 + (wide ? 500 + below(700) : 1 + below(90)),
                                 y1: y0 + (wide ? 1 + below(12) : 1 + below(70)))
            // Shapes reach past the clip on every side, some far past it.
            let margin = i % 7 == 0 ? 2000.0 : 30.0
            let (lx, hx) = (Double(clip.x0) - margin, Double(clip.x1) + margin)
            let (ly, hy) = (Double(clip.y0) - margin, Double(clip.y1) + margin)
            var polygons: [Polyline] = []
            if i % 3 == 0 {
                // A rectangle, as four corners or five (the first repeated), either way round;
                // some narrower than a pixel.
                let (ax, ay) = (coordinate(lx, hx), coordinate(ly, hy))
                let narrow = below(4) == 0
                let (bx, by) = narrow ? (ax + unit() * 1.5, ay + unit() * 1.5) : (coordinate(lx, hx), coordinate(ly, hy))
                var corners = below(2) == 0 ? [Point(ax, ay), Point(bx, ay), Point(bx, by), Point(ax, by)]
                                            : [Point(ax, ay), Point(ax, by), Point(bx, by), Point(bx, ay)]
                if below(2) == 0 { corners.append(corners[0]) }
                polygons = [Polyline(points: corners, closed: true)]
            } else if i % 3 == 1 {
                // Curves, flattened as for a path.
                let center = Point(coordinate(lx, hx), coordinate(ly, hy))
                let path = below(2) == 0 ? Path.circle(center: center, radius: unit() * 60)
                                         : Path.oval(in: Rect(center.x, center.y, unit() * 80, unit() * 50))
                polygons = Flattener.polylines(of: path, transform: .identity, tolerance: 0.1)
            } else {
                for _ in 0..<(1 + below(3)) {
                    polygons.append(Polyline(points: (0..<(2 + below(10))).map { _ in Point(coordinate(lx, hx), coordinate(ly, hy)) },
                                             closed: true))
                }
            }
            for rule in [FillRule.nonzero, .evenodd] {
                checkAgreement(polygons, rule, clip: clip, pool: pool, "shape \(i) \(rule) in \(clip)")
            }
        }
    }

    /// Shapes whose edges run along and across the block and word boundaries of the
    /// touched bitset (columns 8k, 64 · 8 = 512), the spare columns right of the clip, and
    /// exactly along the clip's sides.
    func testEdgesOnBlockAndWordBoundariesGiveTheReferencesBytesAndSpans() {
        let pool = BufferPool()
        pool.unwrittenFill = 0xA5
        let clip = PixelRect(x0: 0, y0: 0, x1: 1040, y1: 6)
        let xs: [Double] = [0, 7.5, 8, 63.75, 64, 504, 511.5, 512, 513, 1024, 1031.25, 1040, 1041.5, 1100]
        for a in xs {
            for b in xs where b != a {
                for slant in [0.0, 3.5, -9] {
                    let band = Polyline(points: [Point(a, -1), Point(b, -1), Point(b + slant, 7), Point(a + slant, 7)], closed: true)
                    let strip = Polyline(points: [Point(a, 1.5), Point(b, 1.5), Point(b + slant, 4.25), Point(a, 4.25), Point(a, 3)], closed: true)
                    for rule in [FillRule.nonzero, .evenodd] {
                        checkAgreement([band], rule, clip: clip, pool: pool, "band \(a) \(b) \(slant) \(rule)")
                        checkAgreement([strip, band], rule, clip: clip, pool: pool, "strip \(a) \(b) \(slant) \(rule)")
                    }
                }
            }
        }
    }

    /// Every width from 1 to 25 (a last block of pixels of each size, the spare columns
    /// inside it or in a block of their own), with edges inside the last block and right of
    /// the clip, twice over with one pool: the bytes and spans of the reference, and the
    /// cells handed back clear (a cell left set would show in the second pass).
    func testEveryLastBlockWidthGivesTheReferencesBytesAndSpans() {
        let pool = BufferPool()
        pool.unwrittenFill = 0xA5
        for pass in 0..<2 {
            for w in 1...25 {
                let clip = PixelRect(x0: 3, y0: 2, x1: 3 + w, y1: 9)
                let right = Double(clip.x1)
                for (n, reach) in [-0.75, -2.25, 0.5, 1.5, 40].enumerated() {
                    let wedge = Polyline(points: [Point(2.5, 1), Point(right + reach, 3.25), Point(right - 0.4, 8.5), Point(4.75, 9.5)],
                                         closed: true)
                    let sliver = Polyline(points: [Point(right - 1.3, 2), Point(right + reach, 2.6), Point(right - 0.2, 7.9)], closed: true)
                    for rule in [FillRule.nonzero, .evenodd] {
                        checkAgreement([wedge], rule, clip: clip, pool: pool, "pass \(pass) width \(w) wedge \(n) \(rule)")
                        checkAgreement([wedge, sliver], rule, clip: clip, pool: pool, "pass \(pass) width \(w) sliver \(n) \(rule)")
                    }
                }
            }
        }
    }

    /// A block of eight cells summed at once (`mask_sum_cells8_nonzero`, the running sum's
    /// kernel) gives, lane for lane, the nonzero bytes of the sums added one at a time,
    /// `Int32(min(|sum|, 1) · 255 + 0.5)`, and leaves its cells at 0: at every rounding
    /// boundary ((k − 0.5) / 255 and its neighbours) reached in each lane, and on random
    /// cells of either sign, past one winding too.
    func testABlockOfCellsGivesTheOneCellBytes() {
        var sums: [Float] = [0, -0, 1, -1, 2, -2, 3.5, 1e-30, -1e-30, 1.0000001, 100, -7.25]
        for k in 0...256 {
            let t = (Float(k) - 0.5) / 255
            for v in [t, t.nextUp, t.nextDown, t.nextUp.nextUp, t.nextDown.nextDown] { sums += [v, -v, v + 1, 2 - v] }
        }
        var random = SplitMix(seed: 0xB17E_5EA5)
        func randomCell() -> Float { Float(Int64(bitPattern: random.next() % 6_000_000) - 3_000_000) / 1_000_000 }
        var blocks: [(start: Float, cells: [Float])] = []
        // Each value reached exactly in lane `i % 8` (from 0, after zeros) and held after it.
        for (i, v) in sums.enumerated() {
            var cells = [Float](repeating: 0, count: 8)
            cells[i % 8] = v
            blocks.append((0, cells))
        }
        for _ in 0..<25_000 { blocks.append((randomCell(), (0..<8).map { _ in randomCell() })) }
        for (start, cells) in blocks {
            var expected = [UInt8](repeating: 0, count: 8), sum = start
            for i in 0..<8 {
                sum += cells[i]
                expected[i] = UInt8(truncatingIfNeeded: Int32(min(abs(sum), 1) * 255 + 0.5))
            }
            var work = cells
            let block = work.withUnsafeMutableBufferPointer { c in mask_sum_cells8_nonzero(c.baseAddress!, start) }
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: block.bytes >> UInt64(8 * $0)) }
            guard bytes == expected, block.sum.bitPattern == sum.bitPattern, work.allSatisfy({ $0 == 0 }) else {
                XCTFail("cells \(cells) from \(start) give \(bytes) ending at \(block.sum), one at a time \(expected) at \(sum)")
                return
            }
        }
    }
}
