import Foundation
import XCTest
@testable import MaskEngine

/// `ImageWriter.write(_:toFile:format:when:)`, as the render threads use it: the bytes go
/// to a temporary file before the turn is awaited, and only the rename waits for it; a
/// refused turn leaves nothing behind and an existing file as it was.
final class ImageWriterTurnTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "ImageWriterTurnTests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    private func makeImage() throws -> Image {
        try Image(width: 3, height: 2, fill: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
    }

    func testTheFileIsWrittenBeforeTheTurnAndAppearsOnlyAfterIt() throws {
        let image = try makeImage()
        let path = directory + "/frame.ppm"
        var seenDuringTurn: [String] = []
        let written = try ImageWriter().write(image, toFile: path, format: .ppm) {
            seenDuringTurn = (try? listing()) ?? []
            return true
        }
        XCTAssertTrue(written)
        // While waiting for the turn: the temporary alone, complete, under a hidden name.
        XCTAssertEqual(seenDuringTurn.count, 1)
        XCTAssertTrue(seenDuringTurn.first?.hasPrefix(".frame.ppm.tmp-") ?? false, "\(seenDuringTurn)")
        XCTAssertEqual(try listing(), ["frame.ppm"])
        XCTAssertEqual(try Image(contentsOfFile: path), image)
    }

    func testARefusedTurnLeavesNothingAndKeepsAnExistingFile() throws {
        let image = try makeImage()
        let fresh = directory + "/fresh.ppm"
        XCTAssertFalse(try ImageWriter().write(image, toFile: fresh, format: .ppm) { false })
        XCTAssertEqual(try listing(), [])

        let existing = directory + "/existing.ppm"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        XCTAssertFalse(try ImageWriter().write(image, toFile: existing, format: .ppm) { false })
        XCTAssertEqual(try listing(), ["existing.ppm"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: existing)), Data("old".utf8))
    }

    func testAFailedTemporaryWriteFailsBeforeTheTurn() throws {
        let image = try makeImage()
        var asked = false
        XCTAssertThrowsError(try ImageWriter().write(image, toFile: directory + "/missing/frame.ppm", format: .ppm) {
            asked = true
            return true
        })
        XCTAssertFalse(asked, "the turn is not awaited for a frame that could not be written")
        XCTAssertEqual(try listing(), [])
    }
}
