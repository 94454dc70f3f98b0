import Foundation

/// A file some program imported: read, parsed and compiled once per interpreter, and run
/// the first time an `import` of it runs.
final class Module {
    /// What identifies the file: the name its `SourceFile` has (`ResourceResolver.script(named:)`).
    let key: String
    let source: SourceFile
    /// The path of its first import, relative to the main program's folder, for messages.
    let path: String
    /// The folder that relative imports inside the file start from.
    let folder: String
    let plan: ModulePlan
    /// Its names, once it has run.
    var namespace: Namespace?

    init(key: String, source: SourceFile, path: String, folder: String, plan: ModulePlan) {
        self.key = key
        self.source = source
        self.path = path
        self.folder = folder
        self.plan = plan
    }

    /// How deeply imports may nest (a file importing a file importing ...).
    static let depthLimit = 32
    /// The path that names the library shipped with the tool.
    static let effectsPath = "effects"
}

extension Interpreter {
    /// The compiled module an `import` names, read through `resources` (or the effects
    /// library), compiled on first use. Problems (unreadable file, syntax or static errors
    /// inside it, a cycle, nesting too deep) go to `report`, each pointing into the file
    /// where it is; the result is then nil.
    func module(for decl: ImportDecl, from folder: String, reporting report: (RuntimeError) -> Void) -> Module? {
        let path = Interpreter.join(folder, decl.path)
        let source: SourceFile
        if decl.path == Module.effectsPath {
            source = EffectsLibrary.source
        } else {
            do { source = try resources.script(named: path) } catch {
                report(RuntimeError("cannot import `\(decl.path)`: \(error)", at: decl.pathRange))
                return nil
            }
        }
        let key = source.name
        if let module = modules[key] { return module }
        if let start = importsBeingCompiled.firstIndex(where: { $0.key == key }) {
            let chain = (importsBeingCompiled[start...].map(\.path) + [path]).map { "`\($0)`" }
            report(RuntimeError("import cycle: \(chain.joined(separator: " imports ")); a file cannot import itself, even through others",
                                at: decl.pathRange))
            return nil
        }
        guard importsBeingCompiled.count < Module.depthLimit else {
            report(RuntimeError("imports nested deeper than the limit of \(Module.depthLimit)", at: decl.pathRange))
            return nil
        }
        let (statements, diagnostics) = Parser.parse(source)
        let syntaxErrors = diagnostics.filter { $0.severity == .error }
        guard syntaxErrors.isEmpty else {
            for d in syntaxErrors {
                var error = RuntimeError(d.message, at: d.range, notes: d.notes.map { ($0.message, $0.range) })
                error.source = source
                report(error)
            }
            return nil
        }
        importsBeingCompiled.append((key, path))
        defer { importsBeingCompiled.removeLast() }
        let moduleFolder = decl.path == Module.effectsPath ? "" : (path as NSString).deletingLastPathComponent
        switch Compiler.compileImported(statements, for: self, source: source, folder: moduleFolder) {
        case .success(let plan):
            let module = Module(key: key, source: source, path: path, folder: moduleFolder, plan: plan)
            modules[key] = module
            return module
        case .failure(let failure):
            for e in failure.errors { report(e) }
            return nil
        }
    }

    /// A path relative to `folder` (unless it is absolute or `folder` is empty).
    static func join(_ folder: String, _ path: String) -> String {
        if folder.isEmpty || path.hasPrefix("/") || path == Module.effectsPath { return path }
        return (folder as NSString).appendingPathComponent(path)
    }

    /// The namespace of `module`, running its top level the first time. While it runs,
    /// anything that would change the scene is refused (`refuseInImport`).
    /// - Throws: the first error of its top level, pointing into its file.
    func namespace(of module: Module, boundAs name: String, at range: SourceRange) throws(RuntimeError) -> Namespace {
        if let namespace = module.namespace { return namespace }
        importDepth += 1
        defer { importDepth -= 1 }
        let plan = module.plan
        let members: [(String, Value)]
        do {
            members = try withFrame(slots: plan.slotCount, cells: plan.cellCount) { slots, cells throws(RuntimeError) in
                let frame = Frame(slots: slots, cells: cells, captures: [])
                _ = try plan.body(self, frame)
                var out: [(String, Value)] = []
                for export in plan.exports { out.append((export.name, try export.read(self, frame))) }
                return out
            }
        } catch {
            throw located(error, in: module.source)
        }
        let namespace = Namespace(name: name, fileName: module.path, members: members)
        module.namespace = namespace
        return namespace
    }

    /// Fails when an imported file's top level is running: it may declare only functions
    /// and constants (LANGUAGE.md section 10). `what` names the refused statement.
    @inline(__always)
    func refuseInImport(_ what: @autoclosure () -> String, at range: SourceRange) throws(RuntimeError) {
        if importDepth > 0 {
            throw RuntimeError("an imported file may only declare functions and constants: \(what()) while it is imported would change the importing scene", at: range)
        }
    }

    /// The message for a side effect written at an imported file's top level.
    static func sideEffectMessage(_ what: String) -> String {
        "an imported file may only declare functions and constants: \(what) here would change the importing scene; put it in a function"
    }
}
