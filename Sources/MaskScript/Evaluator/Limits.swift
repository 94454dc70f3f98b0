import MaskEngine

/// Bounds that keep any script, however malformed, from hanging or exhausting memory.
/// Each limit exists for an example: `repeat 1e9 {}` hits `steps`; `fn f() { f() }`
/// hits `callDepth`; `let s = "ab"; repeat 40 { s = s + s }` hits `stringLength`.
public struct Limits: Sendable, Equatable {
    /// Evaluation steps (statements and expressions) in one run.
    public var steps = 20_000_000
    /// Nested function calls.
    public var callDepth = 200
    /// Characters in one string.
    public var stringLength = 1_000_000
    /// Elements in one list (and values of one iterated range).
    public var listLength = 1_000_000
    /// Lists nested in lists (`[[1]]` is 2 deep): `x = [x]` in a loop must not build a
    /// value that takes a million nested calls to compare, print or free.
    public var listDepth = 256
    /// Tiles in one grid.
    public var tiles = 10_000
    /// Layers in a scene, tiles included.
    public var layers = 50_000
    /// Animations and property changes after the start, in one scene: each takes memory
    /// and time to build and sample.
    public var changes = 1_000_000
    /// Canvas width and height in pixels.
    public var canvasSide = 8_192
    /// Frames in one render.
    public var frames = 100_000
    /// Bytes of decoded images held by one script, all images together: each image is
    /// capped when decoded, and ten different 8000×8000 PNGs would still hold 2.5 GB.
    public var imageBytes = 1 << 30
    /// What drawing one frame of the scene may cost (offscreen buffers, pixels drawn):
    /// give it to `Renderer(scene:budget:)`. Checked by the renderer, not while running.
    public var renderBudget = RenderBudget()

    /// The default limits.
    public init() {}

    /// `1 GiB`, `64 MiB`, `256 bytes`: a byte limit as messages show it.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }
}
