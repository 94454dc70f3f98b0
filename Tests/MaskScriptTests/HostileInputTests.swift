import XCTest
import MaskEngine
@testable import MaskScript

/// Adversarial scripts: each ends in a clean error at its line or a clean scene whose first
/// and last frames render, never a crash, a hang or a runaway allocation.
final class HostileInputTests: XCTestCase {
    private static let canvas = "canvas { size: [16, 16]; fps: 10; duration: 1 }\n"

    /// `source` after a 16×16, 1 s canvas line, so error lines count from 2.
    private func tiny(_ source: String, _ expected: HostileOutcome, line: UInt = #line) -> HostileCase {
        HostileCase(Self.canvas + source, expected, line: line)
    }

    private func nested(_ open: String, _ inner: String, _ close: String, _ n: Int) -> String {
        String(repeating: open, count: n) + inner + String(repeating: close, count: n)
    }

    func testRecursionThroughDeepExpressionsStopsBeforeTheStack() {
        assertHostile([
            tiny("fn f(n) { return f(n + 1) }\nf(0)", .error(line: 2, "calls nested deeper than the limit of 200")),
            tiny("fn f(n) {\nreturn \(nested("-(", "f(n)", ")", 120))\n}\nf(0)", .error(line: 3, "nested too deeply")),
            tiny("fn f(n) {\nreturn \(nested("[", "f(n)", "]", 250))\n}\nf(0)", .error(line: 3, "nested too deeply")),
            tiny("fn f(n) {\nlayer { \(nested("layer {", "f(n)", "}", 40)) }\n}\nf(0)", .error(line: 3, "nested")),
        ])
    }
}
