import MaskScript

/// The names a document declares (`let`, `fn`, parameters, loop variables, named layers)
/// and, for every use of a name, the declaration it refers to: what go to definition,
/// find references, hover and completion need.
///
/// The walk follows Grammar.md section 7: blocks have lexical scope, `let` declares in
/// the current block from its statement on, and a named layer is bound in the scope
/// around the outermost layer declaration, sublayers and masks included. A function
/// body is walked when its enclosing block ends, since it runs only when called and then
/// sees the names declared after it. Names no declaration binds (built-ins, misspellings)
/// are not recorded. It is a static approximation of the evaluator's scopes, kept in
/// this one file so the resolver being written for the evaluator can replace it.
struct NameIndex {
    /// What declared a name.
    enum Kind: Equatable {
        case variable, function, parameter, loopVariable
        /// A named layer of this kind.
        case layer(LayerKeyword)
    }

    /// One declaration and its uses.
    struct Symbol {
        /// The name.
        let name: String
        /// What declared it.
        let kind: Kind
        /// The name's text in the declaration.
        let declaration: SourceRange
        /// The whole declaring statement or expression (for hover).
        let declarationNode: SourceRange
        /// The range of the scope it is visible in (from the declaration on).
        let scope: SourceRange
        /// The parameters, for a function.
        let parameters: [String]
        /// Every use of the name that refers to this declaration.
        var uses: [SourceRange] = []
    }

    /// Every declaration, in the order the walk met them.
    private(set) var symbols: [Symbol] = []
    /// The ranges of every function declaration, named or not.
    private(set) var functions: [SourceRange] = []

    /// Walks the statements; `tokens` give the names' ranges the tree does not keep
    /// (`fn NAME`).
    init(statements: [Stmt], tokens: [Token]) {
        var walker = ScopeWalker(tokens: tokens)
        // The top-level scope is the whole file, so the end of the text, where one types
        // most, sees every top-level name.
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        walker.walkBlock(statements, scope: SourceRange(start: start, end: tokens.last?.range.end ?? start))
        symbols = walker.symbols
        functions = walker.functions
    }

    /// The symbol whose declaration or one of whose uses holds `offset`.
    func symbol(at offset: Int) -> Symbol? {
        func holds(_ range: SourceRange) -> Bool { range.start.offset <= offset && offset <= range.end.offset }
        return symbols.first { holds($0.declaration) || $0.uses.contains(where: holds) }
    }

    /// The symbols visible at `offset`, innermost first for each name: those declared
    /// before it in an enclosing scope, and, inside a function body, those declared
    /// anywhere in a scope around the function (the body runs later, when called).
    func visible(at offset: Int) -> [Symbol] {
        func holds(_ range: SourceRange, _ offset: Int) -> Bool { range.start.offset <= offset && offset <= range.end.offset }
        let enclosingFunctions = functions.filter { holds($0, offset) }
        var seen = Set<String>()
        var result: [Symbol] = []
        let candidates = symbols.filter { holds($0.scope, offset) }
            .filter { symbol in
                symbol.declaration.start.offset <= offset || symbol.kind == .function
                    || enclosingFunctions.contains { holds(symbol.scope, $0.start.offset) && !holds($0, symbol.declaration.start.offset) }
            }
            .sorted { $0.scope.start.offset > $1.scope.start.offset }
        for symbol in candidates where seen.insert(symbol.name).inserted { result.append(symbol) }
        return result
    }

    /// The kind of the layer named `name` anywhere in the document (for `name.`
    /// completion, where the text is often unfinished).
    func layerKind(named name: String) -> LayerKeyword? {
        for symbol in symbols where symbol.name == name {
            if case .layer(let kind) = symbol.kind { return kind }
        }
        return nil
    }
}

/// The walk behind `NameIndex`: a stack of scopes, each mapping names to symbols.
private struct ScopeWalker {
    let tokens: [Token]
    var symbols: [NameIndex.Symbol] = []
    var functions: [SourceRange] = []
    /// The open scopes, innermost last: name to symbol index.
    private var scopes: [[String: Int]] = []
    /// The ranges of the open scopes.
    private var scopeRanges: [SourceRange] = []
    /// The scope that holds the outermost layer declaration being walked, if any.
    private var layerScope: Int?

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Walks a block in a new scope; function bodies wait until the block's end.
    mutating func walkBlock(_ statements: [Stmt], scope: SourceRange, declare: (inout ScopeWalker) -> Void = { _ in }) {
        scopes.append([:])
        scopeRanges.append(scope)
        declare(&self)
        var deferred: [FunctionDecl] = []
        for statement in statements { walk(statement, deferring: &deferred) }
        for function in deferred { walkFunction(function) }
        scopes.removeLast()
        scopeRanges.removeLast()
    }

    mutating func declare(_ name: String, _ kind: NameIndex.Kind, at range: SourceRange, node: SourceRange,
                          parameters: [String] = [], inScope level: Int? = nil) {
        let level = level ?? scopes.count - 1
        guard scopes.indices.contains(level) else { return }
        symbols.append(NameIndex.Symbol(name: name, kind: kind, declaration: range, declarationNode: node,
                                        scope: scopeRanges[level], parameters: parameters))
        scopes[level][name] = symbols.count - 1
    }

    mutating func use(_ name: String, at range: SourceRange) {
        for scope in scopes.reversed() {
            if let index = scope[name] {
                symbols[index].uses.append(range)
                return
            }
        }
    }

    private mutating func walk(_ statement: Stmt, deferring deferred: inout [FunctionDecl]) {
        switch statement.kind {
        case .expression(let expr), .delay(let expr):
            walk(expr)
        case let .letBinding(name, nameRange, value):
            walk(value)
            declare(name, .variable, at: nameRange, node: statement.range)
        case let .assign(name, nameRange, value):
            walk(value)
            use(name, at: nameRange)
        case let .setProperty(target, _, _, value):
            walk(target)
            walk(value)
        case .function(let function):
            if let name = function.name {
                declare(name, .function, at: nameRange(of: function) ?? function.range, node: function.range,
                        parameters: function.parameters)
            }
            deferred.append(function)
        case .returnStatement(let value):
            if let value { walk(value) }
        case let .ifStatement(condition, then, otherwise):
            walk(condition)
            walkBlock(then, scope: statement.range)
            if let otherwise { walkBlock(otherwise, scope: statement.range) }
        case let .forLoop(variable, variableRange, sequence, body):
            walk(sequence)
            walkBlock(body, scope: statement.range) { $0.declare(variable, .loopVariable, at: variableRange, node: statement.range) }
        case let .repeatLoop(count, index, indexRange, body):
            if case .times(let expr) = count { walk(expr) }
            walkBlock(body, scope: statement.range) { walker in
                if let index, let indexRange { walker.declare(index, .loopVariable, at: indexRange, node: statement.range) }
            }
        case .animate(let animate):
            walk(animate.target)
            for expr in [animate.from, animate.to, animate.keys, animate.times, animate.duration, animate.delay,
                         animate.stagger].compactMap({ $0 }) {
                walk(expr)
            }
            // Bare ease and order words (`easeIn`, `reverse`) are names only when declared.
            for expr in [animate.ease, animate.order].compactMap({ $0 }) { walk(expr) }
            if case .times(let expr) = animate.repeatCount { walk(expr) }
        case .wait:
            break
        case .canvas(let body):
            walkBlock(body, scope: statement.range)
        case .layer(let layer):
            walkLayer(layer)
        case let .property(_, _, value):
            walk(value)
        case .mask(.declaration(let layer)):
            walkLayer(layer)
        case .mask(.expression(let expr)):
            walk(expr)
        case .importFile(let decl):
            declare(decl.boundName, .variable, at: decl.boundNameRange, node: statement.range)
        }
    }

    /// Declares a named layer in the scope around the outermost declaration, then walks
    /// its body as a block.
    private mutating func walkLayer(_ layer: LayerDecl) {
        let isOutermost = layerScope == nil
        if isOutermost { layerScope = scopes.count - 1 }
        if let name = layer.name, let nameRange = layer.nameRange {
            declare(name, .layer(layer.kind), at: nameRange, node: layer.range, inScope: layerScope)
        }
        walkBlock(layer.body, scope: layer.range)
        if isOutermost { layerScope = nil }
    }

    /// Walks a function body in its own scope, parameters declared first. Layers declared
    /// inside a function belong to the function's scope, not to an outer layer's.
    private mutating func walkFunction(_ function: FunctionDecl) {
        functions.append(function.range)
        let outerLayerScope = layerScope
        layerScope = nil
        walkBlock(function.body, scope: function.range) { walker in
            for (name, range) in zip(function.parameters, function.parameterRanges) {
                walker.declare(name, .parameter, at: range, node: function.range)
            }
        }
        layerScope = outerLayerScope
    }

    private mutating func walk(_ expr: Expr) {
        switch expr.kind {
        case .number, .string, .bool, .nilLiteral, .color:
            break
        case .name(let name):
            use(name, at: expr.range)
        case .list(let items):
            for item in items { walk(item) }
        case let .range(low, high, _):
            walk(low)
            walk(high)
        case let .unary(_, operand):
            walk(operand)
        case let .binary(_, left, right):
            walk(left)
            walk(right)
        case let .call(callee, arguments):
            walk(callee)
            for argument in arguments { walk(argument) }
        case let .index(base, index):
            walk(base)
            walk(index)
        case let .member(base, _, _):
            walk(base)
        case .function(let function):
            // An anonymous function runs later too, but its body can only see what is
            // declared by then in this same walk order; walking it now is close enough.
            walkFunction(function)
        }
    }

    /// The range of the name after `fn`, found in the tokens since the tree keeps only
    /// the whole declaration.
    private func nameRange(of function: FunctionDecl) -> SourceRange? {
        guard let name = function.name else { return nil }
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start.offset <= function.range.start.offset { low = middle + 1 } else { high = middle }
        }
        for token in tokens[low...].prefix(3) where token.kind == .identifier(name) { return token.range }
        return nil
    }
}
