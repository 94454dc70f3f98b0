import CMemory

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

extension RenderBuffers {
    /// Asks the C library's allocator to map every allocation of half a megabyte or more
    /// on its own, from now on and for the whole process. Call it once, early, in a
    /// program whose main work is rendering (`mask` does); it changes how memory is
    /// obtained, never what is drawn.
    ///
    /// Why: frame-size buffers get 2 MiB pages only when each is a mapping of its own,
    /// placed on a 2 MiB boundary. glibc maps such blocks at first, but after a large
    /// block is freed (a decoded image's scratch, say) it serves blocks up to that size
    /// from its heap instead, in 4 KiB pages at arbitrary addresses. Measured here, a
    /// one-frame render of the tile fade took 1,660 page faults without it and 1,010 with it.
    /// - Returns: whether the allocator took the setting (false with another C library,
    ///   whose buffers are then made as before).
    @discardableResult
    public static func mapFrameBuffersOnTheirOwn() -> Bool {
        mask_map_allocations_from(LargeBuffer.threshold) == 1
    }
}
