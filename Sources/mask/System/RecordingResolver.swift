import MaskEngine
import MaskScript
import Synchronization

/// Reads images, fonts and imported scripts like `FileResolver`, and remembers every file
/// a run asked for (found or not), so `mask watch` can re-render when one of them changes.
final class RecordingResolver: ResourceResolver {
    private let files: FileResolver
    private let used = Mutex<Set<String>>([])

    /// A resolver rooted at the script's folder.
    init(baseDirectory: String) {
        files = FileResolver(baseDirectory: baseDirectory)
    }

    /// The files asked for so far, sorted.
    var usedFiles: [String] { used.withLock { $0.sorted() } }

    func image(named path: String) throws -> Image {
        used.withLock { _ = $0.insert(files.resolve(path)) }
        return try files.image(named: path)
    }

    func font(named name: String) throws -> Font {
        if let file = files.fontFile(named: name) { used.withLock { _ = $0.insert(file) } }
        return try files.font(named: name)
    }

    func identity(ofImage path: String) -> AnyHashable? { files.identity(ofImage: path) }

    func identity(ofFont name: String) -> AnyHashable? { files.identity(ofFont: name) }

    /// Reads an imported script like `FileResolver`, remembering its file.
    func script(named path: String) throws -> SourceFile {
        used.withLock { _ = $0.insert(files.resolve(path)) }
        let source = try files.script(named: path)
        used.withLock { _ = $0.insert(source.name) }
        return source
    }
}
