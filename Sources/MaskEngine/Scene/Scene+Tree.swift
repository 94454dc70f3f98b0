/// A layer moved in the tree at a time: to the end of `parent`'s sublayers, or out of
/// the tree when `parent` is nil. Before `time` the layer is where it was.
public struct TreeChange: Sendable, Equatable {
    /// When the move happens, in seconds.
    public let time: Double
    /// The layer moved, with its subtree.
    public let layer: LayerID
    /// Its new superlayer; nil takes it out of the tree (`removeFromSuperlayer`).
    public let parent: LayerID?
}

/// Which layers are where at one time: the top-level layers and each layer's sublayers,
/// in drawing order of declaration (z sorts them when drawn).
public struct SceneTree: Sendable, Equatable {
    /// The top-level layers.
    public let roots: [LayerID]
    /// Each layer's sublayers, by `LayerID.index`.
    public let children: [[LayerID]]
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
        treeChanges.append(TreeChange(time: max(0, time), layer: layer, parent: parent))
    }

    /// The tree at time `t`: the tree as the layers were added, with every `treeChanges`
    /// move made at or before `t` applied in order.
    public func tree(at t: Double) -> SceneTree {
        var roots = self.roots
        var children = nodes.map(\.children)
        var parents: [LayerID?] = nodes.map { $0.role == .sublayer ? $0.parent : nil }
        for change in treeChanges where change.time <= t {
            if let old = parents[change.layer.index] {
                children[old.index].removeAll { $0 == change.layer }
            } else {
                roots.removeAll { $0 == change.layer }
            }
            parents[change.layer.index] = change.parent
            if let parent = change.parent { children[parent.index].append(change.layer) }
        }
        return SceneTree(roots: roots, children: children)
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
