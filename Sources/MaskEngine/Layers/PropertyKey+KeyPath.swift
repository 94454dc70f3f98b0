extension PropertyKey {
    /// The property's name as a Core Animation key path, for listings and messages:
    /// `position.x`, `bounds.size.width`, `contentsGravity`; other keys keep their name.
    public var keyPath: String {
        switch self {
        case .positionX: return "position.x"
        case .positionY: return "position.y"
        case .size: return "bounds.size"
        case .width: return "bounds.size.width"
        case .height: return "bounds.size.height"
        case .anchor: return "anchorPoint"
        case .clip: return "masksToBounds"
        case .scale: return "transform.scale"
        case .rotation: return "transform.rotation"
        case .gravity: return "contentsGravity"
        case .z: return "zPosition"
        case .start: return "startPoint"
        case .end: return "endPoint"
        case .background: return "backgroundColor"
        case .fill: return "fillColor"
        case .stroke: return "strokeColor"
        default: return rawValue
        }
    }
}
