/// The names a script declares and, for every use of a name, the declaration it refers
/// to, as the resolver binds them when it compiles the script: what an editor's go to
/// definition, find references, hover and completion need.
///
/// Every `let`, `fn`, parameter, loop variable, named layer and `import` namespace is a
/// `Binding`, with the range of its name and the scope it is visible in (Grammar.md
/// section 7: blocks have lexical scope; a named layer binds in the block around the
/// outermost layer declaration). Each name a statement reads, assigns or calls is a use
/// of the binding the resolver chose for it, so shadowing, a function body seeing a name
/// declared after it, and an inner function's captures come out as the program runs
/// them. Names bound to built-ins or to the host's globals are not recorded, nor the
/// names inside imported files (a `lib.f` is a use of `lib`).
///
/// Works on a script with errors too: give it the statements `Parser.parse` recovered,
/// and it binds what the resolver can (unknown names are simply not uses of anything).
///
/// ```swift
/// let source = SourceFile(name: "demo.mask", text: "let r = 4\nlet d = r * 2\n")
/// let names = NameBindings(source: source, statements: Parser.parse(source).statements)
/// names.binding(at: 18)?.declaration.start.line   // 1: the `r` in `r * 2` is the `let r` of line 1
/// ```
public struct NameBindings: Sendable {
    /// What declared a name.
    public enum Kind: Equatable, Sendable {
        case variable, function, parameter, loopVariable
        /// The name an `import` binds its file's namespace to.
        case namespace
        /// A named layer of this kind.
        case layer(LayerKeyword)
    }

    /// One declaration and its uses.
    public struct Binding: Sendable {
        /// The name.
        public let name: String
        /// What declared it.
        public let kind: Kind
        /// The name's text in the declaration.
        public internal(set) var declaration: SourceRange
        /// The whole declaring statement, layer or function (for a parameter or a loop
        /// variable: the function or loop).
        public let declarationNode: SourceRange
        /// The block it is declared in: the whole program for a top-level name.
        public let scope: SourceRange
        /// The parameter names, for a function.
        public let parameters: [String]
        /// Every use bound to this declaration, in source order: reads, assignments,
        /// calls, and further named layers of the same name in the same block (which
        /// store into the same variable).
        public internal(set) var uses: [SourceRange] = []
    }

    /// Every declaration, in the order the resolver met them.
    public let bindings: [Binding]
    /// The range of every function, named or anonymous.
    public let functions: [SourceRange]

    /// Resolves `statements`, the (possibly recovered) parse of `source`. `resources`
    /// reads the files the script imports, so that an import binds its name as it does
    /// when the script runs.
    public init(source: SourceFile, statements: [Stmt], resources: any ResourceResolver = SandboxResolver()) {
        let interpreter = Interpreter(options: ScriptOptions(resources: resources, output: { _ in }))
        let programRange = SourceRange(start: SourceLocation(line: 1, column: 1, offset: 0), end: source.endLocation)
        let recorder = BindingRecorder(programRange: programRange)
        // The compile recurses over the tree as running it does, so it takes the same stack
        // (without it, for want of a thread, there are no bindings to give).
        _ = try? interpreter.onLargeStack(at: programRange) {
            let compiler = Compiler(interpreter: interpreter, source: source, echo: false, statements: statements)
            compiler.recorder = recorder
            _ = compiler.block(statements, inLayerBody: false, scope: nil)
        }
        bindings = recorder.bindings.map { binding in
            var binding = binding
            binding.uses.sort { $0.start.offset < $1.start.offset }
            // The resolver knows a function by its whole declaration; the name is the
            // identifier after `fn`.
            if binding.kind == .function, let name = NameBindings.nameToken(binding.name, after: binding.declaration, in: source) {
                binding.declaration = name
            }
            return binding
        }
        functions = recorder.functions
    }

    /// Resolves a script that parsed without errors.
    public init(_ script: Script, resources: any ResourceResolver = SandboxResolver()) {
        self.init(source: script.source, statements: script.statements, resources: resources)
    }

    /// The binding whose declaration or one of whose uses holds the scalar `offset`
    /// (the end of a name counts, where the cursor stands after typing it).
    public func binding(at offset: Int) -> Binding? {
        func holds(_ range: SourceRange) -> Bool { range.start.offset <= offset && offset <= range.end.offset }
        return bindings.first { holds($0.declaration) || $0.uses.contains(where: holds) }
    }

    /// The bindings visible at the scalar `offset`, innermost first and one per name:
    /// those declared before it in a scope around it, every function of such a scope,
    /// and, inside a function body, every name of a scope around the function (the body
    /// runs when called, after the whole block is declared).
    public func visible(at offset: Int) -> [Binding] {
        func holds(_ range: SourceRange, _ offset: Int) -> Bool { range.start.offset <= offset && offset <= range.end.offset }
        let enclosingFunctions = functions.filter { holds($0, offset) }
        let candidates = bindings.filter { holds($0.scope, offset) }
            .filter { binding in
                binding.declaration.start.offset <= offset || binding.kind == .function
                    || enclosingFunctions.contains { holds(binding.scope, $0.start.offset) && !holds($0, binding.declaration.start.offset) }
            }
            .sorted { $0.scope.start.offset > $1.scope.start.offset }
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.name).inserted }
    }

    /// The kind of the layer named `name` anywhere in the script, for `name.` where the
    /// text around is often unfinished.
    public func layerKind(named name: String) -> LayerKeyword? {
        for binding in bindings where binding.name == name {
            if case .layer(let kind) = binding.kind { return kind }
        }
        return nil
    }

    /// The range of the identifier `name` among the first tokens of `declaration`.
    ///
    /// Only the first three tokens of the declaration are read: the file's tokens (48
    /// bytes each) held for this doubled the memory of an editor's analysis.
    private static func nameToken(_ name: String, after declaration: SourceRange, in source: SourceFile) -> SourceRange? {
        var lexer = Lexer(file: source)
        lexer.position = declaration.start.offset
        lexer.lineHint = declaration.start.line - source.firstLine
        var tokens: [Token] = []
        while tokens.count < 3, lexer.moveTokens(to: &tokens) {}
        return tokens.prefix(3).first { $0.kind == .identifier(name) }?.range
    }
}
