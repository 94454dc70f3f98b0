import Foundation
import XCTest

/// `mask fmt`'s memory grows by a small constant per byte of script (docs/Reference.md,
/// "Memory"), measured in the child process itself (its peak resident size, from
/// `wait4`), never by timing.
final class FormatMemoryTests: MaskCLITestCase {
    /// The worst case, one token a byte: a list literal of one-digit items. The growth
    /// between two sizes is measured, so the tool's fixed start-up memory drops out. The
    /// bound is twice the documented 65 bytes a byte, room for a debug build's
    /// temporaries; the tree and boxed layout this replaced took 352 in a debug build.
    func testFormatMemoryPerByteOfAListLiteralIsBounded() throws {
        func peak(items: Int) throws -> (bytes: Int, peak: Int) {
            let name = "list\(items).mask"
            let text = "let a = [" + String(repeating: "1,", count: items) + "1]\n"
            try write(text, to: name)
            return (text.utf8.count, try peakResidentBytes(["fmt", url(name).path]))
        }
        let small = try peak(items: 50_000), large = try peak(items: 250_000)
        let perByte = Double(large.peak - small.peak) / Double(large.bytes - small.bytes)
        XCTAssertLessThan(perByte, 130, "fmt took \(Int(perByte)) bytes of memory per byte of script")
    }

    /// Runs `mask` to its end, its output to /dev/null, and returns its peak resident size.
    private func peakResidentBytes(_ arguments: [String]) throws -> Int {
        let pid = try MaskProcess.spawn(arguments)
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        XCTAssertEqual(status, 0, "mask \(arguments.joined(separator: " ")) failed")
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }
}
