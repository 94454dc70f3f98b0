// MARK: - Imports

extension Parser {
    /// importStatement -> "import" STRING ("as" IDENTIFIER)?
    ///
    /// Only at the top level of a file, outside every block. Without `as`, the bound
    /// name is the file's base name, which must then be a valid identifier.
    mutating func importStatement() throws -> Stmt {
        let keyword = advance()
        if braceDepth > 0 || context != .topLevel || functionDepth > 0 {
            report("`import` is only allowed at the top level of a file", at: keyword.range)
        }
        guard case .string(let path) = token.kind else {
            throw error("expected a file name in quotes after `import` (`import \"lib.mask\"`)")
        }
        let pathToken = advance()
        var alias: (name: String, range: SourceRange)?
        if match(.keyword(.as)) {
            alias = try expectName("expected a name after `as`")
        }
        let decl = ImportDecl(path: path, pathRange: pathToken.range, alias: alias?.name, aliasRange: alias?.range,
                              range: range(from: keyword.range))
        if alias == nil, !Parser.isIdentifier(decl.boundName) {
            report("the file name `\(decl.boundName)` is not a valid name; add `as NAME`", at: pathToken.range)
        }
        return Stmt(.importFile(decl), decl.range)
    }

    /// Whether `text` is an identifier that is not a keyword.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, Keyword(rawValue: text) == nil else { return false }
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
        return isLetter(first) && text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
