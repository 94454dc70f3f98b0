import Foundation
import XCTest
@testable import MaskEngine

/// `ImageWriter.stage(_:toFile:format:preparing:)` for PPM: the file packed and written a
/// band of rows at a time holds the bytes `PPMCodec.encode` makes whole, appears under its
/// name only when committed, and fails as encoding then staging did.
final class PPMBandsTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "PPMBandsTests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// An opaque image whose every sample differs from its neighbours'.
    private func makeImage(width: Int, height: Int) throws -> Image {
        var image = try Image(width: width, height: height)
        image.pixels = (0..<(width * height)).flatMap { p -> [UInt8] in
            [UInt8(truncatingIfNeeded: p * 7 + 1), UInt8(truncatingIfNeeded: p * 13 + 2), UInt8(truncatingIfNeeded: p * 29 + 3), 255]
        }
        return image
    }

    func testBandedFilesHoldTheWholeEncodingForOddSizesAndBands() throws {
        let path = directory + "/frame.ppm"
        for (width, height) in [(1, 1), (5, 7), (7, 3), (13, 1), (1, 13), (33, 17)] {
            let image = try makeImage(width: width, height: height)
            let whole = try PPMCodec.encode(image)
            // One row a band (and less than a row asked), a few rows with a short last
            // band, exactly the image, more than the image.
            for bandBytes in [0, 1, width * 3, width * 3 * 2, width * 3 * 3 + 1, width * height * 3, 1 << 16] {
                let writer = ImageWriter(bandBytes: bandBytes)
                for _ in 0..<2 {   // the band buffer reused
                    var reserved = -1
                    try writer.stage(image, toFile: path, preparing: { _, count in reserved = count }).commit()
                    let written = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                    XCTAssertEqual(written, whole, "\(width)×\(height), bands of \(bandBytes) bytes")
                    XCTAssertEqual(reserved, whole.count)
                }
            }
        }
    }

    func testTheBandedFileAppearsOnlyWhenCommittedAndComplete() throws {
        let image = try makeImage(width: 9, height: 11)
        let path = directory + "/frame.ppm"
        let staged = try ImageWriter(bandBytes: 27 * 2).stage(image, toFile: path)
        let before = try listing()
        XCTAssertEqual(before.count, 1)
        XCTAssertTrue(before.first?.hasPrefix(".frame.ppm.tmp-") ?? false, "\(before)")
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + (before.first ?? "")))), try PPMCodec.encode(image))
        try staged.commit()
        XCTAssertEqual(try listing(), ["frame.ppm"])
        XCTAssertEqual(try Image(contentsOfFile: path), image)
    }

    func testFailuresAreThoseOfEncodingThenStagingAndLeaveNothing() throws {
        let image = try makeImage(width: 4, height: 4)
        let existing = directory + "/existing.ppm"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))

        XCTAssertThrowsError(try ImageWriter().stage(try Image(width: 0, height: 3), toFile: existing)) { error in
            guard case ImageError.invalidDimensions(0, 3)? = error as? ImageError else { return XCTFail("\(error)") }
        }
        let missing = directory + "/missing/frame.ppm"
        XCTAssertThrowsError(try ImageWriter().stage(image, toFile: missing)) { error in
            guard case ImageError.unwritable(let named, _)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(named, missing)
        }
        XCTAssertThrowsError(try ImageWriter().stage(image, toFile: directory + "/frame.gif")) { error in
            guard case ImageError.unwritable(_, let reason)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("unknown image format"), reason)
        }
        // A file never committed is removed and the old one kept.
        do { _ = try ImageWriter(bandBytes: 12).stage(image, toFile: existing) }
        XCTAssertEqual(try listing(), ["existing.ppm"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: existing)), Data("old".utf8))
    }
}
