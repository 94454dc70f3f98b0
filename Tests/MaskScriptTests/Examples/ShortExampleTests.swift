import Foundation
import XCTest
import MaskEngine
import MaskScript

/// Each `Examples/NAME.mask` written in a page of mask script, and `Examples/short/NAME.mask`
/// written with the effects library, render the same frames: every channel of every
/// pixel within 1 of each other, at 40 times spread over the animation (the first and
/// last frames included). Where they differ on purpose the test says where.
final class ShortExampleTests: XCTestCase {
    private static let examples = RepositoryRoot.url.appendingPathComponent("Examples")

    private func renderer(_ path: String) throws -> Renderer {
        let url = Self.examples.appendingPathComponent(path)
        let source = SourceFile(name: url.path, bytes: [UInt8](try Data(contentsOf: url)))
        let options = ScriptOptions(resources: FileResolver(baseDirectory: url.deletingLastPathComponent().path),
                                    output: { _ in })
        do {
            return Renderer(scene: try Script(source: source).run(options: options))
        } catch {
            XCTFail(error.rendered())
            throw error
        }
    }

    /// Compares the long and short forms of `name`, skipping pixels in `except`.
    private func assertSameFrames(_ name: String, except: (x: Range<Int>, y: Range<Int>)? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let long = try renderer(name + ".mask"), short = try renderer("short/" + name + ".mask")
        XCTAssertEqual(long.frameIndices.count, short.frameIndices.count, "\(name): frame counts", file: file, line: line)
        let count = min(long.frameIndices.count, short.frameIndices.count)
        let samples = Set((0..<40).map { $0 * (count - 1) / 39 })
        for k in samples.sorted() {
            let a = try long.renderFrame(k), b = try short.renderFrame(k)
            guard a.width == b.width, a.height == b.height else {
                XCTFail("\(name): frame \(k) sizes differ", file: file, line: line)
                return
            }
            for y in 0..<a.height {
                for x in 0..<a.width {
                    if let except, except.x.contains(x), except.y.contains(y) { continue }
                    guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { continue }
                    let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                    if d > 1 {
                        XCTFail("\(name): frame \(k) differs at (\(x), \(y)): \(p) vs \(q)", file: file, line: line)
                        return
                    }
                }
            }
        }
    }

    func testPNGMask() throws { try assertSameFrames("png_mask") }
    func testGradientSweep() throws { try assertSameFrames("gradient_sweep") }
    func testFadeString() throws { try assertSameFrames("fade_string") }
    func testTileFade() throws { try assertSameFrames("tile_fade") }
    func testShimmer() throws { try assertSameFrames("shimmer") }
    func testShimmerInChinese() throws { try assertSameFrames("shimmer_zh") }
    func testFadeStringInChinese() throws { try assertSameFrames("fade_string_zh") }
    func testTextScripts() throws { try assertSameFrames("text_scripts") }
    func testShimmerColors() throws { try assertSameFrames("shimmer_colors") }
    func testWaterFill() throws { try assertSameFrames("water_fill") }
    func testFragment() throws { try assertSameFrames("fragment") }
    func testCircleReveal() throws { try assertSameFrames("circle_reveal") }
    func testRingReveal() throws { try assertSameFrames("ring_reveal") }
    func testKeyhole() throws { try assertSameFrames("keyhole") }
    func testSpotlight() throws { try assertSameFrames("spotlight") }

    func testCarousel() throws {
        // The library centres the page dots (x 97, 115, 133); the long form starts them
        // at x 96. Everything outside the dots' band of rows is the same.
        try assertSameFrames("carousel", except: (x: 90..<150, y: 160..<170))
        // There, the first dot's left edge is one pixel further right in the short form.
        let long = try renderer("carousel.mask").render(at: 0), short = try renderer("short/carousel.mask").render(at: 0)
        let edge = [try XCTUnwrap(long.pixel(x: 95, y: 165)), try XCTUnwrap(long.pixel(x: 96, y: 165))]
        let moved = [try XCTUnwrap(short.pixel(x: 96, y: 165)), try XCTUnwrap(short.pixel(x: 97, y: 165))]
        XCTAssertGreaterThan(Int(edge[1].r) - Int(edge[0].r), 100, "the long form's dot starts at x 96")
        XCTAssertGreaterThan(Int(moved[1].r) - Int(moved[0].r), 100, "the short form's dot starts at x 97")
    }

    func testEveryExampleHasAShortForm() throws {
        let names = { (folder: URL) in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mask") }.sorted()
        }
        XCTAssertEqual(try names(Self.examples), try names(Self.examples.appendingPathComponent("short")))
    }
}
