import XCTest
@testable import MaskEngine

/// The rasterizer's coverage rows (`mask_sum_rows`, CoverageRows.c) against a dense
/// reference that knows nothing of touched blocks or of how the spans are found while the
/// rows are summed: every cell of every row accumulated (`ReferenceLineAccumulator`) and
/// summed, each sum made a byte, and the spans' tables read from the finished bytes by
/// their rules. The tables are compared entry for entry, not only as the spans they mean.
///
/// The rules, from the bytes alone: a row's extent is its first non-zero column to just
/// past its last one (0, 0 when it has none); its full runs are, in order, the maximal runs
/// of 255s that hold the last column of a block of eight (column 8k + 7) or the row's last
/// column: the rasterizer looks for no run lying inside one block short of both its ends.
///
/// The loops are compiled in two forms (CoverageLevel.h: baseline, and AVX2 where the
/// pixel kernels run at AVX2 or above): every test runs at each kernel level this CPU has.
final class CoverageRuleTests: XCTestCase {
    override func tearDown() {
        PixelKernels.level = PixelKernels.best
        super.tearDown()
    }

    /// Runs `body` at each kernel level this CPU has, with that level set.
    private func atEveryLevel(_ body: (Int) -> Void) {
        for level in 0...PixelKernels.best {
            PixelKernels.level = level
            body(level)
        }
    }

    /// The dense reference's coverage of `polygons` over `area`: the bytes, the four
    /// entries a row, the full runs; nil bytes when no pixel is covered.
    private func reference(_ polygons: [Polyline], _ rule: FillRule, area: PixelRect)
        -> (bytes: [UInt8], rowSpans: [Int32], fullRuns: [Int32])? {
        let w = area.width, h = area.height, stride = w + 2
        var cells = [Float](repeating: 0, count: stride * h)
        var marks = [UInt8](repeating: 0, count: ((stride + 7) >> 3) * h)
        cells.withUnsafeMutableBufferPointer { cellBuffer in
            marks.withUnsafeMutableBufferPointer { markBuffer in
                var lines = ReferenceLineAccumulator(cells: cellBuffer, marks: markBuffer, width: w, height: h, stride: stride)
                for poly in polygons {
                    guard let last = poly.points.last, poly.points.count >= 2 else { continue }
                    var prev = last
                    for p in poly.points {
                        lines.add(prev.x - Double(area.x0), prev.y - Double(area.y0), p.x - Double(area.x0), p.y - Double(area.y0))
                        prev = p
                    }
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: w * h)
        var rowSpans: [Int32] = [], fullRuns: [Int32] = []
        var covered = false
        for y in 0..<h {
            var sum: Float = 0
            for x in 0..<w {
                sum += cells[y * stride + x]
                bytes[y * w + x] = referenceCoverage(sum, rule)
            }
            let row = Array(bytes[(y * w)..<(y * w + w)])
            let start = fullRuns.count
            var x = 0
            while x < w {
                guard row[x] == 255 else { x += 1; continue }
                var end = x
                while end < w, row[end] == 255 { end += 1 }
                if (x..<end).contains(where: { $0 % 8 == 7 || $0 == w - 1 }) {
                    fullRuns += [Int32(x), Int32(end)]
                }
                x = end
            }
            if let lo = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) {
                rowSpans += [Int32(lo), Int32(last + 1)]
                covered = true
            } else {
                rowSpans += [0, 0]
            }
            rowSpans += [Int32(start), Int32(fullRuns.count)]
        }
        return covered ? (bytes, rowSpans, fullRuns) : nil
    }

    /// Fails unless the rasterizer gives `polygons` the reference's bytes and tables.
    private func check(_ polygons: [Polyline], _ rule: FillRule, clip: PixelRect, pool: BufferPool, _ label: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        guard let area = Rasterizer.coveredArea(of: polygons, clip: clip) else { return }
        var mask = Rasterizer.coverage(of: polygons, fillRule: rule, clip: clip, pool: pool)
        defer { mask?.recycle(into: pool) }
        let expected = reference(polygons, rule, area: area)
        guard let mask, let expected else {
            XCTAssertEqual(mask == nil, expected == nil, "\(label): covered only by one", file: file, line: line)
            return
        }
        XCTAssertEqual(mask.rect, area, label, file: file, line: line)
        let values = mask.denseValues()
        if let i = values.indices.first(where: { values[$0] != expected.bytes[$0] }) {
            XCTFail("\(label): (\(i % area.width), \(i / area.width)) is \(values[i]), the reference \(expected.bytes[i])",
                    file: file, line: line)
            return
        }
        if let row = (0..<area.height).first(where: { mask.rowSpans[($0 * 4)..<($0 * 4 + 4)] != expected.rowSpans[($0 * 4)..<($0 * 4 + 4)] }) {
            XCTFail("\(label): row \(row)'s entries \(Array(mask.rowSpans[(row * 4)..<(row * 4 + 4)])), the reference's "
                    + "\(Array(expected.rowSpans[(row * 4)..<(row * 4 + 4)]))", file: file, line: line)
            return
        }
        XCTAssertEqual(mask.fullRuns, expected.fullRuns, "\(label): full runs", file: file, line: line)
    }

    /// About 1,200 seeded random polygons (one to three, 3 to 14 points each), with both
    /// fill rules: small and wide clips (rows of one to several words of touched blocks),
    /// every last-block width from 1 to 8, shapes inside the clip, across its sides and far
    /// past them, large enough to hold full runs of every length.
    func testRandomPolygonsGiveTheDenseReferencesBytesAndTables() {
        atEveryLevel { randomPolygons(level: $0) }
    }

    /// The random polygons' test at one kernel level.
    private func randomPolygons(level: Int) {
        var random = SplitMix(seed: 0xC0FE_7A6E_5EED)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let pool = BufferPool()
        // A byte the rasterizer leaves unwritten reads as this, not as a lucky 0.
        pool.unwrittenFill = 0xA5
        for i in 0..<1200 {
            // The width's remainder by 8 (the last block's width) takes every value in turn.
            let blocks = i % 5 == 0 ? 60 + below(80) : below(12)
            let width = blocks * 8 + 1 + i % 8
            let x0 = below(60) - 30, y0 = below(60) - 30
            let clip = PixelRect(x0: x0, y0: y0, x1: x0 + width, y1: y0 + 1 + below(i % 5 == 0 ? 16 : 60))
            // Inside the clip, a little past it, or far past it.
            let reach = [0.0, 0.25, 0.6, 3][i % 4]
            let (spanX, spanY) = (Double(clip.width), Double(clip.height))
            func point() -> Point {
                var p = Point(Double(clip.x0) + (unit() * (1 + 2 * reach) - reach) * spanX,
                              Double(clip.y0) + (unit() * (1 + 2 * reach) - reach) * spanY)
                // Often on a whole or quarter pixel, where edges meet cell sides exactly.
                switch below(4) {
                case 0: p = Point(p.x.rounded(), p.y.rounded())
                case 1: p = Point((p.x * 4).rounded() / 4, (p.y * 4).rounded() / 4)
                default: break
                }
                return p
            }
            let polygons = (0..<(1 + below(3))).map { _ in
                Polyline(points: (0..<(3 + below(12))).map { _ in point() }, closed: true)
            }
            // Rectangles take their own path: not this one.
            if polygons.count == 1, Rasterizer.axisAlignedBox(polygons[0].points) != nil { continue }
            for rule in [FillRule.nonzero, .evenodd] {
                check(polygons, rule, clip: clip, pool: pool, "level \(level): polygons \(i) \(rule) in \(clip)")
            }
        }
    }

    /// Shapes of many short edges, as flattened glyphs and small circles give (most edges
    /// within one or two rows, or one cell column), at every level: small polygons round a
    /// centre, some with their points on whole pixels and block sides (x = 8k), some thin
    /// (a pixel wide or less, along x or y), some reaching past the clip or wholly outside it.
    func testShortEdgesGiveTheDenseReferencesBytesAndTables() {
        atEveryLevel { level in
            var random = SplitMix(seed: 0x5407_ED6E)
            func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
            func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            let pool = BufferPool()
            pool.unwrittenFill = 0xA5
            for i in 0..<400 {
                let width = 8 * (1 + below(6)) + i % 8, height = 4 + below(30)
                let clip = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
                // The centre: inside, near a side, or outside the clip.
                let reach = [0.0, 0.3, 1.5][i % 3]
                let cx = (unit() * (1 + 2 * reach) - reach) * Double(width)
                let cy = (unit() * (1 + 2 * reach) - reach) * Double(height)
                // Thin along x, thin along y, or round; radii of a pixel or two up to the clip's.
                let kind = i % 4
                let rx = kind == 1 ? 0.05 + unit() * 0.7 : 0.5 + unit() * Double(width) / 2
                let ry = kind == 2 ? 0.05 + unit() * 0.7 : 0.5 + unit() * Double(height) / 2
                let count = 6 + below(60)
                let polygons = (0..<(1 + below(2))).map { k in
                    Polyline(points: (0..<count).map { j in
                        let angle = (Double(j) + 0.3 * unit()) / Double(count) * 2 * Double.pi * (k == 0 ? 1 : -1)
                        var p = Point(cx + rx * cos(angle) / Double(k + 1), cy + ry * sin(angle) / Double(k + 1))
                        // On block sides, whole pixels, or anywhere.
                        switch kind == 3 ? below(3) : 2 {
                        case 0: p = Point((p.x / 8).rounded() * 8, p.y)
                        case 1: p = Point(p.x.rounded(), p.y.rounded())
                        default: break
                        }
                        return p
                    }, closed: true)
                }
                for rule in [FillRule.nonzero, .evenodd] {
                    check(polygons, rule, clip: clip, pool: pool, "level \(level): short edges \(i) \(rule) in \(clip)")
                }
            }
        }
    }
}
