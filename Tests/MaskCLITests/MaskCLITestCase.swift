import Foundation
import XCTest

/// A test case with a fresh temporary directory per test, removed afterwards, and
/// helpers to write scripts into it and run `mask` there.
class MaskCLITestCase: XCTestCase {
    /// This test's directory.
    private(set) var directory = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mask-cli-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// The URL of a path relative to the test directory.
    func url(_ path: String) -> URL {
        directory.appendingPathComponent(path)
    }

    /// Writes text to a file in the test directory, creating folders as needed.
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes to a file in the test directory, creating folders as needed.
    func write(_ data: Data, to path: String) throws {
        let target = url(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
    }

    /// The bytes of a file in the test directory.
    func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(path)))
    }

    /// The names in a folder of the test directory, sorted, hidden files included.
    func listing(_ path: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(path).path).sorted()
    }

    /// Runs `mask` in the test directory (or a folder of it).
    func mask(_ arguments: String..., in folder: String = "", file: StaticString = #filePath,
              line: UInt = #line) throws -> MaskRun {
        try MaskProcess.run(arguments, in: url(folder), file: file, line: line)
    }

    /// `P6\nWIDTH HEIGHT\n255\n`, the header of the frames `mask` writes.
    func ppmHeader(width: Int, height: Int) -> [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8)
    }

    /// A 2×2 binary PPM: red, green, blue and white pixels.
    static let tinyPPM = Data("P6\n2 2\n255\n".utf8 + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])

    /// The eight bytes every PNG file starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
