import XCTest
@testable import MaskEngine

/// Building a scene (layers, grids, masks) and sampling it (duration, frames, states).
final class SceneTests: XCTestCase {

    private func plain(_ frame: Rect) -> LayerState {
        var state = LayerState(kind: .plain)
        state.frame = frame
        return state
    }

    private func assertSceneError<T>(_ expression: @autoclosure () throws -> T, _ expected: SceneError,
                                  message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? SceneError, expected, file: file, line: line)
            if let message { XCTAssertEqual("\(error)", message, file: file, line: line) }
        }
    }

    // MARK: - Layers

    func testAddLayerBuildsTheTree() throws {
        var scene = Scene()
        let a = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "a")
        let b = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "b")
        let child = try scene.addLayer(plain(Rect(0, 0, 5, 5)), to: a, name: "child")
        XCTAssertEqual(scene.roots, [a, b])
        XCTAssertEqual(scene.node(a).children, [child])
        XCTAssertEqual(scene.node(child).parent, a)
        XCTAssertEqual(scene.node(child).role, .sublayer)
        XCTAssertEqual(scene.node(a).role, .root)
        XCTAssertNil(scene.node(a).parent)
        XCTAssertEqual(scene.node(b).name, "b")
        XCTAssertEqual([a, b, child].map(\.index), [0, 1, 2])
    }

    func testAppearsAt() throws {
        var scene = Scene()
        let early = try scene.addLayer(LayerState(kind: .plain))
        let late = try scene.addLayer(LayerState(kind: .plain), at: 2)
        let clamped = try scene.addLayer(LayerState(kind: .plain), at: -1)
        XCTAssertEqual(scene.node(early).appearsAt, 0)
        XCTAssertEqual(scene.node(late).appearsAt, 2)
        XCTAssertEqual(scene.node(clamped).appearsAt, 0)
    }

    func testSetBeforeALayerAppearsSetsItsInitialValue() throws {
        var scene = Scene()
        let late = try scene.addLayer(LayerState(kind: .plain), at: 2)
        try scene.set(.opacity, of: late, to: .number(0.3), at: 2)
        XCTAssertEqual(scene.node(late).initial.opacity, 0.3)
        try scene.set(.opacity, of: late, to: .number(0.6), at: 3)
        XCTAssertEqual(scene.node(late).initial.opacity, 0.3)
        XCTAssertEqual(try scene.value(of: late, .opacity, at: 3), .number(0.6))
    }

    func testTooManyLayers() throws {
        var scene = Scene()
        scene.maxLayers = 2
        try scene.addLayer(LayerState(kind: .plain))
        try scene.addLayer(LayerState(kind: .plain))
        assertSceneError(try scene.addLayer(LayerState(kind: .plain)), .tooManyLayers(2),
                         message: "too many layers (the limit is 2)")
    }

    // MARK: - Grids

    func testTilesAreColumnMajorWithWholeUnitFrames() throws {
        var scene = Scene()
        // The grid's origin does not matter: tiles live in the grid's own coordinates.
        let grid = try scene.addLayer({ var s = LayerState(kind: .grid); s.frame = Rect(10, 20, 100, 50); return s }(),
                                      name: "g")
        let tiles = try scene.addTiles(to: grid, rows: 2, columns: 3, color: .red)
        XCTAssertEqual(tiles.count, 6)
        // Columns split 100 at 33.3 and 66.7, rounded to 33 and 67; rows split 50 at 25.
        let expected = [Rect(0, 0, 33, 25), Rect(0, 25, 33, 25),   // column 0: rows 0, 1
                        Rect(33, 0, 34, 25), Rect(33, 25, 34, 25), // column 1
                        Rect(67, 0, 33, 25), Rect(67, 25, 33, 25)] // column 2
        XCTAssertEqual(tiles.map { scene.node($0).initial.frame }, expected)
        XCTAssertEqual(tiles.map { scene.node($0).tile?.column }, [0, 0, 1, 1, 2, 2])
        XCTAssertEqual(tiles.map { scene.node($0).tile?.row }, [0, 1, 0, 1, 0, 1])
        XCTAssertEqual(scene.node(grid).tiles, tiles)
        XCTAssertEqual(scene.node(grid).children, tiles)
        XCTAssertEqual(scene.node(grid).grid?.rows, 2)
        XCTAssertEqual(scene.node(grid).grid?.columns, 3)
        XCTAssertEqual(scene.node(tiles[3]).name, "g.tiles[3]")
        for tile in tiles {
            XCTAssertEqual(scene.node(tile).initial.background, .red)
            XCTAssertEqual(scene.node(tile).initial.kind, .plain)
            XCTAssertEqual(scene.node(tile).parent, grid)
            // Whole units: every edge is an integer.
            let f = scene.node(tile).initial.frame
            for edge in [f.minX, f.minY, f.maxX, f.maxY] { XCTAssertEqual(edge, edge.rounded()) }
        }
    }

    func testTilesAppearWithTheirGrid() throws {
        var scene = Scene()
        let grid = try scene.addLayer({ var s = LayerState(kind: .grid); s.frame = Rect(0, 0, 10, 10); return s }(),
                                      at: 1.5)
        let tiles = try scene.addTiles(to: grid, rows: 1, columns: 2, color: .black)
        XCTAssertEqual(tiles.map { scene.node($0).appearsAt }, [1.5, 1.5])
    }

    func testInvalidGrids() throws {
        var scene = Scene()
        let grid = try scene.addLayer(LayerState(kind: .grid))
        assertSceneError(try scene.addTiles(to: grid, rows: 0, columns: 3, color: .black),
                         .invalidGrid("rows and columns must be at least 1"))
        assertSceneError(try scene.addTiles(to: grid, rows: 2, columns: -1, color: .black),
                         .invalidGrid("rows and columns must be at least 1"))
        assertSceneError(try scene.addTiles(to: grid, rows: Int.max, columns: 2, color: .black),
                         .tooManyLayers(scene.maxLayers))
        scene.maxLayers = 10
        assertSceneError(try scene.addTiles(to: grid, rows: 3, columns: 4, color: .black), .tooManyLayers(10))
        XCTAssertEqual(scene.nodes.count, 1)
    }

    // MARK: - Masks

    func testAMaskCannotBeItsOwner() throws {
        var scene = Scene()
        let a = try scene.addLayer(LayerState(kind: .plain), name: "a")
        assertSceneError(try scene.setMask(a, of: a), .maskCycle("a"),
                         message: "layer a cannot be masked by itself or by one of its ancestors")
    }

    func testAMaskCannotBeAnAncestor() throws {
        var scene = Scene()
        let top = try scene.addLayer(LayerState(kind: .plain), name: "top")
        let middle = try scene.addLayer(LayerState(kind: .plain), to: top, name: "middle")
        let bottom = try scene.addLayer(LayerState(kind: .plain), to: middle)
        assertSceneError(try scene.setMask(middle, of: bottom), .maskCycle(bottom.description))
        assertSceneError(try scene.setMask(top, of: bottom), .maskCycle("#2"))
        assertSceneError(try scene.setMask(top, of: middle), .maskCycle("middle"))
        // Nothing moved.
        XCTAssertEqual(scene.roots, [top])
        XCTAssertEqual(scene.node(top).children, [middle])
        XCTAssertNil(scene.node(bottom).initial.mask)
    }

    func testTwoLayersCannotMaskEachOther() throws {
        var scene = Scene()
        let a = try scene.addLayer(LayerState(kind: .plain), name: "a")
        let b = try scene.addLayer(LayerState(kind: .plain), name: "b")
        try scene.setMask(a, of: b) // a masks b
        assertSceneError(try scene.setMask(b, of: a), .maskCycle("a")) // then b masks a
    }

    func testMaskChainsCannotCloseACycle() throws {
        var scene = Scene()
        let a = try scene.addLayer(LayerState(kind: .plain), name: "a")
        let b = try scene.addLayer(LayerState(kind: .plain), name: "b")
        let c = try scene.addLayer(LayerState(kind: .plain), name: "c")
        try scene.setMask(b, of: a)
        try scene.setMask(c, of: b)
        assertSceneError(try scene.setMask(a, of: c), .maskCycle("c"))
    }

    func testSetMaskDetachesARootLayer() throws {
        var scene = Scene()
        let owner = try scene.addLayer(LayerState(kind: .plain), name: "owner")
        let mask = try scene.addLayer(LayerState(kind: .gradient), name: "mask")
        let other = try scene.addLayer(LayerState(kind: .plain), name: "other")
        try scene.setMask(mask, of: owner)
        XCTAssertEqual(scene.roots, [owner, other])
        XCTAssertEqual(scene.node(mask).role, .mask)
        XCTAssertEqual(scene.node(mask).parent, owner)
        XCTAssertEqual(scene.node(owner).initial.mask, mask)
        XCTAssertFalse(scene.node(owner).children.contains(mask))
    }

    func testSetMaskDetachesASublayer() throws {
        var scene = Scene()
        let owner = try scene.addLayer(LayerState(kind: .plain))
        let holder = try scene.addLayer(LayerState(kind: .plain))
        let mask = try scene.addLayer(LayerState(kind: .plain), to: holder)
        let sibling = try scene.addLayer(LayerState(kind: .plain), to: holder)
        try scene.setMask(mask, of: owner)
        XCTAssertEqual(scene.node(holder).children, [sibling])
        XCTAssertEqual(scene.node(mask).parent, owner)
        XCTAssertEqual(scene.roots, [owner, holder])
    }

    func testAMaskSetLaterIsAStep() throws {
        var scene = Scene()
        let owner = try scene.addLayer(LayerState(kind: .plain))
        let mask = try scene.addLayer(LayerState(kind: .plain))
        try scene.setMask(mask, of: owner, at: 1)
        XCTAssertNil(scene.node(owner).initial.mask)
        XCTAssertNil(try scene.states(at: 0.5)[owner.index].mask)
        XCTAssertEqual(try scene.states(at: 1)[owner.index].mask, mask)
    }

    func testRemovingAMask() throws {
        var scene = Scene()
        let owner = try scene.addLayer(LayerState(kind: .plain))
        let mask = try scene.addLayer(LayerState(kind: .plain))
        try scene.setMask(mask, of: owner)
        try scene.setMask(nil, of: owner)
        XCTAssertNil(scene.node(owner).initial.mask)
    }

    // MARK: - Duration and frames

    func testCanvasDefaults() {
        let canvas = Canvas()
        XCTAssertEqual(canvas.width, 320)
        XCTAssertEqual(canvas.height, 240)
        XCTAssertEqual(canvas.fps, 30)
        XCTAssertNil(canvas.duration)
        XCTAssertEqual(canvas.background, .black)
        XCTAssertEqual(canvas.time(ofFrame: 15), 0.5)
    }

    func testOneSecondAtThirtyFramesPerSecondIsThirtyOneFrames() {
        let scene = Scene(canvas: Canvas(fps: 30, duration: 1))
        XCTAssertEqual(scene.duration, 1)
        XCTAssertEqual(scene.frameCount, 31)
    }

    func testNoAnimationsIsOneFrame() {
        let scene = Scene()
        XCTAssertEqual(scene.duration, 0)
        XCTAssertEqual(scene.frameCount, 1)
    }

    func testDurationIsTheEndOfTheLastFiniteAnimation() throws {
        var scene = Scene()
        let box = try scene.addLayer(LayerState(kind: .plain))
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)], begin: 0.5, duration: 1.5))
        try scene.animate(Animation(layer: box, key: .rotation, keyframes: [.number(1)], begin: 0, duration: 1,
                                    repetition: .forever))
        XCTAssertEqual(scene.duration, 2)
        XCTAssertEqual(scene.frameCount, 61)
        scene.canvas.duration = 0.5
        XCTAssertEqual(scene.duration, 0.5)
        XCTAssertEqual(scene.frameCount, 16)
    }

    func testFrameCountToleratesRounding() {
        // 4.1 × 30 is 122.99999999999999 in binary floating point; it means 123.
        XCTAssertEqual(Canvas(fps: 30).frameCount(for: 4.1), 124)
        XCTAssertEqual(Canvas(fps: 24).frameCount(for: 0.5), 13)
        XCTAssertEqual(Canvas(fps: 30).frameCount(for: 0.01), 1)
        XCTAssertNil(Canvas(fps: 30).frameCount(for: .infinity))
        XCTAssertNil(Canvas(fps: 30).frameCount(for: 1e12))
        XCTAssertNil(Canvas(fps: 30).frameCount(for: -1))
    }

    // MARK: - Sampling

    func testStatesApplyAnimationsAndSteps() throws {
        var scene = Scene()
        let box = try scene.addLayer(plain(Rect(0, 0, 100, 100)))
        let still = try scene.addLayer(plain(Rect(10, 10, 20, 20)))
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)], begin: 0, duration: 1))
        try scene.animate(Animation(layer: box, key: .position, keyframes: [.point(Point(150, 50))],
                                    begin: 0, duration: 2))
        try scene.set(.hidden, of: box, to: .bool(true), at: 1.5)

        let half = try scene.states(at: 0.5)
        XCTAssertEqual(half.count, 2)
        XCTAssertEqual(half[box.index].opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(half[box.index].position, Point(75, 50)) // from (50, 50) a quarter of the way
        XCTAssertEqual(half[box.index].frame, Rect(25, 0, 100, 100))
        XCTAssertFalse(half[box.index].hidden)
        XCTAssertEqual(half[still.index], scene.node(still).initial)

        let later = try scene.states(at: 1.5)
        XCTAssertEqual(later[box.index].opacity, 0)
        XCTAssertTrue(later[box.index].hidden)

        let start = try scene.states(at: 0)
        XCTAssertEqual(start[box.index], scene.node(box).initial)
    }

    func testAFontSetLaterLeavesTheDefaultBeforeIt() throws {
        // Before the step the timeline hands back the layer's base value for `font`,
        // which must be accepted again when the state is rebuilt.
        let path = Font.systemFontDirectory + "/DejaVuSerif.ttf"
        try XCTSkipUnless(FileManager.default.isReadableFile(atPath: path), "needs \(path)")
        let serif = try Font(path: path, name: "DejaVu Serif")
        var scene = Scene()
        let label = try scene.addLayer(LayerState(kind: .text))
        try scene.set(.font, of: label, to: .font(serif), at: 1)
        XCTAssertNil(try scene.states(at: 0.5)[label.index].font)
        XCTAssertEqual(try scene.states(at: 1)[label.index].font, serif)
    }

    func testSamplingIsPure() throws {
        var scene = Scene()
        let box = try scene.addLayer(plain(Rect(0, 0, 100, 100)))
        try scene.animate(Animation(layer: box, key: .rotation, keyframes: [.number(3)], begin: 0, duration: 1,
                                    easing: .easeInOut))
        let a = try scene.states(at: 0.3), b = try scene.states(at: 0.7), c = try scene.states(at: 0.3)
        XCTAssertEqual(a, c)
        XCTAssertNotEqual(a, b)
    }
}
