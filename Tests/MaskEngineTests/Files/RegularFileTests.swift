import XCTest
@testable import MaskEngine

/// `RegularFile.read`: files read whole and exactly, the size limit, and files whose size
/// the system does not know in advance.
final class RegularFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("RegularFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func file(_ bytes: [UInt8], named name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func testFilesOfEverySizeAreReadByteForByte() throws {
        var random = SplitMix(seed: 42)
        // Empty, one byte, around the 64 KiB growth step, and a large one.
        for size in [0, 1, 2, 65_535, 65_536, 65_537, 750_001] {
            let bytes = (0..<size).map { _ in random.byte() }
            let path = try file(bytes, named: "file-\(size)")
            let contents = try RegularFile.read(path, maxSize: 1 << 20)
            XCTAssertEqual(contents.bytes.count, size)
            XCTAssertTrue(contents.bytes == bytes, "the bytes of a \(size)-byte file")
            XCTAssertEqual(contents.identity, RegularFile.identity(of: path))
        }
    }

    func testAFileOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let limit = 10_000
        let fits = try file([UInt8](repeating: 7, count: limit), named: "fits")
        XCTAssertEqual(try RegularFile.read(fits, maxSize: limit).bytes.count, limit)
        let over = try file([UInt8](repeating: 7, count: limit + 1), named: "over")
        XCTAssertThrowsError(try RegularFile.read(over, maxSize: limit)) { error in
            XCTAssertEqual((error as? RegularFileError)?.reason, "the file is larger than 10000 bytes")
        }
    }

    func testAFileTheSystemSizesAsEmptyIsReadToItsEnd() throws {
        #if os(Linux)
        // /proc's files are regular files of size 0 that hold text: the reader must go on
        // past the size it was given, in steps, and stop at the limit.
        let status = try RegularFile.read("/proc/self/status", maxSize: 1 << 20)
        let text = String(decoding: status.bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Name:"), text)
        XCTAssertTrue(text.contains("\nVmRSS:"), text)
        XCTAssertThrowsError(try RegularFile.read("/proc/self/status", maxSize: 16)) { error in
            XCTAssertEqual((error as? RegularFileError)?.reason, "the file is larger than 16 bytes")
        }
        #else
        throw XCTSkip("/proc is Linux's")
        #endif
    }

    func testADirectoryIsRefusedNamingWhatItIs() {
        XCTAssertThrowsError(try RegularFile.read(directory.path, maxSize: 100)) { error in
            XCTAssertEqual((error as? RegularFileError)?.reason, "it is a directory, not a regular file")
        }
    }

    /// `readAllocated` gives what `read` gives, in memory the caller frees.
    private func readAllocated(_ path: String, maxSize: Int) throws -> [UInt8] {
        let storage = try RegularFile.readAllocated(path, maxSize: maxSize)
        defer { storage.deallocate() }
        return Array(storage)
    }

    func testAllocatedReadsHoldWhatReadsHold() throws {
        var random = SplitMix(seed: 7)
        for size in [0, 1, 2, 65_537, 750_001] {
            let bytes = (0..<size).map { _ in random.byte() }
            let path = try file(bytes, named: "allocated-\(size)")
            XCTAssertTrue(try readAllocated(path, maxSize: 1 << 20) == bytes, "the bytes of a \(size)-byte file")
        }
        // Exactly the limit, and a file sized 0 that holds more (read to its end as `read` does).
        let limit = 10_000
        let fits = try file([UInt8](repeating: 7, count: limit), named: "fits")
        XCTAssertEqual(try readAllocated(fits, maxSize: limit), [UInt8](repeating: 7, count: limit))
        #if os(Linux)
        XCTAssertTrue(String(decoding: try readAllocated("/proc/self/status", maxSize: 1 << 20), as: UTF8.self).contains("\nVmRSS:"))
        #endif
    }

    func testAllocatedReadsFailAsReadsDo() throws {
        let over = try file([UInt8](repeating: 7, count: 101), named: "over")
        for path in [over, directory.path, directory.appendingPathComponent("missing").path] {
            var expected: RegularFileError?
            XCTAssertThrowsError(try RegularFile.read(path, maxSize: 100)) { expected = $0 as? RegularFileError }
            XCTAssertThrowsError(try RegularFile.readAllocated(path, maxSize: 100)) { error in
                XCTAssertEqual(error as? RegularFileError, expected)
            }
            XCTAssertNotNil(expected)
        }
    }
}
