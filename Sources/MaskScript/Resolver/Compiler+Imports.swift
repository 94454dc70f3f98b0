/// `import "path.mask" [as name]` (LANGUAGE.md section 10), compiled.
///
/// The imported file is read, parsed and compiled while the importing program is
/// compiled, so its names are known statically (`lib.nme` is reported before anything
/// runs, with "did you mean"); it runs when the `import` statement runs, once per
/// interpreter (`Interpreter.namespace(of:boundAs:at:)`).
extension Compiler {
    func importFile(_ decl: ImportDecl, _ range: SourceRange) -> Action {
        let variable = declared(decl.boundName)
        guard !misspellingsOnly, let module = interpreter.module(for: decl, from: folder, reporting: { self.errors.append($0) }),
              let variable else {
            return { i, _ throws(RuntimeError) in
                try i.step(range)
                return .normal
            }
        }
        variable.namespaceNames = (decl.path, module.plan.exports.map(\.name))
        let put = store(variable)
        let name = decl.boundName
        return { i, f throws(RuntimeError) in
            try i.step(range)
            put(f, .namespace(try i.namespace(of: module, boundAs: name, at: range)))
            return .normal
        }
    }

    /// Compiles the statements of an imported file. Its top level may declare only
    /// functions and constants: a layer, `canvas`, `animate`, `delay`, `wait` or a property
    /// change there is reported at its place (the same things done by a function called
    /// from there are refused when they run, `Interpreter.refuseInImport`).
    static func compileImported(_ statements: [Stmt], for interpreter: Interpreter, source: SourceFile,
                                folder: String) -> Result<ModulePlan, ScriptErrors> {
        let compiler = Compiler(interpreter: interpreter, source: source, echo: false, statements: statements,
                                importedFrom: folder)
        compiler.refuseSideEffects(in: statements)
        compiler.beginBlock(statements, inLayerBody: false, declaring: [], scope: nil)
        let actions = statements.map { ActionCell(run: compiler.statement($0)) }
        var exports: [(name: String, read: Code)] = []
        // Only `let` and `fn` names: a file's own imports are not passed on.
        var seen = Set(statements.compactMap { s -> String? in
            if case .importFile(let decl) = s.kind { return decl.boundName }
            return nil
        })
        for d in NameScan.declarations(in: statements, inLayerBody: false) {
            guard case .binding = d.kind, seen.insert(d.name).inserted else { continue }
            exports.append((d.name, compiler.expression(Expr(.name(d.name), d.range))))
        }
        compiler.endBlock()
        compiler.checkProperties()
        compiler.checkMembers()
        guard compiler.errors.isEmpty else {
            return .failure(ScriptErrors(compiler.errors.map { error in
                var located = error
                if located.source == nil { located.source = source }
                return located
            }, phase: .check))
        }
        return .success(ModulePlan(body: Compiler.sequence(actions), slotCount: compiler.function.slotCount,
                                   cellCount: compiler.function.cellCount, exports: exports))
    }

    /// Reports the statements of an imported file's top level (and of its `if`, `for`
    /// and `repeat` blocks) that would change the scene.
    private func refuseSideEffects(in statements: [Stmt]) {
        for s in statements {
            let what: String?
            switch s.kind {
            case .layer: what = "a layer declaration"
            case .canvas: what = "`canvas`"
            case .animate: what = "`animate`"
            case .delay: what = "`delay`"
            case .wait: what = "`wait`"
            case .setProperty: what = "a property change"
            case let .ifStatement(_, then, otherwise):
                refuseSideEffects(in: then)
                refuseSideEffects(in: otherwise ?? [])
                what = nil
            case let .forLoop(_, _, _, body), let .repeatLoop(_, _, _, body):
                refuseSideEffects(in: body)
                what = nil
            default: what = nil
            }
            if let what { error(Interpreter.sideEffectMessage(what), at: s.range) }
        }
    }

    /// Remembers to check `lib.name` when `lib` is a name an `import` bound.
    func checkMember(_ name: String, on base: Expr, at range: SourceRange) {
        guard case .name(let n) = base.kind else { return }
        switch resolve(n) {
        case .local(_, let v), .capture(_, let v), .global(_, let v?):
            if v.namespaceNames != nil { memberChecks.append((v, name, range)) }
        default: break
        }
    }

    /// Checks the members read from namespaces whose names nothing assigns.
    func checkMembers() {
        for check in memberChecks where !check.variable.assigned {
            guard let namespace = check.variable.namespaceNames, !namespace.names.contains(check.name) else { continue }
            errors.append(Namespace.unknownMember(check.name, of: check.variable.name, fileName: namespace.fileName,
                                                  names: namespace.names, at: check.range))
        }
    }
}

/// An imported file, compiled: its top level, the frame it runs in, and how to read each
/// of its top-level `let` and `fn` names once it has run.
struct ModulePlan {
    let body: Action
    let slotCount: Int
    let cellCount: Int
    let exports: [(name: String, read: Code)]
}
