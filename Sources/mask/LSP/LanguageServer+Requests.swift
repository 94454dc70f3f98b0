import Foundation
import MaskScript

/// The requests about one document: completion, hover, symbols, formatting, definition,
/// references and rename.
extension LanguageServer {
    func completion(_ params: Parameters) throws(ResponseError) -> Any {
        let (_, analysis) = try openDocument(params)
        let offset = analysis.offset(of: try params.position("position"))
        return ["isIncomplete": false, "items": CompletionProvider.items(in: analysis, at: offset)]
    }

    func hover(_ params: Parameters) throws(ResponseError) -> Any {
        let (_, analysis) = try openDocument(params)
        return HoverProvider.hover(in: analysis, at: analysis.offset(of: try params.position("position"))) ?? NSNull()
    }

    func documentSymbols(_ params: Parameters) throws(ResponseError) -> Any {
        SymbolProvider.symbols(in: try openDocument(params).analysis)
    }

    /// One edit replacing the whole document with `mask fmt`'s output; an error for a
    /// document with syntax errors, which `mask fmt` refuses to rewrite too.
    func formatting(_ params: Parameters) throws(ResponseError) -> Any {
        let (document, analysis) = try openDocument(params)
        let formatted: String
        do {
            formatted = try ScriptFormatter.format(analysis.source)
        } catch {
            let first = error.diagnostics.first.map { "\($0.range.start): \($0.message)" } ?? "syntax error"
            throw ResponseError(ResponseError.requestFailed, "cannot format a script with syntax errors (\(first))")
        }
        guard formatted != document.text else { return [Any]() }
        let end = LineIndex(document.scalars).endPosition
        return [["range": ["start": Position(line: 0, character: 0).json, "end": end.json], "newText": formatted]]
    }

    /// Where the name under the cursor is declared.
    func definition(_ params: Parameters) throws(ResponseError) -> Any {
        let (document, analysis) = try openDocument(params)
        guard let symbol = analysis.names.binding(at: analysis.offset(of: try params.position("position"))) else { return NSNull() }
        return ["uri": document.uri, "range": analysis.index.range(of: symbol.declaration)]
    }

    /// Every use of the name under the cursor, and its declaration when asked for.
    func references(_ params: Parameters) throws(ResponseError) -> Any {
        let (document, analysis) = try openDocument(params)
        guard let symbol = analysis.names.binding(at: analysis.offset(of: try params.position("position"))) else { return [Any]() }
        let includeDeclaration = (try? params.object("context"))?.object["includeDeclaration"] as? Bool ?? true
        let ranges = (includeDeclaration ? [symbol.declaration] : []) + symbol.uses
        return ranges.map { ["uri": document.uri, "range": analysis.index.range(of: $0)] }
    }

    /// The name under the cursor, when it can be renamed (null otherwise).
    func prepareRename(_ params: Parameters) throws(ResponseError) -> Any {
        let (_, analysis) = try openDocument(params)
        guard let (binding, range) = RenameProvider.target(in: analysis, at: analysis.offset(of: try params.position("position")))
        else { return NSNull() }
        return ["range": analysis.index.range(of: range), "placeholder": binding.name]
    }

    /// The edits renaming the name under the cursor and every use bound to it.
    func rename(_ params: Parameters) throws(ResponseError) -> Any {
        let (document, analysis) = try openDocument(params)
        let newName = try params.string("newName")
        let ranges = try RenameProvider.ranges(in: analysis, at: analysis.offset(of: try params.position("position")), to: newName)
        let edits: [[String: Any]] = ranges.map { ["range": analysis.index.range(of: $0), "newText": newName] }
        return ["changes": [document.uri: edits]]
    }
}
