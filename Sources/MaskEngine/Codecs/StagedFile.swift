import Synchronization

/// A file whose bytes are written under a temporary name beside its destination
/// (`EncodedImage.stage(toFile:)`) and that appears under its own name only when
/// `commit()` renames it there: threads that write frames in parallel but must make
/// them appear in order write at once and wait only to rename. A staged file that is
/// never committed (the render failed or stopped first) is removed when it goes away.
public final class StagedFile: Sendable {
    /// The file it becomes.
    public let path: String
    private let temporary: String
    /// Whether the temporary is gone: committed, or removed by a failed commit.
    private let settled = Mutex(false)

    init(temporary: String, path: String) {
        self.temporary = temporary
        self.path = path
    }

    /// Renames the file to `path`, replacing what was there.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason; the
    ///   temporary is removed then.
    public func commit() throws {
        guard settled.withLock({ done in defer { done = true }; return !done }) else { return }
        try FileBytes.commit(temporary, to: path)
    }

    deinit {
        if !settled.withLock({ $0 }) { FileBytes.discard(temporary) }
    }
}

extension EncodedImage {
    /// Writes the bytes under a temporary name beside `path` (`.NAME.tmp-PID-RANDOM`), for
    /// `StagedFile.commit()` to rename later, perhaps on another thread.
    /// - Parameter prepare: called with the new, empty file's descriptor and the count of
    ///   bytes about to be written, before they are: a host's step on the file (the `mask`
    ///   tool reserves its blocks there); the engine itself does nothing to it.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason; nothing
    ///   is left behind then.
    public func stage(toFile path: String,
                      preparing prepare: (_ descriptor: Int32, _ byteCount: Int) -> Void = { _, _ in }) throws -> StagedFile {
        StagedFile(temporary: try FileBytes.writeTemporary(storage.bytes, for: path, preparing: prepare), path: path)
    }
}
