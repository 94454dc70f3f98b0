/// Undoing a set of changes (a REPL input that failed), at a cost proportional to the
/// changes rather than to the scene: the scene only grows by appending layers and tree
/// changes, so what was appended is dropped, and the few existing layers a change
/// touches have their earlier state kept the first time they are touched. Copying the
/// whole scene before each input instead made n layer declarations cost O(n²).
extension Scene {
    /// What undoing the changes since one `beginChanges()` needs.
    struct Journal: Sendable {
        let nodeCount: Int
        let rootCount: Int
        let treeChangeCount: Int
        let moveCount: Int
        let canvas: Canvas
        let maxLayers: Int
        /// The layers (of the first `nodeCount`) changed since, as they were.
        var savedNodes: [Int: Node] = [:]
        /// The top-level layers as they were, once one was removed.
        var savedRoots: [LayerID]?
    }

    /// Starts recording changes, to keep them (`keepChanges()`) or undo them
    /// (`undoChanges()`). Sets of changes nest; each is ended once, innermost first.
    public mutating func beginChanges() {
        journals.append(Journal(nodeCount: nodes.count, rootCount: roots.count, treeChangeCount: treeChanges.count,
                                moveCount: moveCount, canvas: canvas, maxLayers: maxLayers))
        timeline.beginChanges()
    }

    /// Ends the innermost set of changes, keeping them (an enclosing set can still undo them).
    public mutating func keepChanges() {
        guard journals.popLast() != nil else { return }
        timeline.keepChanges()
    }

    /// Ends the innermost set of changes, undoing them: the scene is again exactly as it
    /// was at its `beginChanges()`.
    public mutating func undoChanges() {
        guard let journal = journals.popLast() else { return }
        timeline.undoChanges()
        for (index, node) in journal.savedNodes { nodes[index] = node }
        nodes.removeSubrange(journal.nodeCount...)
        if let saved = journal.savedRoots { roots = saved } else { roots.removeSubrange(journal.rootCount...) }
        treeChanges.removeSubrange(journal.treeChangeCount...)
        moveCount = journal.moveCount
        canvas = journal.canvas
        maxLayers = journal.maxLayers
    }

    /// Keeps the state of layer `index` for every open set of changes it predates, the
    /// first time it changes.
    mutating func willChangeNode(_ index: Int) {
        for j in journals.indices where index < journals[j].nodeCount && journals[j].savedNodes[index] == nil {
            journals[j].savedNodes[index] = nodes[index]
        }
    }

    /// Keeps the top-level layers before one is removed (until then, they were only
    /// appended to, so each set's own are the first `rootCount`).
    mutating func willRemoveRoot() {
        for j in journals.indices where journals[j].savedRoots == nil {
            journals[j].savedRoots = Array(roots.prefix(journals[j].rootCount))
        }
    }
}
