/// A layer as an engine error names it: its identity, which a host maps back to where it
/// made the layer (a script's line), and its name for the message. Never a location.
public struct LayerName: Sendable, Equatable, CustomStringConvertible {
    /// The layer.
    public let id: LayerID
    /// Its name (`Scene.Node.name`), or `#` and its index when it has none.
    public let name: String

    /// A layer and the name messages call it by.
    public init(id: LayerID, name: String) {
        self.id = id
        self.name = name
    }

    /// The name in backticks, as messages write it: `` `card` ``.
    public var description: String { "`\(name)`" }
}

/// An engine error about one layer, and often one of its properties: `(layer, property,
/// reason)`. The engine never knows where a layer was made; a host that does (the
/// language) maps `layer` and `property` to its own locations and reports the reason there.
public protocol LayerError: Error, CustomStringConvertible {
    /// The layer the error is about; nil when it is about no one layer (a bad time).
    var layer: LayerID? { get }
    /// The property whose value caused it; nil when the layer as a whole did (its nesting,
    /// what drawing it costs).
    var property: PropertyKey? { get }
}

extension Scene {
    /// A layer as errors name it.
    public func layerName(_ id: LayerID) -> LayerName {
        LayerName(id: id, name: nodes.indices.contains(id.index) ? nodes[id.index].name ?? id.description : id.description)
    }
}
