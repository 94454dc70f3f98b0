import Foundation
import XCTest
@testable import MaskEngine

/// `ImageWriter.encode`: images encoded on one thread, written later (by another), with
/// the writer's buffers handed back and reused.
final class EncodedImageTests: XCTestCase {
    func testAnEncodedImageWritesWhatWriteWrites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("encoded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let image = try Image(width: 20, height: 10, fill: Color.orange.premultiplied())
        for format in [ImageFormat.png, .ppm] {
            let later = directory + "/later." + format.rawValue, now = directory + "/now." + format.rawValue
            let encoded = try ImageWriter().encode(image, for: later)
            try image.write(toFile: now)
            try encoded.write(toFile: later)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: later)), try Data(contentsOf: URL(fileURLWithPath: now)))
            XCTAssertEqual(encoded.bytes, Array(try Data(contentsOf: URL(fileURLWithPath: now))))
        }
    }

    func testAReleasedImageGivesItsBufferBackToItsWriter() throws {
        let writer = ImageWriter()
        let image = try Image(width: 64, height: 64, fill: Color.blue.premultiplied())
        func address(_ encoded: EncodedImage) -> UnsafeRawPointer? {
            encoded.storage.bytes.withUnsafeBytes { $0.baseAddress }
        }
        var first: EncodedImage? = try writer.encode(image, for: "a.ppm")
        let used = first.flatMap(address)
        // While the first is held, the next image needs a buffer of its own.
        let held = try writer.encode(image, for: "b.ppm")
        XCTAssertNotEqual(address(held), used)
        first = nil
        XCTAssertEqual(address(try writer.encode(image, for: "c.ppm")), used)
    }

    func testUnknownFormatsAreRefusedBeforeEncoding() {
        XCTAssertThrowsError(try ImageWriter().encode(Image(width: 1, height: 1, fill: Color.red.premultiplied()), for: "x.gif")) { error in
            guard case .unwritable(let path, _)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "x.gif")
        }
    }
}
