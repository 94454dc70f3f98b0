import XCTest
@testable import MaskEngine

/// Masks as runs of constant values (`RunMask`) hold the bytes of the routes they replace:
/// a rectangle's runs are the rasterizer's coverage, runs drawn over each other are an
/// alpha surface's bytes, and a grid mask's runs are the values of its colour route.
final class RunMaskTests: XCTestCase {
    /// Every value of `mask` over `area`, row-major (0 outside its rect).
    private func values(_ mask: RunMask, over area: PixelRect) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in area.y0..<area.y1 { mask.writeRow(y: y, x0: area.x0, x1: area.x1, into: base + (y - area.y0) * area.width) }
        }
        return out
    }

    /// Every value of `mask` over `area`, row-major.
    private func values(_ mask: CoverageMask?, over area: PixelRect) -> [UInt8] {
        var out: [UInt8] = []
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 { out.append(mask?.value(x: x, y: y) ?? 0) }
        }
        return out
    }

    /// A random box at fractional edges, partly outside `clip` at times.
    private func box(_ random: inout SplitMix, clip: PixelRect) -> Rect {
        let x = Double(random.next() % 400) / 7 - 6, y = Double(random.next() % 300) / 9 - 4
        return Rect(x, y, Double(random.next() % 500) / 11 + 0.05, Double(random.next() % 300) / 13 + 0.05)
    }

    func testARectanglesRunsAreTheRasterizersCoverage() throws {
        var random = SplitMix(seed: 5)
        let clip = PixelRect(x0: 0, y0: 0, x1: 61, y1: 37)
        for round in 0..<500 {
            let b = box(&random, clip: clip)
            let scale = [1, 0.5, 1.7, -1.3][Int(random.next() % 4)]
            let m = Transform(a: scale, b: 0, c: 0, d: 1.25, tx: Double(random.next() % 20) / 3 + (scale < 0 ? 60 : 0), ty: 0.4)
            let runs = try XCTUnwrap(RunMask(coverageOf: .rect(b), transform: m, clip: clip), "round \(round)")
            let coverage = Rasterizer.coverage(of: .rect(b), transform: m, fillRule: .nonzero, clip: clip)
            XCTAssertEqual(runs.rect, coverage?.rect ?? .empty, "round \(round)")
            XCTAssertEqual(values(runs, over: clip), values(coverage, over: clip), "round \(round): \(b) under \(m)")
            // The rows inside share one band: at most two edge rows each side and the inside.
            XCTAssertLessThanOrEqual(runs.bands.count / 3, 5, "round \(round)")
        }
        // A turned rectangle is not one.
        XCTAssertNil(RunMask(coverageOf: .rect(Rect(5, 5, 20, 10)), transform: .rotation(0.3), clip: clip))
        XCTAssertNil(RunMask(coverageOf: .circle(center: Point(20, 20), radius: 8), transform: .identity, clip: clip))
    }

    /// A rectangle's runs made from its corners (into a mask reused from the last round, as
    /// the pool's are) are the path's runs, under moves, scales, flips and turns, near and
    /// off the clip, with corners not finite; nil from the path is false from the corners.
    func testARectanglesRunsFromItsCornersAreThePathsRuns() {
        var random = SplitMix(seed: 11), reused = RunMask(zeroOver: .empty)
        let clip = PixelRect(x0: 3, y0: 2, x1: 61, y1: 37)
        for round in 0..<1000 {
            let b = round % 50 == 7 ? Rect(.infinity, 2, 4, 5) : box(&random, clip: clip)
            let sx = [1, 0.5, 1.7, -1.3, 0, 1e300][Int(random.next() % 6)]
            let sy = [1.25, -0.75, 3][Int(random.next() % 3)]
            var m = Transform(a: sx, b: 0, c: 0, d: sy, tx: Double(random.next() % 90) / 3 - 10, ty: Double(random.next() % 60) / 7 - 8)
            if round % 10 == 3 { m = m.concatenating(.rotation(Double(round % 7) * 0.25)) }
            let path = RunMask(coverageOf: .rect(b), transform: m, clip: clip)
            let made = reused.setCoverage(ofRect: b, transform: m, clip: clip)
            XCTAssertEqual(made, path != nil, "round \(round): \(b) under \(m)")
            guard let path, made else { continue }
            XCTAssertEqual(reused.rect, path.rect, "round \(round)")
            XCTAssertEqual(reused.bands, path.bands, "round \(round): \(b) under \(m)")
            XCTAssertEqual(reused.runs, path.runs, "round \(round): \(b) under \(m)")
        }
    }

    func testRectanglesDrawnOverEachOtherAreTheAlphaSurfacesBytes() throws {
        var random = SplitMix(seed: 9), spare = RunMask(zeroOver: .empty)
        let clip = PixelRect(x0: 2, y0: 1, x1: 90, y1: 40)
        for round in 0..<300 {
            var surface = AlphaSurface(rect: clip, pool: BufferPool())
            // The merges' spare tables reused round after round, as a frame's fills reuse them.
            var runs = RunMask(zeroOver: clip)
            for _ in 0..<(1 + Int(random.next() % 12)) {
                let b = box(&random, clip: clip)
                let alpha = [255, 0, 1, UInt32(random.byte())][Int(random.next() % 4)]
                let opacity = [1, 0.5, 0.01, Double(random.byte()) / 255][Int(random.next() % 4)]
                guard let coverage = Rasterizer.coverage(of: .rect(b), transform: .identity, fillRule: .nonzero, clip: clip) else { continue }
                surface.fill(coverage, alpha: alpha, opacity: opacity)
                let fill = try XCTUnwrap(RunMask(coverageOf: .rect(b), transform: .identity, clip: clip))
                XCTAssertTrue(runs.fill(fill, alpha: alpha, opacity: Surface.byte(opacity), using: &spare))
            }
            XCTAssertEqual(values(runs, over: clip), surface.values, "round \(round)")
            XCTAssertEqual(values(runs.coverageMask(pool: BufferPool()), over: clip), surface.values, "round \(round)")
        }
    }

    /// A grid mask's runs, and its bytes (written out from the runs), against its values
    /// drawn in colour, for grids at fractional places and sizes, tiles of every opacity,
    /// owners moved and scaled.
    func testAGridMasksRunsAreItsValuesDrawnInColour() throws {
        var random = SplitMix(seed: 13)
        var taken = 0
        for round in 0..<120 {
            var scene = Scene(canvas: Canvas(width: 80, height: 50, fps: 10, background: .darkGray))
            var ownerState = layerState(frame: Rect(Double(random.next() % 9) / 4, 1.5, 70, 44), background: .orange)
            ownerState.scale = [1, 1.3, 0.75][Int(random.next() % 3)]
            let owner = try scene.addLayer(ownerState)
            var gridState = layerState(.grid, frame: Rect(Double(random.next() % 11) / 3, Double(random.next() % 7) / 5,
                                                         30 + Double(random.next() % 400) / 9, 20 + Double(random.next() % 200) / 9),
                                       background: round % 4 == 0 ? Color(red: 0, green: 0, blue: 0, alpha: 0.3) : .clear)
            gridState.opacity = round % 3 == 0 ? 0.8 : 1
            let grid = try scene.addLayer(gridState, to: owner)
            let tiles = try scene.addTiles(to: grid, rows: 1 + Int(random.next() % 3), columns: 1 + Int(random.next() % 13),
                                           color: Color(red: 1, green: 1, blue: 1, alpha: [1, 0.7][Int(random.next() % 2)]))
            for tile in tiles { try scene.setInitial(.opacity, of: tile, to: .number(Double(random.next() % 5) / 4)) }
            try scene.setMask(grid, of: owner)

            let renderer = Renderer(scene: scene)
            let states = try scene.states(at: 0)
            let m = states[owner.index].transformToParent
            let extent = PixelRect(x0: 0, y0: 0, x1: 80, y1: 50)
            var walk = LayerWalk(states: states, time: 0, pool: BufferPool())
            let runs = try renderer.runMaskValues([grid], owner: m, mode: .alpha, extent: extent, walk: &walk)
            // The bytes' route takes runs too (written out): the colour route is apart from both.
            let area = renderer.maskFrame(grid, owner: m, walk).intersection(extent)
            let colour = try renderer.colourMaskValues(grid, owner: m, mode: .alpha, area: area, walk: &walk)
            let bytes = try renderer.combinedMaskValues([grid], owner: m, mode: .alpha, extent: extent, walk: &walk)
            guard let runs else { continue }
            taken += 1
            XCTAssertEqual(runs.rect, bytes?.rect ?? .empty, "round \(round)")
            XCTAssertEqual(runs.rect.intersection(colour?.rect ?? .empty), runs.rect, "round \(round)")
            XCTAssertEqual(values(runs, over: extent), values(colour, over: extent), "round \(round)")
            XCTAssertEqual(values(bytes, over: extent), values(colour, over: extent), "round \(round)")
        }
        XCTAssertGreaterThan(taken, 60)
    }

    /// A turned tile, a turned owner, a circle or too many tiles: no runs, and the walk's
    /// work as it was (the bytes' route charges the layers again).
    func testMasksThatAreNotRectanglesAreLeftToTheBytesRoute() throws {
        for kind in 0..<4 {
            var scene = Scene(canvas: Canvas(width: 80, height: 50, fps: 10, background: .darkGray))
            var ownerState = layerState(frame: Rect(2, 1.5, 70, 44), background: .orange)
            if kind == 1 { ownerState.rotation = 0.2 }
            let owner = try scene.addLayer(ownerState)
            let mask: LayerID
            if kind == 2 {
                var circle = layerState(.shape, frame: Rect(0, 0, 60, 40))
                circle.path = .circle(center: Point(30, 20), radius: 12)
                circle.fill = .black
                mask = try scene.addLayer(circle, to: owner)
            } else {
                mask = try scene.addLayer(layerState(.grid, frame: Rect(0.5, 0.25, 66, 41)), to: owner)
                let tiles = try scene.addTiles(to: mask, rows: kind == 3 ? 20 : 2, columns: kind == 3 ? 13 : 3, color: .black)
                if kind == 0 { try scene.setInitial(.rotation, of: tiles[4], to: .number(0.3)) }
            }
            try scene.setMask(mask, of: owner)
            let renderer = Renderer(scene: scene)
            let states = try scene.states(at: 0)
            var walk = LayerWalk(states: states, time: 0, pool: BufferPool())
            let work = walk.work
            let runs = try renderer.runMaskValues([mask], owner: states[owner.index].transformToParent, mode: .alpha,
                                                  extent: PixelRect(x0: 0, y0: 0, x1: 80, y1: 50), walk: &walk)
            XCTAssertNil(runs, "kind \(kind)")
            XCTAssertEqual(walk.work, work, "kind \(kind)")
            XCTAssertTrue(walk.stack.isEmpty, "kind \(kind)")
        }
    }
}
