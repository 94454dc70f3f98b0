/// One change of one property: a step to a value at a time, or an animation.
public enum TimelineEntry: Sendable, Equatable {
    /// The property becomes `value` at `time` (and keeps it).
    case step(layer: LayerID, key: PropertyKey, time: Double, value: PropertyValue)
    /// The property is animated.
    case animation(Animation)

    /// The layer changed.
    public var layer: LayerID {
        switch self {
        case .step(let l, _, _, _): return l
        case .animation(let a): return a.layer
        }
    }

    /// The property changed.
    public var key: PropertyKey {
        switch self {
        case .step(_, let k, _, _): return k
        case .animation(let a): return a.key
        }
    }

    /// When the change begins.
    public var begin: Double {
        switch self {
        case .step(_, _, let t, _): return t
        case .animation(let a): return a.begin
        }
    }

    /// The value at time `t`, or nil when the entry has not begun.
    func value(at t: Double) throws(InterpolationError) -> PropertyValue? {
        switch self {
        case let .step(_, _, time, value): return t >= time ? value : nil
        case .animation(let a): return try a.value(at: t)
        }
    }
}

/// Every change of every property, ordered so that sampling is a pure function of time.
///
/// Rule: when changes of one property overlap, the one that began later wins from its
/// begin time on; of two that begin together, the one added later wins.
public struct Timeline: Sendable, Equatable {
    struct Track: Hashable { var layer: LayerID; var key: PropertyKey }

    /// All entries in the order they were added.
    public private(set) var entries: [TimelineEntry] = []
    private var tracks: [Track: [Int]] = [:]
    /// The changed properties of each layer, in `PropertyKey` order: sampling a frame
    /// visits only these instead of asking about every key of every layer.
    private var keysByLayer: [LayerID: [PropertyKey]] = [:]
    /// The entries (indices into `entries`) that are animations written without `from`:
    /// their first keyframe is the property's value at their begin time, so it changes
    /// when a change beginning earlier is added later (`Scene.animate`).
    private var implicitFrom: Set<Int> = []
    /// What undoing each open set of changes needs, innermost last.
    private var journals: [Journal] = []

    /// What undoing the changes since one `beginChanges()` needs: entries are only
    /// appended (or replaced in place), so the appended ones are dropped, the replaced
    /// ones put back, and the tracks they joined lose them.
    private struct Journal: Sendable, Equatable {
        let entryCount: Int
        /// The entries (of the first `entryCount`) replaced since, as they were.
        var savedEntries: [Int: TimelineEntry] = [:]
        /// The tracks that gained entries, and those of them that were made.
        var tracks: Set<Track> = []
        var newTracks: Set<Track> = []
    }

    /// An empty timeline.
    public init() {}

    /// Adds a change; entries of one track stay sorted by begin time (stable). The track
    /// is changed in place and searched by halves, so a script making a change per step
    /// costs no more than linear time (a copy of the track per change was quadratic).
    mutating func add(_ entry: TimelineEntry, implicitFrom: Bool = false) {
        let index = entries.count
        let track = Track(layer: entry.layer, key: entry.key)
        let isNewTrack = tracks[track] == nil
        for j in journals.indices where journals[j].tracks.insert(track).inserted && isNewTrack {
            journals[j].newTracks.insert(track)
        }
        entries.append(entry)
        if implicitFrom { self.implicitFrom.insert(index) }
        let position = Timeline.count(in: tracks[Track(layer: entry.layer, key: entry.key)] ?? [], entries,
                                       beginningAtOrBefore: entry.begin)
        if tracks[Track(layer: entry.layer, key: entry.key)] == nil {
            keysByLayer[entry.layer, default: []].append(entry.key)
            keysByLayer[entry.layer]?.sort { PropertyKey.order[$0, default: 0] < PropertyKey.order[$1, default: 0] }
        }
        tracks[Track(layer: entry.layer, key: entry.key), default: []].insert(index, at: position)
    }

    /// The entries (indices into `entries`) of a property that begin after `t`, in order.
    func entries(of layer: LayerID, _ key: PropertyKey, beginningAfter t: Double) -> ArraySlice<Int> {
        guard let list = tracks[Track(layer: layer, key: key)] else { return [] }
        return list[Timeline.count(in: list, entries, beginningAtOrBefore: t)...]
    }

    /// True when entry `index` is an animation whose `from` is the value at its begin time.
    func hasImplicitFrom(_ index: Int) -> Bool { implicitFrom.contains(index) }

    /// Replaces the animation at `index` by one of the same layer, property and begin
    /// (its `from` re-resolved).
    mutating func replace(at index: Int, with animation: Animation) {
        assert(entries[index].layer == animation.layer && entries[index].key == animation.key
                     && entries[index].begin == animation.begin, "replace keeps the track and the begin time")
        for j in journals.indices where index < journals[j].entryCount && journals[j].savedEntries[index] == nil {
            journals[j].savedEntries[index] = entries[index]
        }
        entries[index] = .animation(animation)
    }

    /// Starts recording changes, to keep or undo them (`Scene.beginChanges()`).
    mutating func beginChanges() {
        journals.append(Journal(entryCount: entries.count))
    }

    /// Ends the innermost set of changes, keeping them.
    mutating func keepChanges() {
        _ = journals.popLast()
    }

    /// Ends the innermost set of changes, undoing them.
    mutating func undoChanges() {
        guard let journal = journals.popLast() else { return }
        for (index, entry) in journal.savedEntries { entries[index] = entry }
        for index in journal.entryCount..<max(journal.entryCount, entries.count) { implicitFrom.remove(index) }
        entries.removeSubrange(journal.entryCount...)
        for track in journal.tracks {
            guard journal.newTracks.contains(track) else {
                tracks[track]?.removeAll { $0 >= journal.entryCount }
                continue
            }
            tracks[track] = nil
            keysByLayer[track.layer]?.removeAll { $0 == track.key }
            if keysByLayer[track.layer]?.isEmpty == true { keysByLayer[track.layer] = nil }
        }
    }

    /// How many entries of a track (sorted by begin) begin at or before `t`.
    private static func count(in list: [Int], _ entries: [TimelineEntry], beginningAtOrBefore t: Double) -> Int {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if entries[list[mid]].begin <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The value of a property at time `t`, starting from `base` (the layer's initial value,
    /// read only when no change has begun: reading it copies the layer's state):
    /// the value of the change that began last at or before `t` (every change that has
    /// begun has a value, and the later one wins).
    public func value(of layer: LayerID, _ key: PropertyKey, at t: Double,
                      base: @autoclosure () -> PropertyValue) throws(InterpolationError) -> PropertyValue {
        guard let list = tracks[Track(layer: layer, key: key)] else { return base() }
        return try value(ofTrack: list, at: t, base: base())
    }

    /// `value(of:_:at:base:)` of a property whose entries are `list` (its `track`). The
    /// entry is read where it lies: a copy retains its keyframes, which every render
    /// thread samples.
    func value(ofTrack list: [Int], at t: Double,
               base: @autoclosure () -> PropertyValue) throws(InterpolationError) -> PropertyValue {
        let begun = Timeline.count(in: list, entries, beginningAtOrBefore: t)
        guard begun > 0 else { return base() }
        let sampled = try entries.withUnsafeBufferPointer { (entries) throws(InterpolationError) in
            try entries[list[begun - 1]].value(at: t)
        }
        return sampled ?? base()
    }

    /// The entries (indices into `entries`) of a property, sorted by begin time; nil when
    /// it has no change.
    func track(of layer: LayerID, _ key: PropertyKey) -> [Int]? {
        tracks[Track(layer: layer, key: key)]
    }

    /// True when a property of a layer has any change.
    public func hasTrack(layer: LayerID, key: PropertyKey) -> Bool {
        tracks[Track(layer: layer, key: key)] != nil
    }

    /// The properties of a layer that have changes.
    func keys(of layer: LayerID) -> [PropertyKey] {
        keysByLayer[layer] ?? []
    }

    /// The latest end of every finite animation and step, or 0.
    public var finiteEnd: Double {
        var end = 0.0
        for e in entries {
            switch e {
            case .step(_, _, let t, _): end = max(end, t)
            case .animation(let a): if a.end.isFinite { end = max(end, a.end) }
            }
        }
        return end
    }

    /// The animations, in the order they were added.
    public var animations: [Animation] {
        entries.compactMap { if case .animation(let a) = $0 { return a } else { return nil } }
    }
}

extension PropertyKey {
    /// Each key's place in `allCases`, the order in which a state applies changes.
    static let order: [PropertyKey: Int] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
