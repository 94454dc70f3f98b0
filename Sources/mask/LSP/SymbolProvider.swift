import MaskScript

/// The outline `textDocument/documentSymbol` gives: layers as a tree (sublayers and the
/// masks, in order with their `maskCombine`, nested under their owner), functions,
/// top-level `let` names and the canvas.
enum SymbolProvider {
    /// LSP's symbol kinds.
    private enum SymbolKind: Int {
        case namespace = 3, function = 12, variable = 13, object = 19
    }

    /// The hierarchical symbols of the statements.
    static func symbols(in analysis: DocumentAnalysis) -> [[String: Any]] {
        analysis.statements.flatMap { symbols(of: $0, topLevel: true, in: analysis) }
    }

    private static func symbols(of statement: Stmt, topLevel: Bool, in analysis: DocumentAnalysis) -> [[String: Any]] {
        switch statement.kind {
        case .layer(let layer):
            return [symbol(of: layer, in: analysis)]
        case .mask(.declaration(let layer)):
            var mask = symbol(of: layer, in: analysis)
            mask["detail"] = "mask \(layer.kind.rawValue)" + (maskCombine(of: layer).map { ", \($0)" } ?? "")
            return [mask]
        case .function(let function):
            let name = function.name ?? "fn"
            let selection = analysis.names.bindings.first { $0.declarationNode == function.range && $0.kind == .function }
            return [make(name, detail: "fn(\(function.parameters.joined(separator: ", ")))", kind: .function,
                         range: function.range, selection: selection?.declaration ?? function.range,
                         children: function.body.flatMap { nestedLayers(in: $0, analysis) }, analysis)]
        case let .letBinding(name, nameRange, _) where topLevel:
            return [make(name, detail: "let", kind: .variable, range: statement.range, selection: nameRange, children: [], analysis)]
        case .canvas where topLevel:
            return [make("canvas", detail: "canvas", kind: .namespace, range: statement.range, selection: statement.range, children: [], analysis)]
        case let .ifStatement(_, then, otherwise):
            return (then + (otherwise ?? [])).flatMap { nestedLayers(in: $0, analysis) }
        case let .forLoop(_, _, _, body), let .repeatLoop(_, _, _, body):
            return body.flatMap { nestedLayers(in: $0, analysis) }
        default:
            return []
        }
    }

    /// The `maskCombine:` word a mask's body sets, if it sets one as a bare word.
    private static func maskCombine(of layer: LayerDecl) -> String? {
        for statement in layer.body {
            if case let .property(name, _, value) = statement.kind, name == "maskCombine", case .name(let word) = value.kind {
                return word
            }
        }
        return nil
    }

    /// The layers (and functions) declared in a nested block: loops and `if`s add layers too.
    private static func nestedLayers(in statement: Stmt, _ analysis: DocumentAnalysis) -> [[String: Any]] {
        symbols(of: statement, topLevel: false, in: analysis)
    }

    private static func symbol(of layer: LayerDecl, in analysis: DocumentAnalysis) -> [String: Any] {
        make(layer.name ?? layer.kind.rawValue, detail: layer.kind.rawValue, kind: .object, range: layer.range,
             selection: layer.nameRange ?? layer.range, children: layer.body.flatMap { nestedLayers(in: $0, analysis) }, analysis)
    }

    private static func make(_ name: String, detail: String, kind: SymbolKind, range: SourceRange, selection: SourceRange,
                             children: [[String: Any]], _ analysis: DocumentAnalysis) -> [String: Any] {
        ["name": name, "detail": detail, "kind": kind.rawValue, "range": analysis.index.range(of: range),
         "selectionRange": analysis.index.range(of: selection), "children": children]
    }
}
