import XCTest
@testable import MaskEngine

/// A frame's buffer remembers the runs of an opaque fill the kernel drew (`SolidRuns`),
/// and the next frame on it does not write them again: the runs are handed to a draw only
/// of their colour over their rows, never after another draw, never with another buffer;
/// frames rendered in any order through one `RenderBuffers` give the bytes of fresh
/// renders, at every kernel level.
final class SolidRunsTests: XCTestCase {
    override func tearDown() {
        PixelKernels.level = PixelKernels.best
        super.tearDown()
    }

    /// Runs one draw of `color` over `rows` that records `recorded` for its first row; the
    /// runs it was handed for that row, or nil.
    private func draw(_ runs: inout SolidRuns, _ color: UInt32, rows: Range<Int>, recording recorded: (Int32, Int32) = (2, 9))
        -> [Int32]? {
        runs.draw(color, rows: rows) { held, drawn in
            drawn?[0] = recorded.0
            drawn?[1] = recorded.1
            return held.map { [$0[0], $0[1]] }
        }
    }

    func testRunsAreHandedOnlyToADrawOfTheirColourOverTheirRows() {
        var runs = SolidRuns(recording: true)
        XCTAssertNil(draw(&runs, 0xFF00_00FF, rows: 0..<4), "nothing known yet")
        XCTAssertEqual(draw(&runs, 0xFF00_00FF, rows: 0..<4, recording: (3, 5)), [2, 9])
        XCTAssertEqual(draw(&runs, 0xFF00_00FF, rows: 0..<4), [3, 5])
        XCTAssertNil(draw(&runs, 0xFF00_FF00, rows: 0..<4), "another colour")
        XCTAssertNil(draw(&runs, 0xFF00_FF00, rows: 1..<4), "other rows")
        _ = draw(&runs, 0xFF00_FF00, rows: 1..<4)
        runs.forget()
        XCTAssertNil(draw(&runs, 0xFF00_FF00, rows: 1..<4), "forgotten: the buffer was written otherwise")
        // A row the draw did not record holds none.
        let rows = 0..<3
        _ = runs.draw(0xFF00_00FF, rows: rows) { _, drawn in drawn?[5] = 1; drawn?[6] = 4; drawn?[7] = 1; drawn?[8] = 0; drawn?[9] = 5 }
        let second = runs.draw(0xFF00_00FF, rows: rows) { held, _ in held.map { Array(UnsafeBufferPointer(start: $0, count: 15)) } }
        XCTAssertEqual(second, [0, 0, 0, 0, 0, 1, 4, 1, 0, 5, 0, 0, 0, 0, 0])
    }

    func testASurfaceWhoseBufferIsNotKeptRecordsNothing() {
        var runs = SolidRuns()
        for _ in 0..<2 {
            let handed = runs.draw(0xFF00_00FF, rows: 0..<4) { held, drawn in (held == nil, drawn == nil) }
            XCTAssertTrue(handed.0 && handed.1)
        }
    }

    /// A red layer over a blue canvas through a circle that grows from the top right corner
    /// past the far one (the circle reveal), shrinks, or travels; a red fill whose colour
    /// turns green; a bar drawn before the fill and one after it; two fills of one colour
    /// in one frame; a fill hidden for a while, the frames then drawing nothing; a fill with
    /// rounded corners, growing or shrinking.
    private func scenes() throws -> [(String, Scene)] {
        func reveal(from small: Path, to large: Path, color: Color = .red, under: Bool = false, over: Bool = false,
                    twice: Bool = false, blinks: Bool = false, rounded: Bool = false) throws -> Scene {
            var scene = Scene(canvas: Canvas(width: 64, height: 48, fps: 10, background: .blue))
            if under {
                let bar = try scene.addLayer(layerState(frame: Rect(0, 10, 64, 8), background: .green))
                try scene.animate(Animation(layer: bar, key: .position, keyframes: [.point(Point(32, 40))], begin: 0, duration: 1))
            }
            for i in 0..<(twice ? 2 : 1) {
                var ownerState = layerState(frame: Rect(Double(i) * 20, 0, 64, 48), background: color)
                // Rounded: the fill's coverage is not full on the rows of its corners, which are
                // drawn without the kernel (and without a record of where they start).
                if rounded { ownerState.cornerRadius = 12 }
                let owner = try scene.addLayer(ownerState)
                if blinks {
                    // Hidden from 0.5 s to 0.7 s: frames that draw nothing over the last one's fill.
                    try scene.animate(Animation(layer: owner, key: .opacity, keyframes: [.number(0)], begin: 0.5, duration: 0.001))
                    try scene.animate(Animation(layer: owner, key: .opacity, keyframes: [.number(1)], begin: 0.7, duration: 0.001))
                }
                if color != .red {
                    try scene.animate(Animation(layer: owner, key: .background, keyframes: [.color(.red)], begin: 0.4, duration: 0.01))
                }
                var shape = layerState(.shape, frame: Rect(0, 0, 64, 48))
                shape.path = small
                shape.fill = .white
                let mask = try scene.addLayer(shape)
                try scene.setMask(mask, of: owner)
                try scene.animate(Animation(layer: mask, key: .path, keyframes: [.path(large)], begin: 0, duration: 1), from: .path(small))
            }
            if over {
                var bar = layerState(frame: Rect(0, 20, 64, 6), background: .white)
                bar.opacity = 0.5
                let id = try scene.addLayer(bar)
                try scene.animate(Animation(layer: id, key: .position, keyframes: [.point(Point(32, 40))], begin: 0, duration: 1))
            }
            return scene
        }
        let small = Path.circle(center: Point(58, 6), radius: 3), large = Path.circle(center: Point(58, 6), radius: 80)
        let left = Path.circle(center: Point(10, 24), radius: 12), right = Path.circle(center: Point(50, 20), radius: 14)
        return [("grows", try reveal(from: small, to: large)), ("shrinks", try reveal(from: large, to: small)),
                ("travels", try reveal(from: left, to: right)), ("turns red", try reveal(from: small, to: large, color: .green)),
                ("bar under", try reveal(from: small, to: large, under: true)),
                ("bar over", try reveal(from: small, to: large, over: true)), ("twice", try reveal(from: left, to: right, twice: true)),
                ("blinks", try reveal(from: left, to: left, blinks: true)),
                ("rounded, shrinks", try reveal(from: large, to: small, rounded: true)),
                ("rounded, grows", try reveal(from: small, to: large, rounded: true))]
    }

    /// A fresh render whose unwritten buffer bytes are 0xA5: a pixel never written shows it.
    private func fresh(_ renderer: Renderer, at t: Double) throws -> Image {
        let buffers = RenderBuffers()
        buffers.pool.unwrittenFill = 0xA5
        return try renderer.render(at: t, using: buffers) { $0 }
    }

    /// Renders `times` in that order into one `RenderBuffers`, at every kernel level, each
    /// frame against a fresh render of its time.
    private func assertInOrderMatchesFresh(_ renderer: Renderer, _ times: [Double], _ name: String) throws {
        for level in 0...PixelKernels.best {
            PixelKernels.level = level
            let buffers = RenderBuffers()
            buffers.pool.unwrittenFill = 0xA5
            for t in times {
                XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try fresh(renderer, at: t),
                               "\(name), level \(level), t = \(t)")
            }
        }
    }

    func testFramesInAnyOrderOnOneBufferMatchFreshRenders() throws {
        let times = [0, 0.5, 1, 0.2, 0.9, 0.1, 0.6, 0, 0.45, 0.46, 0.3, 0.3, 0.6, 0.3]
        for (name, scene) in try scenes() {
            try assertInOrderMatchesFresh(Renderer(scene: scene), times, name)
        }
    }

    /// Two scenes of one size over other backdrops take turns with one `RenderBuffers`: the
    /// kept frame is not the next one's buffer, and its runs are not handed to it.
    func testRunsGoOnlyWithTheirOwnBuffer() throws {
        func reveal(_ background: Color) throws -> Renderer {
            var scene = Scene(canvas: Canvas(width: 64, height: 48, fps: 10, background: background))
            let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 64, 48), background: .red))
            var shape = layerState(.shape, frame: Rect(0, 0, 64, 48))
            shape.path = .circle(center: Point(32, 24), radius: 20)
            shape.fill = .white
            try scene.setMask(try scene.addLayer(shape), of: owner)
            return Renderer(scene: scene)
        }
        let blue = try reveal(.blue), black = try reveal(.black)
        let buffers = RenderBuffers()
        buffers.pool.unwrittenFill = 0xA5
        for (renderer, name) in [(blue, "blue"), (black, "black"), (blue, "blue"), (blue, "blue"), (black, "black")] {
            XCTAssertEqual(try renderer.render(at: 0, using: buffers) { $0 }, try fresh(renderer, at: 0), name)
        }
    }

    /// The right pass of a two-sided fill is handed the right runs the last frame's right
    /// pass recorded, only when both frames drew the left pass first and the right pass
    /// right after it, nothing else in between or after.
    func testRightRunsAreHandedOnlyToARightPassAfterTheFramesFirstDraw() {
        var runs = SolidRuns(recording: true)
        let red: UInt32 = 0xFF00_00FF
        func frame(_ draws: [Bool], forgetting: Int? = nil) -> [Int32?] {
            var handed: [Int32?] = []
            for (k, right) in draws.enumerated() {
                if k == forgetting { runs.forget() }
                if right { runs.expectRightSide() }
                handed.append(draw(&runs, red, rows: 0..<4, recording: right ? (20, 30) : (2, 9))?[0])
            }
            runs.endFrame()
            return handed
        }
        XCTAssertEqual(frame([false, true]), [nil, nil], "nothing known yet")
        XCTAssertEqual(frame([false, true]), [2, 20])
        XCTAssertEqual(frame([false, true, false]), [2, 20, 2], "a third draw: the right runs are not kept")
        XCTAssertEqual(frame([false, true]), [2, nil])
        XCTAssertEqual(frame([false, true], forgetting: 1), [2, nil], "written otherwise between the passes")
        XCTAssertEqual(frame([false, true]), [20, nil], "that right pass drew as any draw, its runs the last draw's")
        XCTAssertEqual(frame([false]), [2])
        XCTAssertEqual(frame([false, true]), [2, nil], "the last frame drew no right pass")
        XCTAssertEqual(frame([false, true, true]), [2, 20, 2], "a second right pass draws as any draw")
    }

    /// A red ring (a disc minus a hole, cut into its two sides where the hole is wide) over
    /// a blue canvas that grows in place or travels its width, alone or over a red bar drawn
    /// first: frames in any order on one buffer give the bytes of fresh renders.
    func testTwoSidedRingFramesInAnyOrderOnOneBufferMatchFreshRenders() throws {
        func ring(from: Point, to: Point, under: Bool) throws -> Renderer {
            var scene = Scene(canvas: Canvas(width: 220, height: 120, fps: 10, background: .blue))
            if under {
                let bar = try scene.addLayer(layerState(frame: Rect(0, 50, 220, 6), background: .red))
                try scene.animate(Animation(layer: bar, key: .position, keyframes: [.point(Point(110, 70))], begin: 0, duration: 1))
            }
            let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 220, 120), background: .red))
            var outer = layerState(.shape, frame: Rect(0, 0, 220, 120))
            outer.path = .circle(center: from, radius: 50)
            outer.fill = .white
            var hole = outer
            hole.path = .circle(center: from, radius: 20)
            hole.maskCombine = .subtract
            let masks = try [outer, hole].map { try scene.addLayer($0, to: owner) }
            try scene.setMasks(masks, of: owner)
            try scene.animate(Animation(layer: masks[0], key: .path, keyframes: [.path(.circle(center: to, radius: 58))],
                                        begin: 0, duration: 1), from: .path(.circle(center: from, radius: 50)))
            try scene.animate(Animation(layer: masks[1], key: .path, keyframes: [.path(.circle(center: to, radius: 46))],
                                        begin: 0, duration: 1), from: .path(.circle(center: from, radius: 20)))
            return Renderer(scene: scene)
        }
        let times = [0, 0.5, 1, 0.2, 0.9, 0.1, 0.6, 0, 0.45, 0.46, 0.3, 0.3, 0.6, 0.7, 0.75, 1]
        for (name, renderer) in [("grows", try ring(from: Point(110, 60), to: Point(110, 60), under: false)),
                                 ("travels", try ring(from: Point(60, 60), to: Point(160, 60), under: false)),
                                 ("over a bar", try ring(from: Point(60, 60), to: Point(160, 60), under: true))] {
            try assertInOrderMatchesFresh(renderer, times, name)
        }
    }
}
