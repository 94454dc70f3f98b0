/// The looks ahead the resolver needs before it compiles a block or a function: which
/// names the block will declare, and which names nested functions use. Both recurse
/// over the tree, which the parser keeps at most 256 levels deep.
enum NameScan {
    /// A declaration a block makes.
    struct Declaration {
        enum Kind {
            /// `let`, `fn` or `import`: what the name is (for `NameBindings`).
            case binding(NameBindings.Kind)
            case layer(LayerKeyword)
        }
        let name: String
        let range: SourceRange
        let kind: Kind
        /// The whole declaring statement or layer declaration.
        let node: SourceRange
        /// The parameters, for a function.
        var parameters: [String] = []
    }

    /// The names `statements` declare in their own block: `let` and `fn` names, and,
    /// outside a layer body, the names of the layers declared here or anywhere inside
    /// those layers' bodies (Grammar.md: a named layer binds around the outermost layer
    /// declaration).
    static func declarations(in statements: [Stmt], inLayerBody: Bool) -> [Declaration] {
        var out: [Declaration] = []
        for statement in statements {
            switch statement.kind {
            case let .letBinding(name, nameRange, _):
                out.append(Declaration(name: name, range: nameRange, kind: .binding(.variable), node: statement.range))
            case .function(let decl):
                if let name = decl.name {
                    out.append(Declaration(name: name, range: decl.range, kind: .binding(.function), node: decl.range,
                                           parameters: decl.parameters))
                }
            case .layer(let decl) where !inLayerBody:
                layerNames(decl, into: &out)
            case .importFile(let decl):
                out.append(Declaration(name: decl.boundName, range: decl.boundNameRange, kind: .binding(.namespace),
                                       node: statement.range))
            default:
                break
            }
        }
        return out
    }

    /// The names of `decl` and of every layer declared in its body, not inside functions.
    private static func layerNames(_ decl: LayerDecl, into out: inout [Declaration]) {
        if let name = decl.name {
            out.append(Declaration(name: name, range: decl.nameRange ?? decl.range, kind: .layer(decl.kind), node: decl.range))
        }
        nestedLayerNames(decl.body, into: &out)
    }

    private static func nestedLayerNames(_ statements: [Stmt], into out: inout [Declaration]) {
        for statement in statements {
            switch statement.kind {
            case .layer(let decl): layerNames(decl, into: &out)
            case .mask(.declaration(let decl)): layerNames(decl, into: &out)
            case let .ifStatement(_, then, otherwise):
                nestedLayerNames(then, into: &out)
                if let otherwise { nestedLayerNames(otherwise, into: &out) }
            case let .forLoop(_, _, _, body): nestedLayerNames(body, into: &out)
            case let .repeatLoop(_, _, _, body): nestedLayerNames(body, into: &out)
            default: break
            }
        }
    }

    /// Every name used or assigned inside the functions nested in `statements` (at any
    /// depth): the locals of those names may be captured, so they live in cells.
    static func capturedNames(in statements: [Stmt]) -> Set<String> {
        var scan = Collector()
        for s in statements { scan.visit(s) }
        return scan.names
    }

    /// Walks a tree, collecting names once it is inside a function.
    private struct Collector {
        var names: Set<String> = []
        var functionDepth = 0

        mutating func visit(_ s: Stmt) {
            switch s.kind {
            case .expression(let e), .delay(let e): visit(e)
            case let .letBinding(_, _, value): visit(value)
            case let .assign(name, _, value):
                note(name)
                visit(value)
            case let .setProperty(target, _, _, value):
                visit(target)
                visit(value)
            case .function(let decl): visit(decl)
            case .returnStatement(let e): if let e { visit(e) }
            case let .ifStatement(condition, then, otherwise):
                visit(condition)
                for t in then { visit(t) }
                for o in otherwise ?? [] { visit(o) }
            case let .forLoop(_, _, sequence, body):
                visit(sequence)
                for b in body { visit(b) }
            case let .repeatLoop(count, _, _, body):
                if case .times(let e) = count { visit(e) }
                for b in body { visit(b) }
            case .animate(let a):
                for e in [a.target, a.from, a.to, a.keys, a.times, a.duration, a.delay, a.ease, a.stagger, a.order] {
                    if let e { visit(e) }
                }
                if case .times(let e)? = a.repeatCount { visit(e) }
            case .wait, .importFile: break
            case .canvas(let body): for b in body { visit(b) }
            case .layer(let decl): for b in decl.body { visit(b) }
            case let .property(_, _, value): visit(value)
            case .mask(.declaration(let decl)): for b in decl.body { visit(b) }
            case .mask(.expression(let e)): visit(e)
            }
        }

        mutating func visit(_ decl: FunctionDecl) {
            functionDepth += 1
            for b in decl.body { visit(b) }
            functionDepth -= 1
        }

        mutating func visit(_ e: Expr) {
            switch e.kind {
            case .number, .string, .bool, .nilLiteral, .color: break
            case .name(let name): note(name)
            case .list(let items): for i in items { visit(i) }
            case let .range(lo, hi, _):
                visit(lo)
                visit(hi)
            case let .unary(_, operand): visit(operand)
            case let .binary(_, lhs, rhs):
                visit(lhs)
                visit(rhs)
            case let .call(callee, arguments):
                visit(callee)
                for a in arguments { visit(a) }
            case let .index(base, index):
                visit(base)
                visit(index)
            case let .member(base, _, _): visit(base)
            case .function(let decl): visit(decl)
            }
        }

        mutating func note(_ name: String) {
            if functionDepth > 0 { names.insert(name) }
        }
    }
}
