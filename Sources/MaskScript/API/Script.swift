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

    /// Parses a source file.
    /// - Throws: `DiagnosticList` with every syntax error of the file.
    public init(source: SourceFile) throws(DiagnosticList) {
        let (statements, diagnostics) = Parser.parse(source)
        if let list = DiagnosticList(diagnostics.filter { $0.severity == .error }) { throw list }
        self.source = source
        self.statements = statements
    }

    /// Parses source text; `name` is the file name diagnostics show.
    /// - Throws: `DiagnosticList` with every syntax error of the text.
    public init(text: String, name: String) throws(DiagnosticList) {
        try self.init(source: SourceFile(name: name, text: text))
    }

    /// Runs the program once, top to bottom, and returns the scene it built.
    /// - Throws: `DiagnosticList` holding the run-time error, pointing at the failing node.
    public func run(options: ScriptOptions) throws(DiagnosticList) -> Scene {
        let interpreter = Interpreter(options: options)
        try interpreter.run(self)
        return interpreter.scene
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
                functions: [HostFunction] = [],
                globals: [String: Value] = [:],
                isCancelled: @escaping @Sendable () -> Bool = { false },
                scene: Scene? = nil) {
        self.resources = resources
        self.limits = limits
        self.output = output
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
            let diagnostics = error.errors.map { $0.diagnostic(in: $0.source?.name ?? script.source.name) }
            throw DiagnosticList(diagnostics) ?? DiagnosticList(error.first.diagnostic(in: script.source.name))
        }
        do {
            try finish(at: SourceRange(at: script.source.endLocation))
        } catch {
            throw DiagnosticList(error.diagnostic(in: script.source.name))
        }
    }
}

extension RuntimeError {
    /// The error as a diagnostic of a file.
    public func diagnostic(in fileName: String) -> Diagnostic {
        Diagnostic(.error, message, at: range, in: fileName,
                   notes: notes.map { Diagnostic(.note, $0.message, at: $0.range, in: fileName) })
    }
}
