import Foundation
import XCTest
import MaskEngine
@testable import MaskScript

/// Runs every `.mask` file under `Scripts/` and checks the expectations written in its
/// comments (jlox's and Wren's test scripts):
///
/// ```
/// print(2 * 5)            // expect: 10
/// let x = opactiy         // error: unknown name `opactiy`; did you mean `opacity`?
/// // runtime error 7:3: `mask` outside a layer body
/// // expect value box.x at 0.5: 50
/// // limit steps: 10000
/// ```
///
/// - `// expect: TEXT` is the next line of `print` output; every line printed must be
///   expected, in order.
/// - `// error: MESSAGE` is an error found before the program runs (a syntax error, or a
///   static one: unknown names, misplaced statements, imports) on the comment's own line;
///   `// error L:C: MESSAGE` one at line L, column C. `// runtime error: MESSAGE` and
///   `// runtime error L:C: MESSAGE` are the error that stopped the program while it ran
///   (or the frame count checked after it). Every expected error must be reported, in the
///   phase expected, and nothing else.
/// - `// expect value NAME.PROP at T: TEXT` reads a property of the layer called NAME
///   (a declared name, or a tile such as `g.tiles[3]`) at time T after the run, printed
///   as `print` would.
/// - `// limit NAME: N` lowers one of `Limits` for that script, so limit tests stay fast.
///
/// There is one test per folder; each failure names the script and the line of the
/// expectation that failed.
final class ScriptTests: XCTestCase {
    /// The folders of `Scripts/`, one per area of LANGUAGE.md.
    static let folders = ["expressions", "strings", "lists", "functions", "scopes", "control", "layers", "grid",
                          "animate", "time", "masks", "errors", "limits", "builtins", "canvas", "imports"]

    func testExpressions() { runFolder("expressions") }
    func testStrings() { runFolder("strings") }
    func testLists() { runFolder("lists") }
    func testFunctions() { runFolder("functions") }
    func testScopes() { runFolder("scopes") }
    func testControl() { runFolder("control") }
    func testLayers() { runFolder("layers") }
    func testGrid() { runFolder("grid") }
    func testAnimate() { runFolder("animate") }
    func testTime() { runFolder("time") }
    func testMasks() { runFolder("masks") }
    func testErrors() { runFolder("errors") }
    func testLimits() { runFolder("limits") }
    func testBuiltins() { runFolder("builtins") }
    func testCanvas() { runFolder("canvas") }
    func testImports() { runFolder("imports") }

    /// Every script lives in a folder that one of the tests above runs.
    func testEveryScriptIsInAKnownFolder() throws {
        let all = try ScriptTests.scripts(in: nil)
        XCTAssertGreaterThanOrEqual(all.count, 60, "expected at least 60 scripts")
        for script in all {
            let folder = script.relativePath.split(separator: "/").first.map(String.init) ?? ""
            XCTAssertTrue(ScriptTests.folders.contains(folder), "\(script.relativePath) is outside the known folders")
        }
    }

    private func runFolder(_ folder: String, file: StaticString = #filePath, line: UInt = #line) {
        let scripts: [ScriptFile]
        do { scripts = try ScriptTests.scripts(in: folder) } catch {
            XCTFail("cannot list Scripts/\(folder): \(error)", file: file, line: line)
            return
        }
        XCTAssertFalse(scripts.isEmpty, "no scripts in Scripts/\(folder)", file: file, line: line)
        for script in scripts {
            for failure in ScriptRunner.check(script) {
                XCTFail(failure, file: file, line: line)
            }
        }
    }

    // MARK: - Finding scripts

    struct ScriptFile {
        /// The path under `Scripts/`, such as `lists/index.mask`.
        let relativePath: String
        let text: String
    }

    /// The `.mask` files under `Scripts/` (or one folder of it), sorted by path.
    static func scripts(in folder: String?) throws -> [ScriptFile] {
        guard let root = Bundle.module.url(forResource: "Scripts", withExtension: nil) else {
            throw RunnerError("the test bundle has no Scripts folder")
        }
        let base = folder.map { root.appendingPathComponent($0) } ?? root
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            throw RunnerError("cannot enumerate \(base.path)")
        }
        var out: [ScriptFile] = []
        let rootPath = root.standardizedFileURL.path
        for case let url as URL in enumerator where url.pathExtension == "mask" {
            var relative = url.standardizedFileURL.path
            if relative.hasPrefix(rootPath) { relative.removeFirst(rootPath.count) }
            if relative.hasPrefix("/") { relative.removeFirst() }
            // Files under a `lib` folder are what the scripts beside it import.
            if relative.split(separator: "/").contains("lib") { continue }
            out.append(ScriptFile(relativePath: relative, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return out.sorted { $0.relativePath < $1.relativePath }
    }
}

struct RunnerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Parses a script's expectations, runs it, and lists every mismatch.
enum ScriptRunner {
    struct Expectation {
        enum Kind {
            case output(String)
            /// An error at a line and, when given, a column, found in `phase`.
            case error(line: Int, column: Int?, message: String, phase: ScriptErrors.Phase)
            case value(layer: String, property: String, time: Double, text: String)
        }
        let kind: Kind
        /// The line of the comment, for failure messages.
        let line: Int
    }

    /// The expectations and limits a script's comments state; malformed directives are failures.
    static func expectations(in text: String, name: String) -> (expectations: [Expectation], limits: Limits, failures: [String]) {
        var expectations: [Expectation] = []
        var limits = Limits()
        var failures: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            // The first directive marker on the line (a plain `//` may sit inside a string).
            let markers = ["// expect", "// error", "// runtime error", "// limit "].compactMap { rawLine.range(of: $0) }
            guard let marker = markers.min(by: { $0.lowerBound < $1.lowerBound }) else { continue }
            var comment = String(rawLine[rawLine.index(marker.lowerBound, offsetBy: 3)...])
            var phase = ScriptErrors.Phase.check
            if comment.hasPrefix("runtime error") {
                comment.removeFirst("runtime ".count)
                phase = .run
            }
            let directive = phase == .run ? "runtime error" : "error"
            if comment.hasPrefix("expect: ") {
                expectations.append(Expectation(kind: .output(String(comment.dropFirst("expect: ".count))), line: lineNumber))
            } else if comment == "expect:" {
                expectations.append(Expectation(kind: .output(""), line: lineNumber))
            } else if comment.hasPrefix("error: ") {
                expectations.append(Expectation(kind: .error(line: lineNumber, column: nil, message: String(comment.dropFirst("error: ".count)),
                                                             phase: phase), line: lineNumber))
            } else if comment.hasPrefix("error ") {
                // error L:C: MESSAGE
                let rest = comment.dropFirst("error ".count)
                guard let colon = rest.range(of: ": ") else {
                    failures.append("\(name):\(lineNumber): malformed `// \(directive) L:C: MESSAGE`")
                    continue
                }
                let place = rest[..<colon.lowerBound].split(separator: ":")
                guard (1...2).contains(place.count), let l = Int(place[0]) else {
                    failures.append("\(name):\(lineNumber): malformed `// \(directive) L:C: MESSAGE`")
                    continue
                }
                let column = place.count == 2 ? Int(place[1]) : nil
                if place.count == 2 && column == nil {
                    failures.append("\(name):\(lineNumber): malformed column in `// \(directive) L:C: MESSAGE`")
                    continue
                }
                expectations.append(Expectation(kind: .error(line: l, column: column, message: String(rest[colon.upperBound...]),
                                                             phase: phase), line: lineNumber))
            } else if phase == .run {
                failures.append("\(name):\(lineNumber): malformed `// runtime error: MESSAGE`")
            } else if comment.hasPrefix("expect value ") {
                // expect value NAME.PROP at T: TEXT
                let rest = comment.dropFirst("expect value ".count)
                guard let at = rest.range(of: " at "), let colon = rest.range(of: ": ", range: at.upperBound..<rest.endIndex),
                      let dot = rest[..<at.lowerBound].lastIndex(of: "."),
                      let time = Double(rest[at.upperBound..<colon.lowerBound]) else {
                    failures.append("\(name):\(lineNumber): malformed `// expect value NAME.PROP at T: TEXT`")
                    continue
                }
                let layer = String(rest[..<dot])
                let property = String(rest[rest.index(after: dot)..<at.lowerBound])
                expectations.append(Expectation(kind: .value(layer: layer, property: property, time: time,
                                                             text: String(rest[colon.upperBound...])), line: lineNumber))
            } else if comment.hasPrefix("limit ") {
                let parts = comment.dropFirst("limit ".count).split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
                    failures.append("\(name):\(lineNumber): malformed `// limit NAME: N`")
                    continue
                }
                switch parts[0] {
                case "steps": limits.steps = n
                case "callDepth": limits.callDepth = n
                case "stringLength": limits.stringLength = n
                case "listLength": limits.listLength = n
                case "tiles": limits.tiles = n
                case "layers": limits.layers = n
                case "canvasSide": limits.canvasSide = n
                case "frames": limits.frames = n
                default: failures.append("\(name):\(lineNumber): unknown limit `\(parts[0])`")
                }
            }
        }
        return (expectations, limits, failures)
    }

    /// Runs one script and returns its failures, each starting with `NAME:LINE:`.
    static func check(_ file: ScriptTests.ScriptFile) -> [String] {
        let name = file.relativePath
        var (expectations, limits, failures) = expectations(in: file.text, name: name)
        let lines = OutputLines()
        var diagnostics: [Diagnostic] = []
        // When they were found: parsing and checking, or running.
        var phase = ScriptErrors.Phase.check
        var interpreter: Interpreter?
        do {
            let script = try Script(text: file.text, name: name)
            let folder = Bundle.module.url(forResource: "Scripts", withExtension: nil)
                .map { $0.appendingPathComponent(name).deletingLastPathComponent().path }
            let options = ScriptOptions(resources: MemoryResources(scriptFolder: folder), limits: limits,
                                        output: { lines.append($0) })
            let i = Interpreter(options: options)
            interpreter = i
            // `Interpreter.run(_:)`'s two steps, each with its phase.
            do throws(ScriptErrors) {
                try i.execute(script.statements, in: script.source, echo: nil)
                do { try i.finish(at: SourceRange(at: script.source.endLocation)) } catch { throw ScriptErrors([error]) }
            } catch {
                phase = error.phase
                diagnostics = error.errors.map { $0.diagnostic(in: $0.source?.name ?? name) }
            }
        } catch {
            diagnostics = error.diagnostics
        }

        // Output, in order.
        let printed = lines.all
        var next = 0
        for expectation in expectations {
            guard case .output(let text) = expectation.kind else { continue }
            if next < printed.count {
                if printed[next] != text {
                    failures.append("\(name):\(expectation.line): expected output '\(text)', got '\(printed[next])'")
                }
            } else {
                failures.append("\(name):\(expectation.line): expected output '\(text)', but the script printed nothing more")
            }
            next += 1
        }
        if next < printed.count {
            failures.append("\(name): unexpected output: \(printed[next...].map { "'\($0)'" }.joined(separator: ", "))")
        }

        // Errors: each expected one reported, in its phase, nothing else.
        var unmatched = diagnostics
        for expectation in expectations {
            guard case let .error(line, column, message, expected) = expectation.kind else { continue }
            if let i = unmatched.firstIndex(where: { d in
                d.range.start.line == line && (column.map { d.range.start.column == $0 } ?? true) && d.message == message
            }) {
                unmatched.remove(at: i)
                if expected != phase {
                    failures.append("\(name):\(expectation.line): expected \(describe(expected)) at line \(line): \(message); "
                                    + "got it as \(describe(phase))")
                }
            } else {
                let place = column.map { "\(line):\($0)" } ?? "line \(line)"
                let what = expected == .run ? "run-time error" : "error"
                failures.append("\(name):\(expectation.line): expected \(what) at \(place): \(message); got \(describe(diagnostics))")
            }
        }
        for d in unmatched {
            failures.append("\(name): unexpected error \(d.range.start.line):\(d.range.start.column): \(d.message)")
        }
        // Values after the run.
        for expectation in expectations {
            guard case let .value(layer, property, time, text) = expectation.kind else { continue }
            guard let interpreter, diagnostics.isEmpty else {
                failures.append("\(name):\(expectation.line): cannot read \(layer).\(property): the script did not run to the end")
                continue
            }
            switch read(layer, property, at: time, in: interpreter) {
            case .success(let got) where got == text: break
            case .success(let got):
                failures.append("\(name):\(expectation.line): expected \(layer).\(property) at \(time) to be \(text), got \(got)")
            case .failure(let error):
                failures.append("\(name):\(expectation.line): \(error)")
            }
        }
        return failures
    }

    private static func describe(_ phase: ScriptErrors.Phase) -> String {
        phase == .run ? "a run-time error (`// runtime error`)" : "a parse or check error (`// error`)"
    }

    private static func describe(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.isEmpty ? "no errors"
            : diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }.joined(separator: " | ")
    }

    /// A layer property at time `t`, as the language reads it (`box.x`), printed.
    static func read(_ layer: String, _ property: String, at t: Double, in interpreter: Interpreter) -> Result<String, RunnerError> {
        guard let ref = interpreter.layerRefs.last(where: { $0.name == layer }) else {
            return .failure(RunnerError("no layer called \(layer)"))
        }
        let saved = interpreter.cursor
        interpreter.cursor = t
        defer { interpreter.cursor = saved }
        let nowhere = SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))
        do {
            return .success(try interpreter.readProperty(property, of: ref, nameRange: nowhere).printed())
        } catch {
            return .failure(RunnerError("cannot read \(layer).\(property): \(error.message)"))
        }
    }
}

/// Collects `print` lines from the interpreter's output closure.
final class OutputLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        // A print of a string with newlines writes several lines.
        lines += line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// Images from memory (`"2x3.png"` is a 2×3 opaque red image); fonts from the system;
/// imported scripts from `scriptFolder` (none without one).
struct MemoryResources: ResourceResolver {
    var scriptFolder: String?

    func script(named path: String) throws -> SourceFile {
        guard let scriptFolder, FileManager.default.fileExists(atPath: scriptFolder + "/" + path) else {
            throw RunnerError("no script '\(path)'")
        }
        return try FileResolver(baseDirectory: scriptFolder).script(named: path)
    }

    func image(named path: String) throws -> Image {
        let parts = path.replacingOccurrences(of: ".png", with: "").split(separator: "x")
        guard path.hasSuffix(".png"), parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw RunnerError("no image '\(path)'")
        }
        return try Image(width: w, height: h, fill: Color.red.premultiplied())
    }

    func font(named name: String) throws -> Font {
        try Font.named(name)
    }
}
