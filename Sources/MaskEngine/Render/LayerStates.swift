/// Every layer's state at one frame's time, each read where it lies: `states[id].opacity`
/// loads one field, and `states[id]` handed to a function is borrowed, not copied. A
/// `LayerState` holds a dozen references (strings, arrays, paths, images, fonts); a
/// state bound to a `let`, or read out of an `Array` across calls the optimizer cannot
/// see into, is copied, each reference retained and released, and a frame's walk reads
/// states thousands of times. The references are the scene's, shared by every render
/// thread: each retain is an atomic write to a line the other thread reads too.
///
/// One per render thread, kept in its `BufferPool` and refilled each frame; its storage
/// moves only in `reset(count:)`, so a pointer from `pointer(to:)` holds for the frame.
/// Not `Sendable`.
final class LayerStates {
    private var base: UnsafeMutablePointer<LayerState>?
    /// How many states there are: the scene's layers.
    private(set) var count = 0
    /// The sampler (`StateSampler.identity`) that last wrote every state, or nil when
    /// they are not one whole sampling (a new table, or a sampling that failed part way).
    var sampledBy: AnyObject?

    /// No states: `reset(count:)` makes room.
    init() {}

    /// A table holding `states`, in order.
    convenience init(_ states: [LayerState]) {
        self.init()
        reset(count: states.count)
        for (i, state) in states.enumerated() { self[index: i] = state }
    }

    deinit {
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    /// Makes the table `n` states long; states already there are kept (to be overwritten
    /// by the next frame's), new ones are plain layers until written.
    func reset(count n: Int) {
        guard n != count else { return }
        let fresh = UnsafeMutablePointer<LayerState>.allocate(capacity: max(n, 1))
        let kept = min(n, count)
        if let base {
            fresh.moveInitialize(from: base, count: kept)
            (base + kept).deinitialize(count: count - kept)
            base.deallocate()
        }
        (fresh + kept).initialize(repeating: LayerState(kind: .plain), count: n - kept)
        base = fresh
        count = n
    }

    /// True when the table holds a state for `id`.
    func contains(_ id: LayerID) -> Bool { id.index >= 0 && id.index < count }

    /// Layer `id`'s state, in place.
    subscript(id: LayerID) -> LayerState {
        unsafeAddress { UnsafePointer(slot(id.index)) }
    }

    /// The state at `index`, in place, to write a frame's states.
    subscript(index index: Int) -> LayerState {
        unsafeAddress { UnsafePointer(slot(index)) }
        unsafeMutableAddress { slot(index) }
    }

    /// Where layer `id`'s state lies, for a caller that holds it across changes to the
    /// walk (drawing the layer's sublayers): valid until the next `reset(count:)`.
    func pointer(to id: LayerID) -> UnsafePointer<LayerState> { UnsafePointer(slot(id.index)) }

    /// `states[id].transformToParent`, from the fields where they lie: a computed property
    /// of the state in place is handed a copy of the state, even inlined.
    func transformToParent(of id: LayerID) -> Transform {
        let s = slot(id.index)
        return LayerState.transform(position: s.pointee.position, anchor: s.pointee.anchor, size: s.pointee.size,
                                    scale: s.pointee.scale, rotation: s.pointee.rotation)
    }

    /// `states[id].bounds`, from the size where it lies.
    func bounds(of id: LayerID) -> Rect { LayerStates.bounds(slot(id.index)) }

    /// The bounds of the state at `state`, from its size where it lies.
    static func bounds(_ state: UnsafePointer<LayerState>) -> Rect { Rect(origin: .zero, size: state.pointee.size) }

    private func slot(_ index: Int) -> UnsafeMutablePointer<LayerState> {
        precondition(index >= 0 && index < count, "layer \(index) is not in the frame's states")
        return base.unsafelyUnwrapped + index
    }
}
