import Foundation

extension LanguageCatalog {
    /// A top-level name an imported file offers (`lib.f`, `fx.shimmer`).
    public struct ImportedName: Sendable, Equatable {
        /// The name after the namespace's dot.
        public let name: String
        /// The parameters of a function; nil for a `let` constant.
        public let parameters: [String]?
        /// The comment lines just above its declaration, without their `//`.
        public let doc: String
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
        func doc(above line: Int) -> String {
            var lines: [String] = []
            var n = line - 1
            while n >= 1, let text = source.lineText(n)?.drop(while: { $0 == " " }), text.hasPrefix("//") {
                lines.insert(String(text.dropFirst(2)).trimmingCharacters(in: .whitespaces), at: 0)
                n -= 1
            }
            return lines.joined(separator: " ")
        }
        return Parser.parse(source).statements.compactMap { statement -> ImportedName? in
            let line = statement.range.start.line
            switch statement.kind {
            case let .letBinding(name, _, _): return ImportedName(name: name, parameters: nil, doc: doc(above: line))
            case .function(let decl):
                return decl.name.map { ImportedName(name: $0, parameters: decl.parameters, doc: doc(above: line)) }
            default: return nil
            }
        }
    }
}
