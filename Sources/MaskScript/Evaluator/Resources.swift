import Foundation
import MaskEngine

/// Where a script's images and fonts come from. A host can serve them from memory, or
/// forbid file access entirely (`SandboxResolver`).
public protocol ResourceResolver: Sendable {
    /// The image a script names with `image(path)` or `contents: "path"`.
    /// - Throws: any error; its description becomes the diagnostic's message.
    func image(named path: String) throws -> Image
    /// The font a script names with `font: "..."` (a family name or a file path).
    /// - Throws: any error; its description becomes the diagnostic's message.
    func font(named name: String) throws -> Font
    /// Which file an image path leads to, so that two spellings of one file (`a/./b.png`,
    /// `a//b.png`, a link) are decoded once; nil keys the image by the path's text.
    func identity(ofImage path: String) -> AnyHashable?
    /// Which file a font name leads to, as `identity(ofImage:)`; nil keys it by the name.
    func identity(ofFont name: String) -> AnyHashable?
    /// The source of a file a script imports (`import "lib.mask"`). `path` is relative to
    /// the main script's folder (an import inside an imported file has already been joined
    /// to that file's folder) or absolute. The returned file's `name` is what diagnostics
    /// show and what identifies the file: importing one name twice runs it once.
    /// By default imports are refused.
    /// - Throws: any error; its description becomes the diagnostic's message.
    func script(named path: String) throws -> SourceFile
}

extension ResourceResolver {
    /// Images are kept by the path's text.
    public func identity(ofImage path: String) -> AnyHashable? { nil }
    /// Fonts are kept by their name.
    public func identity(ofFont name: String) -> AnyHashable? { nil }
    /// Refuses every import: a host that wants them says where they come from.
    /// - Throws: `SandboxError`, always.
    public func script(named path: String) throws -> SourceFile {
        throw SandboxError(what: "script '\(path)'", reason: "this host does not provide imported files")
    }
}

/// Reads images and fonts from disk; relative paths resolve against `baseDirectory`
/// (the script's folder), never against the current directory.
public struct FileResolver: ResourceResolver {
    /// The folder relative paths start from.
    public let baseDirectory: String

    /// Creates a resolver rooted at a folder.
    public init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    /// The absolute path for a script's path.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return (baseDirectory as NSString).appendingPathComponent(path)
    }

    /// The device and inode of the file a path leads to (nil when it cannot be examined).
    public func identity(ofImage path: String) -> AnyHashable? {
        RegularFile.identity(of: resolve(path)).map(AnyHashable.init)
    }

    /// The device and inode of a font file with the face's index (nil for a family name,
    /// kept by the name).
    public func identity(ofFont name: String) -> AnyHashable? {
        guard let file = fontFile(named: name), let identity = RegularFile.identity(of: file) else { return nil }
        return AnyHashable([AnyHashable(identity), AnyHashable(Font.fileReference(name)?.faceIndex ?? 0)])
    }

    /// Reads an imported script; a relative path resolves against `baseDirectory`. The
    /// file is named by its absolute path with `.` and `..` resolved (a relative
    /// `baseDirectory` counts from the current directory), so two spellings of one path
    /// are one import.
    /// - Throws: `RegularFileError` when it is missing, not a regular file, or larger
    ///   than `Script.maxFileSize`.
    public func script(named path: String) throws -> SourceFile {
        var file = resolve(path)
        // A relative base directory still names the file one way only.
        if !file.hasPrefix("/") { file = CurrentDirectory.path + "/" + file }
        file = (file as NSString).standardizingPath
        return SourceFile(name: file, bytes: try RegularFile.read(file, maxSize: Script.maxFileSize).bytes)
    }

    /// Reads a PNG or PPM file; a relative path resolves against `baseDirectory`.
    /// - Throws: `ImageError.unreadable` naming the file and the reason.
    public func image(named path: String) throws -> Image {
        try Image(contentsOfFile: resolve(path))
    }

    /// Loads a font: a name ending in `.ttf`, `.otf` or `.ttc` (then optionally `#N`, the
    /// face of a collection), or holding a `/`, is a font file (a relative path resolves
    /// against `baseDirectory`); any other name is a family with optional style words,
    /// found through fontconfig (`Font.named(_:)`).
    /// - Throws: `FontError.notFound` or `FontError.unreadable`.
    public func font(named name: String) throws -> Font {
        if let file = fontFile(named: name) {
            return try Font(path: file, faceIndex: Font.fileReference(name)?.faceIndex ?? 0, name: name)
        }
        return try Font.named(name)
    }

    /// The file a font name stands for (resolved against `baseDirectory`, without a `#N`
    /// face index), or nil for a family name.
    public func fontFile(named name: String) -> String? {
        Font.fileReference(name).map { resolve($0.path) }
    }
}

/// Refuses every file: for hosts that run untrusted scripts. Named system font
/// families are still available, since they are not the script's files.
public struct SandboxResolver: ResourceResolver {
    /// Creates the sandbox.
    public init() {}

    /// Refuses every imported file (the effects library, which ships inside the tool, is
    /// still available).
    /// - Throws: `SandboxError`, always.
    public func script(named path: String) throws -> SourceFile {
        throw SandboxError(what: "script '\(path)'")
    }

    /// Refuses every image.
    /// - Throws: `SandboxError`, always.
    public func image(named path: String) throws -> Image {
        throw SandboxError(what: "image '\(path)'")
    }

    /// Loads an installed font family (through fontconfig); refuses a font file (a name
    /// ending in `.ttf`, `.otf` or `.ttc`, or holding a `/`).
    /// - Throws: `SandboxError` for a font file, `FontError` for a family that is missing
    ///   or unusable.
    public func font(named name: String) throws -> Font {
        if Font.fileReference(name) != nil { throw SandboxError(what: "font file '\(name)'") }
        return try Font.named(name)
    }
}

/// The error of a file access refused by `SandboxResolver`.
public struct SandboxError: Error, CustomStringConvertible {
    /// What the script tried to read.
    public let what: String
    /// Why it was refused.
    public let reason: String

    /// Creates the error; by default the reason is the sandbox.
    public init(what: String, reason: String = "file access is disabled in this sandbox") {
        self.what = what
        self.reason = reason
    }

    /// The message for a user: what was refused, and why.
    public var description: String { "cannot read \(what): \(reason)" }
}
