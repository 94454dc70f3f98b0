import XCTest
@testable import MaskEngine

/// `Image.isKnownOpaque`: found where an image is decoded (a PNG without alpha, a PPM, one
/// scan of the alphas otherwise), forgotten when its pixels change, not part of its value;
/// and a draw of an image known opaque (its runs copied over stale rows without filling
/// them first) gives the general loop's bytes and a fresh render's.
final class ImageOpacityTests: XCTestCase {
    override func tearDown() {
        DrawPipeline.generalOnly = false
    }

    /// A 48×32 opaque pattern; with `hole`, pixel (5, 3) is transparent.
    private func pattern(hole: Bool) throws -> Image {
        var bytes: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<48 {
                let clear = hole && x == 5 && y == 3
                bytes += clear ? [0, 0, 0, 0] : [UInt8(x * 5), UInt8(y * 7), UInt8((x + y) * 3), 255]
            }
        }
        return try Image(width: 48, height: 32, premultipliedRGBA: bytes)
    }

    private func png(_ image: Image) throws -> Image {
        try Image(data: try ImageWriter().encode(image, for: "pattern.png").bytes, name: "pattern.png")
    }

    private func ppm() throws -> Image {
        let header = Array("P6\n48 32\n255\n".utf8)
        let samples = (0..<(48 * 32 * 3)).map { UInt8($0 % 251) }
        return try Image(data: header + samples, name: "pattern.ppm")
    }

    func testDecodersFindWhetherAnImageIsOpaque() throws {
        let opaque = try png(pattern(hole: false))
        XCTAssertTrue(opaque.isKnownOpaque, "a PNG without alpha")
        let holed = try png(pattern(hole: true))
        XCTAssertEqual(holed.pixel(x: 5, y: 3)?.a, 0)
        XCTAssertFalse(holed.isKnownOpaque, "an RGBA PNG with one transparent pixel")
        XCTAssertTrue(try ppm().isKnownOpaque, "a PPM")
        XCTAssertFalse(Image(width: 2, height: 1, trustedPixels: [UInt8](repeating: 255, count: 8)).isKnownOpaque)
    }

    func testChangedPixelsAreNoLongerKnownOpaque() throws {
        var image = try png(pattern(hole: false))
        image.pixels[3] = 255
        XCTAssertFalse(image.isKnownOpaque)
    }

    func testOpacityIsNotPartOfTheValue() throws {
        let decoded = try png(pattern(hole: false))
        let trusted = Image(width: decoded.width, height: decoded.height, trustedPixels: decoded.pixels)
        XCTAssertNotEqual(decoded.isKnownOpaque, trusted.isKnownOpaque)
        XCTAssertEqual(decoded, trusted)
        XCTAssertEqual(decoded.hashValue, trusted.hashValue)
    }

    /// The tile fade's list, `[image, [coverage], [runs: grid alpha], sourceOver]`, with the
    /// image read in place (`at` whole pixels) or sampled (a half pixel off).
    private func tileFade(_ image: Image, at x: Double) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 48, height: 32, background: .darkGray))
        var layer = LayerState(kind: .plain)
        layer.frame = Rect(x, 0, 48, 32)
        layer.contents = image
        let owner = try scene.addLayer(layer)
        var grid = LayerState(kind: .grid)
        grid.frame = Rect(0, 0, 48, 32)
        let gridID = try scene.addLayer(grid)
        let tiles = try scene.addTiles(to: gridID, rows: 2, columns: 12, color: .black)
        try scene.setMask(gridID, of: owner)
        for (i, tile) in tiles.enumerated() {
            try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(0)], begin: Double(i) * 0.1, duration: 0.5))
        }
        return scene
    }

    func testAnImageKnownOpaqueDrawsOverStaleRowsAsTheGeneralLoopAndAFreshRender() throws {
        var cover = Scene(canvas: Canvas(width: 48, height: 32, background: .darkGray))
        try cover.addLayer(layerState(frame: Rect(0, 0, 48, 32), background: .cyan))
        let covering = Renderer(scene: cover)
        for image in [try png(pattern(hole: false)), try png(pattern(hole: true)), try ppm()] {
            for x in [0, 3, 0.5] {
                let renderer = Renderer(scene: try tileFade(image, at: x))
                let buffers = RenderBuffers()
                // Each frame over the last frame's pixels: the cyan cover's or the fade's own.
                for t in [0, 0.3, 0.75, 1.5] {
                    _ = try covering.render(at: 0, using: buffers) { $0 }
                    let kept = try renderer.render(at: t, using: buffers) { $0 }
                    let fresh = RenderBuffers()
                    fresh.pool.unwrittenFill = 0xA5
                    XCTAssertEqual(kept, try renderer.render(at: t, using: fresh) { $0 }, "x \(x) t \(t): fresh")
                    DrawPipeline.generalOnly = true
                    XCTAssertEqual(kept, try renderer.render(at: t), "x \(x) t \(t): general loop")
                    DrawPipeline.generalOnly = false
                    XCTAssertEqual(kept, try renderer.render(at: t, using: buffers) { $0 }, "x \(x) t \(t): over itself")
                }
            }
        }
    }
}
