/// Arrays made with room to grow into (a pool's buffers are given room for a frame at
/// once: see `BufferPool.grownCapacity`) and, for callers that write every element, without
/// being written first. Only the `count` elements are touched: the rest of the room costs
/// address space until an array grows into it. How the memory is obtained is the host's
/// business: the engine takes it from the allocator as any array does.
enum FrameArrays {
    /// `count` elements, all `value`, with room for at least `capacity`.
    static func array<T>(count: Int, capacity: Int = 0, repeating value: T) -> [T] {
        [T](unsafeUninitializedCapacity: max(count, capacity)) { buffer, made in
            UnsafeMutableBufferPointer(rebasing: buffer[0..<count]).initialize(repeating: value)
            made = count
        }
    }

    /// `count` bytes of any value, for a caller that writes every one before reading it,
    /// with room for at least `capacity`.
    static func uninitializedBytes(count: Int, capacity: Int = 0) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(count, capacity)) { _, made in made = count }
    }
}
