/// A change of the tree at a time: a layer joins it, moves in it, or leaves its place to
/// become a mask. Before `time` the layer is where it was.
public struct TreeChange: Sendable, Equatable {
    /// What happens to the layer.
    public enum Kind: Sendable, Equatable {
        /// The layer joins the tree at the place it was added to (a layer added with a
        /// later time); before, it draws nothing.
        case join
        /// The layer, with its subtree, moves to the end of `parent`'s sublayers, or out of
        /// the tree when `parent` is nil (Core Animation's `addSublayer`, `removeFromSuperlayer`).
        case move(parent: LayerID?)
        /// The layer leaves its place in the tree (under `superlayer`, or the top level when
        /// nil) and is drawn only as `owner`'s mask from then on: a mask has no superlayer.
        case becomeMask(owner: LayerID, superlayer: LayerID?)
    }

    /// When the change happens, in seconds.
    public let time: Double
    /// The layer changed, with its subtree.
    public let layer: LayerID
    /// What happens.
    public let kind: Kind
}

/// Which layers are where at one time: the top-level layers and each layer's sublayers,
/// in drawing order of declaration (z sorts them when drawn). Only layers that have joined
/// the tree are listed; masks are not (they are drawn through their owner's `mask`).
public struct SceneTree: Sendable, Equatable {
    /// The top-level layers.
    public let roots: [LayerID]
    /// Each layer's sublayers, by `LayerID.index`.
    public let children: [[LayerID]]
    /// Whether each layer has joined the tree by this time, by `LayerID.index`.
    private let joined: [Bool]
    /// Whether each layer is listed in `roots` or `children`, by `LayerID.index`.
    private let listed: [Bool]

    init(roots: [LayerID], children: [[LayerID]], joined: [Bool]) {
        let isJoined = { (id: LayerID) in joined.indices.contains(id.index) && joined[id.index] }
        self.roots = roots.filter(isJoined)
        // Only the lists holding a layer yet to join are copied.
        self.children = joined.allSatisfy { $0 } ? children
            : children.map { list in list.allSatisfy(isJoined) ? list : list.filter(isJoined) }
        var listed = [Bool](repeating: false, count: joined.count)
        for id in self.roots where listed.indices.contains(id.index) { listed[id.index] = true }
        for sublayers in self.children {
            for id in sublayers where listed.indices.contains(id.index) { listed[id.index] = true }
        }
        self.joined = joined
        self.listed = listed
    }

    /// True once a layer has joined the tree (a mask draws as its owner's mask from then on).
    public func hasJoined(_ id: LayerID) -> Bool { joined.indices.contains(id.index) && joined[id.index] }

    /// True when a layer is listed in the tree at its place: joined, and not moved out of
    /// it or made a mask. It draws when its superlayers do.
    public func contains(_ id: LayerID) -> Bool { listed.indices.contains(id.index) && listed[id.index] }
}

extension Scene {
    /// Moves `layer` (and its subtree) to the end of `parent`'s sublayers from `time` on,
    /// or out of the tree when `parent` is nil, as Core Animation's `addSublayer` and
    /// `removeFromSuperlayer` do. Before `time`, the old tree still shows.
    /// - Throws: `SceneError.invalidTreeChange` when the layer would become its own
    ///   sublayer or a sublayer of its own descendant, or when the layer is a mask (a
    ///   mask has no superlayer) or a grid's tile.
    public mutating func move(_ layer: LayerID, to parent: LayerID?, at time: Double) throws(SceneError) {
        let name = nodes[layer.index].name ?? layer.description
        switch nodes[layer.index].role {
        case .mask: throw .invalidTreeChange("layer \(name) is a mask; a mask has no superlayer")
        case .root, .sublayer: break
        }
        if nodes[layer.index].tile != nil { throw .invalidTreeChange("layer \(name) is a tile of its grid and stays in it") }
        if let parent {
            // Walk up from the new parent in the latest tree: meeting the layer is a cycle.
            let parents = superlayers(in: tree(at: .infinity))
            var ancestor: LayerID? = parent
            var steps = 0
            while let a = ancestor, steps <= nodes.count {
                if a == layer {
                    throw .invalidTreeChange(parent == layer
                        ? "layer \(name) cannot be a sublayer of itself"
                        : "layer \(name) cannot be a sublayer of its own sublayer \(nodes[parent.index].name ?? parent.description)")
                }
                ancestor = parents[a.index]
                steps += 1
            }
        }
        treeChanges.append(TreeChange(time: max(0, time), layer: layer, kind: .move(parent: parent)))
        moveCount += 1
    }

    /// The tree at time `t`: the tree as the layers were added, with every change of
    /// `treeChanges` made at or before `t` applied in the order the changes were made,
    /// and without the layers that have not joined yet.
    public func tree(at t: Double) -> SceneTree {
        var roots = self.roots
        var children = nodes.map(\.children)
        var parents: [LayerID?] = nodes.map { $0.role == .sublayer ? $0.parent : nil }
        var joined = [Bool](repeating: true, count: nodes.count)
        for change in treeChanges {
            switch change.kind {
            case .join: if change.time > t { joined[change.layer.index] = false }
            case .becomeMask(_, let superlayer):
                // Still at its declared place until the change (a mask's `parent` is its owner).
                parents[change.layer.index] = superlayer
            case .move: break
            }
        }
        for change in treeChanges where change.time <= t {
            let moved = change.layer
            let destination: LayerID?
            switch change.kind {
            case .join: continue
            case .move(let parent): destination = parent
            case .becomeMask: destination = nil
            }
            if let old = parents[moved.index] {
                children[old.index].removeAll { $0 == moved }
            } else {
                roots.removeAll { $0 == moved }
            }
            parents[moved.index] = destination
            if let destination { children[destination.index].append(moved) }
        }
        return SceneTree(roots: roots, children: children, joined: joined)
    }

    /// Each layer's superlayer in `tree`, by `LayerID.index` (a mask's is its owner).
    private func superlayers(in tree: SceneTree) -> [LayerID?] {
        var parents = [LayerID?](repeating: nil, count: nodes.count)
        for (i, sublayers) in tree.children.enumerated() {
            for child in sublayers { parents[child.index] = LayerID(i) }
        }
        for (i, node) in nodes.enumerated() where node.role == .mask { parents[i] = node.parent }
        return parents
    }
}
