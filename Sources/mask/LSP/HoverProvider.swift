import MaskEngine
import MaskScript

/// What `textDocument/hover` shows for the word under the cursor, in Markdown:
///
/// - a property (`box.opacity`, or `opacity:` in a layer body): its type, default,
///   whether it animates, and its doc;
/// - a name the document declares: how it was declared (`fn f(a, b)`, `let x`), and for
///   a layer its kind and its `frame` as written;
/// - a built-in function: its signature and doc; a colour, an ease.
enum HoverProvider {
    /// The hover at a scalar offset, or nil when there is nothing to say.
    static func hover(in analysis: DocumentAnalysis, at offset: Int) -> [String: Any]? {
        guard let (token, index) = analysis.token(at: offset), case .identifier(let name) = token.kind else { return nil }
        guard let text = markdown(for: name, token: index, in: analysis) else { return nil }
        return ["contents": ["kind": "markdown", "value": text], "range": analysis.index.range(of: token.range)]
    }

    private static func markdown(for name: String, token index: Int, in analysis: DocumentAnalysis) -> String? {
        let tokens = analysis.tokens
        // `target.NAME`: a property of the target's kind (any kind's, when it is unknown).
        if index >= 1, tokens[index - 1].kind == .dot {
            var kind: LayerKeyword?
            if index >= 2, case .identifier(let target) = tokens[index - 2].kind {
                // `lib.f`: a function or constant of an imported file.
                if let names = analysis.importedNames(of: target) {
                    guard let imported = names.first(where: { $0.name == name }) else { return nil }
                    let signature = imported.parameters.map { "fn \(target).\(name)(\($0.joined(separator: ", ")))" }
                        ?? "let \(target).\(name)"
                    return "```mask\n\(signature)\n```" + (imported.doc.isEmpty ? "" : "\n\(imported.doc)")
                }
                kind = analysis.names.layerKind(named: target)
            }
            return propertyText(name, kinds: kind.map { [$0] } ?? LayerKeyword.allCases)
        }
        // `NAME:` in a body: a property of that body's layer, or a canvas setting.
        if index + 1 < tokens.count, tokens[index + 1].kind == .colon {
            let before = analysis.source.text(in: SourceRange(start: SourceLocation(line: 1, column: 1, offset: 0),
                                                              end: tokens[index].range.start))
            switch OpenBrackets(before).innermostBlock {
            case .layer(let kind): return propertyText(name, kinds: [kind])
            case .canvas: return "```mask\ncanvas { \(name): ... }\n```\nA canvas setting (LANGUAGE.md section 4)."
            case .other, nil: break
            }
        }
        if let symbol = analysis.names.binding(at: tokens[index].range.start.offset) {
            return symbolText(symbol, in: analysis)
        }
        if let function = LanguageCatalog.function(named: name) {
            return "```mask\n\(function.signature)\n```\n\(function.doc)"
        }
        if let color = Color.named[name] {
            return "```mask\n\(name)\n```\nA named colour, \(color)."
        }
        if LanguageCatalog.easeNames.contains(name) {
            return "```mask\n\(name)\n```\nAn ease for `animate ... ease \(name)`."
        }
        return nil
    }

    /// The doc of property `name` in the first of `kinds` that has it.
    private static func propertyText(_ name: String, kinds: [LayerKeyword]) -> String? {
        for kind in kinds {
            guard let property = LanguageCatalog.property(named: name, of: kind) else { continue }
            var lines = ["```mask\n\(name): \(property.type)\n```"]
            var facts = ["property of `\(kind.rawValue)`"]
            if let value = property.defaultValue { facts.append("default \(value)") }
            facts.append(property.isAnimatable ? "animatable" : "changes as a step")
            lines.append(facts.joined(separator: "; "))
            if !property.doc.isEmpty { lines.append(property.doc) }
            return lines.joined(separator: "\n\n")
        }
        return nil
    }

    /// How a declared name was declared.
    private static func symbolText(_ symbol: NameBindings.Binding, in analysis: DocumentAnalysis) -> String {
        let line = "line \(symbol.declaration.start.line)"
        switch symbol.kind {
        case .function:
            return "```mask\nfn \(symbol.name)(\(symbol.parameters.joined(separator: ", ")))\n```\nA function declared at \(line)."
        case .parameter:
            return "```mask\n\(symbol.name)\n```\nA parameter, declared at \(line)."
        case .loopVariable:
            return "```mask\n\(symbol.name)\n```\nA loop variable, declared at \(line)."
        case .variable:
            return "```mask\nlet \(symbol.name)\n```\nA variable declared at \(line)."
        case .namespace:
            return "```mask\n\(analysis.source.text(in: symbol.declarationNode))\n```\nThe names of an imported file, bound at \(line)."
        case .layer(let kind):
            let what = kind == .layer ? "A layer" : "A `\(kind.rawValue)` layer"
            var text = "```mask\n\(kind.rawValue) \(symbol.name)\n```\n\(what) declared at \(line)."
            if let frame = frameText(ofLayerAt: symbol.declarationNode, in: analysis) { text += "\n\n`frame: \(frame)`" }
            return text
        }
    }

    /// The `frame:` value written in the body of the layer declared at `range`, if any:
    /// cheap, and what the author wrote rather than a value computed at some time.
    private static func frameText(ofLayerAt range: SourceRange, in analysis: DocumentAnalysis) -> String? {
        func find(_ statements: [Stmt]) -> LayerDecl? {
            for statement in statements {
                switch statement.kind {
                case .layer(let layer), .mask(.declaration(let layer)):
                    if layer.range == range { return layer }
                    if let inner = find(layer.body) { return inner }
                case .function(let function):
                    if let inner = find(function.body) { return inner }
                case let .ifStatement(_, then, otherwise):
                    if let inner = find(then) ?? find(otherwise ?? []) { return inner }
                case let .forLoop(_, _, _, body), let .repeatLoop(_, _, _, body):
                    if let inner = find(body) { return inner }
                default:
                    continue
                }
            }
            return nil
        }
        guard let layer = find(analysis.statements) else { return nil }
        for statement in layer.body {
            if case let .property(name, _, value) = statement.kind, name == "frame" {
                return analysis.source.text(in: value.range)
            }
        }
        return nil
    }
}
