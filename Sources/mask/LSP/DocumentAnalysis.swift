import Foundation
import MaskEngine
import Synchronization
import MaskScript

/// What the server knows about one version of a document: its tokens, its syntax tree
/// (recovered past errors), its names, and the diagnostics `mask check` would print.
///
/// Built once per change, so completion, hover and the other requests read it without
/// parsing again.
struct DocumentAnalysis {
    /// The most evaluation steps one run may take: a keystroke must never wait on
    /// `repeat 1e9 {}`. A typical example script needs a few thousand.
    static let stepBudget = 200_000
    /// The longest one run may take, for work the step count does not see (large images).
    static let timeBudget: TimeInterval = 1
    /// What the check of the first frame may cost on a keystroke: an eighth of the
    /// renderer's default buffers and work (`mask check` uses those in full). A frame
    /// that needs more is checked by `mask check`, and the editor says so.
    static let frameBudget = RenderBudget(bufferBytes: RenderBudget().bufferBytes / 8, work: RenderBudget().work / 8)

    /// The text as the parser saw it.
    let source: SourceFile
    /// Positions in `source`'s scalars.
    let index: LineIndex
    /// The tokens of the text, ending with `eof`.
    let tokens: [Token]
    /// The statements the parser recovered.
    let statements: [Stmt]
    /// The names the document declares and uses, as the resolver binds them.
    let names: NameBindings
    /// The parse errors, or else the run-time error, as `mask check` reports them: those
    /// in the document itself.
    let diagnostics: [Diagnostic]
    /// The errors the run found in the files the document imports.
    let imported: ImportedErrors
    /// True when the text has syntax errors (formatting refuses it).
    let hasSyntaxErrors: Bool

    /// Parses the document and, when it parses, runs it with a small budget. Images and
    /// fonts resolve against the document's folder; `print` output is dropped, since
    /// standard output carries the protocol. Nil when `isSuperseded` turned true before
    /// the analysis was done (asked between stages and while the script runs): a newer
    /// version of the document is waiting, and this one's results would be stale. A
    /// `watch` (tests only) sees the run of the script start and end.
    init?(_ document: TextDocument, isSuperseded: @escaping @Sendable () -> Bool = { false }, watch: AnalysisWatch? = nil) {
        let path = DocumentURI.filePath(of: document.uri)
        source = SourceFile(name: path ?? document.uri, text: document.text)
        // `SourceFile` drops a leading byte-order mark; the client still counts it.
        index = LineIndex(source.scalars, leadingUnits: document.scalars.first == "\u{FEFF}" ? 1 : 0)
        tokens = Lexer.tokenize(source).tokens
        let parsed = Parser.parse(source)
        statements = parsed.statements
        let folder = path.map(Script.folder(of:))
        names = NameBindings(source: source, statements: parsed.statements, resources: DocumentAnalysis.resources(in: folder))
        // The syntax errors and misspellings, as `mask check` prints them.
        let errors = Script.errors(ofParse: parsed.statements, parsed.diagnostics, in: source)
        hasSyntaxErrors = !errors.isEmpty
        // Errors and the run's warnings (characters no font has), as `mask check` prints them.
        if isSuperseded() { return nil }
        let (found, sources) = hasSyntaxErrors ? (errors, []) : DocumentAnalysis.run(source, folder: folder, isSuperseded: isSuperseded, watch: watch)
        if isSuperseded() { return nil }
        let source = self.source
        diagnostics = found.filter { $0.fileName == source.name }
        imported = ImportedErrors(found, sources: sources, document: source, statements: parsed.statements, folder: folder)
    }

    /// The static or run-time errors of one bounded run, or else what stops its first
    /// frame, if any, and the imported files they may point into. A run stopped by this server's own budget is not an error of
    /// the script (`mask check` allows a hundred times more steps), so it becomes
    /// information at the place the run stopped, which is usually inside the loop to look at.
    private static func run(_ source: SourceFile, folder: String?, isSuperseded: @escaping @Sendable () -> Bool,
                            watch: AnalysisWatch?) -> ([Diagnostic], [SourceFile]) {
        let script: Script
        do { script = try Script(source: source) } catch { return (error.diagnostics, []) }
        var limits = Limits()
        limits.steps = stepBudget
        // The time budget counts from the end of a watch's hold.
        let deadline = Mutex(Date().addingTimeInterval(timeBudget))
        let polled = Mutex(false)  // once the run has polled
        let warnings = Mutex<[Diagnostic]>([])
        // The cancellation point: polled by the interpreter every 4,096 steps.
        let isCancelled: @Sendable () -> Bool = {
            if let watch, polled.withLock({ first in defer { first = true }; return !first }) {
                watch.running()
                deadline.withLock { $0 = Date().addingTimeInterval(timeBudget) }
            }
            return isSuperseded() || Date() > deadline.withLock { $0 }
        }
        let options = ScriptOptions(resources: resources(in: folder), limits: limits, output: { _ in },
                                    warn: { warning in warnings.withLock { $0.append(warning) } },
                                    isCancelled: isCancelled)
        let (found, sources, cancelled) = run(script, options: options, warnings: { warnings.withLock { $0 } })
        watch?.ended(cancelled)
        return (found, sources)
    }

    /// Builds the script and checks its first frame: the diagnostics, the imported files
    /// they point into, and whether the run stopped at a cancellation poll.
    private static func run(_ script: Script, options: ScriptOptions,
                            warnings: () -> [Diagnostic]) -> ([Diagnostic], [SourceFile], Bool) {
        do {
            // What `mask check` finds in the first frame, at the property's line.
            let built = try script.build(options: options)
            let warned = warnings()
            let frameError = built.firstFrameError(budget: frameBudget, isCancelled: options.isCancelled)
            if frameError is CancellationError { return (warned, [], true) }
            guard let error = frameError as? any LayerError else { return (warned, [], false) }
            let list = built.diagnostics(for: error, message: "cannot render frame 0: \(RenderFailure.message(error))")
            switch error as? RenderError {
            case .tooMuchMemory?, .tooMuchWork?:
                // The editor's own bound, not the script's error: information where it stopped.
                return (warned + list.diagnostics.map { stopped in
                    Diagnostic(.note, "the editor's check of the first frame stopped here, past an eighth of the "
                                   + "render budget; mask check checks it in full", at: stopped.range, in: stopped.fileName)
                }, list.importedSources, false)
            default:
                return (warned + list.diagnostics, list.importedSources, false)
            }
        } catch {
            let cancelled = error.diagnostics.contains { $0.stop == .cancelled }
            let diagnostics = error.diagnostics.map { diagnostic in
                let stopped: String
                switch diagnostic.stop {
                case .steps(let limit)?: stopped = "\(limit) steps"
                case .cancelled?: stopped = "\(Int(timeBudget)) s"
                case nil: return diagnostic
                }
                return Diagnostic(.note, "the editor's check stopped here after \(stopped) (mask check allows \(Limits().steps)); "
                                      + "is there an endless loop?", at: diagnostic.range, in: diagnostic.fileName)
            }
            return (diagnostics, error.importedSources, cancelled)
        }
    }

    /// Files resolve against the document's folder; a document with no file path (an
    /// unsaved buffer) reads none.
    static func resources(in folder: String?) -> any ResourceResolver {
        folder.map { FileResolver(baseDirectory: $0) } ?? SandboxResolver()
    }

    /// The scalar offset in `source` of an LSP position.
    func offset(of position: Position) -> Int {
        index.offset(of: position)
    }

    /// The token whose text holds `offset`, or ends right at it (the word just typed).
    /// Between two touching tokens (`box|.x`), the word wins over the punctuation.
    func token(at offset: Int) -> (token: Token, index: Int)? {
        var low = 0, high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.end.offset < offset { low = middle + 1 } else { high = middle }
        }
        var found: (token: Token, index: Int)?
        for i in low..<min(low + 2, tokens.count) {
            let token = tokens[i]
            guard token.range.start.offset <= offset, offset <= token.range.end.offset,
                  token.kind != .eof, token.kind != .newline else { continue }
            if found == nil || Token.spelling(of: found?.token.kind ?? .eof) != nil { found = (token, i) }
        }
        return found
    }
}

extension DocumentAnalysis {
    /// The names offered by the file the document imports as `namespace` (nil when no
    /// import binds that name). Relative imports resolve against the document's folder.
    func importedNames(of namespace: String) -> [LanguageCatalog.ImportedName]? {
        for statement in statements {
            guard case .importFile(let decl) = statement.kind, decl.boundName == namespace else { continue }
            // The source is named by its file path when the document has one.
            let folder = source.name.hasPrefix("/") ? Script.folder(of: source.name) : nil
            return LanguageCatalog.names(ofImport: decl.path, from: DocumentAnalysis.resources(in: folder))
        }
        return nil
    }
}
