import Foundation
import MaskEngine
import MaskScript
import XCTest

/// Goldens of the several-mask examples (LANGUAGE.md section 11): chosen frames of
/// Examples/ring_reveal.mask (`subtract`), keyhole.mask (`intersect` with a layer mask) and
/// spotlight.mask (a feathered circle), run from the example file through the public API as
/// an app or the CLI runs them, shrunk by averaging 5 × 5 blocks (36 × 64 and 64 × 24), and
/// a 64 × 64 piece of the first frame at full size where two masks' edges meet, compared
/// with the references in Tests/ExampleGoldens.
///
/// A block average keeps what the masks decide: a wrong mode shows a photo where the other
/// belongs over whole blocks, and a feather of another width moves the averages along the
/// soft edge by far more than the tolerance; the piece at full size keeps each edge pixel
/// (a wrong closed form on an edge). Tolerance 2: rounding changes of the rasterizer may
/// move a pixel by one, never an edge or a mode.
///
/// A missing reference is recorded only when asked (`RECORD_GOLDENS=1`), and the test
/// fails all the same; on a difference the shrunk frame is written beside the reference
/// as `NAME.actual.png` (ignored by git).
final class ExampleGoldenTests: XCTestCase {
    private static let examples = RepositoryRoot.url.appendingPathComponent("Examples")
    private static let references = RepositoryRoot.url.appendingPathComponent("Tests/ExampleGoldens")
    /// The side of the blocks averaged into one pixel of a golden.
    private static let block = 5

    func testRingReveal() throws {
        // 0.9 s: the ring (outer ≈ 139, hole ≈ 40) lies across the photo, the piece holds
        // the hole's left half; 1.2 s: the hole has grown past the short sides, two arcs are left.
        try assertGoldens("ring_reveal", at: [0.9, 1.2], piece: (40, 128))
    }

    func testKeyhole() throws {
        // 0.3 s: the slot (x ≈ 56.6 ..< 123.4, sides inside pixels) opening through the
        // circle of radius 60, the piece where its left side crosses the circle; 1.4 s: the
        // whole circle, growing towards the corners.
        try assertGoldens("keyhole", at: [0.3, 1.4], piece: (30, 100))
    }

    func testSpotlight() throws {
        // 0.5 s and 1 s: the feathered light over the left and the right part of the text;
        // the piece holds its soft right side over the glyphs.
        try assertGoldens("spotlight", at: [0.5, 1], piece: (90, 28))
    }

    /// Renders `name` at each time and compares the shrunk frames with `NAME-Ts.png`, and
    /// the 64 × 64 pixels of the first frame from `piece` with `NAME-Ts-piece.png`.
    private func assertGoldens(_ name: String, at times: [Double], piece: (x: Int, y: Int),
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.examples.appendingPathComponent(name + ".mask")
        let script = try Script(contentsOf: url.path)
        let options = ScriptOptions(resources: FileResolver(baseDirectory: Self.examples.path), output: { _ in })
        let renderer = Renderer(scene: try script.run(options: options))
        for (k, t) in times.enumerated() {
            let frame = try renderer.render(at: t)
            var goldens = [("\(name)-\(t)s", try Self.shrunk(frame, by: Self.block))]
            if k == 0 { goldens.append(("\(name)-\(t)s-piece", try Self.piece(of: frame, at: piece))) }
            for (golden, image) in goldens {
                if let failure = try Self.check(image, named: golden, tolerance: 2) { XCTFail(failure, file: file, line: line) }
            }
        }
    }

    /// The 64 × 64 pixels of `image` from `origin`.
    private static func piece(of image: Image, at origin: (x: Int, y: Int)) throws -> Image {
        var bytes: [UInt8] = []
        for y in origin.y..<(origin.y + 64) {
            let start = (y * image.width + origin.x) * 4
            bytes += image.pixels[start..<(start + 64 * 4)]
        }
        return try Image(width: 64, height: 64, premultipliedRGBA: bytes)
    }

    /// `image` with each `k` × `k` block replaced by its rounded mean, channel by channel
    /// (the frames' sizes are multiples of `k`).
    private static func shrunk(_ image: Image, by k: Int) throws -> Image {
        let w = image.width / k, h = image.height / k
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum = 0
                    for dy in 0..<k { for dx in 0..<k { sum += Int(image.pixels[((y * k + dy) * image.width + x * k + dx) * 4 + c]) } }
                    bytes[(y * w + x) * 4 + c] = UInt8((sum + k * k / 2) / (k * k))
                }
            }
        }
        return try Image(width: w, height: h, premultipliedRGBA: bytes)
    }

    /// nil when `image` matches the reference `NAME.png` within `tolerance` per channel,
    /// else what differs (the first bad pixel, how many, by how much).
    private static func check(_ image: Image, named name: String, tolerance: Int) throws -> String? {
        let reference = references.appendingPathComponent(name + ".png").path
        let actual = references.appendingPathComponent(name + ".actual.png").path
        guard FileManager.default.fileExists(atPath: reference) else {
            guard ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" else {
                return "no reference \(name).png; run with RECORD_GOLDENS=1 to record it in \(references.path)"
            }
            try image.write(toFile: reference, format: .png)
            return "recorded a new reference \(reference); look at it, commit it and run again without RECORD_GOLDENS"
        }
        let expected = try Image(contentsOfFile: reference)
        guard expected.width == image.width, expected.height == image.height else {
            return "\(name): size \(image.width)×\(image.height) vs expected \(expected.width)×\(expected.height)"
        }
        var first: String?, count = 0, largest = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = image.pixels[i..<i + 4], e = expected.pixels[i..<i + 4]
            let worst = zip(a, e).map { abs(Int($0) - Int($1)) }.max() ?? 0
            guard worst > tolerance else { continue }
            count += 1
            largest = max(largest, worst)
            if first == nil { first = "(\(i / 4 % image.width), \(i / 4 / image.width)) actual \(Array(a)) vs expected \(Array(e))" }
        }
        guard let first else {
            try? FileManager.default.removeItem(atPath: actual)
            return nil
        }
        try image.write(toFile: actual, format: .png)
        return "\(name) differs from its reference (tolerance ±\(tolerance)): \(first); \(count) pixels differ, by up to \(largest);"
            + " wrote \(actual)"
    }
}
