import Foundation
import XCTest

/// `fmt -w` killed while it writes: the script stays whole, and the temporary file it
/// left is removed by the next `fmt -w` of that script.
final class FormatKilledTests: MaskCLITestCase {
    /// The child is frozen by the tool itself once its temporary exists (`MASK_TEST_STOP_AT`,
    /// debug builds), seen stopped through `waitpid`, and then SIGKILLed: no pause stands in
    /// for "it has got that far".
    func testATemporaryLeftByAKilledWriteIsRemovedByTheNextOne() throws {
        let messy = "let  x=1\n", tidy = "let x = 1\n"
        try write(messy, to: "a.mask")
        let live = ".a.mask.tmp-\(getpid())-5"
        try write("x", to: live)
        try write("x", to: ".b.mask.tmp-999999999-5")

        let pid = try MaskProcess.spawn(["fmt", "-w", url("a.mask").path], environment: ["MASK_TEST_STOP_AT": "fmt-temporary"])
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, WUNTRACED), pid)
        let stopped = status & 0xff == 0x7f
        if !stopped { XCTFail("fmt -w ended (status \(status)) instead of stopping: MASK_BINARY must be a debug build") }
        let names = try listing()
        let left = names.filter { $0.hasPrefix(".a.mask.tmp-\(pid)-") }
        XCTAssertEqual(left.count, 1, "the stopped fmt -w has made its temporary: \(names)")
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        XCTAssertEqual(waitpid(pid, &status, 0), pid)
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), messy, "the killed write left the script whole")
        XCTAssertEqual(try listing(), ([".b.mask.tmp-999999999-5", live, "a.mask"] + left).sorted())

        let run = try mask("fmt", "-w", "a.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), tidy)
        XCTAssertEqual(try listing(), [".b.mask.tmp-999999999-5", live, "a.mask"].sorted(),
                       "the dead process's temporary is gone; a live one's and another script's stay")
    }
}
