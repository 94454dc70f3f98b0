import Foundation
import XCTest
import MaskEngine
@testable import MaskScript

/// Corrupt, truncated and huge-header image files used from a script: each gives a
/// diagnostic at the call (or the `contents` value) naming the file.
final class HostileImageTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "HostileImageTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    /// A PNG with a valid IHDR declaring `width × height` and one tiny IDAT.
    private func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var c: UInt32 = 0xFFFF_FFFF
            for byte in body {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return be(UInt32(data.count)) + body + be(c ^ 0xFFFF_FFFF)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", [])
    }

    /// Runs `text` with files from the test folder and the given image memory limit.
    private func run(_ text: String, imageBytes: Int) -> String? {
        var limits = Limits()
        limits.imageBytes = imageBytes
        let options = ScriptOptions(resources: FileResolver(baseDirectory: directory), limits: limits, output: { _ in })
        do {
            _ = try Script(text: text, name: "t.mask").run(options: options)
            return nil
        } catch {
            return error.diagnostics.first.map { "\($0.range.start.line): \($0.message)" }
        }
    }

    /// Ten spellings of one file are one decoded image; different images count together
    /// against `Limits.imageBytes`.
    func testImagesAreKeptByFileAndBoundedTogether() throws {
        try FileManager.default.createDirectory(atPath: directory + "/a", withIntermediateDirectories: false)
        let pixels = try Image(width: 8, height: 8) // 256 bytes decoded
        try pixels.write(toFile: directory + "/a/x.png")
        try pixels.write(toFile: directory + "/a/y.png")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.png", withDestinationPath: directory + "/a/x.png")
        let spellings = ["a/x.png", "a/./x.png", "a//x.png", "./a/x.png", "link.png", "a/../a/x.png"]
        let sameFile = spellings.map { "layer { contents: image(\"\($0)\") }" }.joined(separator: "\n")
        XCTAssertNil(run(sameFile, imageBytes: 256))
        XCTAssertEqual(run("let a = image(\"a/x.png\")\nlet b = image(\"a/y.png\")", imageBytes: 256),
                       "2: the images this script reads would take more than the limit of 256 bytes of memory decoded; `a/y.png` is 8×8")
        XCTAssertNil(run("let a = image(\"a/x.png\")\nlet b = image(\"a/y.png\")", imageBytes: 512))
    }

    func testBadImageFilesGiveADiagnosticAtTheCall() throws {
        let valid = try Image(width: 4, height: 4, fill: Color.red.premultiplied()).pngData()
        var corrupt = valid
        corrupt[valid.count - 20] ^= 0xFF
        let files: [(String, [UInt8], String)] = [
            ("empty.png", [], "empty"),
            ("corrupt.png", corrupt, "IDAT"),
            ("truncated.png", Array(valid.prefix(valid.count / 2)), "end of data"),
            ("bomb.png", pngHeader(width: 16_384, height: 16_384), "too large"),
            ("big.png", pngHeader(width: 8_192, height: 8_192), "truncated"),
            ("wide.png", pngHeader(width: 0x7FFF_FFFF, height: 1), "Invalid IHDR"),
            ("huge.ppm", Array("P6\n99999999999999999999 2\n255\n".utf8), "width"),
            ("bomb.ppm", Array("P6\n8192 8192\n255\n".utf8) + [1, 2, 3], "truncated"),
            ("plain.ppm", Array("P3\n2 1\n255\n1 2 3 4 5 nine\n".utf8), "sample"),
            ("text.png", Array("hello".utf8), "not a PNG or PPM"),
        ]
        for (name, bytes, reason) in files {
            try write(bytes, name)
            for source in ["let i = image(\"\(name)\")", "layer { contents: \"\(name)\" }"] {
                let outcome = run(source)
                guard case .failure(let d) = outcome else {
                    XCTFail("\(name): expected an error")
                    continue
                }
                XCTAssertEqual(d.range.start.line, 1, name)
                XCTAssertEqual(d.range.start.column, source.hasPrefix("let") ? 15 : 19, "\(name): \(d.message)")
                XCTAssertTrue(d.message.contains(name) && d.message.lowercased().contains(reason.lowercased()),
                              "\(name): \(d.message)")
            }
        }
    }

    private func run(_ source: String) -> Result<Void, Diagnostic> {
        do {
            let options = ScriptOptions(resources: FileResolver(baseDirectory: directory), output: { _ in })
            _ = try Script(text: source, name: "img.mask").run(options: options)
            return .success(())
        } catch {
            guard let first = error.diagnostics.first else { return .success(()) }
            return .failure(first)
        }
    }
}
