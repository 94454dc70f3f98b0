/// What can be reported of a file with syntax errors beyond them, so that fixing one error
/// does not reveal the next.
extension Compiler {
    /// The misspelled words in `statements`, the recovered parse of `source`, a file with
    /// syntax errors: properties a layer of known kind lacks (`opactiy`, Core Animation's
    /// `masksToBounds`) and unknown choice words (`gravity: aspectFil`), each with its "did
    /// you mean", in source order. Only these: an unknown variable, a duplicate or a
    /// misplaced `return` may be the echo of a declaration or a brace the syntax error
    /// lost, so they wait until the file parses. Imports are not read.
    static func misspellings(in statements: [Stmt], source: SourceFile) -> [RuntimeError] {
        let interpreter = Interpreter(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
        let start = statements.first?.range ?? SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))
        // The compile recurses over the tree as running it does, so it takes the same
        // stack (without it, for want of a thread, there is nothing more to report).
        let errors = try? interpreter.onLargeStack(at: start) { () -> [RuntimeError] in
            let compiler = Compiler(interpreter: interpreter, source: source, echo: false, statements: statements,
                                    misspellingsOnly: true)
            _ = compiler.block(statements, inLayerBody: false, scope: nil)
            compiler.checkProperties()
            return compiler.errors
        }
        return (errors ?? []).sorted { $0.range.start.offset < $1.range.start.offset }
    }
}
