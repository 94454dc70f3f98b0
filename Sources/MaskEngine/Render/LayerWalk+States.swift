extension LayerWalk {
    /// Calls `body` with layer `id`'s state where it lies, not copied out of `states`: a
    /// `LayerState` holds a dozen references (strings, arrays, paths, images, fonts), each
    /// retained and released by a copy, and a frame's walk reads states thousands of times.
    func withState<R>(of id: LayerID, _ body: (LayerState) throws -> R) rethrows -> R {
        try states.withUnsafeBufferPointer { states in
            precondition(states.indices.contains(id.index), "layer \(id.index) is not in the walk's states")
            return try body(states[id.index])
        }
    }
}
