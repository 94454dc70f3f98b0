import XCTest
@testable import MaskEngine

extension CoverageMask {
    /// `values` with spans read from them: each row's extent is exactly its non-zero
    /// pixels, and every run of 255s is a full run.
    static func withExactSpans(rect: PixelRect, values: [UInt8]) -> CoverageMask {
        let spans = CoverageSpanWriter.write(rows: rect.height, pool: BufferPool()) { writer in
            values.withUnsafeBufferPointer { all in
                guard let base = all.baseAddress else { return }
                for y in 0..<rect.height {
                    let row = base + y * rect.width
                    for x in 0..<rect.width { writer.run(x, x + 1, value: row[x]) }
                    writer.endRow(width: rect.width, bytes: row)
                }
            }
        }
        return CoverageMask(rect: rect, values: values, rowSpans: spans.rowSpans, fullRuns: spans.fullRuns)
    }
}

/// A closed polygon through `points`.
private func closed(_ points: [Point]) -> Polyline {
    Polyline(points: points, closed: true)
}

/// The spans the rasterizer and the rectangle path give a coverage: each row's extent
/// (every pixel outside it 0) and its full runs (every pixel in them 255) must agree with
/// the dense values, and should be tight where the shape makes them so.
final class CoverageSpansTests: XCTestCase {
    /// What `forEachSpan` hands out for row `y` over the whole rect: (start, end, full).
    private func pieces(_ mask: CoverageMask, y: Int) -> [(Int, Int, Bool)] {
        var out: [(Int, Int, Bool)] = []
        mask.forEachSpan(y: y, within: mask.rect.x0, mask.rect.x1) { out.append(($0, $1, $2)) }
        return out
    }

    /// Fails unless the spans agree with the values: pieces in order, apart, inside the
    /// extent; every pixel outside the extent 0; every pixel of a full piece 255; and the
    /// extent's ends non-zero when `tight`. Returns the full runs of each row.
    @discardableResult
    private func checkSpans(_ mask: CoverageMask, tight: Bool = true, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) -> [[Range<Int>]] {
        XCTAssertFalse(mask.rowSpans.isEmpty, "\(label): no spans", file: file, line: line)
        var runs: [[Range<Int>]] = []
        for y in mask.rect.y0..<mask.rect.y1 {
            let (lo, hi) = mask.extent(y: y, within: mask.rect.x0, mask.rect.x1)
            var rowRuns: [Range<Int>] = []
            var x = lo
            for (a, b, full) in pieces(mask, y: y) {
                XCTAssertEqual(a, x, "\(label) row \(y): pieces leave a gap", file: file, line: line)
                XCTAssertLessThan(a, b, "\(label) row \(y): empty piece", file: file, line: line)
                if full {
                    if let previous = rowRuns.last { XCTAssertLessThan(previous.upperBound, a, "\(label) row \(y): runs touch", file: file, line: line) }
                    rowRuns.append(a..<b)
                }
                x = b
            }
            if lo < hi { XCTAssertEqual(x, hi, "\(label) row \(y): pieces end early", file: file, line: line) }
            for px in mask.rect.x0..<mask.rect.x1 {
                let v = mask.value(x: px, y: y)
                let inExtent = px >= lo && px < hi
                if !inExtent { XCTAssertEqual(v, 0, "\(label) (\(px), \(y)) outside the extent", file: file, line: line) }
                let known = rowRuns.contains { $0.contains(px) }
                if known { XCTAssertEqual(v, 255, "\(label) (\(px), \(y)) in a full run", file: file, line: line) }
                XCTAssertEqual(mask.isKnownFull(y: y, x0: px, x1: px + 1), known, "\(label) (\(px), \(y))", file: file, line: line)
            }
            if tight, lo < hi {
                XCTAssertNotEqual(mask.value(x: lo, y: y), 0, "\(label) row \(y): extent starts early", file: file, line: line)
                XCTAssertNotEqual(mask.value(x: hi - 1, y: y), 0, "\(label) row \(y): extent ends late", file: file, line: line)
            }
            runs.append(rowRuns)
        }
        return runs
    }

    /// The runs of 255s in row `y` of the values.
    private func runsOf255(_ mask: CoverageMask, y: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for x in mask.rect.x0...mask.rect.x1 {
            let full = x < mask.rect.x1 && mask.value(x: x, y: y) == 255
            if full, start == nil { start = x }
            if !full, let s = start { out.append(s..<x); start = nil }
        }
        return out
    }

    /// The runs of 255s the rasterizer must find in row `y`, exactly: every one that
    /// reaches the last column of one of the row's eight-pixel blocks (counted from the
    /// rect's left; the row's last column ends a block). Only runs lying inside one block,
    /// short of its last column, may be left out.
    private func findableRuns(_ mask: CoverageMask, y: Int) -> [Range<Int>] {
        runsOf255(mask, y: y).filter { run in
            run.contains { x in (x - mask.rect.x0) % 8 == 7 || x == mask.rect.x1 - 1 }
        }
    }

    /// Three rows of five tiles, 15 × 14 pixels, on fractional rows, in a 100 × 60 clip.
    private func tiles() -> [Polyline] {
        var tiles: [Polyline] = []
        for row in 0..<3 {
            for col in 0..<5 {
                let x = 2.5 + Double(col) * 19, y = 3.25 + Double(row) * 18
                tiles.append(closed([Point(x, y), Point(x + 15, y), Point(x + 15, y + 14), Point(x, y + 14)]))
            }
        }
        return tiles
    }

    func testACircleHasOneFullRunARowAndATightExtent() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 80, y1: 80)
        let circle = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: Point(40.3, 39.6), radius: 30.2), transform: .identity,
                                                       fillRule: .nonzero, clip: clip))
        let runs = checkSpans(circle, "circle")
        for (i, y) in (circle.rect.y0..<circle.rect.y1).enumerated() {
            // One run a row at most; where the row's 255s are a long run, exactly that run
            // (only short runs at the top and bottom may lie among summed cells unnoticed).
            XCTAssertLessThanOrEqual(runs[i].count, 1, "row \(y)")
            XCTAssertEqual(runs[i], findableRuns(circle, y: y), "row \(y)")
            if let run = runsOf255(circle, y: y).first, run.count >= 8 { XCTAssertEqual(runs[i], [run], "row \(y)") }
        }
        XCTAssertEqual(runs[40 - circle.rect.y0].first.map { $0.count } ?? 0, 56, accuracy: 3)
    }

    func testAGridOfTilesHasSeveralFullRunsARow() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 60)
        let grid = try XCTUnwrap(Rasterizer.coverage(of: tiles(), fillRule: .nonzero, clip: clip))
        let runs = checkSpans(grid, "grid")
        // Row 10 crosses the first row of tiles inside them: five runs, columns 3..<17 and so on.
        let row10 = runs[10 - grid.rect.y0]
        XCTAssertEqual(row10, (0..<5).map { col in (3 + col * 19)..<(17 + col * 19) })
        // Between the tile rows (y 17.25 ..< 21.25) nothing is covered in row 19.
        let (lo, hi) = grid.extent(y: 19, within: grid.rect.x0, grid.rect.x1)
        XCTAssertGreaterThanOrEqual(lo, hi)
    }

    /// The writer's room for full runs is the pool's, kept from one shape to the next and
    /// grown when a shape has more runs than rows (the grid: five a row): shapes made one
    /// after another with one pool have the spans each has with a pool of its own.
    func testFullRunsAreTheSameWithARoomKeptAndGrownByThePool() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 60)
        let disc = Flattener.polylines(of: .circle(center: Point(50.5, 30.25), radius: 24.6), transform: .identity, tolerance: 0.1)
        let small = Flattener.polylines(of: .circle(center: Point(10.5, 8.25), radius: 5.6), transform: .identity, tolerance: 0.1)
        let shared = BufferPool()
        for (i, shape) in [small, tiles(), disc, tiles(), small].enumerated() {
            let kept = try XCTUnwrap(Rasterizer.coverage(of: shape, fillRule: .nonzero, clip: clip, pool: shared))
            let alone = try XCTUnwrap(Rasterizer.coverage(of: shape, fillRule: .nonzero, clip: clip, pool: BufferPool()))
            XCTAssertEqual(kept.rowSpans, alone.rowSpans, "shape \(i)")
            XCTAssertEqual(kept.fullRuns, alone.fullRuns, "shape \(i)")
            XCTAssertEqual(kept.denseValues(), alone.denseValues(), "shape \(i)")
            checkSpans(kept, "shape \(i)")
        }
    }

    func testAnEvenOddShapeHasAHoleBetweenItsRuns() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        let outer = closed( [Point(4, 4), Point(60, 4), Point(60, 60), Point(4, 60)])
        let inner = closed( [Point(20.5, 20.5), Point(44.5, 20.5), Point(44.5, 44.5), Point(20.5, 44.5)])
        for rule in [FillRule.evenodd, .nonzero] {
            let ring = try XCTUnwrap(Rasterizer.coverage(of: [outer, inner], fillRule: rule, clip: clip))
            let runs = checkSpans(ring, "ring \(rule)")
            let middle = runs[32 - ring.rect.y0]
            if rule == .evenodd {
                XCTAssertEqual(middle, [4..<20, 45..<60])
                XCTAssertEqual(ring.value(x: 32, y: 32), 0)
            } else {
                XCTAssertEqual(middle, [4..<60])
            }
        }
    }

    func testAShapeClippedAtTheAreasEdgesKeepsItsSpansInside() throws {
        // A circle larger than the clip on the left, top and right: edges are moved onto the
        // clip's sides, and the full runs reach them.
        let clip = PixelRect(x0: 10, y0: 5, x1: 50, y1: 45)
        let circle = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: Point(30, 20), radius: 40), transform: .identity,
                                                       fillRule: .nonzero, clip: clip))
        XCTAssertEqual(circle.rect, clip)
        let runs = checkSpans(circle, tight: false, "clipped circle")
        XCTAssertEqual(runs[0], [10..<50])
        // A triangle poking out of the bottom right corner.
        let tri = closed( [Point(30, 30), Point(70, 30), Point(70, 70)])
        let corner = try XCTUnwrap(Rasterizer.coverage(of: [tri], fillRule: .nonzero, clip: clip))
        checkSpans(corner, "clipped triangle")
        XCTAssertEqual(corner.extent(y: 44, within: clip.x0, clip.x1).hi, 50)
        // A rectangle across the clip's left and bottom: one full run a row, at the edge.
        let box = try XCTUnwrap(Rasterizer.coverage(of: .rect(Rect(0, 20.5, 30.5, 40)), transform: .identity,
                                                    fillRule: .nonzero, clip: clip))
        let boxRuns = checkSpans(box, "clipped rectangle")
        XCTAssertEqual(boxRuns[0], [])
        XCTAssertEqual(boxRuns[1], [10..<30])
        XCTAssertEqual(boxRuns.last, [10..<30])
    }

    func testRectanglesGiveOneFullRunPerInsideRow() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)
        let box = try XCTUnwrap(Rasterizer.coverage(of: .rect(Rect(3.5, 2.25, 20, 10.5)), transform: .identity,
                                                    fillRule: .nonzero, clip: clip))
        let runs = checkSpans(box, "rectangle")
        // Rows 3 ..< 12 lie wholly inside (y 2.25 ..< 12.75), columns 4 ..< 23 (x 3.5 ..< 23.5).
        XCTAssertEqual(runs, [[]] + Array(repeating: [4..<23], count: 9) + [[]])
    }

    func testRandomShapesHaveSpansThatAgreeWithTheirValues() throws {
        var random = SplitMix(seed: 0x5EA5_0F5B_A115)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        let clip = PixelRect(x0: 3, y0: 2, x1: 67, y1: 49)
        let pool = BufferPool()
        var checked = 0
        for i in 0..<300 {
            var polygons: [Polyline] = []
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let n = 3 + Int(random.next() % 6)
                // Some shapes reach past the clip on every side.
                let spread = i % 3 == 0 ? 100.0 : 60.0
                polygons.append(closed( (0..<n).map { _ in Point(unit() * spread - (spread - 70) / 2, unit() * spread - (spread - 50) / 2) }))
            }
            if i % 5 == 0 {
                // A rectangle, through the rectangle path.
                let x = unit() * 70 - 5, y = unit() * 50 - 5
                polygons = [closed( [Point(x, y), Point(x + unit() * 40, y), Point(x + unit() * 40, y + unit() * 30), Point(x, y + unit() * 30)])]
                let p = polygons[0].points
                polygons = [closed( [p[0], p[1], Point(p[1].x, p[2].y), Point(p[0].x, p[2].y)])]
            }
            for rule in [FillRule.nonzero, .evenodd] {
                // Twice from one pool: a reused span table must give the same spans.
                for _ in 0..<2 {
                    guard var mask = Rasterizer.coverage(of: polygons, fillRule: rule, clip: clip, pool: pool) else { continue }
                    checkSpans(mask, tight: i % 5 != 0, "shape \(i) \(rule)")
                    if i % 5 != 0 {
                        for y in mask.rect.y0..<mask.rect.y1 {
                            var known: [Range<Int>] = []
                            mask.forEachSpan(y: y, within: mask.rect.x0, mask.rect.x1) { a, b, full in if full { known.append(a..<b) } }
                            XCTAssertEqual(known, findableRuns(mask, y: y), "shape \(i) \(rule) row \(y)")
                        }
                    }
                    checked += 1
                    mask.recycle(into: pool)
                }
            }
        }
        XCTAssertGreaterThan(checked, 800)
    }

    func testForgettingFullRunsKeepsTheExtents() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 40, y1: 40)
        var circle = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: Point(20, 20), radius: 12), transform: .identity,
                                                       fillRule: .nonzero, clip: clip))
        let before = (circle.rect.y0..<circle.rect.y1).map { circle.extent(y: $0, within: 0, 40) }
        circle.forgetFull()
        let after = (circle.rect.y0..<circle.rect.y1).map { circle.extent(y: $0, within: 0, 40) }
        XCTAssertTrue(zip(before, after).allSatisfy { $0 == $1 })
        XCTAssertFalse(circle.isKnownFull(y: 20, x0: 20, x1: 21))
        XCTAssertEqual(circle.value(x: 20, y: 20), 255)
    }

    func testFillsAlongSpansGiveTheBytesOfFillsWithoutThem() throws {
        var random = SplitMix(seed: 77)
        let clip = PixelRect(x0: 0, y0: 0, x1: 61, y1: 37)
        var pixels: [UInt8] = []
        for i in 0..<(61 * 37) { pixels += i % 3 == 0 ? [10, 20, 30, 255] : [40, 20, 0, 90] }
        let image = try Image(width: 61, height: 37, premultipliedRGBA: pixels)
        let paints: [Paint] = [.solid(PremultipliedColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)),
                               .solid(PremultipliedColor(red: 0.25, green: 0.1, blue: 0, alpha: 0.45)),
                               try XCTUnwrap(ImageShader.paint(image: image, in: Rect(0, 0, 61, 37), transform: .identity))]
        let through = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: Point(30, 18), radius: 16), transform: .identity,
                                                        fillRule: .nonzero, clip: clip))
        for i in 0..<40 {
            let n = 3 + Int(random.next() % 5)
            let poly = closed( (0..<n).map { _ in Point(Double(random.next() % 800) / 10 - 10, Double(random.next() % 500) / 10 - 6) })
            guard let mask = Rasterizer.coverage(of: [poly], fillRule: i % 2 == 0 ? .nonzero : .evenodd, clip: clip) else { continue }
            let plain = CoverageMask(rect: mask.rect, values: mask.denseValues())
            XCTAssertFalse(mask.rowSpans.isEmpty)
            try assertFillsAgree(mask, plain, through: through,
                                 referenceThrough: CoverageMask(rect: through.rect, values: through.denseValues()),
                                 paints: paints, clip: clip, "shape \(i)")
        }
    }
}
