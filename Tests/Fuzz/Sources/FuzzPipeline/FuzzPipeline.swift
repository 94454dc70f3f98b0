import MaskEngine
import MaskScript

#if canImport(Glibc)
import Glibc
#endif

/// How the pipeline target bounds each input. `FUZZ_MODE=cost` allows a large canvas, so
/// that the render budget itself is what stops expensive frames.
enum FuzzMode {
    static let isCost = getenv("FUZZ_MODE").map { String(cString: $0) == "cost" } ?? false

    /// Small limits: every input finishes in milliseconds.
    static let limits: Limits = {
        var limits = Limits()
        limits.steps = 200_000
        limits.callDepth = 64
        limits.stringLength = 10_000
        limits.listLength = 10_000
        limits.tiles = 400
        limits.layers = 2_000
        limits.changes = 20_000
        limits.canvasSide = isCost ? 4_096 : 96
        limits.frames = 1_000
        return limits
    }()
}

/// One libFuzzer input: a script, parsed, run in a sandbox (no file access) with small
/// limits, and its first, middle and last frames rendered. Errors in the script are
/// expected; a crash, a hang or a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = SourceFile(name: "fuzz.mask", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    guard let script = try? Script(source: source) else { return 0 }
    let options = ScriptOptions(resources: SandboxResolver(), limits: FuzzMode.limits, output: { _ in })
    guard let scene = try? script.run(options: options) else { return 0 }
    let renderer = Renderer(scene: scene)
    let last = max((scene.frameCount ?? 1) - 1, 0)
    for frame in Set([0, last / 2, last]).sorted() {
        _ = try? renderer.renderFrame(frame)
    }
    return 0
}
