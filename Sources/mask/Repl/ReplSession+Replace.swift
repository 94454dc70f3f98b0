import Foundation
import MaskEngine
import MaskScript
import Synchronization

/// One input that ran: its statements, its text, and the folder its paths resolved against.
struct ReplInput {
    let statements: [Stmt]
    let source: SourceFile
    let directory: String
}

/// Whether `print` reaches the terminal.
final class OutputGate: Sendable {
    private let muted = Mutex(false)

    var isMuted: Bool { muted.withLock { $0 } }

    /// Runs `body` with `print` silenced.
    func silently<T>(_ body: () -> T) -> T {
        muted.withLock { $0 = true }
        defer { muted.withLock { $0 = false } }
        return body()
    }
}

/// Declaring a layer again at the prompt replaces it (issue 13): the scene is append-only,
/// so the session is rebuilt by running every earlier input again, with the input that
/// declared the old layer split around its declaration and the new input in its place.
/// The new layer so takes the old one's place among its siblings, and what later inputs
/// did to the name (animations, changes) applies to the new layer.
extension ReplSession {
    /// Replaces the top-level layers `statements` declare again; false when there is
    /// none to replace (or replacing failed, after saying why), so the input is run as usual.
    func replaceLayers(declaredIn statements: [Stmt], source: SourceFile) -> Bool {
        let names = statements.compactMap { s -> String? in
            guard case .layer(let decl) = s.kind, let name = decl.name, case .layer? = interpreter.globalValue(named: name) else {
                return nil
            }
            return name
        }
        guard let name = names.first, let (entry, index, old) = declaration(of: name) else { return false }
        let input = history[entry]
        var rebuilt = Array(history[..<entry])
        let before = Array(input.statements[..<index]), after = Array(input.statements[(index + 1)...])
        if !before.isEmpty { rebuilt.append(ReplInput(statements: before, source: input.source, directory: input.directory)) }
        rebuilt.append(ReplInput(statements: statements, source: source, directory: resolver.directory))
        if !after.isEmpty { rebuilt.append(ReplInput(statements: after, source: input.source, directory: input.directory)) }
        rebuilt += history[(entry + 1)...]

        let fresh = ReplSession.makeInterpreter(resolver: resolver, output: output)
        let failure: (RuntimeError, SourceFile)? = output.silently {
            for part in rebuilt {
                do throws(ScriptErrors) {
                    try resolver.resolving(against: part.directory) { () throws(ScriptErrors) in
                        try fresh.run(part.statements, in: part.source) { _ in }
                    }
                } catch {
                    return (error.first, error.first.source ?? part.source)
                }
            }
            return nil
        }
        if let (error, written) = failure {
            Console.error("note: cannot replace layer `\(name)` (\(written.name):\(error.range.start.line): \(error.message)); adding a second one")
            return false
        }
        interpreter = fresh
        history = rebuilt
        Console.error("note: replaced layer `\(name)` declared at \(input.source.name):\(old.start.line):\(old.start.column)")
        return true
    }

    /// The latest top-level declaration of a layer called `name` in the history: the
    /// input, the statement's index in it, and its place.
    private func declaration(of name: String) -> (Int, Int, SourceRange)? {
        for entry in history.indices.reversed() {
            let statements = history[entry].statements
            for index in statements.indices.reversed() {
                if case .layer(let decl) = statements[index].kind, decl.name == name {
                    return (entry, index, decl.range)
                }
            }
        }
        return nil
    }
}
