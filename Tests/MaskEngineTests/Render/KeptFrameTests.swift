import XCTest
@testable import MaskEngine

/// A frame's buffer is kept for the next frame, and only what was drawn over its backdrop
/// is filled again, lazily, by the draws that reach it and at the frame's end
/// (`StaleBackdrop`): frames rendered with one `RenderBuffers`, in any order, give the
/// bytes of fresh renders, with no trail of what moved away and no unwritten byte shown.
final class KeptFrameTests: XCTestCase {
    /// A square that travels across the canvas and fades, a bar that appears at 0.5 s, and
    /// a text: what is drawn over the backdrop moves, grows and shrinks from frame to frame.
    private func travellingScene(background: Color = .darkGray) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 90, height: 50, fps: 10, background: background))
        var square = layerState(frame: Rect(2.5, 3, 16, 16), background: .yellow)
        square.cornerRadius = 3
        let id = try scene.addLayer(square)
        try scene.animate(Animation(layer: id, key: .position, keyframes: [.point(Point(80, 40))], begin: 0, duration: 1))
        try scene.animate(Animation(layer: id, key: .opacity, keyframes: [.number(0)], begin: 0.5, duration: 0.5))
        var bar = layerState(frame: Rect(0, 40, 90, 6), background: .cyan)
        bar.opacity = 0
        let barID = try scene.addLayer(bar)
        try scene.animate(Animation(layer: barID, key: .opacity, keyframes: [.number(1)], begin: 0.5, duration: 0.1))
        var text = layerState(.text, frame: Rect(30, 10, 60, 20))
        text.string = "go"
        text.fontSize = 14
        try scene.addLayer(text)
        return scene
    }

    func testFramesInAnyOrderMatchFreshRendersWithoutTrails() throws {
        let renderer = Renderer(scene: try travellingScene())
        let buffers = RenderBuffers()
        for t in [0, 0.3, 0.6, 1.0, 0.1, 0.9, 0.55, 0, 0.45, 1.0] {
            XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try renderer.render(at: t), "t = \(t)")
        }
    }

    func testScenesOfOneSizeButOtherBackdropsShareTheBuffers() throws {
        let grey = Renderer(scene: try travellingScene())
        let blue = Renderer(scene: try travellingScene(background: .blue))
        var empty = Scene(canvas: Canvas(width: 90, height: 50, fps: 10, background: .darkGray))
        try empty.addLayer(layerState(frame: Rect(0, 0, 1, 1), background: .clear))
        let bare = Renderer(scene: empty)
        let buffers = RenderBuffers()
        for (renderer, t) in [(grey, 0.3), (blue, 0.3), (grey, 0.8), (bare, 0), (grey, 0.1), (bare, 0), (blue, 0.9)] {
            XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try renderer.render(at: t), "t = \(t)")
        }
    }

    func testAFrameTheCallerKeepsIsNotChangedByTheNextOnes() throws {
        let renderer = Renderer(scene: try travellingScene())
        let buffers = RenderBuffers()
        let first = try renderer.render(at: 0.2, using: buffers) { $0 }
        let copy = Image(width: first.width, height: first.height, trustedPixels: first.pixels)
        for t in [0.4, 0.6, 0.8] { _ = try renderer.render(at: t, using: buffers) { $0 } }
        XCTAssertEqual(first, copy)
    }

    /// A fresh render whose unwritten buffer bytes (the first frame's pixels among them)
    /// are `marker`: a pixel left stale shows it.
    private func fresh(_ renderer: Renderer, at t: Double, marker: UInt8 = 0xA5) throws -> Image {
        let buffers = RenderBuffers()
        buffers.pool.unwrittenFill = marker
        return try renderer.render(at: t, using: buffers) { $0 }
    }

    func testAFirstFrameShowsNoUnwrittenByte() throws {
        let renderer = Renderer(scene: try travellingScene())
        for t in [0, 0.55] {
            let image = try fresh(renderer, at: t, marker: 0xA5)
            XCTAssertEqual(image, try fresh(renderer, at: t, marker: 0x3C), "t = \(t)")
            // Far from every layer: the backdrop, dark grey.
            XCTAssertEqual(Array(image.pixels[0..<4]), [85, 85, 85, 255], "t = \(t)")
        }
    }

    /// Draws that overwrite the middle of rows drawn over in the last frame (an opaque
    /// square, an opaque gradient) and draws that blend over them (a translucent square and
    /// gradient): what is left of the last frame's bar before, between and after them is
    /// the backdrop, and nothing of it shows under them.
    func testADrawOverPartOfAStaleRowLeavesNoneOfTheLastFrame() throws {
        var wide = Scene(canvas: Canvas(width: 90, height: 50, fps: 10, background: .darkGray))
        try wide.addLayer(layerState(frame: Rect(0, 10, 90, 20), background: .cyan))
        var narrow = Scene(canvas: Canvas(width: 90, height: 50, fps: 10, background: .darkGray))
        try narrow.addLayer(layerState(frame: Rect(30, 5, 10, 30), background: .yellow))
        var half = layerState(frame: Rect(50, 15, 10, 10), background: .red)
        half.opacity = 0.5
        try narrow.addLayer(half)
        // Paints over the same rows: an opaque gradient (a copy) and a translucent one.
        for (x, colors) in [(64.0, [Color.red, .blue]), (78, [.red, .clear])] {
            var gradient = layerState(.gradient, frame: Rect(x, 5, 10, 30))
            gradient.colors = colors
            gradient.start = Point(0, 0.5)
            gradient.end = Point(1, 0.5)
            try narrow.addLayer(gradient)
        }
        let buffers = RenderBuffers()
        for renderer in [Renderer(scene: wide), Renderer(scene: narrow), Renderer(scene: wide), Renderer(scene: narrow)] {
            XCTAssertEqual(try renderer.render(at: 0, using: buffers) { $0 }, try fresh(renderer, at: 0))
        }
    }

    /// An opaque image (and a translucent one) through a grid whose tiles fade, as the tile
    /// fade: tiles at 0 (columns between runs), part way and full, tile edges on whole
    /// and fractional pixels. Over rows still stale, the runs' fill writes each pixel once
    /// from the backdrop colour (the gaps filled, the faded tiles blended onto it, the full
    /// ones copied); it gives the general loop's bytes at every kernel level, on first
    /// frames and on kept frames in any order.
    func testAnImageThroughFadingTilesOverStaleRowsMatchesTheGeneralLoop() throws {
        defer {
            DrawPipeline.generalOnly = false
            PixelKernels.level = PixelKernels.best
        }
        for (width, opaque) in [(48.0, true), (50.5, true), (48, false)] {
            var scene = Scene(canvas: Canvas(width: 52, height: 30, fps: 10, background: Color(red: 0.2, green: 0.5, blue: 0.9)))
            var picture = LayerState(kind: .plain)
            picture.frame = Rect(1, 0, width, 30)
            picture.contents = opaque ? try GoldenImages.photo(width: 52, height: 30)
                : try GoldenImages.stripes(width: 52, height: 30, Color(red: 1, green: 0, blue: 0, alpha: 0.6), .clear)
            let owner = try scene.addLayer(picture)
            var grid = LayerState(kind: .grid)
            grid.frame = Rect(0, 0, width, 30)
            let gridID = try scene.addLayer(grid)
            let tiles = try scene.addTiles(to: gridID, rows: 2, columns: 12, color: .black)
            try scene.setMask(gridID, of: owner)
            // Out of order, so tiles at 0 fall between others.
            for (i, tile) in tiles.enumerated() {
                try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(0)], begin: Double(i * 7 % 24) * 0.05,
                                            duration: 1))
            }
            let renderer = Renderer(scene: scene)
            let times = [0.6, 0, 1.3, 0.3, 0.6]
            DrawPipeline.generalOnly = true
            let expected = try times.map { try renderer.render(at: $0) }
            DrawPipeline.generalOnly = false
            for level in 0...PixelKernels.best {
                PixelKernels.level = level
                let buffers = RenderBuffers()
                buffers.pool.unwrittenFill = 0xA5
                for (t, image) in zip(times, expected) {
                    XCTAssertEqual(try fresh(renderer, at: t), image, "width \(width), level \(level), t = \(t), first frame")
                    XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, image, "width \(width), level \(level), t = \(t)")
                }
            }
        }
    }

    /// Groups composited over stale rows (opacity over sublayers, a clip), shadows, masks
    /// (inverted, luminance; one fill through a mask straight onto the frame), text and the
    /// golden scenes' masked fills, at times in any order through one `RenderBuffers`.
    func testGroupsShadowsAndMasksOverStaleRowsMatchFreshRenders() throws {
        var scene = Scene(canvas: Canvas(width: 90, height: 70, fps: 10, background: .darkGray))
        var group = layerState(frame: Rect(5, 5, 40, 30), background: .orange)
        group.opacity = 0.7
        group.cornerRadius = 6
        group.clip = true
        group.shadowColor = .black
        group.shadowOpacity = 0.8
        group.shadowRadius = 3
        group.shadowOffset = Point(2, 3)
        let groupID = try scene.addLayer(group)
        try scene.addLayer(layerState(frame: Rect(-5, 8, 30, 10), background: .yellow), to: groupID)
        try scene.animate(Animation(layer: groupID, key: .position, keyframes: [.point(Point(60, 45))], begin: 0, duration: 1))
        var masked = layerState(frame: Rect(0, 35, 90, 30), background: .blue)
        masked.maskInvert = true
        masked.maskMode = .luminance
        let owner = try scene.addLayer(masked)
        var shape = layerState(.shape, frame: Rect(0, 0, 90, 30))
        shape.path = .circle(center: Point(45, 15), radius: 12)
        shape.fill = .white
        let mask = try scene.addLayer(shape)
        try scene.setMask(mask, of: owner)
        try scene.animate(Animation(layer: mask, key: .position, keyframes: [.point(Point(20, 15))], begin: 0, duration: 1))
        // One fill through a mask, straight onto the frame (no group): a square through a
        // circle that moves over what the group drew.
        let revealed = try scene.addLayer(layerState(frame: Rect(45, 0, 45, 40), background: .green))
        var circle = layerState(.shape, frame: Rect(0, 0, 45, 40))
        circle.path = .circle(center: Point(30, 25), radius: 14)
        circle.fill = .white
        let reveal = try scene.addLayer(circle)
        try scene.setMask(reveal, of: revealed)
        try scene.animate(Animation(layer: revealed, key: .position, keyframes: [.point(Point(30, 30))], begin: 0, duration: 1))
        let scenes = [scene, try travellingScene(), try GoldenTests.tileFadeScene(), try GoldenTests.circleRevealScene(),
                      try GoldenTests.shimmerScene(), try GoldenTests.alphaMaskScene(), try GoldenTests.waterFillScene()]
        for (i, scene) in scenes.enumerated() {
            let renderer = Renderer(scene: scene)
            let buffers = RenderBuffers()
            for t in [0, 0.5, 1.0, 0.2, 0.9, 0.1, 0.6, 0] {
                XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try fresh(renderer, at: t), "scene \(i) t = \(t)")
            }
        }
    }

    /// What a kept frame drew is filled again wherever it was, however it is tracked (one box
    /// today; a try at each row's columns kept this test): shapes far apart on rows of their own
    /// and on shared rows (a disc, a square that crosses its rows, a bar), a ring through four
    /// combined masks (a disc minus a hole, cut to a band, lightened by a square that travels) and
    /// a scene of that size in between, at times in any order through one `RenderBuffers`, give the
    /// bytes of fresh renders: nothing left of what moved away, on any row.
    func testShapesApartOnTheirOwnRowsLeaveNoTrailOnKeptFrames() throws {
        var scene = Scene(canvas: Canvas(width: 96, height: 72, fps: 10, background: .darkGray))
        var disc = layerState(.shape, frame: Rect(0, 0, 96, 72))
        disc.path = .circle(center: Point(70, 50), radius: 9)
        disc.fill = .yellow
        let discID = try scene.addLayer(disc)
        try scene.animate(Animation(layer: discID, key: .position, keyframes: [.point(Point(20, 30))], begin: 0, duration: 1))
        let square = try scene.addLayer(layerState(frame: Rect(2, 2, 8, 8), background: .cyan))
        try scene.animate(Animation(layer: square, key: .position, keyframes: [.point(Point(88, 66))], begin: 0, duration: 1))
        let bar = try scene.addLayer(layerState(frame: Rect(40, 68, 50, 3), background: .orange))
        try scene.animate(Animation(layer: bar, key: .opacity, keyframes: [.number(0)], begin: 0.4, duration: 0.2))
        // The ring: the owner's one fill through four masks.
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 96, 72), background: .red))
        var outer = layerState(.shape, frame: Rect(0, 0, 96, 72))
        outer.path = .circle(center: Point(60, 36), radius: 22)
        outer.fill = .white
        var hole = outer
        hole.path = .circle(center: Point(60, 36), radius: 12)
        hole.maskCombine = .subtract
        var band = layerState(frame: Rect(0, 20, 96, 30), background: .white)
        band.maskCombine = .intersect
        var corner = layerState(frame: Rect(4, 4, 12, 12), background: .white)
        corner.maskCombine = .lighten
        let masks = try [outer, hole, band, corner].map { try scene.addLayer($0, to: owner) }
        try scene.setMasks(masks, of: owner)
        try scene.animate(Animation(layer: masks[0], key: .position, keyframes: [.point(Point(-25, 10))], begin: 0, duration: 1))
        try scene.animate(Animation(layer: masks[1], key: .position, keyframes: [.point(Point(-20, 20))], begin: 0, duration: 1))
        try scene.animate(Animation(layer: masks[3], key: .position, keyframes: [.point(Point(80, 60))], begin: 0, duration: 1))
        let renderer = Renderer(scene: scene)
        var other = Scene(canvas: Canvas(width: 96, height: 72, fps: 10, background: .darkGray))
        try other.addLayer(layerState(frame: Rect(0, 30, 96, 20), background: .green))
        let wide = Renderer(scene: other)
        let buffers = RenderBuffers()
        for t in [0, 1.0, 0.5, 0.1, 0.9, 0.45, 0.2, 0.7, 0.3, 0] {
            XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try fresh(renderer, at: t), "t = \(t)")
        }
        // Another scene of that size and backdrop in between (a bar over whole rows), then
        // this one again.
        for (r, t) in [(wide, 0.3), (renderer, 0.6), (wide, 0.9), (renderer, 0.2), (renderer, 0.8)] {
            XCTAssertEqual(try r.render(at: t, using: buffers) { $0 }, try fresh(r, at: t), "t = \(t)")
        }
    }
}
