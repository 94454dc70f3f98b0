import Foundation
import MaskScript

/// The errors a run found in the files a document imports, sorted out for publishing:
/// each file's own diagnostics, to publish against that file's URI, and one error at
/// the document's `import` statement that leads to the file, pointing there.
///
/// An error in a file imported through another (`a.mask` imports `b.mask`) is put at the
/// document's import of `a.mask`: the reach of each import is found by reading the
/// imports of the files it imports, as the run does (the first import that reaches a
/// file takes it).
struct ImportedErrors {
    /// The diagnostics of one imported file.
    struct File {
        /// The file as the run read it (its name is its path).
        let source: SourceFile
        /// Its diagnostics, in the order the run gave them.
        var diagnostics: [Diagnostic]
    }

    /// The error to show at one of the document's import statements.
    struct ImportError {
        /// The import statement.
        let range: SourceRange
        /// The first diagnostic's message, and how many there are.
        let message: String
        /// The gravest of the file's diagnostics (an error, or the note of a run stopped
        /// by the editor's budget).
        let severity: Diagnostic.Severity
        /// The file whose diagnostics it stands for.
        let file: File
    }

    /// The imported files with diagnostics, in the order of their first diagnostic.
    private(set) var files: [File] = []
    /// The errors to show at the document's import statements, one per file, in the
    /// order of the statements.
    private(set) var atImports: [ImportError] = []

    /// Sorts `diagnostics`: those in the document (`document.name`) are left out, the
    /// others grouped by file. `sources` are the files the run read, `statements` the
    /// document's, `folder` where its relative imports start.
    init(_ diagnostics: [Diagnostic], sources: [SourceFile], document: SourceFile, statements: [Stmt], folder: String?) {
        for diagnostic in diagnostics where diagnostic.fileName != document.name {
            if let i = files.firstIndex(where: { $0.source.name == diagnostic.fileName }) {
                files[i].diagnostics.append(diagnostic)
            } else if let source = sources.first(where: { $0.name == diagnostic.fileName }) {
                files.append(File(source: source, diagnostics: [diagnostic]))
            }
        }
        guard !files.isEmpty else { return }
        let imports = statements.compactMap { statement -> ImportDecl? in
            if case .importFile(let decl) = statement.kind { return decl }
            return nil
        }
        let reach = imports.map { ImportedErrors.files(reachedBy: $0, from: folder) }
        for file in files {
            // A file no import is found to reach (it changed on disk since the run) is
            // put at the first import, so its errors are never lost.
            guard let decl = zip(imports, reach).first(where: { $0.1.contains(file.source.name) })?.0 ?? imports.first else { continue }
            atImports.append(ImportedErrors.error(at: decl, for: file))
        }
        atImports.sort { $0.range.start.offset < $1.range.start.offset }
    }

    /// The error at `decl` for the diagnostics of `file`: the first one's message and the count.
    private static func error(at decl: ImportDecl, for file: File) -> ImportError {
        let name = (file.source.name as NSString).lastPathComponent
        let first = file.diagnostics.first?.message ?? ""
        let count = file.diagnostics.count
        let message = count == 1 ? "in the imported file `\(name)`: \(first)"
            : "in the imported file `\(name)` (\(count) problems, the first): \(first)"
        let severity: Diagnostic.Severity = file.diagnostics.contains { $0.severity == .error } ? .error
            : file.diagnostics.contains { $0.severity == .warning } ? .warning : .note
        return ImportError(range: decl.range, message: message, severity: severity, file: file)
    }

    /// The standardised paths of the files `decl` imports, directly or through the files
    /// it imports, read and parsed (not run). Each file is read once, so a cycle ends.
    private static func files(reachedBy decl: ImportDecl, from folder: String?) -> Set<String> {
        var reached = Set<String>()
        var pending: [(path: String, folder: String?)] = [(decl.path, folder)]
        while let (path, folder) = pending.popLast() {
            guard let folder, let source = try? FileResolver(baseDirectory: folder).script(named: path),
                  reached.insert(source.name).inserted else { continue }
            for statement in Parser.parse(source).statements {
                if case .importFile(let inner) = statement.kind { pending.append((inner.path, Script.folder(of: source.name))) }
            }
        }
        return reached
    }
}
