import Foundation
import MaskEngine

/// A parsed mask script: source text and its statements, free of syntax errors.
///
/// ```swift
/// let script = try Script(text: "canvas { size: [64, 64] }", name: "demo.mask")
/// let scene = try script.run(options: ScriptOptions(resources: SandboxResolver()))
/// let frame = try Renderer(scene: scene).render(at: 0)
/// ```
public struct Script: Sendable {
    /// The source, for rendering diagnostics.
    public let source: SourceFile
    /// The parsed program.
    public let statements: [Stmt]
    /// The folder of the file the script was read from (`init(contentsOf:)`): where
    /// `run()` resolves its relative image and font paths.
    public let folder: String?

    /// The largest script file read: 16 MiB, far beyond any hand-written scene, small
    /// enough that a mistaken path to a video file fails at once instead of being parsed.
    public static let maxFileSize = 16 << 20

    /// Parses a source file.
    /// - Throws: `DiagnosticList` with every syntax error of the file and the misspelled
    ///   words in what parsed (`errors(ofParse:_:in:)`), with the source, so `rendered()`
    ///   shows the lines.
    public init(source: SourceFile) throws(DiagnosticList) {
        try self.init(source: source, folder: nil)
    }

    private init(source: SourceFile, folder: String?) throws(DiagnosticList) {
        let (statements, diagnostics) = Parser.parse(source)
        if var list = DiagnosticList(Script.errors(ofParse: statements, diagnostics, in: source)) {
            list.source = source
            throw list
        }
        self.source = source
        self.statements = statements
        self.folder = folder
    }

    /// The errors of a parse of `source` (`Parser.parse`): none when it has no syntax
    /// errors; else the syntax errors and the misspelled words in the statements that
    /// parsed (a property a layer lacks, an unknown choice word, each with its "did you
    /// mean"), in source order. Names a lost declaration could explain (an unknown
    /// variable) wait until the file parses; after the parser's "too many errors", nothing
    /// is added.
    public static func errors(ofParse statements: [Stmt], _ diagnostics: [Diagnostic], in source: SourceFile) -> [Diagnostic] {
        let syntax = diagnostics.filter { $0.severity == .error }
        guard !syntax.isEmpty, syntax.count <= Parser.diagnosticLimit else { return syntax }
        let taken = Set(syntax.map(\.range.start.offset))
        let misspelled = Compiler.misspellings(in: statements, source: source).map { $0.diagnostic(in: source.name) }
            .filter { !taken.contains($0.range.start.offset) }
            .prefix(Parser.diagnosticLimit - syntax.count)
        return (syntax.map { ($0, 0) } + misspelled.map { ($0, 1) })
            .sorted { ($0.0.range.start.offset, $0.1) < ($1.0.range.start.offset, $1.1) }.map(\.0)
    }

    /// Reads and parses a script file; `run()` then resolves its relative paths against
    /// the file's folder, as `mask render` does. Diagnostics name the file as `path` is written.
    /// - Throws: `RegularFileError` when the file cannot be read (missing, not a regular
    ///   file, larger than `maxFileSize`), `DiagnosticList` for syntax errors.
    public init(contentsOf path: String) throws {
        let bytes = try RegularFile.read(path, maxSize: Script.maxFileSize).bytes
        try self.init(source: SourceFile(name: path, bytes: bytes), folder: Script.folder(of: path))
    }

    /// Reads and parses the script file a URL names, as `init(contentsOf:)` with its path.
    /// - Throws: `RegularFileError` for a URL that names no local file (`https:`) or a file
    ///   that cannot be read, `DiagnosticList` for syntax errors.
    public init(contentsOf url: URL) throws {
        guard url.isFileURL else {
            throw RegularFileError(path: url.absoluteString, reason: "it is not a file URL; read the script yourself and use Script(text:name:)")
        }
        try self.init(contentsOf: url.path)
    }

    /// The absolute folder of a file path (relative paths start at the current directory):
    /// the path without its last component and the slashes before it, `/` at the top.
    public static func folder(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : CurrentDirectory.path + "/" + path
        let slash = UInt8(ascii: "/")
        var bytes = Array(absolute.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        if let cut = bytes.lastIndex(of: slash) { bytes.removeSubrange(cut...) }
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        return bytes.isEmpty ? "/" : String(decoding: bytes, as: UTF8.self)
    }

    /// Parses source text; `name` is the file name diagnostics show.
    /// - Throws: `DiagnosticList` with every syntax error of the text.
    public init(text: String, name: String) throws(DiagnosticList) {
        try self.init(source: SourceFile(name: name, text: text))
    }

    /// Runs the program once, top to bottom, and returns the scene it built.
    /// - Throws: `DiagnosticList` with every static error (unknown names, ...) or the
    ///   run-time error, pointing at the failing node, with the source for `rendered()`.
    public func run(options: ScriptOptions) throws(DiagnosticList) -> Scene {
        try build(options: options).scene
    }

    /// Runs the program once, as `run(options:)`, and returns the scene with the map
    /// from its layers and properties back to this script, which turns an error the
    /// engine finds later (rendering, exporting) into a diagnostic at the script's line.
    /// - Throws: `DiagnosticList`, as `run(options:)`.
    public func build(options: ScriptOptions) throws(DiagnosticList) -> BuiltScene {
        let interpreter = Interpreter(options: options)
        do {
            try interpreter.run(self)
        } catch {
            var list = error
            if list.source == nil { list.source = source }
            throw list
        }
        for warning in interpreter.takeTextWarnings(in: source.name) { options.warn(warning) }
        var map = interpreter.sourceMap
        map.main = source
        map.canvas = interpreter.canvasRange.map { SourceMap.Place(file: source, range: $0) }
        return BuiltScene(scene: interpreter.scene, sourceMap: map)
    }

    /// Runs the program with the default options, files resolving against the script's
    /// folder (`init(contentsOf:)`) or else the current directory.
    /// - Throws: `DiagnosticList`, as `run(options:)`.
    public func run() throws(DiagnosticList) -> Scene {
        try run(options: ScriptOptions(resources: FileResolver(baseDirectory: folder ?? CurrentDirectory.path)))
    }
}

/// A scene a script built, and where the script made each of its layers and properties.
public struct BuiltScene: Sendable {
    /// The scene.
    public let scene: Scene
    /// The map from the scene's layers and properties back to the script.
    public let sourceMap: SourceMap

    /// The diagnostic for an engine error about this scene (see `SourceMap.diagnostics`).
    public func diagnostics(for error: any LayerError, message: String? = nil) -> DiagnosticList {
        sourceMap.diagnostics(for: error, message: message)
    }

    /// What stops the first frame from being drawn within `budget`, if anything: the
    /// checks `render` makes as it draws (nesting, mask cycles, fonts and glyphs, the
    /// budget), made before anything is written, as `mask check` does.
    /// An error about a layer (`LayerError`) has a place in the script: `diagnostics(for:)`.
    /// `isCancelled` is asked while the frame is drawn (as `Renderer.render(at:using:isCancelled:_:)`
    /// asks it); when it returns true the check stops with `CancellationError`.
    public func firstFrameError(budget: RenderBudget = RenderBudget(), isCancelled: () -> Bool = { false }) -> (any Error)? {
        do { try Renderer(scene: scene, budget: budget).renderFrame(0, using: RenderBuffers(), isCancelled: isCancelled) { _ in } } catch {
            return error
        }
        return nil
    }
}

/// How a script runs: where its files come from, its limits, and what the host adds.
public struct ScriptOptions: Sendable {
    /// Where `image(...)`, `contents: "..."` and fonts are read from.
    public var resources: any ResourceResolver
    /// Bounds on steps, depth, sizes and frames.
    public var limits: Limits
    /// Receives each line `print` writes; standard output by default.
    public var output: @Sendable (String) -> Void
    /// Receives each warning about the finished scene (a character no installed font has);
    /// by default it is written to standard error, rendered without the source line.
    public var warn: @Sendable (Diagnostic) -> Void
    /// Swift functions callable from the script.
    public var functions: [HostFunction]
    /// Values visible to the script as global names.
    public var globals: [String: Value]
    /// Polled while the script runs; return true to stop it with a "cancelled" error.
    public var isCancelled: @Sendable () -> Bool
    /// The scene the script starts from: a host may build layers in Swift and hand them
    /// to the script as globals (`LayerRef(_:in:)`). Nil starts from an empty scene on
    /// the default canvas.
    public var scene: Scene?

    /// Creates options; by default files resolve against the current directory.
    public init(resources: any ResourceResolver = FileResolver(baseDirectory: FileManager.default.currentDirectoryPath),
                limits: Limits = Limits(),
                output: @escaping @Sendable (String) -> Void = { print($0) },
                warn: @escaping @Sendable (Diagnostic) -> Void = {
                    FileHandle.standardError.write(Data((DiagnosticRenderer().render($0, source: nil) + "\n").utf8))
                },
                functions: [HostFunction] = [],
                globals: [String: Value] = [:],
                isCancelled: @escaping @Sendable () -> Bool = { false },
                scene: Scene? = nil) {
        self.resources = resources
        self.limits = limits
        self.output = output
        self.warn = warn
        self.functions = functions
        self.globals = globals
        self.isCancelled = isCancelled
        self.scene = scene
    }
}

/// A Swift function that scripts can call by name.
public struct HostFunction: Sendable {
    /// The name scripts call it by.
    public let name: String
    /// How many arguments it takes.
    public let arity: ClosedRange<Int>
    /// The implementation; throw `HostFunctionError` (or any error) to report a problem
    /// at the call site.
    public let body: @Sendable ([Value]) throws -> Value

    /// Creates a host function.
    public init(name: String, arity: ClosedRange<Int>, body: @escaping @Sendable ([Value]) throws -> Value) {
        self.name = name
        self.arity = arity
        self.body = body
    }
}

/// An error a host function throws to point at one of its arguments.
public struct HostFunctionError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public let message: String
    /// The index of the offending argument, or nil for the whole call.
    public let argument: Int?

    /// Creates an error about the call or one argument.
    public init(_ message: String, argument: Int? = nil) {
        self.message = message
        self.argument = argument
    }

    /// The `message`.
    public var description: String { message }
}

extension Interpreter {
    /// Creates an interpreter from script options, with host functions and globals defined.
    public convenience init(options: ScriptOptions) {
        self.init(resources: options.resources, limits: options.limits, output: options.output)
        isCancelled = options.isCancelled
        if let start = options.scene { adopt(start) }
        for f in options.functions { define(f) }
        for (name, value) in options.globals { define(name, value) }
    }

    /// Makes a host function callable from scripts.
    public func define(_ function: HostFunction) {
        let body = function.body
        define(function.name, .function(Callable(name: function.name, body: .builtin(arity: function.arity) { _, args, site throws(RuntimeError) in
            do { return try body(args) } catch let error as HostFunctionError {
                throw RuntimeError(error.message, at: error.argument.map { site.argument($0) } ?? site.range)
            } catch {
                throw RuntimeError(String(describing: error), at: site.range)
            }
        })))
    }

    /// Runs a whole script and checks the frame count.
    /// - Throws: `DiagnosticList` holding the error, in the script's file.
    public func run(_ script: Script) throws(DiagnosticList) {
        do throws(ScriptErrors) {
            try execute(script.statements, in: script.source, echo: nil)
        } catch {
            let located = error.errors.map { $0.diagnostic(running: script.source) }
            var list = DiagnosticList(located.map(\.diagnostic)) ?? DiagnosticList(error.first.diagnostic(in: script.source.name))
            // Errors inside imported files show those files' lines.
            var seen = Set<String>()
            list.importedSources = located.flatMap(\.files).filter { seen.insert($0.name).inserted }
            throw list
        }
        do {
            try finish(at: SourceRange(at: script.source.endLocation))
        } catch {
            throw DiagnosticList(error.diagnostic(in: script.source.name))
        }
    }
}

extension RuntimeError {
    /// The error as a diagnostic of the script `main` being run, and the other files it
    /// points into. An error that happened in another file (an import, the effects
    /// library) is reported at the first call in `main` it came out of, with notes
    /// walking from there, call by call, to where it happened (CLI.md, version 3).
    func diagnostic(running main: SourceFile) -> (diagnostic: Diagnostic, files: [SourceFile]) {
        let file = source ?? main
        var files = [source, noteSource].compactMap { $0 }
        let notes = self.notes.map { Diagnostic(.note, $0.message, at: $0.range, in: (noteSource ?? file).name) }
        guard file.name != main.name, let outer = calls.firstIndex(where: { ($0.source ?? main).name == main.name }) else {
            var diagnostic = Diagnostic(.error, message, at: range, in: file.name, notes: notes, cause: cause)
            diagnostic.stop = stop
            return (diagnostic, files)
        }
        var walk: [Diagnostic] = []
        for i in stride(from: outer, to: 0, by: -1) {
            let inner = calls[i - 1]
            walk.append(Diagnostic(.note, "in `\(calls[i].function)`, which calls `\(inner.function)` here",
                                   at: inner.site, in: (inner.source ?? main).name))
            if let source = inner.source { files.append(source) }
        }
        walk.append(Diagnostic(.note, "in `\(calls[0].function)`: \(message)", at: range, in: file.name))
        var diagnostic = Diagnostic(.error, message, at: calls[outer].site, in: main.name, notes: walk + notes, cause: cause)
        diagnostic.stop = stop
        return (diagnostic, files)
    }

    /// The error as a diagnostic of a file.
    public func diagnostic(in fileName: String) -> Diagnostic {
        var diagnostic = Diagnostic(.error, message, at: range, in: fileName,
                                    notes: notes.map { Diagnostic(.note, $0.message, at: $0.range, in: noteSource?.name ?? fileName) },
                                    cause: cause)
        diagnostic.stop = stop
        return diagnostic
    }
}
