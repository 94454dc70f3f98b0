import Foundation
import MaskScript

/// What `textDocument/completion` offers at a position, read from the text before the
/// cursor (which is usually unfinished, so the lexer and the name index do the work
/// rather than a clean parse):
///
/// - after `name.`: the properties of the layer `name` declares (its kind found from the
///   document's declarations), and after `grid.tiles.` those of a plain layer;
/// - inside `KIND [name] { ... }`: that kind's properties, besides the general words, and
///   after `gravity:`, `type:`, `align:` ... the words that property accepts first;
/// - inside `canvas { ... }`: the canvas settings;
/// - on an `animate` line: its clause words, eases and stagger orders too;
/// - elsewhere: keywords, the names in scope, built-in functions, colours and eases.
enum CompletionProvider {
    /// LSP's completion item kinds.
    private enum ItemKind: Int {
        case function = 3, variable = 6, module = 9, property = 10, keyword = 14, color = 16, enumMember = 20, constant = 21
    }

    /// The completion items at a scalar offset of the analysed text.
    static func items(in analysis: DocumentAnalysis, at offset: Int) -> [[String: Any]] {
        let scalars = analysis.source.scalars
        let cursor = min(max(offset, 0), scalars.count)
        var wordStart = cursor
        while wordStart > 0, isNameScalar(scalars[wordStart - 1]) { wordStart -= 1 }
        let before = string(scalars[0..<wordStart])

        if wordStart > 0, scalars[wordStart - 1] == "." {
            var nameStart = wordStart - 1
            while nameStart > 0, isNameScalar(scalars[nameStart - 1]) { nameStart -= 1 }
            let name = string(scalars[nameStart..<(wordStart - 1)])
            // `grid.tiles.`: a grid's tiles are plain layers (`animate g.tiles.opacity ...`).
            // A name after a dot is a member, never a variable.
            if nameStart > 0, scalars[nameStart - 1] == "." {
                var ownerStart = nameStart - 1
                while ownerStart > 0, isNameScalar(scalars[ownerStart - 1]) { ownerStart -= 1 }
                let owner = string(scalars[ownerStart..<(nameStart - 1)])
                return name == "tiles" && analysis.names.layerKind(named: owner) == .grid ? properties(of: .layer) : []
            }
            if let kind = analysis.names.layerKind(named: name) { return properties(of: kind) }
            return importedNames(name, in: analysis)
        }

        var items: [[String: Any]] = []
        switch OpenBrackets(before).innermostBlock {
        case .canvas:
            return LanguageCatalog.canvasSettings.map { item($0, .property, detail: "canvas setting") }
        case .layer(let kind):
            if let property = propertyBeingSet(before), let choices = LanguageCatalog.property(named: property, of: kind)?.choices {
                items += choices.map { item($0, .enumMember, detail: "\(property) value") }
            }
            items += properties(of: kind)
        case .other, nil:
            break
        }
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        if before[lineStart...].drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("animate ") {
            items += LanguageCatalog.animateClauseWords.map { item($0, .keyword, detail: "animate clause") }
            items += LanguageCatalog.staggerOrders.map { item($0, .enumMember, detail: "stagger order") }
        }
        items += general(in: analysis, at: wordStart)
        // One item a word: the first, most specific reading (`mask` the property before
        // `mask` the keyword, `random` the order before `random` the function).
        var seen = Set<String>()
        return items.filter { seen.insert($0["label"] as? String ?? "").inserted }
    }

    /// The functions and constants of the file the document imports as `namespace`.
    private static func importedNames(_ namespace: String, in analysis: DocumentAnalysis) -> [[String: Any]] {
        (analysis.importedNames(of: namespace) ?? []).map { imported in
            guard let parameters = imported.parameters else {
                return item(imported.name, .constant, detail: "let \(namespace).\(imported.name)", doc: imported.doc.isEmpty ? nil : imported.doc)
            }
            return item(imported.name, .function, detail: "fn \(namespace).\(imported.name)(\(parameters.joined(separator: ", ")))",
                        doc: imported.doc.isEmpty ? nil : imported.doc)
        }
    }

    /// Keywords, names in scope, built-in functions, colours and eases.
    private static func general(in analysis: DocumentAnalysis, at offset: Int) -> [[String: Any]] {
        var items = Keyword.allCases.map { item($0.rawValue, .keyword, detail: "keyword") }
        let declared = analysis.names.visible(at: offset)
        items += declared.map { symbol in
            switch symbol.kind {
            case .function: item(symbol.name, .function, detail: "fn \(symbol.name)(\(symbol.parameters.joined(separator: ", ")))")
            case .layer(let kind): item(symbol.name, .variable, detail: "\(kind.rawValue) \(symbol.name)")
            case .parameter: item(symbol.name, .variable, detail: "parameter")
            case .variable, .loopVariable: item(symbol.name, .variable, detail: "let \(symbol.name)")
            case .namespace: item(symbol.name, .module, detail: "import")
            }
        }
        let shadowed = Set(declared.map(\.name))
        items += LanguageCatalog.functions.filter { !shadowed.contains($0.name) }.map { item($0.name, .function, detail: $0.signature) }
        items += LanguageCatalog.colorNames.filter { !shadowed.contains($0) }.map { item($0, .color, detail: "colour") }
        items += LanguageCatalog.easeNames.filter { !shadowed.contains($0) }.map { item($0, .constant, detail: "ease") }
        return items
    }

    /// `NAME` when the line so far is `NAME:` and spaces, the value of a property being typed.
    private static func propertyBeingSet(_ before: String) -> String? {
        let line = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(":") else { return nil }
        let name = trimmed.dropLast().trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar) else { return nil }
        return name
    }

    /// The properties of a kind of layer, each with its type.
    private static func properties(of kind: LayerKeyword) -> [[String: Any]] {
        kind.propertyNames.map { name in
            let property = LanguageCatalog.property(named: name, of: kind)
            return item(name, .property, detail: property?.type ?? "property", doc: property?.doc)
        }
    }

    private static func item(_ label: String, _ kind: ItemKind, detail: String, doc: String? = nil) -> [String: Any] {
        var item: [String: Any] = ["label": label, "kind": kind.rawValue, "detail": detail]
        if let doc, !doc.isEmpty { item["documentation"] = doc }
        return item
    }

    /// ASCII letters, digits and `_`, the scalars of an identifier (Grammar.md section 1).
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
