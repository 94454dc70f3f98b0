import Foundation
import XCTest
@testable import MaskEngine

/// The APNG writer: chunk structure read back byte by byte, frame-difference regions,
/// merged duplicate frames, and the default image that a plain PNG reader sees.
final class AnimatedPNGTests: XCTestCase {
    private var directory = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// An 8×6 RGB frame of one colour.
    private func frame(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
        Array([[UInt8]](repeating: [r, g, b], count: 48).joined())
    }

    /// One chunk of a PNG file.
    private struct Chunk { let type: String; let data: [UInt8] }

    /// The chunks of a PNG file, each CRC checked.
    private func chunks(of bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [Chunk] {
        XCTAssertEqual(Array(bytes.prefix(8)), PNGCodec.signature, file: file, line: line)
        var out: [Chunk] = []
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(bytes[(i + 8)..<(i + 8 + length)])
            let rebuilt = PNGChunks.chunk(type, data)
            XCTAssertEqual(Array(bytes[i..<(i + 12 + length)]), rebuilt, "CRC of \(type)", file: file, line: line)
            out.append(Chunk(type: type, data: data))
            i += 12 + length
        }
        XCTAssertEqual(i, bytes.count, "bytes after the last chunk", file: file, line: line)
        return out
    }

    private func number(_ bytes: [UInt8], at i: Int) -> Int {
        Int(UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
    }

    private func short(_ bytes: [UInt8], at i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }

    func testFramesStoreOnlyWhatChangedAndDuplicatesLengthenTheDelay() throws {
        let path = directory.appendingPathComponent("a.apng").path
        let writer = try AnimatedPNGWriter(path: path, width: 8, height: 6, fps: 30)
        let red = frame(255, 0, 0)
        var dotted = red
        dotted[(2 * 8 + 5) * 3 + 1] = 200 // (5, 2) turns yellowish
        let blue = frame(0, 0, 255)
        for f in [red, red, dotted, blue] { try f.withUnsafeBufferPointer { try writer.append(rgb: $0) } }
        try writer.finish()

        let all = chunks(of: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(all.map(\.type), ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        XCTAssertEqual(number(all[1].data, at: 0), 3, "three stored frames: the repeated one is merged")
        XCTAssertEqual(number(all[1].data, at: 4), 0, "loops forever")
        let controls = all.filter { $0.type == "fcTL" }.map(\.data)
        // sequence, width, height, x, y, delay numerator / denominator
        XCTAssertEqual(controls.map { number($0, at: 0) }, [0, 1, 3])
        XCTAssertEqual(controls.map { [number($0, at: 4), number($0, at: 8), number($0, at: 12), number($0, at: 16)] },
                       [[8, 6, 0, 0], [1, 1, 5, 2], [8, 6, 0, 0]])
        XCTAssertEqual(controls.map { [short($0, at: 20), short($0, at: 22)] }, [[2, 30], [1, 30], [1, 30]])
        XCTAssertEqual(all.filter { $0.type == "fdAT" }.map { number($0.data, at: 0) }, [2, 4])
        XCTAssertEqual(try listing(), ["a.apng"], "no temporary is left")

        // A reader that knows only PNG shows the first frame.
        let still = try Image(contentsOfFile: path)
        XCTAssertEqual(still.width, 8)
        XCTAssertTrue(still.pixel(x: 3, y: 3).map { $0 == (255, 0, 0, 255) } ?? false)
    }

    func testAbandonLeavesNoFile() throws {
        let path = directory.appendingPathComponent("b.apng").path
        let writer = try AnimatedPNGWriter(path: path, width: 8, height: 6, fps: 24)
        try frame(1, 2, 3).withUnsafeBufferPointer { try writer.append(rgb: $0) }
        writer.abandon()
        XCTAssertEqual(try listing(), [])
        XCTAssertThrowsError(try writer.finish())
    }

    func testWrongFrameSizeAndEmptyAnimationAreErrors() throws {
        let path = directory.appendingPathComponent("c.apng").path
        let writer = try AnimatedPNGWriter(path: path, width: 8, height: 6, fps: 30)
        XCTAssertThrowsError(try [UInt8](repeating: 0, count: 10).withUnsafeBufferPointer { try writer.append(rgb: $0) })
        XCTAssertEqual(try listing(), [], "a failed frame removes the temporary")
        let empty = try AnimatedPNGWriter(path: path, width: 8, height: 6, fps: 30)
        XCTAssertThrowsError(try empty.finish())
        XCTAssertEqual(try listing(), [])
        XCTAssertThrowsError(try AnimatedPNGWriter(path: path, width: 0, height: 6, fps: 30))
    }

    /// A frame rate that is not whole gives delays in milliseconds.
    func testFractionalFrameRateDelaysAreMilliseconds() throws {
        let path = directory.appendingPathComponent("d.apng").path
        let writer = try AnimatedPNGWriter(path: path, width: 8, height: 6, fps: 12.5)
        for f in [frame(0, 0, 0), frame(9, 9, 9)] { try f.withUnsafeBufferPointer { try writer.append(rgb: $0) } }
        try writer.finish()
        let controls = chunks(of: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).filter { $0.type == "fcTL" }
        XCTAssertEqual(controls.map { [short($0.data, at: 20), short($0.data, at: 22)] }, [[80, 1000], [80, 1000]])
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
