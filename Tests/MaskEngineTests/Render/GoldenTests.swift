import Foundation
import MaskEngine
import XCTest

/// One golden image per effect of the source articles (`/work/shared/seeds`), each scene
/// built with the engine API alone and rendered at a moment when the effect is under way.
///
/// Tolerances: ±2 per channel everywhere. The renderer's arithmetic is integer and
/// deterministic, so the same build gives the same bytes; the slack only absorbs rounding
/// changes such as a different flattening tolerance. Text goldens depend on the outlines
/// of the default font (DejaVu Sans), so a different font version means re-recording.
final class GoldenTests: XCTestCase {
    static let tolerance = 2

    // MARK: - (1) PNG alpha mask

    /// A 32×32 photo at (8, 8) masked by a heart PNG whose alpha fades from full at the
    /// top to half at the bottom.
    static func alphaMaskScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 48, height: 48, background: Color(white: 0.2)))
        var photo = LayerState(kind: .plain)
        photo.frame = Rect(8, 8, 32, 32)
        photo.contents = try GoldenImages.photo(width: 32, height: 32)
        let owner = try scene.addLayer(photo, name: "photo")
        var mask = LayerState(kind: .plain)
        mask.frame = Rect(0, 0, 32, 32)
        mask.contents = try GoldenImages.heart(size: 32)
        try scene.setMask(try scene.addLayer(mask, name: "heart"), of: owner)
        return scene
    }

    /// Golden: the photo (blue sky, yellow sun top right, checked ground) shows only inside
    /// a heart on the dark grey canvas; the heart's edges are anti-aliased and its lower
    /// half is dimmer, because the mask's alpha there is below 1.
    func testPNGAlphaMask() throws {
        let image = try Renderer(scene: Self.alphaMaskScene()).render(at: 0)
        assertGolden(image, named: "alpha-mask", tolerance: Self.tolerance)
    }

    // MARK: - (2) Sliding gradient mask

    /// A 64×32 photo masked by a clear-black-clear horizontal gradient (stops 0.25, 0.5,
    /// 0.75) as wide as the photo, which slides from one width left of it to one width
    /// right of it in 2 s.
    static func gradientSlideScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 64, height: 32, background: .black))
        var photo = LayerState(kind: .plain)
        photo.frame = Rect(0, 0, 64, 32)
        photo.contents = try GoldenImages.photo(width: 64, height: 32)
        let owner = try scene.addLayer(photo, name: "photo")
        var gradient = LayerState(kind: .gradient)
        gradient.frame = Rect(-64, 0, 64, 32)
        gradient.colors = [.clear, .black, .clear]
        gradient.locations = [0.25, 0.5, 0.75]
        gradient.start = Point(0, 0.5)
        gradient.end = Point(1, 0.5)
        let mask = try scene.addLayer(gradient, name: "band")
        try scene.setMask(mask, of: owner)
        try scene.animate(Animation(layer: mask, key: .position, keyframes: [.point(Point(96, 16))],
                                    begin: 0, duration: 2))
        return scene
    }

    /// Golden at t = 0.875 s (the mask's centre at x = 24): a soft vertical band of the
    /// photo, brightest at x = 24 and fading to black by x = 8 and x = 40; the rest is black.
    func testSlidingGradientMask() throws {
        let image = try Renderer(scene: Self.gradientSlideScene()).render(at: 0.875)
        assertGolden(image, named: "gradient-slide", tolerance: Self.tolerance)
    }

    // MARK: - (3) Fading string

    /// Red "Hi" (20 pt, centred) masked by a clear-black-black-clear gradient (stops 0.01,
    /// 0.1, 0.9, 0.99) that moves one width to the right in 3 s, as `FadeString.fadeRight`.
    static func fadingStringScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 64, height: 32, background: .black))
        var label = LayerState(kind: .text)
        label.frame = Rect(0, 0, 64, 32)
        label.string = "Hi"
        label.fontSize = 20
        label.textColor = .red
        label.align = .center
        let owner = try scene.addLayer(label, name: "label")
        var gradient = LayerState(kind: .gradient)
        gradient.frame = Rect(0, 0, 64, 32)
        gradient.colors = [.clear, .black, .black, .clear]
        gradient.locations = [0.01, 0.1, 0.9, 0.99]
        gradient.start = Point(0, 0)
        gradient.end = Point(1, 0)
        let mask = try scene.addLayer(gradient, name: "fade")
        try scene.setMask(mask, of: owner)
        try scene.animate(Animation(layer: mask, key: .position, keyframes: [.point(Point(96, 16))],
                                    begin: 0, duration: 3))
        return scene
    }

    /// Golden at t = 1.21875 s (the mask's left edge at x = 26): the left half of the red
    /// "H" is gone, its right half fades in from transparent across x ≈ 26.6...32.4, and
    /// the "i" shows in full.
    func testFadingString() throws {
        let image = try Renderer(scene: Self.fadingStringScene()).render(at: 1.21875)
        assertGolden(image, named: "fading-string", tolerance: Self.tolerance)
    }

    // MARK: - (4) Tile fade between two images

    /// A 48×32 photo under a blue-and-white striped image; the striped one is masked by a
    /// 12-column, 2-row grid of black tiles, and tile i fades out over 0.5 s starting at
    /// i × 0.1 s (column-major order, as `TranformFadeView.fadeAnimated`).
    static func tileFadeScene(topColor: Color = Color(red: 0.1, green: 0.3, blue: 0.9)) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 48, height: 32, background: .black))
        var bottom = LayerState(kind: .plain)
        bottom.frame = Rect(0, 0, 48, 32)
        bottom.contents = try GoldenImages.photo(width: 48, height: 32)
        try scene.addLayer(bottom, name: "first")
        var top = LayerState(kind: .plain)
        top.frame = Rect(0, 0, 48, 32)
        top.contents = try GoldenImages.stripes(width: 48, height: 32, topColor, .white)
        let owner = try scene.addLayer(top, name: "second")
        var grid = LayerState(kind: .grid)
        grid.frame = Rect(0, 0, 48, 32)
        let gridID = try scene.addLayer(grid, name: "tiles")
        let tiles = try scene.addTiles(to: gridID, rows: 2, columns: 12, color: .black)
        try scene.setMask(gridID, of: owner)
        for (i, tile) in tiles.enumerated() {
            try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(0)],
                                        begin: Double(i) * 0.1, duration: 0.5))
        }
        return scene
    }

    /// Golden at t = 1.15 s: columns 0–3 (tiles 0–7) have faded, showing the photo; in
    /// columns 4 and 5 the stripes show through at 10%, 30%, 50% and 70% (tiles 8–11, top
    /// then bottom), so the two rows of one column differ; columns 6–11 still show the
    /// blue and white stripes in full.
    func testTileFadeBetweenTwoImages() throws {
        let image = try Renderer(scene: Self.tileFadeScene()).render(at: 1.15)
        assertGolden(image, named: "tile-fade", tolerance: Self.tolerance)
    }

    // MARK: - (5) Shimmer

    /// A grey-white-grey horizontal gradient whose locations go from [0, 0, 0.25] to
    /// [0.75, 1, 1] every 2 s forever, masked by the text "Slide".
    static func shimmerScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 64, height: 24, background: .black))
        var gradient = LayerState(kind: .gradient)
        gradient.frame = Rect(0, 0, 64, 24)
        gradient.colors = [.darkGray, .white, .darkGray]
        gradient.locations = [0, 0, 0.25]
        gradient.start = Point(0, 0.5)
        gradient.end = Point(1, 0.5)
        let owner = try scene.addLayer(gradient, name: "shine")
        var text = LayerState(kind: .text)
        text.frame = Rect(0, 0, 64, 24)
        text.string = "Slide"
        text.fontSize = 18
        text.align = .center
        try scene.setMask(try scene.addLayer(text, name: "label"), of: owner)
        try scene.animate(Animation(layer: owner, key: .locations, keyframes: [.numbers([0.75, 1, 1])],
                                    begin: 0, duration: 2, repetition: .forever))
        return scene
    }

    /// Golden at t = 2.9 s (0.45 into the second cycle: stops [0.3375, 0.45, 0.5625]):
    /// dark grey letters "Slide" with a white highlight centred near x = 29, on black.
    func testShimmer() throws {
        let image = try Renderer(scene: Self.shimmerScene()).render(at: 2.9)
        assertGolden(image, named: "shimmer", tolerance: Self.tolerance)
    }

    // MARK: - (6) Two-circle water fill

    /// A green picture over the same picture in grey, 60×60; the green one is masked by a
    /// clear layer holding two circles of radius 30 at opacity 0.8, moving in 1 s from the
    /// top-left corner (−10, −10) to (20, 20) and from the bottom-right (70, 70) to (40, 40).
    static func waterFillScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 60, height: 60, background: .black))
        var grey = LayerState(kind: .plain)
        grey.frame = Rect(0, 0, 60, 60)
        grey.contents = try GoldenImages.photo(width: 60, height: 60, tint: .grey)
        try scene.addLayer(grey, name: "greyHead")
        var green = grey
        green.contents = try GoldenImages.photo(width: 60, height: 60, tint: .green)
        let owner = try scene.addLayer(green, name: "greenHead")
        var container = LayerState(kind: .plain)
        container.frame = Rect(0, 0, 60, 60)
        let mask = try scene.addLayer(container, name: "mask")
        for (from, to) in [(Point(-10, -10), Point(20, 20)), (Point(70, 70), Point(40, 40))] {
            var circle = LayerState(kind: .shape)
            circle.size = Size(60, 60)
            circle.position = from
            circle.path = .circle(center: Point(30, 30), radius: 30)
            circle.fill = .green // any colour but clear: only alpha counts in a mask
            circle.opacity = 0.8
            let id = try scene.addLayer(circle, to: mask)
            try scene.animate(Animation(layer: id, key: .position, keyframes: [.point(to)], begin: 0, duration: 1))
        }
        try scene.setMask(mask, of: owner)
        return scene
    }

    /// Golden at t = 0.75 s (centres at (12.5, 12.5) and (47.5, 47.5)): green fills a disc
    /// from each of two opposite corners at 80%, where the discs overlap in the middle
    /// it is stronger (96%), and the other two corners stay grey.
    func testTwoCircleWaterFill() throws {
        let image = try Renderer(scene: Self.waterFillScene()).render(at: 0.75)
        assertGolden(image, named: "water-fill", tolerance: Self.tolerance)
    }

    // MARK: - (7) Fragment grid and its reverse

    /// A 60×32 photo masked by a 15-column, 2-row grid of white tiles. Tile i (column-major)
    /// fades out over 0.4 s from i × 0.1 s; all are gone by 3.3 s. From 3.5 s the tiles
    /// come back in reverse order: tile i fades in over 0.4 s from 3.5 + (29 − i) × 0.1 s.
    static func fragmentScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 60, height: 32, background: .black))
        var photo = LayerState(kind: .plain)
        photo.frame = Rect(0, 0, 60, 32)
        photo.contents = try GoldenImages.photo(width: 60, height: 32)
        let owner = try scene.addLayer(photo, name: "content")
        var grid = LayerState(kind: .grid)
        grid.frame = Rect(0, 0, 60, 32)
        let gridID = try scene.addLayer(grid, name: "fragments")
        let tiles = try scene.addTiles(to: gridID, rows: 2, columns: 15, color: .white)
        try scene.setMask(gridID, of: owner)
        for (i, tile) in tiles.enumerated() {
            try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(0)],
                                        begin: Double(i) * 0.1, duration: 0.4))
            try scene.animate(Animation(layer: tile, key: .opacity, keyframes: [.number(1)],
                                        begin: 3.5 + Double(tiles.count - 1 - i) * 0.1, duration: 0.4),
                              from: .number(0))
        }
        return scene
    }

    /// Golden at t = 1.55 s, hiding from the left: columns 0–5 (tiles 0–11) are black;
    /// column 6 shows the photo at 12.5% (top) and 37.5% (bottom), column 7 at 62.5% and
    /// 87.5%; columns 8–14 still show the photo (sky, sun, checked ground) in full.
    func testFragmentHide() throws {
        let image = try Renderer(scene: Self.fragmentScene()).render(at: 1.55)
        assertGolden(image, named: "fragment-hide", tolerance: Self.tolerance)
    }

    /// Golden at t = 5.05 s, restoring in reverse order, from the right: columns 9–14
    /// (tiles 18–29) are back; column 8 shows the photo at 62.5% (top) and 87.5% (bottom),
    /// column 7 at 12.5% and 37.5%; columns 0–6 are still black.
    func testFragmentRestoreInReverse() throws {
        let image = try Renderer(scene: Self.fragmentScene()).render(at: 5.05)
        assertGolden(image, named: "fragment-restore", tolerance: Self.tolerance)
    }

    // MARK: - (8) Circle reveal

    /// Two 64×48 "screens", each with a picture and a round black button at the top right:
    /// the first green, the second yellow on top, masked by a shape whose path grows in 1 s
    /// from the button's oval to that oval grown by the distance from the button's centre
    /// to the far (bottom-left) corner, as the article's transition does.
    static func circleRevealScene(secondBackground: Color = .yellow) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 64, height: 48, background: .black))
        let button = Rect(44, 4, 16, 16)
        func screen(_ background: Color, _ picture: Image) throws -> LayerID {
            var s = LayerState(kind: .plain)
            s.frame = Rect(0, 0, 64, 48)
            s.background = background
            let id = try scene.addLayer(s)
            var p = LayerState(kind: .plain)
            p.frame = Rect(12, 14, 28, 28)
            p.contents = picture
            try scene.addLayer(p, to: id)
            var b = LayerState(kind: .plain)
            b.frame = button
            b.background = .black
            b.cornerRadius = 8
            try scene.addLayer(b, to: id)
            return id
        }
        _ = try screen(.green, try GoldenImages.photo(width: 28, height: 28))
        let second = try screen(secondBackground, try GoldenImages.stripes(width: 28, height: 28, .red, .white))
        let r = ((button.midX - 0) * (button.midX - 0) + (button.midY - 48) * (button.midY - 48)).squareRoot()
        let small = Path.oval(in: button)
        let large = Path.oval(in: Rect(button.minX - r, button.minY - r, button.width + 2 * r, button.height + 2 * r))
        var shape = LayerState(kind: .shape)
        shape.frame = Rect(0, 0, 64, 48)
        shape.path = large
        let mask = try scene.addLayer(shape, name: "reveal")
        try scene.setMask(mask, of: second)
        try scene.animate(Animation(layer: mask, key: .path, keyframes: [.path(large)], begin: 0, duration: 1),
                          from: .path(small))
        return scene
    }

    /// Golden at t = 0.5 s (radius 8 + r/2 ≈ 39.6 about the button's centre (52, 12)): a
    /// yellow disc with the red-striped picture's right part and the button fills the top
    /// right; outside it the green screen with the photo's left part shows.
    func testCircleReveal() throws {
        let image = try Renderer(scene: Self.circleRevealScene()).render(at: 0.5)
        assertGolden(image, named: "circle-reveal", tolerance: Self.tolerance)
    }
}

/// The harness itself: it must fail when the renderer draws something else.
final class GoldenHarnessTests: XCTestCase {
    /// A scratch folder for `.actual.png` files, so that these tests never write into the
    /// source tree.
    private func scratchDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("golden-harness-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// The circle-reveal golden with the revealed screen orange instead of yellow: the
    /// comparison must report a pixel inside the revealed disc and write the actual image.
    func testChangedLayerColourIsReported() throws {
        let reference = try XCTUnwrap(Golden.bundledReference("circle-reveal"), "the circle-reveal reference is missing")
        let dir = try scratchDirectory()
        let right = try Renderer(scene: GoldenTests.circleRevealScene()).render(at: 0.5)
        XCTAssertNil(Golden.check(right, named: "circle-reveal", tolerance: GoldenTests.tolerance,
                                  reference: reference, outputDirectory: dir, record: false))

        let wrong = try Renderer(scene: GoldenTests.circleRevealScene(secondBackground: .orange)).render(at: 0.5)
        let failure = try XCTUnwrap(Golden.check(wrong, named: "circle-reveal", tolerance: GoldenTests.tolerance,
                                                 reference: reference, outputDirectory: dir, record: false))
        XCTAssertTrue(failure.contains(" actual RGBA("), failure)
        XCTAssertTrue(failure.contains(" vs expected RGBA("), failure)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/circle-reveal.actual.png"))

        let difference = try XCTUnwrap(goldenDifference(wrong, try Image(contentsOfFile: reference),
                                                        tolerance: GoldenTests.tolerance))
        guard case let .pixels(x, y, actual, expected, count, _) = difference else {
            return XCTFail("expected a pixel difference, got \(difference)")
        }
        // The first bad pixel is the first one in reading order that the disc about
        // (52, 12) reaches (its edge, part green): yellow (255, 255, 0) became orange
        // (255, 128, 0), so only green differs, and it is lower.
        let dx = Double(x) + 0.5 - 52, dy = Double(y) + 0.5 - 12
        XCTAssertLessThan((dx * dx + dy * dy).squareRoot(), 40.5, "(\(x), \(y))")
        XCTAssertEqual(actual[0], expected[0])
        XCTAssertEqual(actual[2], expected[2])
        XCTAssertLessThan(Int(actual[1]), Int(expected[1]) - GoldenTests.tolerance)
        XCTAssertGreaterThan(count, 100)
    }

    /// The tolerance is inclusive: a channel off by exactly the tolerance passes, one more fails.
    func testToleranceBoundary() throws {
        let opaque: [UInt8] = [100, 100, 100, 255]
        let base = try Image(width: 3, height: 2, premultipliedRGBA: Array(repeating: opaque, count: 6).flatMap { $0 })
        var bytes = base.pixels
        bytes[4 * 4 + 1] = 102 // pixel (1, 1), green
        XCTAssertNil(goldenDifference(try Image(width: 3, height: 2, premultipliedRGBA: bytes), base, tolerance: 2))
        bytes[4 * 4 + 1] = 103
        let difference = goldenDifference(try Image(width: 3, height: 2, premultipliedRGBA: bytes), base, tolerance: 2)
        XCTAssertEqual(difference, .pixels(x: 1, y: 1, actual: [100, 103, 100, 255], expected: opaque,
                                           count: 1, largest: 3))
        XCTAssertEqual(difference?.description,
                       "(1, 1) actual RGBA(100, 103, 100, 255) vs expected RGBA(100, 100, 100, 255); 1 pixel differs, by up to 3")
    }

    /// Images of different sizes never match.
    func testSizeMismatchIsReported() throws {
        let a = try Image(width: 2, height: 2), b = try Image(width: 2, height: 3)
        XCTAssertEqual(goldenDifference(a, b, tolerance: 255), .size(actual: Size(2, 2), expected: Size(2, 3)))
    }

    /// A missing reference fails; asked to record, it writes the file and still fails.
    func testMissingReferenceFailsAndRecordingFailsToo() throws {
        let dir = try scratchDirectory()
        let image = try Image(width: 2, height: 2, fill: Color.red.premultiplied())
        let missing = try XCTUnwrap(Golden.check(image, named: "x", tolerance: 0, reference: nil,
                                                 outputDirectory: dir, record: false))
        XCTAssertTrue(missing.contains("RECORD_GOLDENS=1"), missing)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.png"))
        let recorded = try XCTUnwrap(Golden.check(image, named: "x", tolerance: 0, reference: nil,
                                                  outputDirectory: dir, record: true))
        XCTAssertTrue(recorded.contains("recorded"), recorded)
        XCTAssertEqual(try Image(contentsOfFile: dir + "/x.png"), image)
        // Once recorded, the same image passes against it.
        XCTAssertNil(Golden.check(image, named: "x", tolerance: 0, reference: dir + "/x.png",
                                  outputDirectory: dir, record: true))
        // An existing file is never overwritten, even when the bundle lacks it.
        let other = try Image(width: 2, height: 2, fill: Color.blue.premultiplied())
        let stale = try XCTUnwrap(Golden.check(other, named: "x", tolerance: 0, reference: nil,
                                               outputDirectory: dir, record: true))
        XCTAssertTrue(stale.contains("rebuild"), stale)
        XCTAssertEqual(try Image(contentsOfFile: dir + "/x.png"), image)
    }
}
