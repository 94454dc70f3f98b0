import XCTest
@testable import MaskScript

/// `Script.folder(of:)`: the folder relative paths in a script resolve against.
final class ScriptFolderTests: XCTestCase {
    func testTheFolderIsThePathWithoutItsLastComponent() {
        XCTAssertEqual(Script.folder(of: "/a/b/c.mask"), "/a/b")
        XCTAssertEqual(Script.folder(of: "/a/b/"), "/a")
        XCTAssertEqual(Script.folder(of: "/a//b.mask"), "/a")
        XCTAssertEqual(Script.folder(of: "/a/./b.mask"), "/a/.")
        XCTAssertEqual(Script.folder(of: "/c.mask"), "/")
        XCTAssertEqual(Script.folder(of: "/"), "/")
        XCTAssertEqual(Script.folder(of: "/é/ü.mask"), "/é")
    }

    func testARelativePathStartsAtTheCurrentDirectory() {
        let here = FileManager.default.currentDirectoryPath
        XCTAssertEqual(CurrentDirectory.path, here)
        XCTAssertEqual(Script.folder(of: "x.mask"), here)
        XCTAssertEqual(Script.folder(of: "sub/x.mask"), here + "/sub")
    }
}
