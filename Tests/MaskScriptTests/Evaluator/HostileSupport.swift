import Foundation
import XCTest
import MaskEngine
@testable import MaskScript

/// What a hostile script must end in: a clean scene, or one error on a line whose message
/// holds a phrase.
enum HostileOutcome {
    case ok
    case error(line: Int, _ phrase: String)
}

/// One adversarial script and its expected outcome.
struct HostileCase {
    let source: String
    let expected: HostileOutcome
    let file: StaticString
    let line: UInt

    init(_ source: String, _ expected: HostileOutcome, file: StaticString = #filePath, line: UInt = #line) {
        self.source = source
        self.expected = expected
        self.file = file
        self.line = line
    }
}

extension XCTestCase {
    /// Runs each case through `Script.run` and, when it succeeds, renders its first and
    /// last frames. A case may take at most `budget` seconds: a loose bound that catches a
    /// hang without timing anything that could flake.
    func assertHostile(_ cases: [HostileCase], limits: Limits = Limits(), budget: TimeInterval = 20) {
        for c in cases {
            let started = Date()
            let outcome = runHostile(c.source, limits: limits)
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertLessThan(elapsed, budget, "took \(elapsed) s", file: c.file, line: c.line)
            switch (c.expected, outcome) {
            case (.ok, .success):
                break
            case let (.error(line, phrase), .failure(d)):
                XCTAssertEqual(d.range.start.line, line, d.message, file: c.file, line: c.line)
                XCTAssertTrue(d.message.contains(phrase), "message: \(d.message)", file: c.file, line: c.line)
            case (_, .success):
                XCTFail("expected an error, the script ran and rendered", file: c.file, line: c.line)
            case (_, .failure(let d)):
                XCTFail("unexpected error \(d.range.start.line):\(d.range.start.column): \(d.message)", file: c.file, line: c.line)
            }
        }
    }

    /// The first diagnostic of parsing, running or rendering `source` (a render error is
    /// placed at the end of the file), or success.
    func runHostile(_ source: String, limits: Limits) -> Result<Void, Diagnostic> {
        let file = SourceFile(name: "hostile.mask", text: source)
        let scene: Scene
        do {
            scene = try Script(source: file).run(options: ScriptOptions(resources: MemoryResources(), limits: limits,
                                                                        output: { _ in }))
        } catch {
            guard let first = error.diagnostics.first else { return .success(()) }
            return .failure(first)
        }
        let renderer = Renderer(scene: scene)
        do {
            _ = try renderer.renderFrame(0)
            if let last = renderer.frameIndices.last { _ = try renderer.renderFrame(last) }
        } catch {
            return .failure(Diagnostic(.error, "render: \(error)", at: SourceRange(at: file.endLocation), in: file.name))
        }
        return .success(())
    }
}
