import Foundation
import XCTest
@testable import mask
import MaskEngine

/// The tool's reservation of a frame file's blocks: the engine hands it the new, empty
/// file and the count of bytes to come, and the file it leaves holds those bytes and no more.
final class FrameFileSpaceTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "FrameFileSpaceTests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testTheFrameFileIsPreparedOnceEmptyThenHoldsExactlyItsBytes() throws {
        let image = try Image(width: 5, height: 3, fill: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        let path = directory + "/frame.ppm"
        let encoded = try ImageWriter().encode(image, for: path, format: .ppm)
        var calls: [(size: Int, byteCount: Int)] = []
        let staged = try encoded.stage(toFile: path) { descriptor, byteCount in
            var status = stat()
            XCTAssertEqual(fstat(descriptor, &status), 0)
            calls.append((Int(status.st_size), byteCount))
            FrameFileSpace.reserve(descriptor, byteCount)
            // Reserved where the file system can (ext4, tmpfs): the file is that long already.
            XCTAssertEqual(fstat(descriptor, &status), 0)
            XCTAssertTrue(status.st_size == 0 || Int(status.st_size) == byteCount, "\(status.st_size)")
        }
        try staged.commit()
        XCTAssertEqual(calls.map(\.size), [0])
        XCTAssertEqual(calls.map(\.byteCount), [encoded.bytes.count])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(encoded.bytes))
    }
}
