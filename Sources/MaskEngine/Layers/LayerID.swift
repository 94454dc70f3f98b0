/// Identifies a layer within one `Scene`. Stable for the scene's lifetime.
public struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The index of the layer in `Scene.layers`.
    public let index: Int

    init(_ index: Int) { self.index = index }

    /// Orders layers by creation: by their index in the scene.
    public static func < (a: LayerID, b: LayerID) -> Bool { a.index < b.index }
    /// `#` and the index, for messages when a layer has no name.
    public var description: String { "#\(index)" }
}

/// The kind of content a layer draws over its background.
public enum LayerKind: String, Sendable, CaseIterable {
    /// Background and optional contents image only.
    case plain = "layer"
    /// A `CAGradientLayer`.
    case gradient
    /// A `CAShapeLayer`.
    case shape
    /// A text layer (`CATextLayer`/`UILabel`-like).
    case text
    /// A grid whose tiles are plain sublayers.
    case grid
}
