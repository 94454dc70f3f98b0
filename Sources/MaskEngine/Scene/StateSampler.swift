/// Samples every layer's state of a frame into a thread's `LayerStates`, with the values
/// `Scene.states(at:)` gives: each state its layer's initial state with every change
/// applied, in the order of `PropertyKey`.
///
/// Cheaper than `Scene.states(at:)` for a renderer that samples frame after frame: each
/// layer's changed properties and their entries are found once, when the renderer is made
/// (a frame then asks no dictionary: hashing a track per property per layer was most of
/// the sampling that is not interpolation), and the states are written in place into the
/// table the thread keeps, not into a new array that is freed when the frame ends.
///
/// Over a table this sampler filled last (`LayerStates.sampledBy`), only the changed
/// properties are written: a layer without changes keeps its initial state from the first
/// frame, and one with changes gets each of them set again, in order, over last frame's
/// state. That is the fresh state because every property's setter (`PropertyKey`'s
/// declarations) overwrites its own fields with a function of the value alone, reading
/// nothing else of the state, and every changed property is set in every frame (its
/// initial value when no change has begun): each field ends as its last write, or as the
/// initial state left it. Copying each layer's initial state every frame retained and
/// released every string, array and path of the scene, counts that every render thread
/// writes (`StateSamplerTests` compares both ways on random scenes).
struct StateSampler: Sendable {
    /// What tells this sampler's tables from others' (shared by the renderer's copies).
    private final class Identity: Sendable {}
    private let identity = Identity()

    /// One changed property of a layer and its entries, sorted by begin time.
    private struct Track: Sendable {
        let key: PropertyKey
        let entries: [Int]
    }

    /// Each layer's tracks, by layer index, in the order a state applies them.
    private let tracks: [[Track]]

    /// The tracks of `scene`'s layers.
    init(_ scene: Scene) {
        let timeline = scene.timeline
        tracks = scene.nodes.indices.map { i in
            let id = LayerID(i)
            return timeline.keys(of: id).compactMap { key in timeline.track(of: id, key).map { Track(key: key, entries: $0) } }
        }
    }

    /// Writes every layer's state at time `t` into `states`, which becomes as long as the
    /// scene's layers: the values of `scene.states(at:)`. `scene` is the one the sampler
    /// was made from.
    /// - Throws: `SceneError` as `Scene.state(of:at:)`.
    ///
    /// The scene's nodes and the tracks are read where they lie, through buffers: a copy of
    /// either array (or of a layer's tracks) retains it, a count every render thread writes.
    func sample(_ scene: Scene, at t: Double, into states: LayerStates) throws(SceneError) {
        precondition(scene.nodes.count == tracks.count, "a sampler samples the scene it was made from")
        let inPlace = states.sampledBy === identity && states.count == scene.nodes.count
        // Until every state is written, the table is no whole sampling.
        states.sampledBy = nil
        states.reset(count: scene.nodes.count)
        try scene.nodes.withUnsafeBufferPointer { (nodes) throws(SceneError) in
            try tracks.withUnsafeBufferPointer { (tracks) throws(SceneError) in
                for i in nodes.indices {
                    if !inPlace { states[index: i] = nodes[i].initial }
                    try tracks[i].withUnsafeBufferPointer { (layerTracks) throws(SceneError) in
                        for k in layerTracks.indices {
                            try sample(layerTracks[k], of: i, nodes, scene, at: t, into: states)
                        }
                    }
                }
            }
        }
        states.sampledBy = identity
    }

    /// Sets one changed property of layer `i` to its value at `t`.
    @inline(__always)
    private func sample(_ track: Track, of i: Int, _ nodes: UnsafeBufferPointer<Scene.Node>, _ scene: Scene, at t: Double,
                        into states: LayerStates) throws(SceneError) {
        let value: PropertyValue
        if track.key == .mask {
            value = try scene.value(of: LayerID(i), .mask, at: t)
        } else {
            do {
                value = try scene.timeline.value(ofTrack: track.entries, at: t, base: nodes[i].initial.value(for: track.key))
            } catch { throw .interpolation(error) }
        }
        do { try states[index: i].set(track.key, to: value) } catch { throw .property(error) }
    }
}
