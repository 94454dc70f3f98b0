import MaskScript

/// `textDocument/prepareRename` and `textDocument/rename`: a declared name and every use
/// the resolver binds to it (`NameBindings`), renamed together in the one document.
///
/// A rename never changes what a name refers to, because it refuses a new name that
/// the document already spells anywhere (another variable, a built-in, a property or a
/// member of that name): only then can no use be captured by another declaration, nor
/// another name by this one. Files that import the document are not changed.
enum RenameProvider {
    /// The binding under the cursor and the range of its name there; nil when the cursor
    /// is on nothing that can be renamed (a built-in, a keyword, `import "x.mask"` with
    /// no `as` name, whose name is the file's).
    static func target(in analysis: DocumentAnalysis, at offset: Int) -> (binding: NameBindings.Binding, range: SourceRange)? {
        guard let binding = analysis.names.binding(at: offset) else { return nil }
        let ranges = [binding.declaration] + binding.uses
        // Every range must spell the name: an import without `as` is bound to a name its
        // path only implies.
        guard ranges.allSatisfy({ analysis.source.text(in: $0) == binding.name }),
              let here = ranges.first(where: { $0.start.offset <= offset && offset <= $0.end.offset }) else { return nil }
        return (binding, here)
    }

    /// The ranges to replace with `newName`: the declaration and every use.
    /// - Throws: `requestFailed` naming why the rename is refused.
    static func ranges(in analysis: DocumentAnalysis, at offset: Int, to newName: String) throws(ResponseError) -> [SourceRange] {
        guard let (binding, _) = target(in: analysis, at: offset) else {
            throw ResponseError(ResponseError.requestFailed, "there is no declared name here to rename")
        }
        let tokens = Lexer.tokenize(SourceFile(name: "new name", text: newName)).tokens
        guard tokens.count == 2, tokens[0].kind == .identifier(newName), tokens[1].kind == .eof else {
            throw ResponseError(ResponseError.requestFailed, "`\(newName)` is not a name (letters, digits and `_`, not a keyword)")
        }
        guard newName != binding.name else { return [] }
        if analysis.tokens.contains(where: { $0.kind == .identifier(newName) }) {
            throw ResponseError(ResponseError.requestFailed,
                                "`\(newName)` is already used in this document; renaming `\(binding.name)` to it could change what a name refers to")
        }
        return [binding.declaration] + binding.uses
    }
}
