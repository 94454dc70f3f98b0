import CFreeType
import Foundation

/// A TrueType/OpenType font face loaded through FreeType.
///
/// A font is a reference type because it owns a FreeType face. FreeType faces are not
/// thread-safe, so every use of the face goes through `withFace`, which holds a lock;
/// frames rendered in parallel share one font safely.
public final class Font: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The family name as the user gave it, or the file name.
    public let name: String
    /// The file the face was loaded from.
    public let path: String

    private let lock = NSLock()
    private var library: FT_Library?
    private var face: FT_Face?
    /// The font file's bytes, which the face reads in place.
    private var fileData: UnsafeMutableBufferPointer<UInt8>?
    /// Decomposed glyph outlines; read and written only inside `withFace`, under the lock.
    let outlineCache = GlyphOutlineCache()

    /// The folder of the default fonts on Debian and Ubuntu.
    public static let systemFontDirectory = "/usr/share/fonts/truetype/dejavu"
    /// The default font, as LANGUAGE.md specifies.
    public static let defaultFamily = "DejaVu Sans"

    /// The largest font file read: 64 MiB, well above the largest CJK fonts.
    public static let maxFileSize = 64 << 20

    /// Loads the face in a font file. The file is read whole by `RegularFile.read` (a
    /// named pipe or a device is refused, never waited on) and FreeType reads the face
    /// from memory.
    /// - Throws: `FontError.notFound` when the file is missing, `FontError.unreadable` when
    ///   it cannot be read or FreeType cannot open it as a font.
    public init(path: String, name: String? = nil) throws {
        self.path = path
        self.name = name ?? ((path as NSString).lastPathComponent as String)
        guard FileManager.default.fileExists(atPath: path) else { throw FontError.notFound(path) }
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxSize: Font.maxFileSize).bytes
        } catch {
            throw FontError.unreadable(path: path, reason: error.reason)
        }
        // FreeType reads a memory face in place for as long as the face lives.
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            storage.deallocate()
            throw FontError.unreadable(path: path, reason: "FreeType failed to start")
        }
        var f: FT_Face?
        let err = FT_New_Memory_Face(lib, storage.baseAddress, FT_Long(bytes.count), 0, &f)
        guard err == 0, let f else {
            FT_Done_FreeType(lib)
            storage.deallocate()
            throw FontError.unreadable(path: path, reason: "not a font FreeType can read: \(FontError.freeType(err))")
        }
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(f)
            FT_Done_FreeType(lib)
            storage.deallocate()
            throw FontError.unreadable(path: path, reason: "not a scalable (outline) font")
        }
        library = lib
        face = f
        fileData = storage
    }

    /// Finds a font by family name ("DejaVu Sans", "DejaVu Serif Bold") in the system font
    /// folder, or by a `.ttf`/`.otf` path.
    /// - Throws: `FontError.notFound` naming the family or path.
    public static func named(_ family: String) throws -> Font {
        let lower = family.lowercased()
        if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || family.contains("/") {
            return try Font(path: family, name: family)
        }
        // "DejaVu Serif Bold" is DejaVuSerif-Bold.ttf: compare names without spaces,
        // hyphens or case against the files in the folder.
        func squeezed(_ s: String) -> String {
            s.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        }
        let wanted = squeezed(family)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: systemFontDirectory)) ?? []
        for file in files.sorted() where file.lowercased().hasSuffix(".ttf") {
            if squeezed(String(file.dropLast(4))) == wanted {
                return try Font(path: systemFontDirectory + "/" + file, name: family)
            }
        }
        throw FontError.notFound(family)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        fileData?.deallocate()
    }

    /// Runs `body` with exclusive use of the FreeType face.
    func withFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let face else { return nil }
        return try body(face)
    }

    /// Two fonts are equal only when they are the same object, that is the same loaded face.
    public static func == (a: Font, b: Font) -> Bool { a === b }
    /// The font's `name`.
    public var description: String { name }
}

/// Why a font could not be used.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No font file of that family name or path exists.
    case notFound(String)
    /// The file exists but is not a usable font.
    case unreadable(path: String, reason: String)

    /// The message for a user, naming the font.
    public var description: String {
        switch self {
        case .notFound(let what):
            return "font '\(what)' not found (give a family in \(Font.systemFontDirectory) or a .ttf path)"
        case let .unreadable(path, reason): return "cannot use font '\(path)': \(reason)"
        }
    }

    /// FreeType's words for an error code, with the code: `unknown file format (FreeType error 2)`.
    static func freeType(_ code: FT_Error) -> String {
        let words = mask_ft_error_message(code).map { String(cString: $0).lowercased() } ?? "unknown error"
        return "\(words) (FreeType error \(code))"
    }
}
