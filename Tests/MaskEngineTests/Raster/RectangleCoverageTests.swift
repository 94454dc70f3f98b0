import XCTest
@testable import MaskEngine

/// `Rasterizer.coverage(ofRect:)` and the path route of a quadrilateral map its four
/// corners themselves, without its polylines: on random rectangles, transforms and clips
/// they must give what the polylines of `.rect(r)` give, with either fill rule: the same
/// rect, every byte, the same spans. `Rasterizer.wholePixels` names only pixels whose
/// coverage is 255.
final class RectangleCoverageTests: XCTestCase {
    /// Fails unless both masks are nil or alike in rect, values, sparseness and span tables.
    private func assertSame(_ mask: CoverageMask?, _ expected: CoverageMask?, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let mask, let expected else {
            XCTAssertEqual(mask == nil, expected == nil, "\(label): covered only by one", file: file, line: line)
            return
        }
        XCTAssertEqual(mask.rect, expected.rect, label, file: file, line: line)
        let (values, wanted) = (mask.denseValues(), expected.denseValues())
        if let i = values.indices.first(where: { values[$0] != wanted[$0] }) {
            let (x, y) = (mask.rect.x0 + i % mask.rect.width, mask.rect.y0 + i / mask.rect.width)
            XCTFail("\(label): (\(x), \(y)) is \(values[i]), the path's \(wanted[i])", file: file, line: line)
        }
        XCTAssertEqual(mask.isSparse, expected.isSparse, label, file: file, line: line)
        XCTAssertEqual(mask.rowSpans, expected.rowSpans, label, file: file, line: line)
        XCTAssertEqual(mask.fullRuns, expected.fullRuns, label, file: file, line: line)
    }

    func testRandomRectanglesGiveThePathsCoverage() {
        var random = SplitMix(seed: 0x2EC7_C0FE)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        /// A coordinate from `lo` to `hi`: often on a whole or a quarter pixel, where sides
        /// fall on pixel sides exactly.
        func coordinate(_ lo: Double, _ hi: Double) -> Double {
            let v = lo + unit() * (hi - lo)
            switch below(3) {
            case 0: return v.rounded()
            case 1: return (v * 4).rounded() / 4
            default: return v
            }
        }
        let pool = BufferPool()
        var axisAligned = 0, turned = 0, covered = 0, wholeSeen = 0
        for i in 0..<3000 {
            let r = Rect(coordinate(-40, 80), coordinate(-40, 80), below(9) == 0 ? 0 : coordinate(0, 60), coordinate(0, 60))
            var m: Transform
            switch below(6) {
            case 0: m = .identity
            case 1: m = .translation(coordinate(-30, 30), coordinate(-30, 30))
            case 2: m = Transform(a: below(2) == 0 ? 1.5 : -0.75, b: 0, c: 0, d: below(2) == 0 ? 2 : -1, tx: coordinate(0, 60), ty: coordinate(0, 60))
            case 3: m = Transform(a: 0, b: 1, c: -1, d: 0, tx: coordinate(0, 90), ty: coordinate(-20, 40))
            default:
                let angle = unit() * 6.3
                m = Transform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: unit() * 60, ty: unit() * 60)
            }
            if i % 97 == 0 { m = Transform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
            if i % 89 == 0 { m = Transform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0) }
            let clip = below(4) == 0 ? PixelRect(x0: -100, y0: -100, x1: 200, y1: 200)
                : PixelRect(x0: below(30) - 10, y0: below(30) - 10, x1: 25 + below(40), y1: 25 + below(40))
            let label = "#\(i): rect \(r) under \(m) in \(clip)"
            var fast = Rasterizer.coverage(ofRect: r, transform: m, clip: clip, pool: pool)
            for rule in [FillRule.nonzero, .evenodd] {
                let lines = Flattener.polylines(of: .rect(r), transform: m, tolerance: 0.1, clip: clip)
                var general = Rasterizer.coverage(of: lines, fillRule: rule, clip: clip, pool: BufferPool())
                assertSame(fast, general, "\(label), \(rule)")
                var path = Rasterizer.coverage(of: .rect(r), transform: m, fillRule: rule, clip: clip, pool: BufferPool())
                assertSame(path, general, "\(label), \(rule), as a path")
                general?.recycle(into: BufferPool())
                path?.recycle(into: BufferPool())
            }
            let whole = Rasterizer.wholePixels(of: .rect(r), transform: m).intersection(clip)
            if !whole.isEmpty {
                wholeSeen += 1
                for y in whole.y0..<whole.y1 {
                    for x in whole.x0..<whole.x1 where fast?.value(x: x, y: y) != 255 {
                        XCTFail("\(label): (\(x), \(y)) is among the whole pixels \(whole) but covered \(fast?.value(x: x, y: y) ?? 0)")
                        return
                    }
                }
            }
            if fast != nil {
                covered += 1
                if m.b == 0 && m.c == 0 || m.a == 0 && m.d == 0 { axisAligned += 1 } else { turned += 1 }
            }
            fast?.recycle(into: pool)
        }
        // Both of the rasterizer's routes are taken, many times: the comparison is not
        // between empty masks.
        XCTAssertGreaterThan(axisAligned, 500)
        XCTAssertGreaterThan(turned, 300)
        XCTAssertGreaterThan(covered, 1000)
        XCTAssertGreaterThan(wholeSeen, 300)
    }
}
