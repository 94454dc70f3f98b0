import XCTest
import MaskEngine
@testable import MaskScript

/// Imports through a host's `ResourceResolver`: a sandbox refuses them, a host can map
/// names to text of its own, and diagnostics inside an imported file name that file.
final class ImportAPITests: XCTestCase {
    /// Serves scripts from a dictionary; refuses images.
    struct HostScripts: ResourceResolver {
        let files: [String: String]
        func image(named path: String) throws -> Image { throw RunnerError("no images") }
        func font(named name: String) throws -> Font { try Font.named(name) }
        func script(named path: String) throws -> SourceFile {
            guard let text = files[path] else { throw RunnerError("no script '\(path)' here") }
            return SourceFile(name: "host:" + path, text: text)
        }
    }

    private func run(_ text: String, resources: any ResourceResolver) -> (output: [String], errors: DiagnosticList?) {
        let lines = OutputLines()
        do {
            let script = try Script(text: text, name: "main.mask")
            _ = try script.run(options: ScriptOptions(resources: resources, output: { lines.append($0) }))
            return (lines.all, nil)
        } catch {
            return (lines.all, error)
        }
    }

    func testASandboxRefusesImportsButNotTheEffectsLibrary() {
        let refused = run("import \"lib.mask\"\n", resources: SandboxResolver())
        XCTAssertEqual(refused.errors?.diagnostics.map(\.description),
                       ["main.mask:1:8: error: cannot import `lib.mask`: cannot read script 'lib.mask': file access is disabled in this sandbox"])
        let library = run("import \"effects\"\nprint(effects)\n", resources: SandboxResolver())
        XCTAssertNil(library.errors)
        XCTAssertEqual(library.output, ["<namespace effects>"])
    }

    func testAHostMapsImportsAndNestedPathsJoinTheImportersFolder() {
        let host = HostScripts(files: ["kit/a.mask": "import \"b.mask\"\nlet v = b.w + 1\n", "kit/b.mask": "let w = 41\n"])
        let result = run("import \"kit/a.mask\"\nprint(a.v)\n", resources: host)
        XCTAssertNil(result.errors)
        XCTAssertEqual(result.output, ["42"])
    }

    func testErrorsInsideAnImportedFileNameItAndCarryItsSource() throws {
        let host = HostScripts(files: ["lib.mask": "fn f() {\n  return 1 / 0\n}\n"])
        let result = run("import \"lib.mask\"\nlib.f()\n", resources: host)
        let errors = try XCTUnwrap(result.errors)
        // At the user's call, with a note where it happened in the imported file.
        XCTAssertEqual(errors.diagnostics.map(\.description), ["main.mask:2:1: error: division by zero"])
        XCTAssertEqual(errors.diagnostics.first?.notes.map(\.description), ["host:lib.mask:2:10: note: in `f`: division by zero"])
        XCTAssertEqual(errors.importedSources.map(\.name), ["host:lib.mask"])
        XCTAssertTrue(errors.rendered().contains("    2 |   return 1 / 0"), errors.rendered())
    }

    func testImportsNestDeeperThanTheLimitAreRefused() {
        var files: [String: String] = [:]
        for k in 0...Module.depthLimit + 1 { files["f\(k).mask"] = "import \"f\(k + 1).mask\"\n" }
        let result = run("import \"f0.mask\"\n", resources: HostScripts(files: files))
        XCTAssertEqual(result.errors?.diagnostics.first?.message, "imports nested deeper than the limit of \(Module.depthLimit)")
    }
}
