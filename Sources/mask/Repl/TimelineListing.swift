import MaskEngine

/// The text of `:timeline`: one line per animation, in the order they were added.
///
/// ```
/// box.opacity  0s → 1s  repeat 1  ease easeInOut
/// box.position.x  1s → 3s  repeat 2  ease linear  autoreverse
/// ```
/// Properties are named by their Core Animation key paths (`position.x` for `x`,
/// `bounds.size.width` for `width`), which is what the engine animates.
struct TimelineListing {
    /// The scene whose timeline to list.
    let scene: Scene

    /// The listing, without a trailing newline.
    var text: String {
        let animations = scene.timeline.animations
        guard !animations.isEmpty else { return "(no animations)" }
        return animations.map(line).joined(separator: "\n")
    }

    private func line(_ animation: Animation) -> String {
        let target = scene.node(animation.layer).name ?? "layer \(animation.layer)"
        var line = "\(target).\(animation.key.keyPath)  \(animation.begin.shortDescription)s → "
            + (animation.end.isFinite ? "\(animation.end.shortDescription)s" : "forever")
            + "  repeat \(animation.repetition)  ease \(animation.easing)"
        if animation.autoreverses { line += "  autoreverse" }
        return line
    }
}
