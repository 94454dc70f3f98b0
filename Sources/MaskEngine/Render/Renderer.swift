/// Draws frames of a `Scene`.
///
/// How a frame is made: sample every layer's state at `t`, fill the canvas with its
/// background (lazily, row by row as the draws reach it: `StaleBackdrop`), then draw the
/// top-level layers in order, each over the last. A layer draws
/// its background, its contents image, its kind's content (gradient, shape, text) and then
/// its sublayers by `z`. A layer whose opacity must apply to several things at once, or
/// that clips or has a mask, is first drawn into an offscreen group that is clipped, masked
/// and then composited with its opacity, as Core Animation does; other layers draw straight
/// onto the frame with their opacity folded into each paint.
///
/// A renderer is an immutable value: any number of threads may render frames of it at the
/// same time, and the same scene and time always give the same bytes.
public struct Renderer: Sendable {
    /// The scene drawn. Read in place (a borrow of the shared scene, not a copy): a copy
    /// of the scene retains each of its arrays, counts every render thread writes.
    public var scene: Scene {
        _read { yield shared.scene }
    }
    /// What one frame may cost.
    public let budget: RenderBudget
    /// Each layer's changes, found once: what sampling a frame's states walks. Read in
    /// place, as `scene` is.
    var sampler: StateSampler {
        _read { yield shared.sampler }
    }

    /// The scene and its sampler, behind one reference: the walk hands the renderer to
    /// closures, which copy it, and a copy of the scene's arrays (nodes, roots, timeline)
    /// retains each, counts in memory every render thread writes.
    ///
    /// Unchecked `Sendable` for `sublayers` alone: pointers into the storage of `scene`,
    /// which it holds and which never changes.
    final class Shared: @unchecked Sendable {
        let scene: Scene
        let sampler: StateSampler
        /// The renderer's own `Shared` when this is a render thread's copy of it, else nil.
        let source: Shared?
        /// Where each layer's sublayers lie in `scene`, by layer index: read through
        /// these, the scene's lists are not retained (a count every render thread writes).
        let sublayers: [UnsafeBufferPointer<LayerID>]

        init(_ scene: Scene) {
            self.scene = scene
            sampler = StateSampler(scene)
            source = nil
            sublayers = Shared.sublayers(of: scene)
        }

        /// A render thread's copy of `source`: the same scene and sampler, behind a
        /// reference of the thread's own.
        init(copyOf source: Shared) {
            scene = source.scene
            sampler = source.sampler
            self.source = source
            // The same storage: the lists' places are the source's.
            sublayers = source.sublayers
        }

        /// Where each node's list of sublayers lies in `scene`'s storage.
        private static func sublayers(of scene: Scene) -> [UnsafeBufferPointer<LayerID>] {
            scene.nodes.map { node in node.children.withUnsafeBufferPointer { $0 } }
        }
    }
    private let shared: Shared

    /// The deepest nesting of sublayers and masks drawn. Each level may need an offscreen
    /// buffer, so a runaway tree (or a mask chain built by a loop) gives an error instead
    /// of exhausting memory or the stack.
    public static let maxDepth = 64

    /// A renderer of a scene, within `budget` for each frame.
    public init(scene: Scene, budget: RenderBudget = RenderBudget()) {
        shared = Shared(scene)
        self.budget = budget
    }

    private init(shared: Shared, budget: RenderBudget) {
        self.shared = shared
        self.budget = budget
    }

    /// This renderer with a render thread's own reference to its scene, kept in the
    /// thread's `pool` (made once per renderer). The walk's closures copy the renderer, a
    /// hundred times a frame and more, and each copy retains that reference: the
    /// renderer's own is one every render thread would write.
    private func local(in pool: BufferPool) -> Renderer {
        if let kept = pool.renderer, kept.source === shared { return Renderer(shared: kept, budget: budget) }
        let made = Shared(copyOf: shared)
        pool.renderer = made
        return Renderer(shared: made, budget: budget)
    }

    /// The frame at time `t` (seconds): `canvas.width × canvas.height`, opaque.
    /// - Throws: `RenderError` (bad time, mask cycle, nesting too deep, text layout),
    ///   `SceneError` when the timeline cannot be sampled, `ImageError` for a bad canvas size.
    public func render(at t: Double) throws -> Image {
        try render(at: t, using: RenderBuffers()) { $0 }
    }

    /// Frame `k`, at time `k / fps`.
    /// - Throws: `RenderError.invalidFrame` for a negative `k`, and whatever `render(at:)` throws.
    public func renderFrame(_ k: Int) throws -> Image {
        try renderFrame(k, using: RenderBuffers()) { $0 }
    }

    /// Renders the frame at time `t` into buffers kept by the caller and hands it to
    /// `body`; the frame's buffer goes back to `buffers` when `body` returns. A thread that
    /// renders many frames with one `RenderBuffers` allocates no pixel memory once the
    /// first frame is done. The bytes are the same as `render(at:)` gives.
    ///
    /// `isCancelled` is asked while the frame is drawn, every few million units of the
    /// work `RenderBudget.work` counts (about a millisecond of drawing), so a long frame
    /// stops soon after it says so; it is never asked by default.
    /// - Throws: what `render(at:)` throws, what `body` throws, and `CancellationError`
    ///   when `isCancelled` returned true (`body` is then not called; `buffers` serve the
    ///   next frame as before).
    public func render<T>(at t: Double, using buffers: RenderBuffers, isCancelled: () -> Bool = { false },
                          _ body: (Image) throws -> T) throws -> T {
        guard t.isFinite else { throw RenderError.invalidTime(t) }
        let pool = buffers.pool
        return try pool.stop.during(isCancelled) { try local(in: pool).draw(at: t, using: pool, body) }
    }

    /// The frame at time `t` (a finite number) drawn with the buffers of `pool`, handed to `body`.
    private func draw<T>(at t: Double, using pool: BufferPool, _ body: (Image) throws -> T) throws -> T {
        let pixels = scene.canvas.width.multipliedReportingOverflow(by: scene.canvas.height)
        pool.startFrame(pixels: pixels.overflow ? 0 : pixels.partialValue)
        let states = pool.takeStates()
        defer { pool.keepStates(states) }
        try sampler.sample(scene, at: t, into: states)
        var walk = LayerWalk(states: states, time: t, pool: pool, budget: budget)
        if !scene.treeChanges.isEmpty { walk.tree = scene.tree(at: t) }
        let canvas = PixelRect(x0: 0, y0: 0, x1: scene.canvas.width, y1: scene.canvas.height)
        var frame = try Surface(rect: canvas, opaque: scene.canvas.background, pool: pool)
        defer { frame.keepFrame(in: pool) }
        for id in visibleRoots(walk) {
            try draw(id, parent: .identity, opacity: 1, into: &frame, walk: &walk)
        }
        frame.refreshBackdrop()
        return try body(frame.image)
    }

    /// Frame `k` rendered into `buffers` and handed to `body`, as `render(at:using:isCancelled:_:)`.
    /// - Throws: `RenderError.invalidFrame` for a negative `k`, what `render(at:)` and
    ///   `body` throw, and `CancellationError` when `isCancelled` returned true.
    public func renderFrame<T>(_ k: Int, using buffers: RenderBuffers, isCancelled: () -> Bool = { false },
                               _ body: (Image) throws -> T) throws -> T {
        guard k >= 0 else { throw RenderError.invalidFrame(k) }
        return try render(at: scene.canvas.time(ofFrame: k), using: buffers, isCancelled: isCancelled, body)
    }

    /// Hands `body` a layer's sublayers in the walk's tree where they lie: the list is the
    /// scene's (or the tree's), shared by every render thread, and a copy of it retains it.
    func withSublayers<R>(of id: LayerID, _ walk: LayerWalk, _ body: (UnsafeBufferPointer<LayerID>) throws -> R) rethrows -> R {
        if let tree = walk.tree { return try tree.children[id.index].withUnsafeBufferPointer(body) }
        return try body(shared.sublayers[id.index])
    }

    /// A layer's visible sublayers (`isVisible`) in drawing order: `drawingOrder` of its
    /// sublayers, those not visible left out, read without a copy of the scene's list.
    func visibleSublayers(of id: LayerID, _ walk: LayerWalk) -> [LayerID] {
        withSublayers(of: id, walk) { visibleInDrawingOrder($0, walk) }
    }

    /// The visible top-level layers in drawing order, as `visibleSublayers`.
    func visibleRoots(_ walk: LayerWalk) -> [LayerID] {
        if let tree = walk.tree { return tree.roots.withUnsafeBufferPointer { visibleInDrawingOrder($0, walk) } }
        return scene.roots.withUnsafeBufferPointer { visibleInDrawingOrder($0, walk) }
    }

    /// The visible layers of `ids` sorted by `z`, ties in the order of `ids`: the stable
    /// sort and the filter of `drawingOrder(ids).filter(isVisible)`, the other way round.
    private func visibleInDrawingOrder(_ ids: UnsafeBufferPointer<LayerID>, _ walk: LayerWalk) -> [LayerID] {
        // Most layers have no sublayers: an empty list, without `reserveCapacity`'s work.
        guard !ids.isEmpty else { return [] }
        var visible: [LayerID] = []
        // One allocation for a list of many (the roots of a busy scene), not one per doubling.
        visible.reserveCapacity(ids.count)
        for id in ids where isVisible(id, walk) { visible.append(id) }
        return drawingOrder(visible, walk.states)
    }

    /// Siblings sorted by `z`, ties in declaration order.
    func drawingOrder(_ ids: [LayerID], _ states: [LayerState]) -> [LayerID] {
        drawingOrder(ids, count: states.count) { states[$0].z }
    }

    /// Siblings sorted by `z` in a frame's states, ties in declaration order.
    func drawingOrder(_ ids: [LayerID], _ states: LayerStates) -> [LayerID] {
        drawingOrder(ids, count: states.count) { states[index: $0].z }
    }

    /// Siblings sorted by `z` (of the layers `0 ..< count`), ties in declaration order.
    private func drawingOrder(_ ids: [LayerID], count: Int, z: (Int) -> Double) -> [LayerID] {
        // Already in order (every layer known, z never falling: the usual case), as the
        // stable sort below would leave it, without sorting the children every frame.
        if ids.allSatisfy({ $0.index >= 0 && $0.index < count }),
           zip(ids, ids.dropFirst()).allSatisfy({ z($0.index) <= z($1.index) }) {
            return ids
        }
        return ids.enumerated()
            .filter { $0.element.index >= 0 && $0.element.index < count }
            .sorted { a, b in
                let za = z(a.element.index), zb = z(b.element.index)
                return za != zb ? za < zb : a.offset < b.offset
            }
            .map(\.element)
    }

    /// A layer as errors name it.
    func name(of id: LayerID) -> LayerName {
        scene.layerName(id)
    }
}

/// The state of one frame's walk over the layer tree.
struct LayerWalk {
    /// Every layer's properties at the frame's time, read in place.
    let states: LayerStates
    /// The frame's time, at which `states` and `tree` were sampled.
    let time: Double
    /// The layers being drawn, outermost first: a layer met again is a mask cycle.
    var stack: [LayerID] = []
    /// Where the walk's surfaces and coverage buffers come from and go back to.
    let pool: BufferPool
    /// What the frame may cost.
    let budget: RenderBudget
    /// The work counted so far (see `RenderBudget.work`).
    var work = 0
    /// The tree at the frame's time when it changes over time (`Scene.treeChanges`: layers
    /// joining later, moving, becoming masks); nil when it never does, and the tree is the
    /// one the layers were added in. What the walk draws comes from it and `states` alone.
    var tree: SceneTree?

    init(states: LayerStates, time: Double, pool: BufferPool, budget: RenderBudget = .unlimited) {
        self.states = states
        self.time = time
        self.pool = pool
        self.budget = budget
    }

    /// A walk over `states` (indexed like the scene's nodes).
    init(states: [LayerState], time: Double, pool: BufferPool, budget: RenderBudget = .unlimited) {
        self.init(states: LayerStates(states), time: time, pool: pool, budget: budget)
    }
}
