/// The memory one render thread reuses from frame to frame: the frame, offscreen groups,
/// mask surfaces and coverage buffers.
///
/// Give each thread its own (it is not `Sendable`: it has no locks) and pass it to
/// `Renderer.render(at:using:_:)` for every frame; the frames' bytes do not depend on it.
public final class RenderBuffers {
    let pool = BufferPool()

    /// Empty buffers; they grow to what the first frames need and are then reused.
    public init() {}
}
