/// `import "path.mask" [as name]`: runs another file once and binds a namespace of its
/// top-level `let` and `fn` names (LANGUAGE.md section 10).
public struct ImportDecl: Sendable {
    /// The path as written: relative to the importing file's folder, or `effects` for the
    /// library that ships with the tool.
    public var path: String
    /// The source of the path's string literal.
    public var pathRange: SourceRange
    /// The name given with `as`, if any.
    public var alias: String?
    /// The source of the `as` name, when there is one.
    public var aliasRange: SourceRange?
    /// The whole statement.
    public var range: SourceRange

    /// Creates an import declaration.
    public init(path: String, pathRange: SourceRange, alias: String?, aliasRange: SourceRange?, range: SourceRange) {
        self.path = path
        self.pathRange = pathRange
        self.alias = alias
        self.aliasRange = aliasRange
        self.range = range
    }

    /// The name the namespace is bound to: the alias, or else the file's base name
    /// (`lib` for `"path/lib.mask"`).
    public var boundName: String {
        if let alias { return alias }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = file.lastIndex(of: "."), dot != file.startIndex { return String(file[..<dot]) }
        return file
    }

    /// The source of the bound name: the alias, or else the path.
    public var boundNameRange: SourceRange { aliasRange ?? pathRange }
}
