extension Renderer {
    /// Every frame number of the scene, `0 ..< frameCount` (empty when the count is not
    /// representable).
    public var frameIndices: Range<Int> { 0..<(scene.frameCount ?? 0) }

    /// Renders frames in order and hands each to `body` as it is made, so a long render
    /// never holds more than one frame.
    /// - Parameters:
    ///   - frames: the frame numbers; every frame of the scene by default.
    ///   - isCancelled: polled before each frame; when it returns true the render stops.
    ///   - body: receives each frame number and image.
    /// - Throws: `CancellationError` when cancelled, and whatever `renderFrame` or `body` throws.
    public func renderFrames(_ frames: Range<Int>? = nil, isCancelled: () -> Bool = { false },
                             _ body: (_ index: Int, _ image: Image) throws -> Void) throws {
        for k in frames ?? frameIndices {
            if isCancelled() { throw CancellationError() }
            try body(k, try renderFrame(k))
        }
    }
}
