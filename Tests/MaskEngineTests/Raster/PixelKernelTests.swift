import CPixels
import XCTest
@testable import MaskEngine

/// The C pixel kernels (`Sources/CPixels`) give, at every level this CPU runs (portable,
/// AVX2, AVX-512), the bytes of the Swift pixel arithmetic (`scaled(_:by:)`, `mulDiv255`,
/// source-over) on random rows: every length up to a few vector steps (so every
/// remainder), starting anywhere in their buffers, with blocks of coverage all 0, all 255
/// and mixed at the widths the levels step by.
final class PixelKernelTests: XCTestCase {
    override func tearDown() {
        PixelKernels.level = PixelKernels.best
        super.tearDown()
    }

    /// The levels to compare: every one this CPU runs.
    private var levels: ClosedRange<Int> { 0...PixelKernels.best }

    /// The vector loops divide by 255 as one high multiply: `(t · 257) >> 16` equals
    /// `(t + (t >> 8)) >> 8` for every `t = x · k + 128` of two bytes.
    func testHighMultiplyDividesBy255AsTheShifts() {
        var mismatches = 0
        for x in UInt32(0)...255 {
            for k in UInt32(0)...255 {
                let t = x * k + 128
                if (t + (t >> 8)) >> 8 != (t * 257) >> 16 { mismatches += 1 }
                if (t * 257) >> 16 != UInt32(mulDiv255(x, k)) { mismatches += 1 }
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    /// The vector loops scale the destination by 255 − sa as `d − d · sa / 255`: equal,
    /// rounded, for every two bytes (x / 255 is never half-way, so rounding commutes with
    /// the subtraction).
    func testScalingBy255MinusIsSubtracting() {
        var mismatches = 0
        for d in UInt32(0)...255 {
            for a in UInt32(0)...255 where mulDiv255(d, 255 - a) != UInt8(d) - mulDiv255(d, a) { mismatches += 1 }
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testTheLevelsCanBeChosen() {
        for level in levels {
            PixelKernels.level = level
            XCTAssertEqual(PixelKernels.level, level)
        }
        PixelKernels.level = 99
        XCTAssertEqual(PixelKernels.level, PixelKernels.best)
    }

    /// One random row: its length, where it starts in the buffers (0...3 pixels in), the
    /// coverage bytes (blocks of 8, 16, 64 or 128 all 0, all 255 or mixed; four a pixel, for the
    /// alpha kernels), premultiplied source pixels (all opaque when `opaque`) and
    /// destination pixels of any bytes.
    private struct Row {
        var count: Int
        var start: Int
        var coverage: [UInt8]
        var source: [UInt32]
        var destination: [UInt32]
        var opaque: Bool

        init(_ random: inout SplitMix, maxCount: Int) {
            count = Int(random.next() % UInt64(maxCount + 1))
            start = Int(random.next() % 4)
            let total = start + count + 64
            coverage = []
            while coverage.count < 4 * total {
                let width = [8, 16, 64, 128][Int(random.next() % 4)], kind = random.next() % 3
                for _ in 0..<width { coverage.append(kind == 0 ? 0 : kind == 1 ? 255 : random.byte()) }
            }
            let opaque = random.next() % 2 == 0
            self.opaque = opaque
            source = (0..<total).map { _ in
                let a = opaque ? 255 : UInt32(random.byte())
                return (0..<3).reduce(a << 24) { p, c in p | (UInt32(random.next() % UInt64(a + 1)) << (8 * c)) }
            }
            destination = (0..<total).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        }
    }

    /// Source-over of `s` onto `d`: `s + d · (255 − sa) / 255` on each channel.
    private func over(_ s: UInt32, _ d: UInt32) -> UInt32 { s &+ scaled(d, by: 255 &- (s >> 24)) }

    /// Runs `kernel(source, coverage, destination, count, row)` on the row at every level
    /// and checks each level's destination against `reference(i, row)` (pixel `i` of the
    /// buffers) pixel by pixel; pixels outside the row stay as they were.
    private func check(_ name: String, rounds: Int, seed: UInt64, maxCount: Int = 150,
                       kernel: (UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int, Row) -> Void,
                       reference: (Int, Row) -> UInt32) {
        var random = SplitMix(seed: seed)
        for round in 0..<rounds {
            let row = Row(&random, maxCount: maxCount)
            var expected = row.destination
            for i in row.start..<(row.start + row.count) {
                expected[i] = reference(i, row)
            }
            for level in levels {
                PixelKernels.level = level
                var out = row.destination
                row.source.withUnsafeBytes { src in
                    row.coverage.withUnsafeBufferPointer { cov in
                        out.withUnsafeMutableBytes { dst in
                            guard let s = src.baseAddress?.assumingMemoryBound(to: UInt8.self), let c = cov.baseAddress,
                                  let d = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                            kernel(s + 4 * row.start, c + row.start, d + 4 * row.start, row.count, row)
                        }
                    }
                }
                if let i = out.indices.first(where: { out[$0] != expected[$0] }) {
                    XCTFail("\(name) round \(round), level \(level), count \(row.count), start \(row.start): pixel \(i - row.start) is "
                            + "\(String(out[i], radix: 16)), not \(String(expected[i], radix: 16))")
                    return
                }
            }
        }
    }

    func testMaskedRowsGiveTheScalarBytes() {
        check("masked row", rounds: 600, seed: 1, kernel: { s, c, d, n, row in mask_masked_row(s, c, d, n, row.opaque ? 1 : 0) },
              reference: { i, r in self.over(scaled(r.source[i], by: UInt32(r.coverage[i])), r.destination[i]) })
        for opacity: UInt32 in [0, 1, 77, 128, 254, 255] {
            check("masked row at \(opacity)", rounds: 150, seed: 2 + UInt64(opacity),
                  kernel: { s, c, d, n, _ in mask_masked_row_opacity(s, c, d, n, opacity) },
                  reference: { i, r in self.over(scaled(scaled(r.source[i], by: UInt32(r.coverage[i])), by: opacity), r.destination[i]) })
        }
    }

    func testScaledRowsGiveTheScalarBytes() {
        for k: UInt32 in [0, 1, 77, 128, 254, 255] {
            check("scaled row at \(k)", rounds: 150, seed: 40 + UInt64(k), kernel: { s, _, d, n, row in mask_scaled_row(s, d, n, k, row.opaque ? 1 : 0) },
                  reference: { i, r in self.over(scaled(r.source[i], by: k), r.destination[i]) })
        }
    }

    /// A row scaled once, blended as it is: the scalar source-over of each pixel.
    func testOverRowsGiveTheScalarBytes() {
        check("over row", rounds: 400, seed: 50, kernel: { s, _, d, n, _ in mask_over_row(s, d, n) },
              reference: { i, r in self.over(r.source[i], r.destination[i]) })
    }

    /// Onto a stale row, the destination's bytes (random here) are never read: each pixel is
    /// the source over the backdrop pixel, opaque source or not.
    func testScaledRowsOntoABackdropGiveTheScalarBytes() {
        for k: UInt32 in [0, 1, 77, 128, 254, 255] {
            for backdrop: UInt32 in [0xFF00_0000, 0xFF40_80C0, 0xFFFF_FFFF] {
                check("scaled row at \(k) onto \(String(backdrop, radix: 16))", rounds: 60, seed: 60 &+ UInt64(k) &+ UInt64(backdrop & 0xFF),
                      kernel: { s, _, d, n, row in mask_scaled_row_onto(s, d, n, k, backdrop, row.opaque ? 1 : 0) },
                      reference: { i, r in self.over(scaled(r.source[i], by: k), backdrop) })
            }
        }
    }

    /// Pieces of a row made from its coverage bytes: lengths 1...37, some with a gap
    /// before them, constants of every value (255 above 200), the last cut at the row's end.
    private func pieces(_ r: Row) -> [mask_piece] {
        var out: [mask_piece] = [], x = 0, j = 0
        while x < r.count {
            let c = Int(r.coverage[r.start + j])
            j += 1
            let start = x + (c % 3 == 0 ? c % 5 : 0), end = min(r.count, start + 1 + c % 37)
            guard start < end else { break }
            out.append(mask_piece(start: start, end: end, k: c > 200 ? 255 : UInt32(c)))
            x = end
        }
        return out
    }

    /// Rows of constant pieces (`mask_scaled_pieces_rows`: a rectangle's rows through a
    /// grid's band of tiles, or one piece of a row), the pieces of `pieces(_:)` (at 255 over
    /// opaque sources and others) and the stale columns of `SpanRow` (or none), against the
    /// rules `runRunMaskedFill` draws such rows by, simulated here: a row stale from the first piece's start to the
    /// last one's end is the pieces onto the backdrop, the backdrop between them and before
    /// them; any other row piece by piece, each piece's stale columns before it made the
    /// backdrop (and under it, unless it is copied or drawn onto the backdrop), then a copy
    /// at 255, the source times `k` onto the backdrop where all its columns are stale, else
    /// over the destination. Three rows a call, each stale alike, onto the same pixels (so
    /// the second and third draw over the first), the source one row: of any pixels, or in
    /// a third of the rounds one pixel throughout (`uniform`, a solid colour's row, whose
    /// pieces the kernel draws as one pixel each). At every level.
    func testScaledPiecesRowsGiveTheRowsBytes() {
        let backdrop: UInt32 = 0xFF30_70A0
        var random = SplitMix(seed: 90)
        for round in 0..<300 {
            let row = Row(&random, maxCount: 150)
            let pieces = self.pieces(row)
            guard let first = pieces.first, let last = pieces.last else { continue }
            let span = SpanRow(row), noStale = round % 5 == 0
            let staleX1 = noStale ? 0 : span.staleStart < span.staleEnd ? span.staleEnd : span.staleStart
            let staleStart = noStale ? 0 : span.staleStart
            // The rows' rules, row after row over the same pixels.
            var expected = Array(row.destination[row.start...]), ends: [Int32] = []
            let uniform = round % 3 == 1
            let src = uniform ? Array(repeating: row.source[row.start], count: row.source.count - row.start) : Array(row.source[row.start...])
            for _ in 0..<3 {
                var st = staleStart
                func prepare(_ a: Int, _ b: Int, overwrites: Bool) {
                    guard st < b, st < staleX1 else { return }
                    let end = min(overwrites ? a : b, staleX1)
                    for x in st..<max(st, end) { expected[x] = backdrop }
                    st = min(b, staleX1)
                }
                if st <= first.start, last.end <= staleX1 {
                    prepare(first.start, last.end, overwrites: true)
                    for x in first.start..<last.end { expected[x] = backdrop }
                    for p in pieces { for x in p.start..<p.end { expected[x] = over(scaled(src[x], by: p.k), backdrop) } }
                } else {
                    for p in pieces {
                        if p.k == 255, row.opaque {
                            prepare(p.start, p.end, overwrites: true)
                            for x in p.start..<p.end { expected[x] = src[x] }
                        } else if st <= p.start, p.end <= staleX1 {
                            prepare(p.start, p.end, overwrites: true)
                            for x in p.start..<p.end { expected[x] = over(scaled(src[x], by: p.k), backdrop) }
                        } else {
                            prepare(p.start, p.end, overwrites: false)
                            for x in p.start..<p.end { expected[x] = over(scaled(src[x], by: p.k), expected[x]) }
                        }
                    }
                }
                ends.append(Int32(st))
            }
            for level in levels {
                PixelKernels.level = level
                // Without stale columns, the stale rows none (nil), all below the rows drawn,
                // or the rows drawn but each stale only from the last piece's end.
                let fresh = (round / 15) % 3, freshStart = fresh == 2 ? Int32(last.end) : 0
                var out = Array(row.destination[row.start...]), starts = [Int32](repeating: noStale ? freshStart : Int32(staleStart), count: 3)
                src.withUnsafeBytes { s in out.withUnsafeMutableBytes { d in pieces.withUnsafeBufferPointer { p in
                    starts.withUnsafeMutableBufferPointer { stale in
                        var spec = mask_scaled_pieces_rows(
                            y0: 7, y1: 10, src: s.baseAddress?.assumingMemoryBound(to: UInt8.self), src_stride: 0,
                            dst: d.baseAddress?.assumingMemoryBound(to: UInt8.self), dst_stride: 0, pieces: p.baseAddress, count: p.count,
                            stale_starts: noStale && fresh == 0 ? nil : stale.baseAddress, stale_y0: noStale && fresh == 1 ? 10 : 7,
                            stale_y1: noStale && fresh == 1 ? 13 : 10, stale_x1: noStale && fresh == 2 ? last.end + 5 : staleX1,
                            opaque: row.opaque ? 1 : 0, uniform: uniform ? 1 : 0)
                        mask_scaled_pieces_rows(backdrop, &spec)
                    }
                } } }
                if let i = out.indices.first(where: { out[$0] != expected[$0] }) {
                    return XCTFail("scaled pieces rows round \(round), level \(level), count \(row.count): pixel \(i) is "
                                   + "\(String(out[i], radix: 16)), not \(String(expected[i], radix: 16))")
                }
                XCTAssertEqual(starts, noStale ? [freshStart, freshStart, freshStart] : ends, "round \(round), level \(level)")
            }
        }
    }

    func testSolidRowsGiveTheScalarBytes() {
        for (color, k) in [(UInt32(0xFF20_4080), UInt32(255)), (0xFF20_4080, 100), (0x8010_2040, 255), (0x8010_2040, 3), (0, 200)] {
            check("solid row \(String(color, radix: 16)) at \(k)", rounds: 150, seed: UInt64(k) ^ UInt64(color),
                  kernel: { _, c, d, n, _ in mask_solid_row(color, c, k, d, n) },
                  reference: { i, r in self.over(scaled(color, by: UInt32(mulDiv255(UInt32(r.coverage[i]), k))), r.destination[i]) })
            check("solid run \(String(color, radix: 16)) at \(k)", rounds: 60, seed: UInt64(k) &+ 9,
                  kernel: { _, _, d, n, _ in mask_solid_row(color, nil, k, d, n) },
                  reference: { i, r in self.over(scaled(color, by: k), r.destination[i]) })
        }
        check("fill", rounds: 100, seed: 5, kernel: { _, _, d, n, _ in mask_fill_pixels(d, n, 0x1234_5678) },
              reference: { _, _ in 0x1234_5678 })
    }

    /// A solid span row made from a row's coverage bytes: the columns drawn, full runs (some
    /// before the columns or across their ends, to be clipped; columns counted from an origin
    /// of 3) and the stale columns (none; from before the drawn ones to their end or inside
    /// them; ending before them; starting inside them), all within the row.
    private struct SpanRow {
        var lo = 0, hi = 0, staleStart = 0, staleEnd = 0
        var runs: [Int32] = []
        let origin = 3

        init(_ r: Row) {
            let c = { (i: Int) in Int(r.coverage[r.start + i]) }
            guard r.count > 0 else { return }
            lo = c(0) % (r.count / 3 + 1)
            hi = max(lo, r.count - c(1) % (r.count / 3 + 1))
            var x = c(2) % 5, j = 3
            while x < r.count, j < r.count {
                let start = x + c(j) % 9, end = start + 1 + c(j + 1) % 23
                runs += [Int32(start - origin), Int32(end - origin)]
                x = end + 1 + c(j + 2) % 7
                j += 3
            }
            switch c(r.count - 1) % 4 {
            case 0: (staleStart, staleEnd) = (hi, hi)
            case 1: (staleStart, staleEnd) = (c(4) % (lo + 1), hi - c(7) % (hi - lo + 1))
            case 2: (staleStart, staleEnd) = (0, c(5) % (lo + 1))
            default: (staleStart, staleEnd) = (lo + c(6) % (hi - lo + 1), hi)
            }
        }

        /// A circle's row, from the row's bytes: an extent with one full run inside it, 0 to
        /// 11 columns before and after the run, and three times in four the whole extent
        /// stale (a shape drawn over the frame's backdrop), else stale columns as `init`
        /// makes them.
        init(oneRun r: Row) {
            self.init(r)
            guard r.count > 0 else { return }
            let c = { (i: Int) in Int(r.coverage[r.start + i]) }
            let a = lo + c(3) % 12, b = max(a, hi - c(r.count / 2) % 12)
            runs = a < b ? [Int32(a - origin), Int32(b - origin)] : []
            if c(8) % 4 != 0 { (staleStart, staleEnd) = (c(4) % (lo + 1), hi) }
        }

        /// True when column `x` is in a full run.
        func isFull(_ x: Int) -> Bool {
            stride(from: 0, to: runs.count, by: 2).contains { x >= Int(runs[$0]) + origin && x < Int(runs[$0 + 1]) + origin }
        }

        /// The full runs clipped to the columns drawn, the empty ones left out.
        var clippedRuns: [Range<Int>] {
            stride(from: 0, to: runs.count, by: 2).compactMap {
                let a = max(lo, Int(runs[$0]) + origin), b = min(hi, Int(runs[$0 + 1]) + origin)
                return a < b ? a..<b : nil
            }
        }

        /// A run held in the backdrop, from the row's bytes: none, or anywhere from the
        /// row's start to its extent's end (across the stale columns or not).
        func heldBackdrop(_ r: Row) -> Range<Int> {
            guard r.count > 0 else { return 0..<0 }
            let c = { (i: Int) in Int(r.coverage[r.start + i]) }
            let a = c(11 % r.count) % (hi + 1), b = c(12 % r.count) % (hi + 1)
            return c(13 % r.count) % 5 == 0 ? 0..<0 : min(a, b)..<max(a, b)
        }

        /// A run held in the colour, from the row's bytes: none, inside the columns drawn,
        /// or across either end of them.
        func held(_ r: Row) -> Range<Int> {
            guard r.count > 0 else { return 0..<0 }
            let c = { (i: Int) in Int(r.coverage[r.start + i]) }
            let a = c(8 % r.count) % (r.count + 1), b = c(9 % r.count) % (r.count + 1)
            return c(10 % r.count) % 5 == 0 ? 0..<0 : min(a, b)..<max(a, b)
        }
    }

    /// An opaque colour through a mask's row (`mask_solid_span_rows`): the full runs (clipped
    /// to the columns drawn) the colour, whatever the mask's bytes there; each pixel between
    /// them the colour through its byte over the destination, or over the backdrop where the
    /// column is stale (the destination's bytes, random here, never read there); the stale
    /// columns before the drawn ones the backdrop; nothing else written.
    func testSolidSpanRowsGiveTheScalarBytes() {
        for (color, backdrop) in [(UInt32(0xFF20_4080), UInt32(0xFF30_70A0)), (0xFF00_00FF, 0xFFFF_0000), (0xFFFF_FFFF, 0xFF00_0000)] {
            check("solid span row \(String(color, radix: 16))", rounds: 300, seed: UInt64(color & 0xFFFF), maxCount: 200,
                  kernel: { _, c, d, _, row in
                      let span = SpanRow(row)
                      // None held, none recorded.
                      let starts = self.solidSpanRow(span, color: color, backdrop: backdrop, mask: c, dst: d, count: row.count,
                                                     held: nil, drawn: nil)
                      // The row is fresh up to where it was drawn (when it was stale there).
                      if span.staleStart < span.staleEnd { XCTAssertEqual(starts, Int32(span.staleEnd)) }
                  }, reference: { i, r in
                      let span = SpanRow(r), x = i - r.start, stale = x >= span.staleStart && x < span.staleEnd
                      guard x >= span.lo, x < span.hi else { return stale ? backdrop : r.destination[i] }
                      if span.isFull(x) { return color }
                      return self.over(scaled(color, by: UInt32(r.coverage[i])), stale ? backdrop : r.destination[i])
                  })
        }
    }

    /// `mask_solid_span_rows` over the one row `span` (row 4): its spans' four entries, its
    /// runs, its stale start, and the runs held and recorded (`held`, `drawn`: five entries
    /// for row 4, or nil). The row's stale start afterwards.
    private func solidSpanRow(_ span: SpanRow, color: UInt32, backdrop: UInt32, mask c: UnsafePointer<UInt8>,
                              dst d: UnsafeMutablePointer<UInt8>, count: Int, held: [Int32]?, drawn: UnsafeMutablePointer<Int32>?) -> Int32 {
        let entries: [Int32] = [Int32(span.lo - span.origin), Int32(span.hi - span.origin), 0, Int32(span.runs.count)]
        var starts: [Int32] = [Int32(span.staleStart)]
        let staleX1 = span.staleStart < span.staleEnd ? span.staleEnd : span.staleStart
        let heldRuns = held ?? []
        entries.withUnsafeBufferPointer { spans in span.runs.withUnsafeBufferPointer { runs in
            starts.withUnsafeMutableBufferPointer { stale in heldRuns.withUnsafeBufferPointer { heldBuffer in
                let band = mask_band(y0: 4, y1: 5, x0: 0, x1: count, spans: spans.baseAddress, runs: runs.baseAddress,
                                     origin: span.origin, mask: c, mask_stride: 0, dst: d, dst_stride: 0,
                                     stale_starts: stale.baseAddress, stale_y0: 4, stale_y1: 5, stale_x1: staleX1)
                var spec = mask_solid_span_rows(band: band, held_runs: held == nil ? nil : heldBuffer.baseAddress,
                                                drawn_runs: drawn, runs_y0: 4, runs_y1: 5)
                mask_solid_span_rows(color, backdrop, &spec)
            } }
        } }
        return starts[0]
    }

    /// With a run the row holds the colour over already and one it holds the backdrop over
    /// (`held_runs`; here their pixels are random, so a write shows), the kernel writes no
    /// column of the first that a full run covers, none of the second among the stale
    /// columns before the extent, and every other column as without them; it records the
    /// row's widest full run (clipped to the columns drawn), or leaves the record as it was
    /// when the row has none, the extent's start, where the stale columns it made the
    /// backdrop before the extent start (the extent's start when they do not reach it), and
    /// the extent's end (the last three left as they were for an empty extent). At every level.
    func testSolidSpanRowsSkipTheHeldRunsAndRecordThem() {
        let color: UInt32 = 0xFF10_20F0, backdrop: UInt32 = 0xFF00_8000
        check("solid span row held", rounds: 400, seed: 91, maxCount: 200,
              kernel: { _, c, d, _, row in
                  let span = SpanRow(row), held = span.held(row), clear = span.heldBackdrop(row)
                  var drawn: [Int32] = [-7, -7, -7, -7, -7]
                  _ = drawn.withUnsafeMutableBufferPointer { out in
                      self.solidSpanRow(span, color: color, backdrop: backdrop, mask: c, dst: d, count: row.count,
                                        held: [Int32(held.lowerBound), Int32(held.upperBound), Int32(clear.upperBound),
                                               Int32(clear.lowerBound), -1],
                                        drawn: out.baseAddress)
                  }
                  let widest = span.clippedRuns.max { $0.count < $1.count }
                  let run: [Int32] = widest.map { [Int32($0.lowerBound), Int32($0.upperBound)] } ?? [-7, -7]
                  let cleared = span.staleStart < span.lo && span.staleEnd >= span.lo ? span.staleStart : span.lo
                  XCTAssertEqual(drawn, run + (span.lo < span.hi ? [Int32(span.lo), Int32(cleared), Int32(span.hi)] : [-7, -7, -7]))
              }, reference: { i, r in
                  let span = SpanRow(r), x = i - r.start, stale = x >= span.staleStart && x < span.staleEnd
                  if span.lo < span.hi, x < span.lo, stale, span.heldBackdrop(r).contains(x) { return r.destination[i] }
                  guard x >= span.lo, x < span.hi else { return stale ? backdrop : r.destination[i] }
                  if span.isFull(x) { return span.held(r).contains(x) ? r.destination[i] : color }
                  return self.over(scaled(color, by: UInt32(r.coverage[i])), stale ? backdrop : r.destination[i])
              })
    }

    /// A row worked by hand, ten pixels: extent 1 ..< 9, full runs 2 ..< 5 and 6 ..< 9, the
    /// run 3 ..< 7 held, nothing stale; the mask bytes 0, 51, 255 … (full), 102 at 5. Pixels
    /// 3 and 4, and 6, held and full, are left as they were; 2, 7, 8 become the colour; 1
    /// and 5 the colour through 51 and 102 over the destination; 0 and 9 are untouched.
    func testSolidSpanRowWorkedByHand() {
        let color: UInt32 = 0xFF00_00FF, old: UInt32 = 0xFF00_FF00, keep: UInt32 = 0x1122_3344
        let mask: [UInt8] = [0, 51, 255, 255, 255, 102, 255, 255, 255, 0]
        let entries: [Int32] = [1, 9, 0, 4], runs: [Int32] = [2, 5, 6, 9], held: [Int32] = [3, 7, 0, 0, 0]
        // Red through 51 over green: red 255 · 51 / 255 = 51, green 255 − 51 = 204; through 102: 102 and 153.
        let expected: [UInt32] = [old, 0xFF00_CC33, color, keep, keep, 0xFF00_9966, keep, color, color, old]
        for level in levels {
            PixelKernels.level = level
            var pixels: [UInt32] = [old, old, old, keep, keep, old, keep, old, old, old]
            var drawn: [Int32] = [0, 0, 0, 0, 0]
            entries.withUnsafeBufferPointer { e in runs.withUnsafeBufferPointer { r in held.withUnsafeBufferPointer { h in
                mask.withUnsafeBufferPointer { m in drawn.withUnsafeMutableBufferPointer { out in
                    pixels.withUnsafeMutableBytes { px in
                        let band = mask_band(y0: 0, y1: 1, x0: 0, x1: 10, spans: e.baseAddress, runs: r.baseAddress, origin: 0,
                                             mask: m.baseAddress, mask_stride: 10,
                                             dst: px.baseAddress?.assumingMemoryBound(to: UInt8.self), dst_stride: 40,
                                             stale_starts: nil, stale_y0: 0, stale_y1: 0, stale_x1: 0)
                        var spec = mask_solid_span_rows(band: band, held_runs: h.baseAddress, drawn_runs: out.baseAddress,
                                                        runs_y0: 0, runs_y1: 1)
                        mask_solid_span_rows(color, 0xFF00_0000, &spec)
                    }
                } }
            } } }
            XCTAssertEqual(pixels, expected, "level \(level)")
            // Both full runs are three wide: the first is recorded, the extent's start (twice:
            // no stale column before it) and its end.
            XCTAssertEqual(drawn, [2, 5, 1, 1, 9], "level \(level)")
        }
    }

    /// A plain fill's row (`mask_solid_cover_rows`), the coverage's extent, full runs and
    /// stale columns of `SpanRow`: each column of the extent the colour times `k` times its
    /// coverage byte (times `k` alone in a full run, whatever the byte) over the
    /// destination, or over the backdrop where the column is stale; the stale columns
    /// before the extent the backdrop; nothing else written, nothing written for an empty
    /// extent; the row fresh up to where it was drawn. At every level.
    func testSolidCoverRowsGiveTheScalarBytes() {
        checkSolidCoverRows("solid cover row", seed: 0, shape: { SpanRow($0) })
    }

    /// `mask_solid_cover_rows` over an oval's rows (`SpanRow(oneRun:)`: one full run, 0 to
    /// 11 edge columns each side, the run's coverage bytes random) gives the same bytes.
    func testSolidCoverRowsOfOneRunGiveTheScalarBytes() {
        checkSolidCoverRows("one-run cover row", seed: 5000, shape: { SpanRow(oneRun: $0) })
    }

    /// `testSolidCoverRowsGiveTheScalarBytes` with rows of `shape`.
    private func checkSolidCoverRows(_ name: String, seed: UInt64, shape: @escaping (Row) -> SpanRow) {
        for (color, k) in [(UInt32(0xFF20_4080), UInt32(255)), (0xFF20_4080, 100), (0x8010_2040, 255), (0x8010_2040, 3)] {
            let backdrop: UInt32 = 0xFF30_70A0
            check("\(name) \(String(color, radix: 16)) at \(k)", rounds: 300,
                  seed: seed &+ UInt64(k) &* 31 &+ UInt64(color & 0xFF), maxCount: 200, kernel: { _, c, d, _, row in
                      let span = shape(row)
                      let entries: [Int32] = [Int32(span.lo - span.origin), Int32(span.hi - span.origin), 0, Int32(span.runs.count)]
                      var starts: [Int32] = [Int32(span.staleStart)]
                      let staleX1 = span.staleStart < span.staleEnd ? span.staleEnd : span.staleStart
                      entries.withUnsafeBufferPointer { e in span.runs.withUnsafeBufferPointer { r in
                          starts.withUnsafeMutableBufferPointer { stale in
                              var spec = mask_band(y0: 4, y1: 5, x0: 0, x1: row.count, spans: e.baseAddress,
                                                   runs: r.baseAddress, origin: span.origin, mask: c, mask_stride: 0,
                                                   dst: d, dst_stride: 0, stale_starts: stale.baseAddress, stale_y0: 4,
                                                   stale_y1: 5, stale_x1: staleX1)
                              mask_solid_cover_rows(color, k, backdrop, &spec)
                          }
                      } }
                      if span.lo < span.hi, span.staleStart < span.staleEnd { XCTAssertEqual(starts[0], Int32(span.staleEnd)) }
                  }, reference: { i, r in
                      let span = shape(r), x = i - r.start, stale = x >= span.staleStart && x < span.staleEnd
                      guard span.lo < span.hi, x < span.hi else { return r.destination[i] }
                      guard x >= span.lo else { return stale ? backdrop : r.destination[i] }
                      let factor = span.isFull(x) ? k : UInt32(mulDiv255(UInt32(r.coverage[i]), k))
                      return self.over(scaled(color, by: factor), stale ? backdrop : r.destination[i])
                  })
        }
    }

    /// Two rows of four pixels worked by hand, without spans (each row's bytes read over
    /// columns 1 ..< 4), red over green: coverage 51 gives red 51 over green 204, 102 gives
    /// 102 over 153, 255 red, 0 green; column 0 of each row is untouched. The second row is
    /// a stride on, in both the coverage and the pixels.
    func testSolidCoverRowsWorkedByHand() {
        let red: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00
        let coverage: [UInt8] = [0, 51, 255, 102, 255, 0, 51, 0]
        let expected: [UInt32] = [green, 0xFF00_CC33, red, 0xFF00_9966, green, green, 0xFF00_CC33, green]
        for level in levels {
            PixelKernels.level = level
            var pixels = [UInt32](repeating: green, count: 8)
            coverage.withUnsafeBufferPointer { c in pixels.withUnsafeMutableBytes { px in
                var spec = mask_band(y0: 0, y1: 2, x0: 1, x1: 4, spans: nil, runs: nil, origin: 0, mask: c.baseAddress,
                                     mask_stride: 4, dst: px.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                     dst_stride: 16, stale_starts: nil, stale_y0: 0, stale_y1: 0, stale_x1: 0)
                mask_solid_cover_rows(red, 255, 0xFF00_0000, &spec)
            } }
            XCTAssertEqual(pixels, expected, "level \(level)")
        }
    }

    /// A fill through a mask's row below full opacity over a source row shaded once
    /// (`mask_scaled_span_rows`), the mask's extent, full runs and stale columns of
    /// `SpanRow`: each column of a full run the source times `k`, of a piece between them
    /// the source times its mask byte, then `k`, over the destination, or over the backdrop
    /// where the column is stale (the destination's bytes, random, never read there); the
    /// stale columns before the extent the backdrop; nothing else written; the row fresh up
    /// to where it was drawn. At every level.
    func testScaledSpanRowsGiveTheScalarBytes() {
        checkScaledSpanRows("scaled span row", seed: 700, shape: { SpanRow($0) })
    }

    /// `mask_scaled_span_rows` over a circle's rows (`SpanRow(oneRun:)`: one full run, 0 to
    /// 11 edge columns each side, where a level may draw a step whole for an edge and the
    /// run's end), the run's mask bytes random (a sparse mask leaves them unwritten: they
    /// must not be read), gives the same bytes.
    func testScaledSpanRowsOfOneRunGiveTheScalarBytes() {
        checkScaledSpanRows("one-run span row", seed: 900, shape: { SpanRow(oneRun: $0) })
    }

    /// `testScaledSpanRowsGiveTheScalarBytes` with rows of `shape`.
    private func checkScaledSpanRows(_ name: String, seed: UInt64, shape: @escaping (Row) -> SpanRow) {
        let backdrop: UInt32 = 0xFF30_70A0
        for k: UInt32 in [1, 77, 128, 254] {
            check("\(name) at \(k)", rounds: 300, seed: seed &+ UInt64(k), maxCount: 200, kernel: { s, c, d, n, row in
                let span = shape(row)
                let entries: [Int32] = [Int32(span.lo - span.origin), Int32(span.hi - span.origin), 0, Int32(span.runs.count)]
                var starts: [Int32] = [Int32(span.staleStart)]
                let staleX1 = span.staleStart < span.staleEnd ? span.staleEnd : span.staleStart
                let scaledRow = (0..<n).map { scaled(row.source[row.start + $0], by: k) }
                var blended = [UInt32](repeating: 0, count: max(1, n)), made: [UInt32] = [0, 0]
                entries.withUnsafeBufferPointer { e in span.runs.withUnsafeBufferPointer { r in
                    starts.withUnsafeMutableBufferPointer { stale in scaledRow.withUnsafeBytes { sc in
                        blended.withUnsafeMutableBytes { b in made.withUnsafeMutableBufferPointer { m in
                            var spec = mask_scaled_span_rows(
                                band: mask_band(y0: 4, y1: 5, x0: 0, x1: n, spans: e.baseAddress, runs: r.baseAddress,
                                                origin: span.origin, mask: c, mask_stride: 0, dst: d, dst_stride: 0,
                                                stale_starts: stale.baseAddress, stale_y0: 4, stale_y1: 5, stale_x1: staleX1),
                                source: s, scaled: sc.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                blended: b.baseAddress?.assumingMemoryBound(to: UInt8.self), made: m.baseAddress, row_x0: 0,
                                count: n, k: k)
                            mask_scaled_span_rows(backdrop, &spec)
                        } }
                    } }
                } }
                if span.lo < span.hi, span.staleStart < span.staleEnd { XCTAssertEqual(starts[0], Int32(span.staleEnd)) }
                if made[0] == 1 { XCTAssertEqual(made[1], backdrop) }
            }, reference: { i, r in
                let span = shape(r), x = i - r.start, stale = x >= span.staleStart && x < span.staleEnd
                guard span.lo < span.hi, x < span.hi else { return r.destination[i] }
                guard x >= span.lo else { return stale ? backdrop : r.destination[i] }
                let source = span.isFull(x) ? r.source[i] : scaled(r.source[i], by: UInt32(r.coverage[i]))
                return self.over(scaled(source, by: k), stale ? backdrop : r.destination[i])
            })
        }
    }

    /// An axial gradient's row (`mask_axial_row`) gives `GradientShader.shade`'s entries
    /// at every level: pixel `i` the entry at `(t0 + dt · i − low) · scale + 0.5`, made 0
    /// unless above 0 and the last entry above it, truncated; for rows of every length up
    /// to several steps, written from any byte (no alignment), nothing outside them; with
    /// positions inside the table, beyond either end, on exact halves, and NaN or infinite.
    func testAxialRowsGiveTheShadersEntries() {
        var random = SplitMix(seed: 4242)
        let specials: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e300, -1e300]
        func unit() -> Double { Double(random.next() % 1_000_001) / 1_000_000 }
        for round in 0..<400 {
            let entries = 1 + Int(random.next() % 40), count = Int(random.next() % 70), offset = Int(random.next() % 4)
            let table = (0..<entries).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let low = -unit(), scale = Double(entries - 1) / (1 + unit())
            var t0 = unit() * 3 - 1, dt = (unit() - 0.5) * 0.2
            switch round % 8 {
            case 0: t0 = specials[Int(random.next() % UInt64(specials.count))]
            case 1: dt = specials[Int(random.next() % UInt64(specials.count))]
            case 2: (t0, dt) = (Double(random.next() % 16) / 8, 0.125)  // positions on exact halves of entries
            case 3: dt = 0
            default: break
            }
            let last = Double(entries - 1)
            let expected: [UInt32] = (0..<count).map { i in
                var v = (t0 + dt * Double(i) - low) * scale + 0.5
                if !(v > 0) { v = 0 } else if v > last { v = last }
                return table[Int(v)]
            }
            for level in levels {
                PixelKernels.level = level
                var out = [UInt8](repeating: 0xA5, count: offset + 4 * count + 4)
                table.withUnsafeBufferPointer { t in
                    out.withUnsafeMutableBufferPointer { o in
                        guard let base = o.baseAddress else { return }
                        mask_axial_row(t.baseAddress, t.count, t0, dt, low, scale, base + offset, count)
                    }
                }
                let got = (0..<count).map { i in (0..<4).reduce(UInt32(0)) { p, j in p | UInt32(out[offset + 4 * i + j]) << (8 * j) } }
                if let i = got.indices.first(where: { got[$0] != expected[$0] }) {
                    return XCTFail("axial row round \(round), level \(level): pixel \(i) of \(count) is \(String(got[i], radix: 16)), "
                                   + "not \(String(expected[i], radix: 16)) (t0 \(t0), dt \(dt))")
                }
                XCTAssertTrue(out[..<offset].allSatisfy { $0 == 0xA5 } && out[(offset + 4 * count)...].allSatisfy { $0 == 0xA5 },
                              "axial row round \(round), level \(level): a byte outside the row written")
            }
        }
    }

    /// The alpha kernels, on the four bytes of each destination pixel of the random rows as
    /// alpha bytes (so up to 600 bytes, several steps of 64), with four coverage bytes a pixel.
    func testAlphaRowsGiveTheScalarBytes() {
        func alphaOver(_ s: UInt32, _ d: UInt8) -> UInt8 { UInt8(truncatingIfNeeded: s &+ UInt32(mulDiv255(UInt32(d), 255 &- s))) }
        /// Byte `j` of pixel `i` through `f(coverage, byte)`.
        func bytes(_ i: Int, _ r: Row, _ f: (UInt32, UInt8) -> UInt8) -> UInt32 {
            (0..<4).reduce(0) { p, j in
                let c = UInt32(r.coverage[r.start + 4 * (i - r.start) + j])
                return p | UInt32(f(c, UInt8(truncatingIfNeeded: r.destination[i] >> (8 * j)))) << (8 * j)
            }
        }
        for alpha: UInt32 in [0, 1, 90, 254, 255] {
            check("alpha fill \(alpha)", rounds: 80, seed: 7 &+ UInt64(alpha),
                  kernel: { _, _, d, n, _ in mask_alpha_fill(d, 4 * n, alpha) },
                  reference: { i, r in bytes(i, r) { _, b in alphaOver(alpha, b) } })
            for k: UInt32 in [255, 140] {
                check("alpha row \(alpha) at \(k)", rounds: 80, seed: 11 &+ UInt64(alpha) &* 3 &+ UInt64(k),
                      kernel: { _, c, d, n, _ in mask_alpha_row(c, d, 4 * n, alpha, k) },
                      reference: { i, r in bytes(i, r) { c, b in alphaOver(UInt32(mulDiv255(alpha, UInt32(mulDiv255(c, k)))), b) } })
            }
        }
    }
}
