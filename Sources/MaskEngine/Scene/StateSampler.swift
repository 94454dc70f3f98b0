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

    /// One changed property of a layer: its key, where its entries are in the sampler's
    /// tables (`count` of them from `first`, sorted by begin time), and its setter and
    /// check (`PropertyKey.accessor`, what `LayerState.set(_:to:)` calls), taken once: read
    /// from the key's table each frame, the accessor's closures were retained and released
    /// at every change.
    private struct Track: Sendable {
        let key: PropertyKey
        let first: Int
        let count: Int
        let set: @Sendable (inout LayerState, PropertyValue, PropertyCheck) throws(PropertyError) -> Void
        let check: PropertyCheck

        init(key: PropertyKey, first: Int, count: Int) {
            self.key = key
            self.first = first
            self.count = count
            let accessor = key.accessor
            set = accessor.set
            check = accessor.check
        }
    }

    /// Each layer's tracks, by layer index, in the order a state applies them.
    private let tracks: [[Track]]

    // The tracks' entries, taken out of the timeline's `TimelineEntry` cases when the
    // sampler is made, one track's after another: reading an entry's begin time or its
    // animation out of the enum copied the animation, its keyframe lists retained and
    // released (counts every render thread writes), several times a property a frame.
    /// Each entry's begin time.
    private let begins: [Double]
    /// Each entry: its index in `animations`, or for a step `~i`, its value `steps[i]`.
    private let slots: [Int]
    private let animations: [Animation]
    private let steps: [PropertyValue]

    /// The tracks of `scene`'s layers.
    init(_ scene: Scene) {
        let timeline = scene.timeline
        var begins: [Double] = [], slots: [Int] = [], animations: [Animation] = [], steps: [PropertyValue] = []
        tracks = scene.nodes.indices.map { i in
            let id = LayerID(i)
            return timeline.keys(of: id).compactMap { key in
                timeline.track(of: id, key).map { list in
                    let track = Track(key: key, first: begins.count, count: list.count)
                    for e in list {
                        let entry = timeline.entries[e]
                        begins.append(entry.begin)
                        switch entry {
                        case .animation(let a):
                            slots.append(animations.count)
                            animations.append(a)
                        case .step(_, _, _, let value):
                            slots.append(~steps.count)
                            steps.append(value)
                        }
                    }
                    return track
                }
            }
        }
        self.begins = begins
        self.slots = slots
        self.animations = animations
        self.steps = steps
    }

    /// The entry tables held for reading, once a frame.
    private struct Tables {
        let begins: UnsafeBufferPointer<Double>
        let slots: UnsafeBufferPointer<Int>
        let animations: UnsafeBufferPointer<Animation>
        let steps: UnsafeBufferPointer<PropertyValue>
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
            try withTables { (tables) throws(SceneError) in
                try tracks.withUnsafeBufferPointer { (tracks) throws(SceneError) in
                    guard let first = nodes.baseAddress else { return }
                    for i in nodes.indices {
                        let node = first + i
                        if !inPlace { states[index: i] = node.pointee.initial }
                        try tracks[i].withUnsafeBufferPointer { (layerTracks) throws(SceneError) in
                            for k in layerTracks.indices {
                                try sample(layerTracks[k], of: i, node, tables, scene, at: t, into: states)
                            }
                        }
                    }
                }
            }
        }
        states.sampledBy = identity
    }

    /// Calls `body` with the entry tables held for reading.
    private func withTables<R>(_ body: (Tables) throws(SceneError) -> R) throws(SceneError) -> R {
        try begins.withUnsafeBufferPointer { (begins) throws(SceneError) in
            try slots.withUnsafeBufferPointer { (slots) throws(SceneError) in
                try animations.withUnsafeBufferPointer { (animations) throws(SceneError) in
                    try steps.withUnsafeBufferPointer { (steps) throws(SceneError) in
                        try body(Tables(begins: begins, slots: slots, animations: animations, steps: steps))
                    }
                }
            }
        }
    }

    /// Sets one changed property of layer `i` to its value at `t`.
    /// The layer's node is read through its pointer, in place: a buffer's subscript hands
    /// out a copy, its state's references retained and released.
    @inline(__always)
    private func sample(_ track: Track, of i: Int, _ node: UnsafePointer<Scene.Node>, _ tables: Tables, _ scene: Scene,
                        at t: Double, into states: LayerStates) throws(SceneError) {
        let value: PropertyValue
        if track.key == .mask {
            value = try scene.value(of: LayerID(i), .mask, at: t)
        } else {
            do {
                value = try StateSampler.value(of: track, tables, at: t) { node.pointee.initial.value(for: track.key) }
            } catch { throw .interpolation(error) }
        }
        do { try track.set(&states[index: i], value, track.check) } catch { throw .property(error) }
    }

    /// `Timeline.value(ofTrack:at:base:)` of a track: the value of the entry that began
    /// last at or before `t` (found by the timeline's binary search), or `base` when none
    /// has (or it gives none).
    @inline(__always)
    private static func value(of track: Track, _ tables: Tables, at t: Double,
                              base: () -> PropertyValue) throws(InterpolationError) -> PropertyValue {
        var lo = 0, hi = track.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if tables.begins[track.first + mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return base() }
        let slot = tables.slots[track.first + lo - 1]
        // A step that has begun has its value.
        guard slot >= 0 else { return tables.steps[~slot] }
        // Read where it lies (`Animation.value(of:at:)`): not copied.
        guard let animations = tables.animations.baseAddress else { return base() }
        return try Animation.value(of: animations + slot, at: t) ?? base()
    }
}
