extension LanguageCatalog {
    /// A top-level name an imported file offers (`lib.f`, `fx.shimmer`).
    public struct ImportedName: Sendable, Equatable {
        /// The name after the namespace's dot.
        public let name: String
        /// The parameters of a function; nil for a `let` constant.
        public let parameters: [String]?
    }

    /// The `let` and `fn` names a file imported as `path` offers: the effects library for
    /// `effects`, else the file `resources` reads (nothing when it cannot be read or does
    /// not parse). The file is parsed, not run.
    public static func names(ofImport path: String, from resources: any ResourceResolver) -> [ImportedName] {
        let source: SourceFile
        if path == Module.effectsPath {
            source = EffectsLibrary.source
        } else {
            guard let read = try? resources.script(named: path) else { return [] }
            source = read
        }
        return Parser.parse(source).statements.compactMap { statement -> ImportedName? in
            switch statement.kind {
            case let .letBinding(name, _, _): ImportedName(name: name, parameters: nil)
            case .function(let decl): decl.name.map { ImportedName(name: $0, parameters: decl.parameters) }
            default: nil
            }
        }
    }
}
