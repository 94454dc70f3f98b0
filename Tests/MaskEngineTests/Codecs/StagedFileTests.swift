import Foundation
import XCTest
@testable import MaskEngine

/// `EncodedImage.stage(toFile:)` and `StagedFile`, as the render threads use them: the
/// bytes go to a temporary file at once, and only the rename waits for the frame's turn;
/// a staged file never committed leaves nothing behind and an existing file as it was.
final class StagedFileTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "StagedFileTests-\(getpid())-\(UUID().uuidString)"
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

    func testTheFileIsWrittenWhenStagedAndAppearsOnlyWhenCommitted() throws {
        let image = try makeImage()
        let path = directory + "/frame.ppm"
        let staged = try ImageWriter().encode(image, for: path, format: .ppm).stage(toFile: path)
        // Staged: the temporary alone, complete, under a hidden name.
        let before = try listing()
        XCTAssertEqual(before.count, 1)
        XCTAssertTrue(before.first?.hasPrefix(".frame.ppm.tmp-") ?? false, "\(before)")
        XCTAssertEqual(try Image(contentsOfFile: directory + "/" + (before.first ?? "")), image)
        try staged.commit()
        XCTAssertEqual(try listing(), ["frame.ppm"])
        XCTAssertEqual(try Image(contentsOfFile: path), image)
        try staged.commit()   // a second commit does nothing
        XCTAssertEqual(try listing(), ["frame.ppm"])
    }

    func testAStagedFileNeverCommittedLeavesNothingAndKeepsAnExistingFile() throws {
        let image = try makeImage()
        let fresh = directory + "/fresh.ppm"
        do { _ = try ImageWriter().encode(image, for: fresh, format: .ppm).stage(toFile: fresh) }
        XCTAssertEqual(try listing(), [])

        let existing = directory + "/existing.ppm"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        do { _ = try ImageWriter().encode(image, for: existing, format: .ppm).stage(toFile: existing) }
        XCTAssertEqual(try listing(), ["existing.ppm"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: existing)), Data("old".utf8))
    }

    func testStagingIntoAMissingFolderFailsAndLeavesNothing() throws {
        let image = try makeImage()
        let path = directory + "/missing/frame.ppm"
        XCTAssertThrowsError(try ImageWriter().encode(image, for: path, format: .ppm).stage(toFile: path)) { error in
            guard case ImageError.unwritable(let named, _)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(named, path)
        }
        XCTAssertEqual(try listing(), [])
    }
}
