import XCTest
@testable import MaskEngine

/// The fold of several masks along their spans (`CombinedMask`) against the plain formula
/// byte by byte (`MaskCombination.combine`): the formulas over rows, the closed forms on
/// runs of 0 and 255, and whole folds of random masks with random spans.
final class CombinedMaskTests: XCTestCase {
    private static let modes: [MaskCombine] = [.add, .subtract, .intersect, .difference, .lighten, .darken]

    func testTheScalarFormulasRoundTheRealOnesToTheNearestByte() {
        for a in 0...255 {
            for m in 0...255 {
                let x = Double(a) / 255, y = Double(m) / 255
                let real: [MaskCombine: Double] = [.add: x + y - x * y, .subtract: x * (1 - y), .intersect: x * y,
                                                   .difference: x + y - 2 * x * y, .lighten: max(x, y), .darken: min(x, y)]
                for (mode, v) in real {
                    XCTAssertEqual(Int(MaskCombination.combine(UInt32(a), UInt32(m), mode)), Int((v * 255).rounded()),
                                   "\(mode) of \(a) and \(m)")
                }
            }
        }
    }

    func testTheRowFormulasEqualTheScalarOnEveryPairOfBytes() {
        // Every pair once: a in the high byte of the index, m in the low one. One byte short
        // of 65 536, so the last fifteen go through the scalar tail.
        let count = 256 * 256 - 1
        let m = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        for mode in Self.modes {
            var a = (0..<count).map { UInt8(truncatingIfNeeded: $0 >> 8) }
            a.withUnsafeMutableBufferPointer { a in
                m.withUnsafeBufferPointer { m in
                    guard let ab = a.baseAddress, let mb = m.baseAddress else { return }
                    MaskCombination.formula(mode, onto: ab, mb, count: count)
                }
            }
            let wrong = (0..<count).first { a[$0] != MaskCombination.combine(UInt32($0 >> 8), UInt32($0 & 255), mode) }
            XCTAssertNil(wrong, "\(mode) of \((wrong ?? 0) >> 8) and \((wrong ?? 0) & 255)")
        }
    }

    func testEachOutcomeIsTheFormulaOnThePiecesItStandsFor() {
        // What each kind stands for: 0, 255, or any byte.
        let values: [MaskCombination.Known: [UInt32]] = [.zero: [0], .full: [255], .bytes: Array(0...255)]
        for mode in Self.modes {
            for (ka, aValues) in values {
                for (km, mValues) in values {
                    let outcome = MaskCombination.outcome(mode, ka, km)
                    for a in aValues {
                        for m in mValues {
                            let expected = MaskCombination.combine(a, m, mode)
                            let got: UInt8
                            switch outcome {
                            case .zero: got = 0
                            case .full: got = 255
                            case .kept: got = UInt8(a)
                            case .mask: got = UInt8(m)
                            case .inverseMask: got = UInt8(255 - m)
                            case .inverse: got = UInt8(255 - a)
                            case .formula: got = expected
                            }
                            XCTAssertEqual(got, expected, "\(mode): \(ka) \(a) with \(km) \(m) as \(outcome)")
                        }
                    }
                    switch outcome {
                    case .kept, .inverse: XCTAssertEqual(ka, .bytes, "\(mode) reads the result's bytes only where it has them")
                    case .mask, .inverseMask: XCTAssertEqual(km, .bytes, "\(mode) reads the mask's bytes only where it has them")
                    case .formula: XCTAssertTrue(ka == .bytes && km == .bytes, "\(mode)")
                    case .zero, .full: break
                    }
                }
            }
        }
    }

    /// Random folds of random masks (sparse with unwritten bytes, dense with spans, dense
    /// without), some through a factor and a frame, against the formula pixel by pixel.
    func testAFoldAlongSpansEqualsTheFormulaOnEveryPixel() {
        trials(seed: 26) { random, trial, pool in
            let rect = randomRect(&random)
            let steps = (0..<(1 + Int(random.next() % 4))).map { _ in
                Fold(values: random.next() % 10 == 0 ? nil : Self.randomMask(&random, near: rect), random: &random, near: rect)
            }
            return check(steps, startingWith: Self.modes[Int(random.next() % 6)], over: rect, trial: trial, pool: pool)
        }
    }

    /// Masks inside one full run of the result on most rows (a hole in a disc, a ring's
    /// inner circle), folded by every mode, some through a factor and a frame: the row's
    /// runs each side stay and the mode's values of 255 and the mask take the mask's
    /// pieces, without a walk of the result's (`RowFold.foldIntoFull`); the other rows
    /// are walked. Against the formula pixel by pixel.
    func testAMaskWithinAFullRunOfTheResultEqualsTheFormula() {
        trials(seed: 2626) { random, trial, pool in
            let rect = PixelRect(x0: -4, y0: -2, x1: 26 + Int(random.next() % 12), y1: 2 + Int(random.next() % 6))
            // The result: a disc's rows, a full run with a few bytes each side, or
            // sometimes none.
            var bytes = [UInt8](repeating: 0xA5, count: rect.width * rect.height)
            var rows: [Int32] = [], runs: [Int32] = []
            for r in 0..<rect.height {
                let lo = Int(random.next() % 3), hi = rect.width - Int(random.next() % 3)
                let s = lo + Int(random.next() % 3), e = hi - Int(random.next() % 3)
                for c in lo..<s { bytes[r * rect.width + c] = random.byte() }
                for c in e..<hi { bytes[r * rect.width + c] = random.byte() }
                rows += [Int32(lo), Int32(hi), Int32(runs.count), Int32(runs.count + (random.next() % 6 == 0 ? 0 : 2))]
                runs += [Int32(s), Int32(e)]
                if rows[rows.count - 1] == rows[rows.count - 2] {
                    for c in s..<e { bytes[r * rect.width + c] = random.byte() }
                }
            }
            let disc = CoverageMask(rect: rect, sparse: bytes, rowSpans: rows, fullRuns: runs)
            // The masks near the middle, within the runs but where moved by up to 3.
            let middle = PixelRect(x0: rect.x0 + 6, y0: rect.y0, x1: rect.x1 - 6, y1: rect.y1)
            let steps = [Fold(values: disc, mode: .add)] + (0..<(1 + Int(random.next() % 2))).map { _ in
                Fold(values: Self.randomMask(&random, near: middle), random: &random, near: middle)
            }
            return check(steps, startingWith: .add, over: rect, trial: trial, pool: pool)
        }
        // Holes inside the result's runs are cut round.
        XCTAssertGreaterThan(cutRows, 100)
    }

    /// Holes of one full run a row (a disc's rows: a few bytes each side, some rows
    /// without a run or empty) subtracted from a disc, inside its full runs on most rows,
    /// then sometimes a second one into the rows the first cut (`RowFold.cutHoleRows`,
    /// `mask_cut_hole_rows`; the rows it does not take go through `foldInsideFull`).
    /// Against the formula pixel by pixel, the holes' runs of 0s cut round.
    func testHolesOfOneRunARowSubtractedFromADiscEqualTheFormula() {
        cutRows = 0
        trials(seed: 2628) { random, trial, pool in
            let (rect, disc, middle) = Self.randomDiscAndMiddle(&random)
            let holes = (0..<(1 + Int(random.next() % 2))).map { _ in
                Fold(values: Self.randomDisc(&random, over: middle, margin: Int(random.next() % 8)), mode: .subtract)
            }
            return check([disc] + holes, startingWith: .add, over: rect, trial: trial, pool: pool)
        }
        XCTAssertGreaterThan(cutRows, 1000)
    }

    /// A hole subtracted from a disc (its rows cut by `mask_cut_hole_rows`, its full run
    /// the row's gap when the widest), then a mask folded over the hole by every mode, some
    /// through a factor and a frame: the later fold reads the hole's 0s where its rows need
    /// them. Against the formula pixel by pixel, and the sides cut at every gap (`check`,
    /// `mask_first_side_cut` and `mask_cut_sides`).
    func testAMaskFoldedOverAHoleEqualsTheFormula() {
        cutRows = 0
        trials(seed: 2633) { random, trial, pool in
            let (rect, disc, middle) = Self.randomDiscAndMiddle(&random)
            let hole = Fold(values: Self.randomDisc(&random, over: middle, margin: Int(random.next() % 8)), mode: .subtract)
            let over = random.next() % 2 == 0 ? Self.randomRectangle(&random, near: middle) : Self.randomMask(&random, near: middle)
            let steps = [disc, hole, Fold(values: over, random: &random, near: middle)]
            return check(steps, startingWith: .add, over: rect, trial: trial, pool: pool)
        }
        XCTAssertGreaterThan(cutRows, 500)
    }

    /// Masks beside the result on their rows (the result left or right of them, or empty
    /// there), folded by every mode, some through a factor and a frame: under `add`,
    /// `lighten` and `difference` the row's extent spans both, the gap between written 0.
    /// Against the formula pixel by pixel.
    func testAMaskBesideTheResultEqualsTheFormula() {
        trials(seed: 2627) { random, trial, pool in
            let rect = PixelRect(x0: -4, y0: -2, x1: 28 + Int(random.next() % 12), y1: 2 + Int(random.next() % 6))
            let left = PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x0 + 10, y1: rect.y1)
            let right = PixelRect(x0: rect.x1 - 10, y0: rect.y0, x1: rect.x1, y1: rect.y1)
            let (first, then) = random.next() % 2 == 0 ? (left, right) : (right, left)
            let steps = [Fold(values: Self.randomMask(&random, near: first), mode: .add)] + (0..<(1 + Int(random.next() % 2))).map { _ in
                Fold(values: Self.randomMask(&random, near: then), random: &random, near: then)
            }
            return check(steps, startingWith: .add, over: rect, trial: trial, pool: pool)
        }
        // The 0s between the masks are cut round.
        XCTAssertGreaterThan(cutRows, 200)
    }

    /// A first mask with spans within the result's columns (its rows may reach past the
    /// result's), under a mode that gives the mask where the result is 0: the result takes
    /// its spans and bytes in bulk (`CombinedMask.adopt`), then more masks are folded by
    /// every mode. Against the formula pixel by pixel.
    func testAFirstMaskTakenInBulkEqualsTheFormula() {
        trials(seed: 2628) { random, trial, pool in
            let rect = randomRect(&random)
            var first = Self.randomMask(&random, near: rect)
            while first.rowSpans.isEmpty || first.rect.x0 < rect.x0 || first.rect.x1 > rect.x1 {
                first = Self.randomMask(&random, near: rect)
            }
            let mode: MaskCombine = [.add, .lighten, .difference][Int(random.next() % 3)]
            let steps = [Fold(values: first, mode: mode)] + (0..<Int(random.next() % 3)).map { _ in
                Fold(values: Self.randomMask(&random, near: rect), random: &random, near: rect)
            }
            return check(steps, startingWith: mode, over: rect, trial: trial, pool: pool)
        }
    }

    /// Bands (one full run a row, shared by the rows inside, as a rectangle's coverage
    /// has it, its edges bytes) folded by every mode into random results: the rows whose
    /// run holds all of the result's extent are left as they are by `intersect` and
    /// `darken` without a walk (`RowFold.foldRows`), the others walked. Against the
    /// formula pixel by pixel.
    func testABandOverTheResultEqualsTheFormula() {
        trials(seed: 2629) { random, trial, pool in
            let rect = randomRect(&random)
            let band = Self.randomBand(&random, near: rect)
            let steps = [Fold(values: Self.randomMask(&random, near: rect), mode: .add)]
                + [Fold(values: band, mode: Self.modes[Int(random.next() % 6)])]
                + (0..<Int(random.next() % 2)).map { _ in Fold(values: Self.randomBand(&random, near: rect), random: &random, near: rect) }
            return check(steps, startingWith: .add, over: rect, trial: trial, pool: pool)
        }
    }

    /// Rectangles (each row one full run, a few bytes or none each side) folded by `add`
    /// and `lighten` into random results (rings among them: a band less a smaller one) are
    /// spliced in by their columns (`RowFold.foldOneRun`): the same values, row
    /// extents, runs and gaps (the sides cut at every gap) as the pieces' walk, which the
    /// same fold through an identity factor takes; and the formula's values (`check`).
    func testARectangleSplicedInByItsColumnsEqualsTheWalk() {
        let identity = (0..<256).map { UInt8($0) }
        var cut = 0
        trials(seed: 2631) { random, trial, pool in
            let rect = randomRect(&random)
            var steps = [Fold(values: Self.randomMask(&random, near: rect), mode: .add)]
            if random.next() % 2 == 0 {
                steps = [Fold(values: Self.randomBand(&random, near: rect), mode: .add),
                         Fold(values: Self.randomRectangle(&random, near: rect), mode: .subtract)]
            }
            steps += (0..<Int(random.next() % 3)).map { _ in
                Fold(values: random.next() % 2 == 0 ? Self.randomMask(&random, near: rect) : Self.randomBand(&random, near: rect),
                     random: &random, near: rect)
            }
            let square = Self.randomRectangle(&random, near: rect), mode: MaskCombine = random.next() % 2 == 0 ? .add : .lighten
            var (fast, walked) = (CombinedMask(startingWith: .add, over: rect, pool: pool), CombinedMask(startingWith: .add, over: rect, pool: pool))
            for step in steps {
                fast.fold(step.values, through: step.factor, within: step.frame, mode: step.mode)
                walked.fold(step.values, through: step.factor, within: step.frame, mode: step.mode)
            }
            fast.fold(square, mode: mode)
            walked.fold(square, through: identity, mode: mode)
            let (a, aRight) = fast.sides(minimumGap: 1), (b, bRight) = walked.sides(minimumGap: 1)
            guard a.denseValues() == b.denseValues(), Self.spans(of: a, aRight) == Self.spans(of: b, bRight) else {
                XCTFail("trial \(trial): \(mode) of \(square.rect) over \(rect): spliced \(Self.spans(of: a, aRight)), "
                        + "walked \(Self.spans(of: b, bRight))")
                return false
            }
            if aRight != nil { cut += 1 }
            return check(steps + [Fold(values: square, mode: mode)], startingWith: .add, over: rect, trial: trial, pool: pool)
        }
        // Rings among the results, cut at their gaps.
        XCTAssertGreaterThan(cut, 40)
    }

    /// Each row's extent and pieces (start, end, full) of a result cut into its sides
    /// (`CombinedMask.sides`): the left side's, then the right side's.
    private static func spans(of left: CoverageMask, _ right: [Int32]?) -> [[Int]] {
        let r = left.rect, sides = [left] + (right.map { [left.through(rowSpans: $0)] } ?? [])
        return (r.y0..<r.y1).flatMap { y in
            sides.map { side -> [Int] in
                let (lo, hi) = side.extent(y: y, within: r.x0, r.x1)
                var row = [lo, hi]
                side.forEachSpan(y: y, within: r.x0, r.x1) { a, b, full in row += [a, b, full ? 1 : 0] }
                return row
            }
        }
    }

    /// Each mask cut to its `MaskCombination.relevantAreas` rect (0 outside, as a mask drawn
    /// only there is) gives the same combined values as the masks whole, for random masks,
    /// modes and results; a cut that is wrong (the areas of the mask before an `intersect`
    /// widened to all, say, or of an `add` narrowed) would change values.
    func testMasksCutToWhereTheyMatterCombineTheSame() {
        var random = SplitMix(seed: 2630)
        let pool = BufferPool()
        var cut = 0
        for trial in 0..<600 {
            let rect = PixelRect(x0: -6, y0: -4, x1: 30, y1: 12)
            let masks = (0..<(2 + Int(random.next() % 4))).map { _ -> (CoverageMask, MaskCombine) in
                let x0 = Int(random.next() % 30) - 8, y0 = Int(random.next() % 14) - 6
                let near = PixelRect(x0: x0, y0: y0, x1: x0 + 3 + Int(random.next() % 24), y1: y0 + 2 + Int(random.next() % 12))
                return (Self.randomMask(&random, near: near), Self.modes[Int(random.next() % 6)])
            }
            let areas = MaskCombination.relevantAreas(masks.map { ($0.0.rect, $0.1) })
            var whole = CombinedMask(startingWith: masks[0].1, over: rect, pool: pool)
            var parts = CombinedMask(startingWith: masks[0].1, over: rect, pool: pool)
            for ((mask, mode), area) in zip(masks, areas) {
                whole.fold(mask, mode: mode)
                let r = area.map { mask.rect.intersection($0) } ?? mask.rect
                if r != mask.rect { cut += 1 }
                var bytes: [UInt8] = []
                for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { bytes.append(mask.value(x: x, y: y)) } }
                parts.fold(r.isEmpty ? nil : CoverageMask(rect: r, values: bytes), mode: mode)
            }
            let (a, b) = (whole.values().denseValues(), parts.values().denseValues())
            if let i = a.indices.first(where: { a[$0] != b[$0] }) {
                let list = zip(masks, areas).map { "\($0.0.1) \($0.0.0.rect) cut to \($0.1.map { "\($0)" } ?? "nothing")" }
                XCTFail("trial \(trial): at (\(rect.x0 + i % rect.width), \(rect.y0 + i / rect.width)) \(b[i]) instead of \(a[i]); "
                        + list.joined(separator: ", "))
                return
            }
        }
        XCTAssertGreaterThan(cut, 300)
    }

    /// Runs `body` for 400 trials, with random numbers seeded by `seed` and a pool that fills
    /// the bytes a writer leaves unwritten with 0xA5, until it returns false (a failure).
    private func trials(seed: UInt64, _ body: (inout SplitMix, Int, BufferPool) -> Bool) {
        var random = SplitMix(seed: seed)
        let pool = BufferPool()
        pool.unwrittenFill = 0xA5
        for trial in 0..<400 where !body(&random, trial, pool) { return }
    }

    /// One mask folded into a result: its values, factor, frame and mode.
    private struct Fold {
        let values: CoverageMask?
        var factor: [UInt8]?, frame: CoverageMask?
        let mode: MaskCombine

        init(values: CoverageMask?, factor: [UInt8]? = nil, frame: CoverageMask? = nil, mode: MaskCombine) {
            (self.values, self.factor, self.frame, self.mode) = (values, factor, frame, mode)
        }

        /// `values` by a random mode, a third of the time through a random factor, and a
        /// third of the time within a random frame near `rect`.
        init(values: CoverageMask?, random: inout SplitMix, near rect: PixelRect) {
            self.init(values: values, mode: CombinedMaskTests.modes[Int(random.next() % 6)])
            frame = random.next() % 3 == 0 ? CombinedMaskTests.randomMask(&random, near: rect) : nil
            factor = random.next() % 3 == 0 ? [0] + (1..<256).map { _ in random.byte() } : nil
        }
    }

    /// Rows `CombinedMask.sides` cut in this test's checks.
    private var cutRows = 0

    /// Folds `steps` into a result over `rect` and checks it against the formula pixel by
    /// pixel and its spans against its bytes, and the result cut at every gap
    /// (`sides(minimumGap: 1)`) against it; false (after a failure) when they differ.
    private func check(_ steps: [Fold], startingWith first: MaskCombine, over rect: PixelRect, trial: Int,
                       pool: BufferPool) -> Bool {
        var result = CombinedMask(startingWith: first, over: rect, pool: pool)
        var cut = CombinedMask(startingWith: first, over: rect, pool: pool)
        var expected = [UInt8](repeating: first.startsFull ? 255 : 0, count: rect.width * rect.height)
        for step in steps {
            result.fold(step.values, through: step.factor, within: step.frame, mode: step.mode)
            cut.fold(step.values, through: step.factor, within: step.frame, mode: step.mode)
            for y in rect.y0..<rect.y1 {
                for x in rect.x0..<rect.x1 {
                    let v = Int(step.values?.value(x: x, y: y) ?? 0)
                    var m = UInt32(step.factor?[v] ?? UInt8(v))
                    if let frame = step.frame { m = UInt32(mulDiv255(UInt32(frame.value(x: x, y: y)), m)) }
                    let i = (y - rect.y0) * rect.width + (x - rect.x0)
                    expected[i] = MaskCombination.combine(UInt32(expected[i]), m, step.mode)
                }
            }
        }
        let got = result.values()
        XCTAssertEqual(got.rect, rect)
        let dense = got.denseValues()
        if let i = expected.indices.first(where: { dense[$0] != expected[$0] }) {
            let folds = steps.map { "\($0.mode) \($0.values?.rect ?? .empty) frame \($0.frame?.rect ?? .empty) factor \($0.factor != nil)" }
            XCTFail("trial \(trial): at (\(rect.x0 + i % rect.width), \(rect.y0 + i / rect.width)) \(dense[i]) instead of "
                    + "\(expected[i]); starting \(first) over \(rect), then \(folds.joined(separator: ", "))")
            return false
        }
        // The spans the result keeps are true of its bytes.
        for y in rect.y0..<rect.y1 {
            got.forEachSpan(y: y, within: rect.x0, rect.x1) { a, b, full in
                if full { XCTAssertTrue((a..<b).allSatisfy { got.value(x: $0, y: y) == 255 }) }
            }
            let (lo, hi) = got.extent(y: y, within: rect.x0, rect.x1)
            XCTAssertTrue((rect.x0..<rect.x1).allSatisfy { ($0 >= lo && $0 < hi) || dense[(y - rect.y0) * rect.width + $0 - rect.x0] == 0 })
        }
        return checkSides(of: &cut, against: expected, trial: trial, minimumGap: 1)
    }

    /// Checks that the result cut at its gaps of at least `minimumGap` (`CombinedMask.sides`)
    /// reads, through its left sides and its right sides, the values `expected` (row-major
    /// over its rect): the sides apart, the gaps' values 0, no value lost; false (after a
    /// failure) when not.
    @discardableResult
    private func checkSides(of result: inout CombinedMask, against expected: [UInt8], trial: Int, minimumGap: Int) -> Bool {
        let rect = result.rect
        let (left, table) = result.sides(minimumGap: minimumGap)
        let right = table.map { left.through(rowSpans: $0) }
        for y in rect.y0..<rect.y1 {
            let (lo, hi) = left.extent(y: y, within: rect.x0, rect.x1)
            let (rightLo, rightHi) = right?.extent(y: y, within: rect.x0, rect.x1) ?? (0, 0)
            if rightLo < rightHi {
                cutRows += 1
                guard hi - lo > 0, rightLo - hi >= minimumGap else {
                    XCTFail("trial \(trial): row \(y) cut into \(lo)..<\(hi) and \(rightLo)..<\(rightHi)")
                    return false
                }
            }
            for x in rect.x0..<rect.x1 {
                let v = x >= rightLo && x < rightHi ? right?.value(x: x, y: y) ?? 0 : left.value(x: x, y: y)
                guard v == expected[(y - rect.y0) * rect.width + x - rect.x0] else {
                    XCTFail("trial \(trial): at (\(x), \(y)) the sides read \(v) instead of \(expected[(y - rect.y0) * rect.width + x - rect.x0])")
                    return false
                }
            }
        }
        return true
    }

    /// A ring (a disc's coverage minus a smaller disc's, as the rasterizer gives them),
    /// intersected with a band and lightened by a square: the hole's rows record the hole
    /// as their gap, and `sides(minimumGap:)` cuts exactly the rows whose gap is that wide
    /// or wider, reading the same values as the whole result.
    func testARingsHoleCutsItsRowsIntoTwoSides() throws {
        let pool = BufferPool()
        let rect = PixelRect(x0: 0, y0: 0, x1: 240, y1: 240)
        func coverage(_ path: Path) throws -> CoverageMask {
            try XCTUnwrap(Rasterizer.coverage(of: path, transform: .identity, fillRule: .nonzero, clip: rect, pool: pool))
        }
        let disc = try coverage(.circle(center: Point(120.3, 119.6), radius: 100))
        let hole = try coverage(.circle(center: Point(120.3, 119.6), radius: 60))
        let band = try coverage(.rect(Rect(0, 30, 240, 170)))
        let square = try coverage(.rect(Rect(150.5, 10, 60, 60)))
        let steps: [(CoverageMask, MaskCombine)] = [(disc, .add), (hole, .subtract), (band, .intersect), (square, .lighten)]
        var whole = CombinedMask(startingWith: .add, over: rect, pool: pool)
        for (mask, mode) in steps { whole.fold(mask, mode: mode) }
        let expected = whole.values().denseValues()
        for minimumGap in [1, 64, 100, 121] {
            var cut = CombinedMask(startingWith: .add, over: rect, pool: pool)
            for (mask, mode) in steps { cut.fold(mask, mode: mode) }
            cutRows = 0
            XCTAssertTrue(checkSides(of: &cut, against: expected, trial: minimumGap, minimumGap: minimumGap))
            // The hole's run of 0s on row y: its coverage's run known to be 255, about 120
            // wide through its middle.
            let holeRows = (30..<200).filter { y in
                var widest = 0
                hole.forEachSpan(y: y, within: 0, 240) { a, b, full in if full { widest = max(widest, b - a) } }
                return widest >= minimumGap
            }
            XCTAssertGreaterThan(holeRows.count, minimumGap == 121 ? -1 : 20)
            XCTAssertEqual(cutRows, holeRows.count, "gap \(minimumGap)")
        }
    }

    /// A mask's frame is skipped by the fold where its inner pixels (`Renderer.innerPixels`)
    /// hold the fill's coverage: the rasterizer must give it 255 on each of them, whatever
    /// part is asked, and on a box on whole pixels they are all of its pixels.
    func testAFramesInnerPixelsAreFull() throws {
        var random = SplitMix(seed: 261)
        let pool = BufferPool()
        var whole = 0, fractional = 0
        for _ in 0..<400 {
            func v(_ parts: Bool) -> Double { Double(Int(random.next() % 60) - 20) / (parts ? [1, 1, 2, 4, 3][Int(random.next() % 5)] : 1) }
            let bounds = Rect(v(true), v(true), 1 + abs(v(true)), 1 + abs(v(true)))
            let scales: [Double] = [1, 2, -1, 0.5, 3, 1.3]
            let t = Transform(a: scales[Int(random.next() % 6)], b: 0, c: 0, d: scales[Int(random.next() % 6)], tx: v(true), ty: v(true))
            let inner = Renderer.innerPixels(bounds, transform: t), box = PixelRect(covering: t.apply(bounds))
            guard !inner.isEmpty else { continue }
            if inner == box { whole += 1 } else { fractional += 1 }
            let area = PixelRect(x0: box.x0 + Int(random.next() % 3), y0: box.y0 + Int(random.next() % 3),
                                 x1: box.x1 - Int(random.next() % 3), y1: box.y1 - Int(random.next() % 3))
            guard !area.intersection(inner).isEmpty else { continue }
            let coverage = try XCTUnwrap(Rasterizer.coverage(of: .rect(bounds), transform: t, fillRule: .nonzero, clip: area, pool: pool))
            let full = area.intersection(inner)
            for y in full.y0..<full.y1 {
                XCTAssertTrue((full.x0..<full.x1).allSatisfy { coverage.value(x: $0, y: y) == 255 }, "\(bounds) by \(t) over \(area), row \(y)")
            }
        }
        XCTAssertGreaterThan(whole, 10)
        XCTAssertGreaterThan(fractional, 100)
        // Turned: none known.
        XCTAssertEqual(Renderer.innerPixels(Rect(0, 0, 4, 4), transform: Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)), .empty)
        XCTAssertEqual(Renderer.innerPixels(Rect(0.5, 0, 4, 4.5), transform: .identity), PixelRect(x0: 1, y0: 0, x1: 4, y1: 4))
    }

    private func randomRect(_ random: inout SplitMix) -> PixelRect {
        let x0 = Int(random.next() % 12) - 6, y0 = Int(random.next() % 6) - 3
        return PixelRect(x0: x0, y0: y0, x1: x0 + 4 + Int(random.next() % 30), y1: y0 + 1 + Int(random.next() % 8))
    }

    /// A random rect, a disc's rows over it (`randomDisc`, three columns in at most) to
    /// fold by `add`, and the rect's middle, where holes in the disc go.
    private static func randomDiscAndMiddle(_ random: inout SplitMix) -> (rect: PixelRect, disc: Fold, middle: PixelRect) {
        let rect = PixelRect(x0: -3, y0: -2, x1: 30 + Int(random.next() % 12), y1: 3 + Int(random.next() % 6))
        let disc = randomDisc(&random, over: rect, margin: 3)
        return (rect, Fold(values: disc, mode: .add), PixelRect(x0: rect.x0 + 5, y0: rect.y0 - 1, x1: rect.x1 - 5, y1: rect.y1 + 1))
    }

    /// A disc's rows over `rect`: each row's extent up to `margin` columns in from each
    /// side, one full run up to three columns in from it with random bytes (often 0 or 255)
    /// between; a row without a run (bytes all along) or empty now and then; the rest
    /// unwritten.
    private static func randomDisc(_ random: inout SplitMix, over rect: PixelRect, margin: Int) -> CoverageMask {
        let w = rect.width
        var bytes = [UInt8](repeating: 0xA5, count: w * rect.height)
        var rows: [Int32] = [], runs: [Int32] = []
        for r in 0..<rect.height {
            let lo = Int(random.next() % UInt64(margin + 1)), hi = w - Int(random.next() % UInt64(margin + 1))
            guard lo < hi, random.next() % 10 != 0 else {
                rows += [0, 0, Int32(runs.count), Int32(runs.count)]
                continue
            }
            let s = min(hi, lo + Int(random.next() % 4)), e = max(s, hi - Int(random.next() % 4))
            let hasRun = s < e && random.next() % 8 != 0
            for c in lo..<hi where !hasRun || c < s || c >= e { bytes[r * w + c] = [0, 255, random.byte()][Int(random.next() % 3)] }
            rows += [Int32(lo), Int32(hi), Int32(runs.count), Int32(runs.count + (hasRun ? 2 : 0))]
            if hasRun { runs += [Int32(s), Int32(e)] }
        }
        return CoverageMask(rect: rect, sparse: bytes, rowSpans: rows, fullRuns: runs)
    }

    /// A band near `result`: its first and last rows bytes, the rows between one full run
    /// (shared, as the rasterizer gives a rectangle's) with a byte or none each side, the
    /// run often wider than `result`.
    private static func randomBand(_ random: inout SplitMix, near result: PixelRect) -> CoverageMask {
        func moved(_ v: Int, by d: Int) -> Int { v + Int(random.next() % UInt64(2 * d + 1)) - d }
        var rect = PixelRect(x0: moved(result.x0, by: 4), y0: moved(result.y0, by: 2), x1: moved(result.x1, by: 4), y1: moved(result.y1, by: 2))
        if rect.width < 3 || rect.height < 1 { rect = result }
        let w = rect.width
        let (lo, hi) = (Int(random.next() % 2), w - Int(random.next() % 2))
        var bytes = [UInt8](repeating: 0xA5, count: w * rect.height)
        var rows: [Int32] = []
        for r in 0..<rect.height {
            let edge = r == 0 || r == rect.height - 1
            for c in lo..<hi where edge || c == lo || c == hi - 1 { bytes[r * w + c] = random.byte() }
            rows += [Int32(lo), Int32(hi), 0, edge ? 0 : 2]
        }
        return CoverageMask(rect: rect, sparse: bytes, rowSpans: rows, fullRuns: [Int32(lo + 1), Int32(hi - 1)])
    }

    /// An axis-aligned rectangle near `result`: each row one full run with up to five
    /// random bytes (often 0 or 255) each side, as on fractional columns, or none; the
    /// rest unwritten.
    private static func randomRectangle(_ random: inout SplitMix, near result: PixelRect) -> CoverageMask {
        let x0 = result.x0 + Int(random.next() % UInt64(result.width + 8)) - 6, y0 = result.y0 + Int(random.next() % 5) - 2
        let (left, right) = random.next() % 2 == 0 ? (0, 0) : (Int(random.next() % 6), Int(random.next() % 6))
        let rect = PixelRect(x0: x0, y0: y0, x1: x0 + left + right + 1 + Int(random.next() % 14), y1: y0 + 1 + Int(random.next() % 8))
        let w = rect.width
        var bytes = [UInt8](repeating: 0xA5, count: w * rect.height)
        for r in 0..<rect.height {
            for c in Array(0..<left) + Array((w - right)..<w) {
                bytes[r * w + c] = [0, 255, random.byte()][Int(random.next() % 3)]
            }
        }
        return CoverageMask(rect: rect, sparse: bytes, rowSpans: (0..<rect.height).flatMap { _ in [0, Int32(w), 0, 2] },
                            fullRuns: [Int32(left), Int32(w - right)])
    }

    /// A mask over a rect near `result`: without spans (any bytes), or with random extents and full
    /// runs, its bytes between them random (often 0 or 255) and elsewhere unwritten
    /// (sparse) or written as the spans say (dense).
    private static func randomMask(_ random: inout SplitMix, near result: PixelRect) -> CoverageMask {
        // The result's rect with each side moved by up to 3 pixels either way.
        func moved(_ v: Int) -> Int { v + Int(random.next() % 7) - 3 }
        var rect = PixelRect(x0: moved(result.x0), y0: moved(result.y0), x1: moved(result.x1), y1: moved(result.y1))
        if rect.isEmpty { rect = result }
        let w = rect.width
        func byte(_ random: inout SplitMix) -> UInt8 {
            switch random.next() % 8 {
            case 0: return 0
            case 1: return 255
            default: return random.byte()
            }
        }
        let kind = random.next() % 3
        guard kind != 0 else {
            return CoverageMask(rect: rect, values: (0..<(w * rect.height)).map { _ in byte(&random) })
        }
        let sparse = kind == 1
        var bytes = [UInt8](repeating: sparse ? 0xA5 : 0, count: w * rect.height)
        var rows: [Int32] = [], runs: [Int32] = []
        for r in 0..<rect.height {
            // Mostly wide extents, some rows empty.
            var lo = Int(random.next() % UInt64(w / 2 + 1)), hi = w - Int(random.next() % UInt64(w / 2 + 1))
            if random.next() % 8 == 0 { (lo, hi) = (0, 0) }
            let start = runs.count
            var x = lo
            while x < hi {
                // Bytes, then maybe a full run (runs may touch when the bytes are none).
                let gap = Int(random.next() % UInt64(min(6, hi - x) + 1))
                for c in x..<(x + gap) { bytes[r * w + c] = byte(&random) }
                x += gap
                guard x < hi else { break }
                let run = 1 + Int(random.next() % UInt64(min(8, hi - x)))
                if random.next() % 2 == 0 {
                    runs += [Int32(x), Int32(x + run)]
                    if !sparse { for c in x..<(x + run) { bytes[r * w + c] = 255 } }
                } else {
                    for c in x..<(x + run) { bytes[r * w + c] = byte(&random) }
                }
                x += run
            }
            rows += [Int32(lo), Int32(hi), Int32(start), Int32(runs.count)]
        }
        return sparse ? CoverageMask(rect: rect, sparse: bytes, rowSpans: rows, fullRuns: runs)
            : CoverageMask(rect: rect, values: bytes, rowSpans: rows, fullRuns: runs)
    }
}
