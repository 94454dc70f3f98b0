/// A layer tree and its timeline: everything needed to render any frame.
///
/// Build a scene by adding layers and changes; then it is an immutable value that any
/// number of threads can render from (`Renderer`). Sampling is pure: `states(at:)`
/// depends only on the scene and `t`.
public struct Scene: Sendable {
    /// Where a layer sits in the tree.
    public enum Role: Sendable, Equatable {
        /// Drawn at the top level of the canvas.
        case root
        /// Drawn over its parent's content.
        case sublayer
        /// Not drawn; the mask of its parent.
        case mask
    }

    /// One layer: its initial state and place in the tree.
    public struct Node: Sendable {
        /// The layer's properties before any timeline change.
        public internal(set) var initial: LayerState
        /// A name for messages and tree listings (the script's variable name).
        public internal(set) var name: String?
        /// The layer whose coordinates this one lives in (nil at the top level).
        public internal(set) var parent: LayerID?
        /// The sublayers in declaration order (masks are not among them).
        public internal(set) var children: [LayerID] = []
        /// How the layer is used.
        public internal(set) var role: Role
        /// The time at which the layer was added: it joins the tree then (a `.join` change
        /// of `Scene.treeChanges` when later than 0); before it, it draws nothing.
        public internal(set) var appearsAt: Double
        /// For a grid: its rows and columns; nil for any other layer.
        public internal(set) var grid: (rows: Int, columns: Int)?
        /// For a tile of a grid: its column and row; nil for any other layer.
        public internal(set) var tile: (column: Int, row: Int)?
        /// For a grid: its tiles in column-major order.
        public internal(set) var tiles: [LayerID] = []
    }

    /// The output settings.
    public var canvas: Canvas
    /// Every layer, indexed by `LayerID.index`.
    public private(set) var nodes: [Node] = []
    /// The top-level layers in drawing order.
    public private(set) var roots: [LayerID] = []
    /// Every change over time.
    public private(set) var timeline = Timeline()
    /// Every change of the tree over time, in the order they were made: layers joining it
    /// after time 0, moving in it (Core Animation's `addSublayer`, `removeFromSuperlayer`)
    /// and leaving it to become masks. `tree(at:)` applies them; with none, the tree is
    /// the one the layers were added in.
    public internal(set) var treeChanges: [TreeChange] = []
    /// How many of `treeChanges` are moves (`move(_:to:at:)`), which a host may limit.
    public internal(set) var moveCount = 0
    /// The most layers a scene may hold (each tile is a layer).
    public var maxLayers = 100_000

    /// An empty scene on a canvas.
    public init(canvas: Canvas = Canvas()) {
        self.canvas = canvas
    }

    /// Every layer's id, in the order the layers were added.
    public var layerIDs: [LayerID] { nodes.indices.map { LayerID($0) } }

    /// The node of a layer.
    public func node(_ id: LayerID) -> Node { nodes[id.index] }

    /// The first layer declared with `name`, or nil when none is.
    public func layer(named name: String) -> LayerID? {
        nodes.firstIndex { $0.name == name }.map(LayerID.init)
    }

    /// The length of the scene: the canvas duration, or the end of the last finite change.
    public var duration: Double { canvas.duration ?? timeline.finiteEnd }

    /// The number of frames, or nil when it is too large to count.
    public var frameCount: Int? { canvas.frameCount(for: duration) }

    // MARK: - Building

    /// Adds a layer over the existing children of `parent` (or at the top level).
    /// - Parameters:
    ///   - state: the layer's initial properties.
    ///   - parent: the layer it is a sublayer of, or nil for the top level.
    ///   - name: a name for messages.
    ///   - time: when it joins the tree (a `.join` change when later than 0).
    /// - Throws: `SceneError.tooManyLayers`.
    @discardableResult
    public mutating func addLayer(_ state: LayerState, to parent: LayerID? = nil, name: String? = nil,
                                  at time: Double = 0) throws(SceneError) -> LayerID {
        guard nodes.count < maxLayers else { throw .tooManyLayers(maxLayers) }
        let id = LayerID(nodes.count)
        let time = max(0, time)
        nodes.append(Node(initial: state, name: name, parent: parent,
                          role: parent == nil ? .root : .sublayer, appearsAt: time))
        if let parent { nodes[parent.index].children.append(id) } else { roots.append(id) }
        if time > 0 { treeChanges.append(TreeChange(time: time, layer: id, kind: .join)) }
        return id
    }

    /// Fills a grid layer with `rows × columns` plain tiles of colour `color`, in
    /// column-major order (tile i is column i / rows, row i % rows). Tile edges fall on
    /// whole units of the grid's bounds, so neighbouring tiles share edges without seams.
    /// The tiles join the tree with their grid, and never move in it.
    /// - Throws: `SceneError.invalidGrid` for counts below 1, `SceneError.tooManyLayers`.
    @discardableResult
    public mutating func addTiles(to grid: LayerID, rows: Int, columns: Int, color: Color) throws(SceneError) -> [LayerID] {
        guard rows >= 1, columns >= 1 else { throw .invalidGrid("rows and columns must be at least 1") }
        let (product, overflow) = rows.multipliedReportingOverflow(by: columns)
        guard !overflow, product <= maxLayers - nodes.count else { throw .tooManyLayers(maxLayers) }
        let node = nodes[grid.index]
        let size = node.initial.size
        var ids: [LayerID] = []
        for i in 0..<product {
            let column = i / rows, row = i % rows
            let x0 = (Double(column) * size.width / Double(columns)).rounded()
            let x1 = (Double(column + 1) * size.width / Double(columns)).rounded()
            let y0 = (Double(row) * size.height / Double(rows)).rounded()
            let y1 = (Double(row + 1) * size.height / Double(rows)).rounded()
            var tile = LayerState(kind: .plain)
            tile.frame = Rect(x0, y0, x1 - x0, y1 - y0)
            tile.background = color
            let id = try addLayer(tile, to: grid, name: "\(node.name ?? "grid").tiles[\(i)]", at: node.appearsAt)
            nodes[id.index].tile = (column, row)
            ids.append(id)
        }
        nodes[grid.index].grid = (rows, columns)
        nodes[grid.index].tiles = ids
        return ids
    }

    /// Makes `mask` the mask of `owner` from `time` on (or removes its masks, with nil):
    /// `setMasks` with that one layer.
    /// - Throws: `SceneError.maskCycle` when the mask is the owner or one of its ancestors.
    public mutating func setMask(_ mask: LayerID?, of owner: LayerID, at time: Double = 0) throws(SceneError) {
        try setMasks(mask.map { [$0] } ?? [], of: owner, at: time)
    }

    /// Makes `masks` the masks of `owner` from `time` on, combined in that order (an empty
    /// list removes them).
    ///
    /// Like Core Animation, a mask has no superlayer: a layer that was drawn elsewhere
    /// stops being drawn there from `time` on (a `.becomeMask` tree change), and lives in
    /// the owner's coordinates as its mask.
    /// - Throws: `SceneError.maskCycle` when a mask is the owner or one of its ancestors.
    public mutating func setMasks(_ masks: [LayerID], of owner: LayerID, at time: Double = 0) throws(SceneError) {
        for mask in masks {
            var cursor: LayerID? = owner
            var steps = 0
            while let c = cursor, steps <= nodes.count {
                if c == mask { throw .maskCycle(nodes[owner.index].name ?? owner.description) }
                cursor = nodes[c.index].parent
                steps += 1
            }
        }
        for mask in masks {
            // Like Core Animation, a mask has no superlayer: it leaves its place in the tree,
            // at once when it is made a mask as it appears, or from `time` on otherwise.
            let node = nodes[mask.index]
            if node.role == .mask || time <= node.appearsAt {
                detach(mask)
            } else {
                let superlayer = node.role == .sublayer ? node.parent : nil
                treeChanges.append(TreeChange(time: time, layer: mask, kind: .becomeMask(owner: owner, superlayer: superlayer)))
            }
            nodes[mask.index].parent = owner
            nodes[mask.index].role = .mask
        }
        try set(.masks, of: owner, to: .layers(masks), at: time)
    }

    private mutating func detach(_ id: LayerID) {
        let node = nodes[id.index]
        switch node.role {
        case .root: roots.removeAll { $0 == id }
        case .sublayer:
            if let p = node.parent { nodes[p.index].children.removeAll { $0 == id } }
        case .mask: break
        }
    }

    /// Sets a property's initial value (what shows from the layer's first frame).
    /// - Throws: `SceneError.property` when the value does not fit the property.
    public mutating func setInitial(_ key: PropertyKey, of layer: LayerID, to value: PropertyValue) throws(SceneError) {
        let kind = nodes[layer.index].initial.kind
        guard key.applies(to: kind) else { throw .property(.notApplicable(key: key, kind: kind)) }
        do { try nodes[layer.index].initial.set(key, to: value) } catch { throw .property(error) }
    }

    /// Changes a property as a step at `time`; before it, the old value shows. At or before
    /// the layer's first appearance, this sets the initial value.
    /// - Returns: how many later animations without `from` now start from another value
    ///   (see `animate`), a measure of the work done.
    /// - Throws: `SceneError.property` when the value does not fit the property,
    ///   `SceneError.interpolation` when a later animation can no longer start from it.
    @discardableResult
    public mutating func set(_ key: PropertyKey, of layer: LayerID, to value: PropertyValue, at time: Double) throws(SceneError) -> Int {
        // `mask` is the first of `masks`: one track holds both, so the later change wins.
        if key == .mask {
            var scratch = LayerState(kind: nodes[layer.index].initial.kind)
            do { try scratch.set(.mask, to: value) } catch { throw .property(error) }
            return try set(.masks, of: layer, to: scratch.value(for: .masks), at: time)
        }
        if time <= nodes[layer.index].appearsAt && !timeline.hasTrack(layer: layer, key: key) {
            try setInitial(key, of: layer, to: value)
            return 0
        }
        // Validate against a scratch state so a bad value never enters the timeline.
        var scratch = nodes[layer.index].initial
        guard key.applies(to: scratch.kind) else { throw .property(.notApplicable(key: key, kind: scratch.kind)) }
        do { try scratch.set(key, to: value) } catch { throw .property(error) }
        return try add(.step(layer: layer, key: key, time: time, value: scratch.value(for: key)), implicitFrom: false)
    }

    /// Adds a change to the timeline, then re-resolves the `from` of the later animations
    /// of that property that were written without one: each starts from the property's
    /// value at its begin time, which a change beginning earlier but added later alters.
    /// Nothing is changed when a re-resolved animation cannot interpolate.
    /// - Returns: how many animations were re-resolved.
    private mutating func add(_ entry: TimelineEntry, implicitFrom: Bool) throws(SceneError) -> Int {
        var updates: [(index: Int, animation: Animation)] = []
        var previous = entry
        for index in timeline.entries(of: entry.layer, entry.key, beginningAfter: entry.begin) {
            // A step or an animation with its own `from` does not depend on what came before.
            guard timeline.hasImplicitFrom(index), case .animation(var next) = timeline.entries[index] else { break }
            var scratch = nodes[entry.layer.index].initial
            let sampled: PropertyValue
            do { sampled = try previous.value(at: next.begin) ?? scratch.value(for: entry.key) } catch {
                throw .interpolation(error)
            }
            // Normalised through the property's setter, as `animate` does.
            do { try scratch.set(entry.key, to: sampled) } catch { throw .property(error) }
            let start = scratch.value(for: entry.key)
            guard start != next.keyframes[0] else { break }
            next.keyframes[0] = start
            do { _ = try start.interpolated(to: next.keyframes[1], 0.5) } catch { throw .interpolation(error) }
            updates.append((index, next))
            previous = .animation(next)
        }
        timeline.add(entry, implicitFrom: implicitFrom)
        for update in updates { timeline.replace(at: update.index, with: update.animation) }
        return updates.count
    }

    /// Adds an animation.
    ///
    /// For a from/to animation, `animation.keyframes` holds just `[to]` and `from` is
    /// prepended; a nil `from` starts from the property's value at the begin time, so
    /// chained animations continue smoothly. That value is the one in the finished
    /// timeline: a change added later that begins earlier (a step, or an animation with no
    /// `delay` after one with a `delay`) moves it. For a keyframe animation, `keyframes`
    /// holds every key (at least two) and `from` must be nil.
    /// - Returns: how many later animations without `from` now start from another value.
    /// - Throws: `SceneError.property` (not animatable, wrong kind, wrong type),
    ///   `SceneError.invalidTiming`, or `SceneError.interpolation` when the values cannot
    ///   be interpolated (paths of different structure, lists of different lengths).
    @discardableResult
    public mutating func animate(_ animation: Animation, from: PropertyValue? = nil) throws(SceneError) -> Int {
        var animation = animation
        let layer = animation.layer, key = animation.key
        let kind = nodes[layer.index].initial.kind
        guard key.applies(to: kind) else { throw .property(.notApplicable(key: key, kind: kind)) }
        guard key.isAnimatable else { throw .property(.notAnimatable(key: key)) }
        guard animation.duration.isFinite, animation.duration >= 0, animation.begin.isFinite else {
            throw .invalidTiming("begin and duration must be finite, duration not negative")
        }
        var values = animation.keyframes
        let implicitFrom = values.count == 1 && from == nil
        switch values.count {
        case 0: throw .invalidTiming("an animation needs a value to animate to")
        case 1:
            if let from { values.insert(from, at: 0) } else {
                values.insert(try value(of: layer, key, at: animation.begin), at: 0)
            }
        default:
            guard from == nil else { throw .invalidTiming("a keyframe animation takes no separate `from` value") }
        }
        // Normalise every value through the property's setter (type check, clamping).
        var scratch = nodes[layer.index].initial
        for i in values.indices {
            do { try scratch.set(key, to: values[i]) } catch { throw .property(error) }
            values[i] = scratch.value(for: key)
        }
        if let times = animation.keyTimes {
            guard times.count == values.count else {
                throw .invalidTiming("`times` has \(times.count) entries for \(values.count) keys")
            }
            // The first key is reached at 0 and the last at 1 (as `CAKeyframeAnimation`
            // requires); otherwise progress before the first time would extrapolate the
            // first segment, e.g. times [0.2, 1] from 0 to 10 would start at −2.5.
            guard times.first == 0, times.last == 1,
                  times.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }),
                  zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw .invalidTiming("`times` must increase from 0 to 1")
            }
        }
        for (a, b) in zip(values, values.dropFirst()) {
            do { _ = try a.interpolated(to: b, 0.5) } catch { throw .interpolation(error) }
        }
        animation.keyframes = values
        return try add(.animation(animation), implicitFrom: implicitFrom)
    }

    // MARK: - Sampling

    /// The value of a property at time `t`, timeline included.
    /// - Throws: `SceneError.interpolation` (cannot happen for values accepted by `animate`).
    public func value(of layer: LayerID, _ key: PropertyKey, at t: Double) throws(SceneError) -> PropertyValue {
        if key == .mask, case .layers(let masks) = try value(of: layer, .masks, at: t) { return .layer(masks.first) }
        do {
            return try timeline.value(of: layer, key, at: t, base: nodes[layer.index].initial.value(for: key))
        } catch { throw .interpolation(error) }
    }

    /// Every layer's state at time `t`, indexed like `nodes`.
    public func states(at t: Double) throws(SceneError) -> [LayerState] {
        var states: [LayerState] = []
        states.reserveCapacity(nodes.count)
        for i in nodes.indices { states.append(try state(of: LayerID(i), at: t)) }
        return states
    }

    /// One layer's state at time `t`: its initial state with every change applied, in
    /// the order of `PropertyKey` (so `position.x` applies over `position`).
    public func state(of layer: LayerID, at t: Double) throws(SceneError) -> LayerState {
        var state = nodes[layer.index].initial
        for key in timeline.keys(of: layer) {
            let v = try value(of: layer, key, at: t)
            do { try state.set(key, to: v) } catch { throw .property(error) }
        }
        return state
    }
}

/// Why a scene could not be built or sampled.
public enum SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scene would hold more than `Scene.maxLayers` layers: the limit.
    case tooManyLayers(Int)
    /// A grid's rows or columns are below 1: the reason.
    case invalidGrid(String)
    /// A layer would be masked by itself or by one of its ancestors: the owner's name.
    case maskCycle(String)
    /// An animation's begin, duration, keyframes or key times are unusable: the reason.
    case invalidTiming(String)
    /// A value does not fit the property, or the property not the layer's kind.
    case property(PropertyError)
    /// Two values of an animation cannot be interpolated.
    case interpolation(InterpolationError)
    /// A layer cannot move where `Scene.move` was asked to put it: the reason.
    case invalidTreeChange(String)

    /// The message for a user.
    public var description: String {
        switch self {
        case .tooManyLayers(let n): return "too many layers (the limit is \(n))"
        case .invalidGrid(let why): return "invalid grid: \(why)"
        case .maskCycle(let name): return "layer \(name) cannot be masked by itself or by one of its ancestors"
        case .invalidTiming(let why): return "invalid animation timing: \(why)"
        case .property(let e): return e.description
        case .interpolation(let e): return e.description
        case .invalidTreeChange(let why): return why
        }
    }
}
