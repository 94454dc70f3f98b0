import XCTest
@testable import MaskEngine

/// The property behind `DrawPipeline`'s fast paths: random stage lists — every source,
/// zero to three modulators of one to three factors (coverages with spans, dense masks in
/// blocks of 0, 255 and mixed bytes, constants), every blend, both stores — give the same
/// bytes and the same drawn area through the fast paths (the C kernels at every level this
/// CPU runs: portable, AVX2, AVX-512) as through the general loop alone; and stored as alpha alone, a list gives the
/// alpha channel of its RGBA store.
final class PipelinePropertyTests: XCTestCase {
    override func tearDown() {
        DrawPipeline.generalOnly = false
        PixelKernels.level = PixelKernels.best
        super.tearDown()
    }

    func testRandomListsGiveTheGeneralLoopsBytes() throws {
        var random = SplitMix(seed: 22)
        var fastPieces = 0
        for round in 0..<400 {
            // Wide enough for a few of the widest kernels' steps (64 alpha bytes).
            let clip = PixelRect(x0: 0, y0: 0, x1: 8 + Int(random.next() % 90), y1: 3 + Int(random.next() % 6))
            let list = try randomList(&random, clip: clip)
            var results: [(Image, PixelRect)] = []
            for (general, level) in [(true, PixelKernels.best)] + (0...PixelKernels.best).map({ (false, $0) }) {
                DrawPipeline.generalOnly = general
                PixelKernels.level = level
                var surface = try Surface.backdrop(clip)
                surface.dirty = round % 3 == 0 ? clip : PixelRect(x0: 1, y0: 1, x1: clip.x1 - 1, y1: clip.y1)
                list.run(into: &surface)
                results.append((surface.image, surface.dirty))
            }
            for (image, dirty) in results.dropFirst() {
                XCTAssertTrue(image == results[0].0, "round \(round): \(describe(list))")
                XCTAssertEqual(dirty, results[0].1, "round \(round)")
            }
            if list.blend == .sourceOver {
                // Stored as alpha alone, the same list gives the RGBA store's alpha channel.
                var rgba = try Surface.backdrop(clip)
                // The top rows transparent, as a mask is before it is drawn.
                for i in 0..<(clip.width * 4 * (clip.height / 2)) { rgba.image.pixels[i] = 0 }
                var alpha = AlphaSurface(rect: clip, pool: BufferPool())
                alpha.values = stride(from: 3, to: rgba.image.pixels.count, by: 4).map { rgba.image.pixels[$0] }
                alpha.dirty = results[0].1
                rgba.dirty = alpha.dirty
                DrawPipeline.generalOnly = false
                list.run(into: &alpha)
                list.run(into: &rgba)
                XCTAssertEqual(alpha.values, stride(from: 3, to: rgba.image.pixels.count, by: 4).map { rgba.image.pixels[$0] },
                               "round \(round) a8: \(describe(list))")
            }
            if list.blend == .sourceOver, list.modulators.count > 0 { fastPieces += 1 }
        }
        XCTAssertGreaterThan(fastPieces, 100)
    }

    /// Onto a frame whose rows are stale (`StaleBackdrop`: all of a new buffer, or the part
    /// a kept frame drew over, holding other bytes), two lists one after the other (the
    /// second meets rows the first made fresh), the fast paths at every level (some blend
    /// onto the backdrop colour without filling first) give the general loop's bytes and
    /// drawn area, which fills each stale piece before it blends.
    func testRandomListsOverStaleRowsGiveTheGeneralLoopsBytes() throws {
        var random = SplitMix(seed: 23)
        let colors = [Color.black, Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1), .white]
        for round in 0..<300 {
            let clip = PixelRect(x0: 0, y0: 0, x1: 8 + Int(random.next() % 90), y1: 3 + Int(random.next() % 6))
            let lists = [try randomList(&random, clip: clip), try randomList(&random, clip: clip)]
            let color = colors[Int(random.next() % 3)]
            let x0 = Int(random.next() % UInt64(clip.width)), y0 = Int(random.next() % UInt64(clip.height))
            let drawn = round % 3 == 0 ? nil : PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int(random.next() % UInt64(clip.width - x0)),
                                                         y1: y0 + 1 + Int(random.next() % UInt64(clip.height - y0)))
            var results: [(Image, PixelRect)] = []
            for (general, level) in [(true, PixelKernels.best)] + (0...PixelKernels.best).map({ (false, $0) }) {
                DrawPipeline.generalOnly = general
                PixelKernels.level = level
                var frame = try staleFrame(clip, color: color, drawn: drawn)
                for list in lists { list.run(into: &frame) }
                frame.refreshBackdrop()
                results.append((frame.image, frame.dirty))
            }
            for (image, dirty) in results.dropFirst() {
                XCTAssertTrue(image == results[0].0, "round \(round): \(lists.map(describe))")
                XCTAssertEqual(dirty, results[0].1, "round \(round)")
            }
        }
    }

    /// The circle reveal's list, an opaque colour through a shape's mask (sparse, with
    /// spans) over a coverage known full across the mask on some rows (a rectangle with
    /// whole or fractional edges), drawn twice with other shapes onto stale frames: the rows
    /// drawn one kernel call each (`solidSpanRows`) at every level give the general loop's
    /// bytes and drawn area through the mask written out.
    func testAnOpaqueColourThroughAShapesMaskGivesTheGeneralLoopsBytes() throws {
        var random = SplitMix(seed: 24)
        var fullRows = 0
        for round in 0..<200 {
            let clip = PixelRect(x0: 0, y0: 0, x1: 8 + Int(random.next() % 90), y1: 3 + Int(random.next() % 8))
            let (w, h) = (Double(clip.width), Double(clip.height))
            let drawn = drawnRect(&random, clip: clip)
            // Each draw as run (the mask sparse) and as the general loop runs it (written out).
            var draws: [(sparse: DrawPipeline, written: DrawPipeline)] = []
            for _ in 0..<2 {
                // The coverage: the whole clip, or with a fractional top, bottom or left edge.
                let edges = [Rect(0, 0, w, h), Rect(0, 0.5, w, h - 1), Rect(0.3, 0, w, h)][Int(random.next() % 3)]
                let covered = try XCTUnwrap(Rasterizer.coverage(of: .rect(edges), transform: .identity, fillRule: .nonzero, clip: clip))
                if covered.isKnownFull(y: 1, x0: 0, x1: clip.x1) { fullRows += 1 }
                let oval = Rect(Double(random.next() % 60) * 0.7 - 8, Double(random.next() % 10) * 0.6 - 2,
                                Double(4 + random.next() % 80) * 0.9, Double(2 + random.next() % 12) * 0.8)
                // An oval outside the clip has no coverage: no draw.
                guard let shape = Rasterizer.coverage(of: .oval(in: oval), transform: .identity, fillRule: .nonzero, clip: clip) else {
                    continue
                }
                var written = shape
                written.materialize()
                let color: UInt32 = random.next() % 2 == 0 ? 0xFF20_4080 : 0xFF00_00FF
                let list = { (mask: CoverageMask) in
                    DrawPipeline(source: .solid(color), modulators: [[.coverage(covered)], [.mask(mask)]],
                                 blend: .sourceOver)
                }
                draws.append((list(shape), list(written)))
            }
            var results: [(Image, PixelRect)] = []
            for (general, level) in [(true, PixelKernels.best)] + (0...PixelKernels.best).map({ (false, $0) }) {
                DrawPipeline.generalOnly = general
                PixelKernels.level = level
                var frame = try staleFrame(clip, color: .blue, drawn: round % 4 == 0 ? nil : drawn)
                for draw in draws { (general ? draw.written : draw.sparse).run(into: &frame) }
                frame.refreshBackdrop()
                results.append((frame.image, frame.dirty))
            }
            for (image, dirty) in results.dropFirst() {
                XCTAssertTrue(image == results[0].0, "round \(round)")
                XCTAssertEqual(dirty, results[0].1, "round \(round)")
            }
        }
        XCTAssertGreaterThan(fullRows, 100)
    }

    /// A fill through a mask of runs over a coverage known full on every row (a rectangle's
    /// inside rows through a grid's band of tiles), each run a constant piece: from a source
    /// read in place (a colour, an image, a group) one `mask_scaled_pieces_rows` call a
    /// band, from one made a row at a time (a slanted gradient) one call a row; drawn onto
    /// stale frames at every level, the general loop's bytes and drawn area.
    func testABandOfConstantPiecesGivesTheGeneralLoopsBytes() throws {
        var random = SplitMix(seed: 25)
        for round in 0..<240 {
            let clip = PixelRect(x0: 0, y0: 0, x1: 8 + Int(random.next() % 90), y1: 3 + Int(random.next() % 8))
            let (w, h) = (Double(clip.width), Double(clip.height))
            // From column 0 or 1: the rows' pixels read from the painted rect's left.
            let left = Double(round % 2)
            let covered = try XCTUnwrap(Rasterizer.coverage(of: .rect(Rect(left, 0, w - left, h)), transform: .identity,
                                                            fillRule: .nonzero, clip: clip))
            let source: DrawPipeline.Source
            switch round % 5 {
            case 0: source = .solid(random.next() % 2 == 0 ? 0xFF20_4080 : 0x8010_2040)
            case 1: source = .paint(try image(&random, clip: clip))
            case 2:
                var group = try Surface.backdrop(clip)
                group.dirty = PixelRect(x0: 2, y0: 0, x1: clip.x1, y1: clip.y1 - 1)
                source = .pixels(group)
            default:
                var state = LayerState(kind: .gradient)
                state.size = Size(w, h)
                state.colors = [Color(red: 1, green: 0, blue: 0, alpha: round % 5 == 3 ? 1 : 0.5), Color(red: 0, green: 0, blue: 1, alpha: 1)]
                state.start = Point(0, 0)
                state.end = Point(1, 1)
                source = .paint(try XCTUnwrap(withUnsafePointer(to: state) { GradientShader.paint(for: $0, transform: .identity) }))
            }
            // At 255 every run is one constant; else only runs of 255 are.
            let opacity: UInt32 = random.next() % 3 == 0 ? 1 + UInt32(random.byte() % 254) : 255
            let list = DrawPipeline(source: source, modulators: [[.coverage(covered)], [runs(&random, clip: clip)], [.constant(opacity)]],
                                    blend: .sourceOver)
            let drawn = drawnRect(&random, clip: clip)
            var results: [(Image, PixelRect)] = []
            for (general, level) in [(true, PixelKernels.best)] + (0...PixelKernels.best).map({ (false, $0) }) {
                DrawPipeline.generalOnly = general
                PixelKernels.level = level
                var frame = try staleFrame(clip, color: .blue, drawn: round % 4 == 0 ? nil : drawn)
                list.run(into: &frame)
                frame.refreshBackdrop()
                results.append((frame.image, frame.dirty))
            }
            for (image, dirty) in results.dropFirst() {
                XCTAssertTrue(image == results[0].0, "round \(round): \(describe(list))")
                XCTAssertEqual(dirty, results[0].1, "round \(round)")
            }
        }
    }

    /// A random rectangle inside `clip`: what a kept frame drew.
    private func drawnRect(_ random: inout SplitMix, clip: PixelRect) -> PixelRect {
        let x0 = Int(random.next() % UInt64(clip.width)), y0 = Int(random.next() % UInt64(clip.height))
        return PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int(random.next() % UInt64(clip.width - x0)),
                         y1: y0 + 1 + Int(random.next() % UInt64(clip.height - y0)))
    }

    /// A frame over `clip` of the backdrop `color`, every row stale: a new buffer's
    /// unwritten bytes, or (with `drawn`) a kept frame's, whose pixels over `drawn` are the
    /// last frame's.
    private func staleFrame(_ clip: PixelRect, color: Color, drawn: PixelRect?) throws -> Surface {
        let pool = BufferPool()
        pool.unwrittenFill = 0xA5
        guard let drawn else { return try Surface(rect: clip, opaque: color, pool: pool) }
        var last = try Surface(rect: clip, opaque: color, pool: pool)
        last.refreshBackdrop()
        for y in drawn.y0..<drawn.y1 {
            for x in drawn.x0..<drawn.x1 { last.image.pixels[(y * clip.width + x) * 4 + (x + y) % 4] ^= 0x5A }
        }
        last.dirty = drawn
        last.keepFrame(in: pool)
        return try Surface(rect: clip, opaque: color, pool: pool)
    }

    /// A random list over `clip`.
    private func randomList(_ random: inout SplitMix, clip: PixelRect) throws -> DrawPipeline {
        let blends: [DrawPipeline.Blend] = [.sourceOver, .sourceOver, .sourceOver, .behind, .destinationIn, .destinationOut]
        let blend = blends[Int(random.next() % UInt64(blends.count))]
        var modulators = DrawPipeline.Modulators()
        for _ in 0..<Int(random.next() % 4) {
            modulators.append(modulator: try factor(&random, clip: clip))
            for _ in 0..<Int(random.next() % 3) { modulators.append(factor: try factor(&random, clip: clip)) }
        }
        // Half the lists have the renderer's shapes: a plain fill, a fill through a mask.
        let opacity = DrawPipeline.Factor.constant(random.next() % 2 == 0 ? 255 : 1 + UInt32(random.byte() % 254))
        switch random.next() % 4 {
        case 0: modulators = [[try coverage(&random, clip: clip), opacity]]
        case 1: modulators = [[try coverage(&random, clip: clip)], [try mask(&random, clip: clip)], [opacity]]
        case 2: modulators = [[try coverage(&random, clip: clip)], [runs(&random, clip: clip)], [opacity]]
        default: break
        }
        let source: DrawPipeline.Source
        switch random.next() % 4 {
        case 0: source = .solid(random.next() % 2 == 0 ? 0xFF20_4080 : 0x8010_2040)
        case 1: source = .paint(try image(&random, clip: clip))
        case 2:
            let colors = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 0.4)]
            var state = LayerState(kind: .gradient)
            state.size = Size(Double(clip.width), Double(clip.height))
            state.colors = colors
            state.start = Point(0, 0.5)
            state.end = Point(1, 0.5)
            source = .paint(try XCTUnwrap(withUnsafePointer(to: state) { GradientShader.paint(for: $0, transform: .identity) }))
        default:
            var group = try Surface.backdrop(clip)
            group.dirty = PixelRect(x0: 2, y0: 0, x1: clip.x1, y1: clip.y1 - 1)
            source = .pixels(group)
        }
        return DrawPipeline(source: source, modulators: modulators, blend: blend)
    }

    /// A random factor: a coverage of a random rectangle or oval (with spans, sparse), a
    /// dense mask over part of the clip, a mask of runs, or a constant (0, 255 or any).
    private func factor(_ random: inout SplitMix, clip: PixelRect) throws -> DrawPipeline.Factor {
        switch random.next() % 4 {
        case 0: return try coverage(&random, clip: clip)
        case 1: return try mask(&random, clip: clip)
        case 2: return runs(&random, clip: clip)
        default: return .constant([0, 255, 255, UInt32(random.byte())][Int(random.next() % 4)])
        }
    }

    /// The coverage of a random rectangle or oval (with spans, sparse).
    private func coverage(_ random: inout SplitMix, clip: PixelRect) throws -> DrawPipeline.Factor {
        let x = Double(random.next() % 10) * 0.7, w = Double(clip.width) * Double(1 + random.next() % 4) / 3
        let shape: Path = random.next() % 2 == 0 ? .rect(Rect(x, 0.5, w, Double(clip.height)))
            : .oval(in: Rect(x, -0.3, w, Double(clip.height) + 1))
        let coverage = Rasterizer.coverage(of: shape, transform: .identity, fillRule: .nonzero, clip: clip)
        return .coverage(coverage ?? CoverageMask(rect: .empty, values: []))
    }

    /// Dense mask values over part of the clip, in blocks of 0, 255 and mixed bytes, as
    /// wide as the kernels' steps (8, 16 or 64 bytes); or, one time in three, an oval's
    /// coverage written out, with its spans (full runs the fast paths cut pieces at).
    private func mask(_ random: inout SplitMix, clip: PixelRect) throws -> DrawPipeline.Factor {
        if random.next() % 3 == 0 {
            let x = Double(random.next() % 20) * 0.6, w = Double(clip.width) * Double(1 + random.next() % 4) / 4
            guard let oval = Rasterizer.coverage(of: .oval(in: Rect(x, -0.4, w, Double(clip.height) + 0.6)), transform: .identity,
                                                 fillRule: .nonzero, clip: clip) else { return .mask(CoverageMask(rect: .empty, values: [])) }
            return .mask(CoverageMask(rect: oval.rect, values: oval.denseValues(), rowSpans: oval.rowSpans, fullRuns: oval.fullRuns))
        }
        let rect = PixelRect(x0: Int(random.next() % 3), y0: Int(random.next() % 2), x1: clip.x1 - Int(random.next() % 3), y1: clip.y1)
        var values = [UInt8](repeating: 0, count: rect.width * rect.height)
        var i = 0
        while i < values.count {
            let kind = random.next() % 4, width = [8, 16, 64][Int(random.next() % 3)]
            for j in i..<min(i + width, values.count) { values[j] = kind == 0 ? 0 : kind == 1 ? 255 : random.byte() }
            i += width
        }
        return .mask(CoverageMask(rect: rect, values: values))
    }

    /// A mask of runs over part of the clip: a few rectangles at fractional edges, each of
    /// one value (0, 255 or any), drawn over each other, its rect narrowed at random.
    private func runs(_ random: inout SplitMix, clip: PixelRect) -> DrawPipeline.Factor {
        var mask = RunMask(zeroOver: clip), spare = RunMask(zeroOver: .empty)
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let x = Double(random.next() % 40) * 0.6 - 2, y = Double(random.next() % 10) * 0.5 - 1
            let box = Rect(x, y, Double(1 + random.next() % 60) * 0.9, Double(1 + random.next() % 8) * 0.7)
            let value = [0, 255, 255, Int(random.byte())][Int(random.next() % 4)]
            guard let coverage = RunMask(coverageOf: .rect(box), transform: .identity, clip: clip) else { continue }
            _ = mask.fill(coverage, alpha: UInt32(value), opacity: 255, using: &spare)
        }
        mask.rect = mask.rect.intersection(PixelRect(x0: Int(random.next() % 4), y0: Int(random.next() % 2), x1: clip.x1, y1: clip.y1))
        return .runs(mask)
    }

    /// An image paint over the clip, opaque or of every alpha.
    private func image(_ random: inout SplitMix, clip: PixelRect) throws -> Paint {
        let opaque = random.next() % 2 == 0
        var pixels: [UInt8] = []
        for i in 0..<(clip.width * clip.height) {
            let a = opaque ? 255 : (i &* 37) % 256
            pixels += [UInt8((i &* 11) % (a + 1)), UInt8((i &* 5) % (a + 1)), UInt8((i &* 3) % (a + 1)), UInt8(a)]
        }
        let picture = try Image(width: clip.width, height: clip.height, premultipliedRGBA: pixels)
        return try XCTUnwrap(ImageShader.paint(image: picture, in: clip.rect, transform: .identity))
    }

    private func describe(_ list: DrawPipeline) -> String {
        let modulators = list.modulators
        let factors = (0..<modulators.count).map { m in
            (0..<modulators.factorCount).filter { modulators.modulator(ofFactor: $0) == m }.map { i -> String in
                switch modulators.factor(i) {
                case .coverage: return "coverage"
                case .mask: return "mask"
                case .runs: return "runs"
                case .constant(let k): return "\(k)"
                }
            }.joined(separator: "·")
        }
        let source: String
        switch list.source {
        case .solid(let c): source = "solid \(c)"
        case .paint(let p): if case .image = p { source = "image" } else { source = "gradient" }
        case .pixels: source = "pixels"
        case .none: source = "none"
        }
        return "\(source) \(factors) \(list.blend)"
    }
}
