import Foundation
import MaskEngine
import MaskScript
import XCTest

/// Renders every script in Examples/ and probes pixels at key times. Expected values come
/// from the scripts' own numbers (backgrounds, timings, frames), worked out by hand in
/// each comment, or from relations between frames (a tile hidden shows what is under it).
final class ExampleTests: XCTestCase {
    private static let examples = RepositoryRoot.url.appendingPathComponent("Examples")

    private var renderers: [String: Renderer] = [:]

    private func renderer(_ name: String) throws -> Renderer {
        if let r = renderers[name] { return r }
        let url = Self.examples.appendingPathComponent(name + ".mask")
        let bytes = try [UInt8](Data(contentsOf: url))
        let source = SourceFile(name: url.path, bytes: bytes)
        let options = ScriptOptions(resources: FileResolver(baseDirectory: Self.examples.path), output: { _ in })
        do {
            let scene = try Script(source: source).run(options: options)
            let r = Renderer(scene: scene)
            renderers[name] = r
            return r
        } catch {
            XCTFail(DiagnosticRenderer().render(error.diagnostics, source: source))
            throw error
        }
    }

    /// The RGB of a pixel of `name` at time `t`.
    private func rgb(_ name: String, at t: Double, _ x: Int, _ y: Int,
                     file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        let image = try renderer(name).render(at: t)
        let p = try XCTUnwrap(image.pixel(x: x, y: y), "(\(x), \(y)) is outside the frame", file: file, line: line)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    private func assertClose(_ a: [Int], _ b: [Int], within tolerance: Int = 2, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, "\(a) vs \(b): different lengths \(message)", file: file, line: line)
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) vs \(b) \(message)", file: file, line: line)
    }

    /// The brightest channel value in a rectangle of a frame.
    private func brightest(_ name: String, at t: Double, x: Range<Int>, y: Range<Int>) throws -> Int {
        let image = try renderer(name).render(at: t)
        var best = 0
        for yy in y { for xx in x { if let p = image.pixel(x: xx, y: yy) { best = max(best, Int(p.r), Int(p.g), Int(p.b)) } } }
        return best
    }

    func testEveryExampleRunsAndHasFrames() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".mask") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertEqual(names, ["carousel", "circle_reveal", "fade_string", "fade_string_zh", "fragment", "gradient_sweep",
                               "keyhole", "png_mask", "ring_reveal", "shimmer", "shimmer_colors", "shimmer_zh", "spotlight",
                               "text_scripts", "tile_fade", "water_fill"])
        for name in names {
            let r = try renderer(name)
            XCTAssertGreaterThan(r.frameIndices.count, 1, name)
            let last = try r.renderFrame(r.frameIndices.count - 1)
            XCTAssertEqual(last.width, r.scene.canvas.width, name)
        }
    }

    func testPNGMask() throws {
        // Outside the heart's alpha the backdrop #1c1c1e shows, inside the photo's sky.
        XCTAssertEqual(try rgb("png_mask", at: 0, 2, 2), [28, 28, 30])
        XCTAssertEqual(try rgb("png_mask", at: 0, 22, 22), [28, 28, 30], "the photo's corner is outside the heart")
        let sky = try rgb("png_mask", at: 0, 120, 100)
        XCTAssertGreaterThan(sky[2], 200, "sky blue: \(sky)")
        XCTAssertLessThan(sky[0], 170, "sky blue: \(sky)")
    }

    func testGradientSweep() throws {
        // t = 0: the band's frame is [-200, 0], wholly left of the photo: all black.
        XCTAssertEqual(try brightest("gradient_sweep", at: 0, x: 0..<240, y: 0..<240), 0)
        // t = 1.5: the band covers the photo; its black middle (location 0.5) is at the
        // photo's x = 100 (canvas 120), where the photo shows whole, and at photo x = 10
        // (location 0.05 < 0.25, clear) nothing shows.
        let middle = try rgb("gradient_sweep", at: 1.5, 120, 60)
        XCTAssertGreaterThan(middle[2], 180, "\(middle)")
        XCTAssertEqual(try rgb("gradient_sweep", at: 1.5, 30, 60), [0, 0, 0])
        // t = 3: the band is [200, 400], right of the photo: black again.
        XCTAssertEqual(try brightest("gradient_sweep", at: 3, x: 0..<240, y: 0..<240), 0)
    }

    func testFadeString() throws {
        try assertFadesAway("fade_string")
    }

    func testFadeStringInChinese() throws {
        try assertFadesAway("fade_string_zh")
    }

    private func assertFadesAway(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // t = 0 the orange text shows through the mask's black middle; t = 3 the mask has
        // slid one width to the right and nothing shows.
        let image = try renderer(name).render(at: 0)
        var orange = false
        for y in 0..<40 { for x in 100..<200 {
            if let p = image.pixel(x: x, y: y), p.r > 240, abs(Int(p.g) - 128) < 8, p.b < 8 { orange = true }
        } }
        XCTAssertTrue(orange, "the text's orange (255, 128, 0) shows mid-line at t = 0", file: file, line: line)
        XCTAssertEqual(try rgb(name, at: 0, 1, 20), [0, 0, 0], "location 0.01 is clear", file: file, line: line)
        XCTAssertEqual(try brightest(name, at: 3, x: 0..<300, y: 0..<40), 0, file: file, line: line)
    }

    func testTileFade() throws {
        // 12 × 2 tiles of 30 × 100; tile i fades over [1 + 0.1 i, 2 + 0.1 i].
        // Tile 0 (column 0, row 0) holds (15, 50); tile 23 (column 11, row 1) holds (345, 150).
        let front0 = try rgb("tile_fade", at: 0, 15, 50)
        let back0 = try rgb("tile_fade", at: 4.5, 15, 50)       // every tile hidden by 4.3
        XCTAssertNotEqual(front0, back0)
        assertClose(try rgb("tile_fade", at: 2.5, 15, 50), back0, within: 0, "tile 0 is hidden at 2.5")
        let half = try rgb("tile_fade", at: 1.5, 15, 50)         // tile 0 at opacity 0.5
        assertClose(half, zip(front0, back0).map { ($0 + $1 + 1) / 2 }, within: 2, "half way between the photos")
        assertClose(try rgb("tile_fade", at: 2.5, 345, 150), try rgb("tile_fade", at: 0, 345, 150), within: 0,
                    "tile 23 starts at 3.3")
    }

    func testShimmer() throws {
        try assertShimmers("shimmer", tail: 250..<300)
    }

    /// "滑动解锁  >" in Noto Sans CJK SC is 138 px wide at 28 px (four ideographs of one
    /// em, two spaces and `>` of the same font), centred: its glyphs span x 91...229.
    func testShimmerInChinese() throws {
        try assertShimmers("shimmer_zh", tail: 200..<229)
    }

    /// `tail`: a stretch of glyphs right of x = 200, where the band has not reached at 1.5 s.
    private func assertShimmers(_ name: String, tail: Range<Int>, file: StaticString = #filePath, line: UInt = #line) throws {
        // Outside the glyphs the mask is clear: black.
        XCTAssertEqual(try rgb(name, at: 0, 3, 3), [0, 0, 0], file: file, line: line)
        // t = 0, locations [0, 0, 0.25]: from x = 80 on the colour is #505050 (80).
        XCTAssertEqual(try brightest(name, at: 0, x: tail, y: 0..<80), 80, file: file, line: line)
        // t = 1.5, half a cycle: locations [0.375, 0.5, 0.625], white at x = 160, #505050
        // again from x = 200.
        XCTAssertGreaterThan(try brightest(name, at: 1.5, x: 150..<170, y: 0..<80), 240, file: file, line: line)
        XCTAssertEqual(try brightest(name, at: 1.5, x: tail, y: 0..<80), 80, file: file, line: line)
    }

    /// Each line fades in 0.2 s after the one above (0.5 s each); at 2.5 s all show. The
    /// emoji line (y 257...293) holds colour: the 👍🏽 skin tone and the flags are neither
    /// grey nor white.
    func testTextScriptsFadeInLineByLineWithColourEmoji() throws {
        XCTAssertEqual(try brightest("text_scripts", at: 0, x: 0..<360, y: 0..<330), 0x18, "only the background at t = 0")
        // At 0.3 s the first line is 60% in, the fifth not yet started.
        XCTAssertGreaterThan(try brightest("text_scripts", at: 0.3, x: 0..<360, y: 5..<41), 140)
        XCTAssertEqual(try brightest("text_scripts", at: 0.3, x: 0..<360, y: 150..<185), 0x18)
        let image = try renderer("text_scripts").render(at: 2.5)
        var coloured = 0
        for y in 257..<293 { for x in 10..<350 {
            if let p = image.pixel(x: x, y: y), Int(p.r) - Int(p.b) > 80 || Int(p.b) - Int(p.r) > 80 { coloured += 1 }
        } }
        XCTAssertGreaterThan(coloured, 300, "colour emoji")
        var tinted = 0
        for y in 5..<41 { for x in 10..<350 {
            if let p = image.pixel(x: x, y: y), abs(Int(p.r) - Int(p.b)) > 10 { tinted += 1 }
        } }
        XCTAssertEqual(tinted, 0, "the Chinese line is white over the dark background only")
    }

    func testWaterFill() throws {
        let grey = [142, 142, 147]   // #8e8e93
        // t = 0: the circles (radius 100) sit on the top-left and bottom-right corners.
        XCTAssertEqual(try rgb("water_fill", at: 0, 195, 5), grey)
        XCTAssertEqual(try rgb("water_fill", at: 0, 100, 100), grey, "141 from both centres")
        XCTAssertNotEqual(try rgb("water_fill", at: 0, 10, 10), grey)
        // t = 2.25: both circles centred on (100, 100): the corners are 134 away.
        XCTAssertEqual(try rgb("water_fill", at: 2.25, 195, 5), grey)
        XCTAssertNotEqual(try rgb("water_fill", at: 2.25, 100, 100), grey)
    }

    func testFragmentHidesAndRestoresInReverse() throws {
        let backdrop = [16, 16, 16]  // #101010
        // 15 × 2 tiles of 20 × 60; hiding ends at 0.5 + 29 × 0.06 + 0.3 = 2.54.
        XCTAssertEqual(try brightest("fragment", at: 3, x: 0..<300, y: 0..<120), 16)
        let photo = try rgb("fragment", at: 0, 10, 30)
        XCTAssertNotEqual(photo, backdrop)
        // Restoring starts at 3.04 from the last tile: at 3.5 tile 29 (column 14, row 1)
        // is back while tile 0 still waits until 4.78.
        assertClose(try rgb("fragment", at: 3.5, 290, 90), try rgb("fragment", at: 0, 290, 90), within: 0)
        XCTAssertEqual(try rgb("fragment", at: 3.5, 10, 30), backdrop)
        XCTAssertEqual(try rgb("fragment", at: 6, 10, 30), photo)
    }

    func testCarouselPageIndicator() throws {
        // Dots at x = 96 + 18 i, y = 160, 10 × 10; the first is white from the start.
        XCTAssertEqual(try rgb("carousel", at: 0.5, 101, 165), [255, 255, 255])
        XCTAssertNotEqual(try rgb("carousel", at: 0.5, 119, 165), [255, 255, 255])
        // The first change ends at 1.5 + 0.3 s: the second dot is white, the first dim.
        XCTAssertEqual(try rgb("carousel", at: 2, 119, 165), [255, 255, 255])
        XCTAssertNotEqual(try rgb("carousel", at: 2, 101, 165), [255, 255, 255])
        // By 2.5 s the first photo's tiles are all hidden: the second photo shows.
        XCTAssertNotEqual(try rgb("carousel", at: 0.5, 120, 60), try rgb("carousel", at: 2.5, 120, 60))
    }

    func testCircleReveal() throws {
        // Before the tap the white button shows; the reveal mask is a circle of radius 0.
        XCTAssertEqual(try rgb("circle_reveal", at: 0, 146, 40), [255, 255, 255])
        let first = try rgb("circle_reveal", at: 0, 5, 315)
        // At 2 s the circle reached the far corner and the mask is gone: the second screen.
        let second = try rgb("circle_reveal", at: 2, 5, 315)
        XCTAssertNotEqual(first, second)
        XCTAssertNotEqual(try rgb("circle_reveal", at: 2, 146, 40), [255, 255, 255])
        // The far radius is √(146² + 280²) ≈ 315.8. Half way through (0.9 s; easeInOut
        // gives 0.5 at 0.5) the radius is (16 + 315.8) / 2 ≈ 165.9: 150 below the button it
        // shows the second screen, 180 below still the first.
        XCTAssertEqual(try rgb("circle_reveal", at: 0.9, 146, 190), try rgb("circle_reveal", at: 2, 146, 190))
        XCTAssertEqual(try rgb("circle_reveal", at: 0.9, 146, 220), try rgb("circle_reveal", at: 0, 146, 220))
    }

    func testRingReveal() throws {
        // The second photo is keyhole's at 2 s (the same photo, all of it showing).
        func second(_ x: Int, _ y: Int) throws -> [Int] { try rgb("keyhole", at: 2, x, y) }
        // At 0 s both circles have radius 0: the first photo everywhere.
        let first = try rgb("ring_reveal", at: 0, 90, 250)
        XCTAssertNotEqual(first, try second(90, 250))
        // At 0.9 s (easeInOut) the outer circle is at 0.72 of 193.6 (≈ 139), the hole at
        // 0.21 (≈ 40): 90 below the centre lies in the ring, the centre in the hole.
        XCTAssertEqual(try rgb("ring_reveal", at: 0.9, 90, 250), try second(90, 250))
        XCTAssertEqual(try rgb("ring_reveal", at: 0.9, 90, 160), try rgb("ring_reveal", at: 0, 90, 160))
        XCTAssertEqual(try rgb("ring_reveal", at: 0.9, 5, 5), try rgb("ring_reveal", at: 0, 5, 5), "outside the ring")
        // At 2 s the hole has passed every corner: the first photo again.
        XCTAssertEqual(try rgb("ring_reveal", at: 2, 90, 250), first)
    }

    func testKeyhole() throws {
        // At 0 s the slot [80, 100) × [0, 320) meets the circle of radius 60 about (90, 160).
        let first = try rgb("keyhole", at: 0, 60, 160)
        XCTAssertEqual(try rgb("keyhole", at: 0, 90, 160), try rgb("keyhole", at: 2, 90, 160), "in both")
        XCTAssertNotEqual(try rgb("keyhole", at: 0, 90, 160), first)
        XCTAssertNotEqual(try rgb("keyhole", at: 0, 90, 240), try rgb("keyhole", at: 2, 90, 240), "in the slot, not the circle")
        XCTAssertNotEqual(first, try rgb("keyhole", at: 2, 60, 160), "in the circle, not the slot")
        // At 0.8 s the slot is the whole width: the whole circle shows.
        XCTAssertEqual(try rgb("keyhole", at: 0.8, 60, 160), try rgb("keyhole", at: 2, 60, 160))
    }

    func testSpotlight() throws {
        // The dim text is white at 0.15 (38); the light, radius 40 and feather 24 (σ = 12),
        // lets nothing through beyond 40 + 4σ + 2 = 90 of its centre.
        XCTAssertEqual(try brightest("spotlight", at: 0, x: 100..<320, y: 0..<120), 38)
        XCTAssertGreaterThan(try brightest("spotlight", at: 0, x: 0..<40, y: 0..<120), 200)
        // At 1.5 s the light sits at the right end.
        XCTAssertEqual(try brightest("spotlight", at: 1.5, x: 0..<220, y: 0..<120), 38)
        XCTAssertGreaterThan(try brightest("spotlight", at: 1.5, x: 280..<320, y: 0..<120), 200)
    }
}
