/// Core Animation's words for layer properties, read from the Core Animation column of
/// the property table (`LayerProperty.coreAnimation`, the reference's column): an iOS
/// developer's `fillColor` or `transform.scale` gets "did you mean" the mask word.
extension LayerProperty {
    /// Each Core Animation key path the table names (without its class, `CAShapeLayer.`)
    /// that is not already a script name, and the script property it maps to. The first
    /// row naming a word wins: `backgroundColor` is `background`, not a grid's `color`.
    static let coreAnimationNames: [String: String] = {
        var names: [String: String] = [:]
        let scriptNames = Set(all.map(\.name))
        for property in all {
            for word in coreAnimationWords(property.coreAnimation) where !scriptNames.contains(word) && names[word] == nil {
                names[word] = property.name
            }
        }
        return names
    }()

    /// The backticked key paths of a Core Animation cell, without a class prefix:
    /// "`CATextLayer.foregroundColor`; a grid: each tile's `backgroundColor`" gives
    /// `foregroundColor` and `backgroundColor`.
    static func coreAnimationWords(_ cell: String) -> [String] {
        let pieces = cell.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: pieces.count, by: 2).map { i in
            let path = pieces[i]
            if path.hasPrefix("CA"), let dot = path.firstIndex(of: ".") { return String(path[path.index(after: dot)...]) }
            return String(path)
        }
    }

    /// The script properties a Core Animation word stands for among `candidates`: the one
    /// its key path maps to (`fillColor` → `fill`), or for the first part of key paths
    /// (`transform`, as in `layer.transform.scale`) each property one of them maps to.
    static func coreAnimationMatches(for word: String, among candidates: [String]) -> [String] {
        if let name = coreAnimationNames[word] { return candidates.contains(name) ? [name] : [] }
        let matches = coreAnimationNames.filter { $0.key.hasPrefix(word + ".") && candidates.contains($0.value) }
        return Array(Set(matches.values)).sorted()
    }
}
