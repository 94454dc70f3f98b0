import Foundation
import MaskEngine
import MaskScript
import XCTest

/// The public API as an embedding app sees it: no `@testable import`.
final class EmbeddingAPITests: XCTestCase {
    /// Collects `print` output across threads.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        func append(_ s: String) { lock.lock(); storage.append(s); lock.unlock() }
        var lines: [String] { lock.lock(); defer { lock.unlock() }; return storage }
    }

    func sandboxed(output: Output = Output(), functions: [HostFunction] = [], limits: Limits = Limits()) -> ScriptOptions {
        ScriptOptions(resources: SandboxResolver(), limits: limits, output: { output.append($0) }, functions: functions)
    }

    func testSyntaxErrorsComeBackAsDiagnosticsWithTheirPositions() throws {
        let source = "let a = 1\nlet b = (2 +\nlayer { opacity: }\n"
        XCTAssertThrowsError(try Script(text: source, name: "bad.mask")) { error in
            guard let list = error as? DiagnosticList else { return XCTFail("expected a DiagnosticList, got \(error)") }
            XCTAssertGreaterThanOrEqual(list.diagnostics.count, 2, "every syntax error is reported")
            let first = list.diagnostics[0]
            XCTAssertEqual(first.fileName, "bad.mask")
            XCTAssertEqual(first.severity, .error)
            XCTAssertEqual(first.range.start.line, 2)
            XCTAssertTrue(list.diagnostics.contains { $0.range.start.line == 3 })
        }
    }

    func testRuntimeErrorPointsAtTheFailingNode() throws {
        let script = try Script(text: "layer box {\n  opacity: red\n}\n", name: "run.mask")
        XCTAssertThrowsError(try script.run(options: sandboxed())) { error in
            guard let d = (error as? DiagnosticList)?.diagnostics.first else { return XCTFail("no diagnostic") }
            XCTAssertEqual(d.range.start.line, 2)
            XCTAssertEqual(d.range.start.column, 12)
            XCTAssertEqual(d.message, "`opacity` expects a number, got a colour")
            let text = DiagnosticRenderer().render(d, source: script.source)
            XCTAssertTrue(text.hasPrefix("run.mask:2:12: error: `opacity` expects a number, got a colour\n"), text)
        }
    }

    func testAnErrorTheEngineRaisedKeepsItsKindAndItsPlace() throws {
        let script = try Script(text: "layer outer {\n  layer inner {\n    mask outer\n  }\n}\n", name: "cycle.mask")
        XCTAssertThrowsError(try script.run(options: sandboxed())) { error in
            guard let d = (error as? DiagnosticList)?.diagnostics.first else { return XCTFail("no diagnostic") }
            XCTAssertEqual(d.cause, .maskCycle("inner"))
            XCTAssertEqual(d.message, SceneError.maskCycle("inner").description)
            XCTAssertEqual(d.range.start.line, 3)
        }
        // An error of the language itself has no engine cause.
        let typo = try Script(text: "layer box {\n  opacity: red\n}\n", name: "run.mask")
        XCTAssertThrowsError(try typo.run(options: sandboxed())) { error in
            XCTAssertNil((error as? DiagnosticList)?.diagnostics.first?.cause)
        }
    }

    func testHostFunctionReceivesItsArgumentsAndItsResultIsUsed() throws {
        let calls = Output()
        let tint = HostFunction(name: "tint", arity: 2...2) { args in
            calls.append(args.map { arg -> String in
                switch arg {
                case .number(let n): return "number \(n)"
                case .string(let s): return "string \(s)"
                default: return arg.typeName
                }
            }.joined(separator: ", "))
            return .color(Color(red: 0, green: 0, blue: 1))
        }
        let script = try Script(text: "canvas { size: [4, 4] }\nlayer { background: tint(3, \"sky\") }\n", name: "host.mask")
        let scene = try script.run(options: sandboxed(functions: [tint]))
        XCTAssertEqual(calls.lines, ["number 3.0, string sky"])
        let pixel = try XCTUnwrap(try Renderer(scene: scene).render(at: 0).pixel(x: 1, y: 1))
        XCTAssertEqual([pixel.r, pixel.g, pixel.b, pixel.a], [0, 0, 255, 255])
    }

    func testHostFunctionErrorsPointAtTheCallSite() throws {
        let strict = HostFunction(name: "strict", arity: 1...1) { _ in throw HostFunctionError("needs a layer", argument: 0) }
        let script = try Script(text: "let x = strict(  42)\n", name: "host.mask")
        XCTAssertThrowsError(try script.run(options: sandboxed(functions: [strict]))) { error in
            guard let d = (error as? DiagnosticList)?.diagnostics.first else { return XCTFail("no diagnostic") }
            XCTAssertEqual(d.message, "needs a layer")
            XCTAssertEqual(d.range.start.line, 1)
            XCTAssertEqual(d.range.start.column, 18, "points at the argument")
        }
        let wrongCount = try Script(text: "strict()\n", name: "host.mask")
        XCTAssertThrowsError(try wrongCount.run(options: sandboxed(functions: [strict]))) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.message, "`strict` takes 1 argument, got 0")
        }
    }

    func testHostGlobalsAreVisible() throws {
        let output = Output()
        var options = sandboxed(output: output)
        options.globals = ["brand": .color(Color(red: 1, green: 0.5, blue: 0)), "count": .number(3)]
        _ = try Script(text: "print(brand, count * 2)\n", name: "g.mask").run(options: options)
        XCTAssertEqual(output.lines, ["#ff8000 6"])
    }

    func testSandboxRefusesFilesWithAClearError() throws {
        let script = try Script(text: "layer { contents: image(\"/etc/passwd\") }\n", name: "sandbox.mask")
        XCTAssertThrowsError(try script.run(options: sandboxed())) { error in
            let message = (error as? DiagnosticList)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("file access is disabled"), message)
        }
    }

    func testResolverServesImagesFromMemory() throws {
        struct Memory: ResourceResolver {
            func image(named path: String) throws -> Image {
                guard path == "dot" else { throw HostFunctionError("no image \(path)") }
                return try Image(width: 1, height: 1, fill: Color.green.premultiplied())
            }
            func font(named name: String) throws -> Font { try Font.named(name) }
        }
        let script = try Script(text: "canvas { size: [8, 8] }\nlayer { contents: \"dot\" }\n", name: "mem.mask")
        let scene = try script.run(options: ScriptOptions(resources: Memory()))
        let pixel = try XCTUnwrap(try Renderer(scene: scene).render(at: 0).pixel(x: 4, y: 4))
        XCTAssertEqual([pixel.r, pixel.g, pixel.b], [0, 255, 0])
    }

    func testLimitsApply() throws {
        var limits = Limits()
        limits.steps = 1_000
        let loop = try Script(text: "repeat 100000 { let x = 1 }\n", name: "loop.mask")
        XCTAssertThrowsError(try loop.run(options: sandboxed(limits: limits))) { error in
            let message = (error as? DiagnosticList)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("more than 1000 steps"), message)
        }
        limits = Limits()
        limits.canvasSide = 100
        let big = try Script(text: "canvas { size: [200, 10] }\n", name: "big.mask")
        XCTAssertThrowsError(try big.run(options: sandboxed(limits: limits)))
        limits = Limits()
        limits.frames = 10
        let long = try Script(text: "canvas { fps: 10; duration: 2s }\n", name: "long.mask")
        XCTAssertThrowsError(try long.run(options: sandboxed(limits: limits)))
    }

    func testCancellationStopsARender() throws {
        let script = try Script(text: "canvas { size: [16, 16]; fps: 10; duration: 10s }\n", name: "long.mask")
        let renderer = Renderer(scene: try script.run(options: sandboxed()))
        var rendered = 0
        XCTAssertThrowsError(try renderer.renderFrames(isCancelled: { rendered >= 3 }) { _, _ in rendered += 1 }) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(rendered, 3)
        XCTAssertEqual(renderer.frameIndices.count, 101)
    }

    func testCancellationStopsAScript() throws {
        var options = sandboxed()
        options.isCancelled = { true }
        let script = try Script(text: "repeat 1000000 { let x = 1 }\n", name: "spin.mask")
        XCTAssertThrowsError(try script.run(options: options)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.message, "cancelled")
        }
    }

    func testCanvasAndTimelineAreInspectable() throws {
        let source = "canvas { size: [30, 20]; fps: 12; duration: 2s }\nlayer box { }\nanimate box.opacity to 0 over 1s delay 0.5s\n"
        let scene = try Script(text: source, name: "t.mask").run(options: sandboxed())
        XCTAssertEqual(scene.canvas.width, 30)
        XCTAssertEqual(scene.canvas.fps, 12)
        XCTAssertEqual(scene.frameCount, 25)
        let animation = try XCTUnwrap(scene.timeline.animations.first)
        XCTAssertEqual(animation.key, .opacity)
        XCTAssertEqual(animation.begin, 0.5)
        XCTAssertEqual(animation.end, 1.5)
    }

    func testRenderedFramesWriteAsPNGAndPPM() throws {
        let scene = try Script(text: "canvas { size: [3, 2]; background: white }\n", name: "w.mask").run(options: sandboxed())
        let image = try Renderer(scene: scene).render(at: 0)
        let ppm = try image.ppmData()
        XCTAssertEqual(Array(ppm.prefix(11)), Array("P6\n3 2\n255\n".utf8))
        let png = try image.pngData()
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(try Image(data: png), image)
    }
}

/// Layers a host builds in Swift and hands to a script.
final class HostLayerTests: XCTestCase {
    func testAScriptAnimatesALayerTheHostBuilt() throws {
        var scene = Scene(canvas: Canvas(width: 8, height: 8, fps: 10))
        var hero = LayerState(kind: .plain)
        hero.frame = Rect(0, 0, 8, 8)
        hero.background = .red
        let id = try scene.addLayer(hero, name: "hero")
        let options = ScriptOptions(resources: SandboxResolver(), globals: ["hero": .layer(LayerRef(id, in: scene))], scene: scene)
        let script = try Script(text: "animate hero.opacity to 0 over 1s\nlayer dot { frame: [0, 0, 2, 2]; background: blue }\n", name: "host.mask")
        let result = try script.run(options: options)
        XCTAssertEqual(result.layerIDs.count, 2, "the host's layer and the script's")
        let renderer = Renderer(scene: result)
        let start = try XCTUnwrap(try renderer.render(at: 0).pixel(x: 5, y: 5))
        XCTAssertEqual([start.r, start.g, start.b], [255, 0, 0])
        let end = try XCTUnwrap(try renderer.render(at: 1).pixel(x: 5, y: 5))
        XCTAssertEqual([end.r, end.g, end.b], [0, 0, 0], "faded out by the script's animation")
        let dot = try XCTUnwrap(try renderer.render(at: 1).pixel(x: 1, y: 1))
        XCTAssertEqual([dot.r, dot.g, dot.b], [0, 0, 255])
    }
}
