import XCTest
@testable import MaskEngine

/// A mask of tiles' runs from the thread's kept geometry (`Renderer.tileRunValues`,
/// `GridRunsCache`) are the runs the walk makes (`runValues`), frame after frame, with
/// the same work charged: for grids and for tiles placed by hand (gaps, overlaps,
/// fractional edges), owners moved, scaled and turned, masks and tiles moving, tiles
/// fading out, and scenes taking turns with one pool.
final class GridRunsCacheTests: XCTestCase {
    /// What `runMaskValues` makes through the walk: `runValues` over the mask's area and
    /// drawn area, nil where `drawsAlphaOnly` refuses the mask.
    private func walkRuns(_ renderer: Renderer, _ mask: LayerID, owner m: Transform, extent: PixelRect,
                          walk: inout LayerWalk) throws -> RunMask? {
        guard renderer.drawsAlphaOnly(mask, walk) else { return nil }
        let area = renderer.maskFrame(mask, owner: m, walk).intersection(extent)
        guard !area.isEmpty else { return RunMask(zeroOver: .empty) }
        let drawArea = renderer.maskDrawArea(mask, owner: m, within: area, walk)
        guard !drawArea.isEmpty else { return RunMask(zeroOver: .empty) }
        return try renderer.runValues(mask, owner: m, area: area, drawnIn: drawArea, walk: &walk)
    }

    /// A scene of an owner masked by a layer of tiles, with what moves and fades in it.
    private func scene(_ random: inout SplitMix, round: Int) throws -> (Scene, owner: LayerID, mask: LayerID) {
        var scene = Scene(canvas: Canvas(width: 90, height: 60, fps: 10, background: .darkGray))
        var ownerState = layerState(frame: Rect(Double(random.next() % 9) / 4, 1.5, 76, 52), background: .orange)
        ownerState.scale = [1, 1.3, 0.75, 1][Int(random.next() % 4)]
        if round % 11 == 5 { ownerState.rotation = 0.2 }
        let owner = try scene.addLayer(ownerState)
        let frame = Rect(Double(random.next() % 11) / 3, Double(random.next() % 7) / 5,
                         30 + Double(random.next() % 400) / 9, 20 + Double(random.next() % 200) / 9)
        let mask = try scene.addLayer(layerState(round % 2 == 0 ? .grid : .plain, frame: frame), to: owner)
        let color = Color(red: 1, green: 1, blue: 1, alpha: [1, 0.7][Int(random.next() % 2)])
        var tiles: [LayerID] = []
        if round % 3 == 0 {
            // Tiles placed by hand: gaps, overlaps, fractional edges, one turned at times.
            for n in 0..<(1 + Int(random.next() % 6)) {
                var tile = layerState(frame: Rect(Double(random.next() % 300) / 7 - 3, Double(random.next() % 200) / 9 - 2,
                                                  1 + Double(random.next() % 200) / 9, 1 + Double(random.next() % 120) / 11),
                                      background: color)
                if round % 9 == 3, n == 0 { tile.rotation = 0.4 }
                tile.z = Double(random.next() % 3)
                tiles.append(try scene.addLayer(tile, to: mask))
            }
        } else {
            tiles = try scene.addTiles(to: mask, rows: 1 + Int(random.next() % 3), columns: 1 + Int(random.next() % 5), color: color)
        }
        // Each tile fades out in turn, some from the start.
        for (i, tile) in tiles.enumerated() {
            try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(Double(random.next() % 5) / 4), .number(0)],
                                        begin: 0.15 * Double(i) - 0.2, duration: 0.6))
        }
        switch round % 4 {
        case 1:
            try scene.animate(Animation(layer: mask, key: .position, keyframes: [.point(Point(40, 30.5))], begin: 0.3, duration: 0.5))
        case 2:
            if let first = tiles.first {
                try scene.animate(Animation(layer: first, key: .position, keyframes: [.point(Point(12.25, 9))], begin: 0, duration: 1))
            }
        case 3:
            try scene.animate(Animation(layer: owner, key: .position, keyframes: [.point(Point(50, 33))], begin: 0.5, duration: 0.4))
        default:
            break
        }
        try scene.setMask(mask, of: owner)
        return (scene, owner, mask)
    }

    func testKeptTileRunsAreTheWalksRunsFrameAfterFrame() throws {
        var random = SplitMix(seed: 0x6121D)
        // One pool for every round: the scenes' layer ids are alike, their geometry not.
        let kept = BufferPool()
        var answered = 0, full = 0, walked = 0
        let extent = PixelRect(x0: 0, y0: 0, x1: 90, y1: 60)
        for round in 0..<90 {
            let (scene, owner, mask) = try scene(&random, round: round)
            let renderer = Renderer(scene: scene)
            for frame in 0..<12 {
                let t = Double(frame) / 10
                let states = try scene.states(at: t)
                let m = states[owner.index].transformToParent
                var tiles = LayerWalk(states: states, time: t, pool: kept)
                let answer = try renderer.tileRunValues(mask, owner: m, extent: extent, walk: &tiles)
                guard case .runs(let runs) = answer else {
                    walked += 1
                    continue
                }
                answered += 1
                var walk = LayerWalk(states: states, time: t, pool: BufferPool())
                let made = try walkRuns(renderer, mask, owner: m, extent: extent, walk: &walk)
                let what = "round \(round), frame \(frame)"
                XCTAssertEqual(runs == nil, made == nil, what)
                XCTAssertEqual(runs?.rect, made?.rect, what)
                XCTAssertEqual(runs?.bands, made?.bands, what)
                XCTAssertEqual(runs?.runs, made?.runs, what)
                XCTAssertEqual(tiles.work, walk.work, what)
                XCTAssertTrue(tiles.stack.isEmpty, what)
                if let runs, !runs.rect.isEmpty { full += 1 }
            }
        }
        // Both routes and masks letting something through, or the comparison proves little.
        XCTAssertGreaterThan(answered, 600)
        XCTAssertGreaterThan(full, 400)
        XCTAssertGreaterThan(walked, 20)
    }

    /// A mask that draws something itself, a tile with sublayers or a mask of its own:
    /// not tiles, left to the walk.
    func testMasksThatAreNotTilesAreLeftToTheWalk() throws {
        for kind in 0..<3 {
            var scene = blankScene(80, 50)
            let owner = try scene.addLayer(layerState(frame: Rect(2, 1.5, 70, 44), background: .orange))
            let mask = try scene.addLayer(layerState(.grid, frame: Rect(0.5, 0.25, 66, 41), background: kind == 0 ? .black : .clear), to: owner)
            let tiles = try scene.addTiles(to: mask, rows: 2, columns: 2, color: .black)
            if kind == 1 { _ = try scene.addLayer(layerState(frame: Rect(1, 1, 5, 5), background: .white), to: tiles[1]) }
            if kind == 2 {
                let cut = try scene.addLayer(layerState(frame: Rect(0, 0, 10, 10), background: .white), to: mask)
                try scene.setMask(cut, of: tiles[2])
            }
            try scene.setMask(mask, of: owner)
            let renderer = Renderer(scene: scene)
            let states = try scene.states(at: 0)
            var walk = LayerWalk(states: states, time: 0, pool: BufferPool())
            let answer = try renderer.tileRunValues(mask, owner: states[owner.index].transformToParent,
                                                    extent: PixelRect(x0: 0, y0: 0, x1: 80, y1: 50), walk: &walk)
            guard case .walk = answer else { return XCTFail("kind \(kind): answered without the walk") }
            XCTAssertEqual(walk.work, 0, "kind \(kind)")
        }
    }

    /// `RunMask.isFull(over:)`: 255 over every pixel of the area, and only then.
    func testAFrameIsFullOnlyWhere255CoversTheArea() {
        var frame = RunMask(zeroOver: .empty)
        XCTAssertTrue(frame.setCoverage(ofRect: Rect(2, 3, 20, 10), transform: .identity, clip: PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)))
        XCTAssertTrue(frame.isFull(over: PixelRect(x0: 2, y0: 3, x1: 22, y1: 13)))
        XCTAssertTrue(frame.isFull(over: PixelRect(x0: 5, y0: 4, x1: 9, y1: 8)))
        XCTAssertTrue(frame.isFull(over: .empty))
        XCTAssertFalse(frame.isFull(over: PixelRect(x0: 1, y0: 3, x1: 22, y1: 13)))
        XCTAssertFalse(frame.isFull(over: PixelRect(x0: 2, y0: 3, x1: 22, y1: 14)))
        XCTAssertTrue(frame.setCoverage(ofRect: Rect(2, 3.5, 20, 10), transform: .identity, clip: PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)))
        XCTAssertFalse(frame.isFull(over: PixelRect(x0: 2, y0: 3, x1: 22, y1: 13)))
        XCTAssertTrue(frame.isFull(over: PixelRect(x0: 2, y0: 4, x1: 22, y1: 13)))
    }
}
