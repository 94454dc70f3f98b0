import Foundation
import MaskEngine
import MaskScript
import Synchronization

/// Reads images and fonts for the REPL. Relative paths resolve against the folder of the
/// file being loaded while it loads (`mask repl scenes/a.mask` finds `scenes/logo.png`),
/// and against the current directory for what is typed at the prompt.
final class ReplResolver: ResourceResolver {
    private let baseDirectory: Mutex<String>

    /// Creates a resolver rooted at the current directory.
    init() {
        baseDirectory = Mutex(CurrentDirectory.path)
    }

    /// Runs `body` with relative paths resolving against `directory`, then goes back to the
    /// current directory.
    func resolving<T, E: Error>(against directory: String, _ body: () throws(E) -> T) throws(E) -> T {
        baseDirectory.withLock { $0 = directory }
        defer { baseDirectory.withLock { $0 = CurrentDirectory.path } }
        return try body()
    }

    /// The folder relative paths resolve against now.
    var directory: String { baseDirectory.withLock { $0 } }

    private var files: FileResolver {
        FileResolver(baseDirectory: baseDirectory.withLock { $0 })
    }

    func image(named path: String) throws -> Image {
        try files.image(named: path)
    }

    func font(named name: String) throws -> Font {
        try files.font(named: name)
    }

    func script(named path: String) throws -> SourceFile {
        try files.script(named: path)
    }
}
