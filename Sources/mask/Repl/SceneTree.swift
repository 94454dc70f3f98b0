import MaskEngine

/// The text of `:tree`: the canvas, then every layer indented under its parent with its
/// kind, name and frame at one time. A grid's tiles are summarised, not listed.
///
/// ```
/// canvas 320×240, 30 fps, 1s, background #000000
/// layer box  [20, 20, 100, 60]
///   text label  [0, 0, 100, 60]
///   mask gradient fade  [0, 0, 100, 60]
/// layer ring  [0, 0, 100, 60]
///   mask add shape outer  [0, 0, 100, 60]
///   mask subtract shape hole  [0, 0, 100, 60]  feather 4
/// ```
struct SceneTree {
    /// The scene to list.
    let scene: Scene
    /// The time the frames are read at.
    let time: Double

    init(scene: Scene, at time: Double) {
        self.scene = scene
        self.time = time
    }

    /// The listing, without a trailing newline.
    var text: String {
        let canvas = scene.canvas
        var lines = ["canvas \(canvas.width)×\(canvas.height), \(canvas.fps.shortDescription) fps, "
                     + "\(scene.duration.shortDescription)s, background \(canvas.background)"]
        guard let states = try? scene.states(at: time) else {
            return (lines + ["(the layers cannot be sampled at \(time.shortDescription)s)"]).joined(separator: "\n")
        }
        if scene.roots.isEmpty { lines.append("(no layers)") }
        for root in scene.roots {
            append(root, role: "", depth: 0, states: states, to: &lines)
        }
        return lines.joined(separator: "\n")
    }

    private func append(_ id: LayerID, role: String, depth: Int, states: [LayerState], to lines: inout [String]) {
        let node = scene.node(id)
        let state = states[id.index]
        var line = String(repeating: "  ", count: depth) + role + state.kind.rawValue
        if let name = node.name { line += " " + name }
        let frame = state.frame
        line += "  [\(frame.origin.x.shortDescription), \(frame.origin.y.shortDescription), "
            + "\(frame.size.width.shortDescription), \(frame.size.height.shortDescription)]"
        if let grid = node.grid { line += "  \(grid.rows)×\(grid.columns) tiles" }
        if node.appearsAt > 0 { line += "  from \(node.appearsAt.shortDescription)s" }
        if state.hidden { line += "  hidden" }
        if state.feather > 0 { line += "  feather \(state.feather.shortDescription)" }
        if state.expansion != 0 { line += "  expansion \(state.expansion.shortDescription)" }
        lines.append(line)
        // The masks in the order they combine, with their mode unless it is one `add` mask.
        for mask in state.masks where states.indices.contains(mask.index) {
            let mode = states[mask.index].maskCombine
            let role = state.masks.count == 1 && mode == .add ? "mask " : "mask \(mode.rawValue) "
            append(mask, role: role, depth: depth + 1, states: states, to: &lines)
        }
        for child in node.children where scene.node(child).tile == nil {
            append(child, role: "", depth: depth + 1, states: states, to: &lines)
        }
    }
}
