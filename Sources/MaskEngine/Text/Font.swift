import CFreeType
import CHarfBuzz
import Foundation
import Synchronization

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
    /// The face's index in the file: 0, or which face of a collection (`.ttc`).
    public let faceIndex: Int
    /// True when the face has colour bitmap glyphs (CBDT strikes, as Noto Color Emoji).
    let hasColorBitmaps: Bool
    /// True when the face is an outline face with colour tables, whose glyphs may be COLR
    /// layers (`colorGlyph(_:)` tells glyph by glyph).
    let hasColorLayers: Bool
    /// The glyphs a COLR version 1 paint describes (`Font.colorPaintGlyphs(of:)`).
    let colorPaintGlyphs: Set<UInt32>
    /// True when the face has colour glyphs of either kind.
    var hasColor: Bool { hasColorBitmaps || hasColorLayers }
    /// The face's units per em.
    let unitsPerEm: Int

    private let lock = NSLock()
    private var library: FT_Library?
    private var face: FT_Face?
    /// The font file's bytes, which the face reads in place.
    private var fileData: UnsafeMutableBufferPointer<UInt8>?
    /// HarfBuzz's font over the same bytes, scaled to font units; used under the lock.
    private var shaper: OpaquePointer?
    /// Decomposed glyph outlines; read and written only inside `withFace`, under the lock.
    let outlineCache = GlyphOutlineCache()
    /// Decoded colour glyphs; read and written only inside `withFace`, under the lock.
    let colorCache = ColorGlyphCache()

    /// The folder of the default fonts on Debian and Ubuntu.
    public static let systemFontDirectory = "/usr/share/fonts/truetype/dejavu"
    /// The default font, as LANGUAGE.md specifies.
    public static let defaultFamily = "DejaVu Sans"

    /// The largest font file read: 64 MiB, well above the largest CJK fonts.
    public static let maxFileSize = 64 << 20

    /// Loads a face of a font file (`faceIndex` picks one face of a `.ttc` collection).
    /// The file is read whole by `RegularFile.readAllocated` (a named pipe or a device is refused,
    /// never waited on); FreeType and HarfBuzz read the face from memory.
    /// - Throws: `FontError.notFound` when the file is missing, `FontError.unreadable` when
    ///   it cannot be read, FreeType cannot open it as a font or has no such face, or it
    ///   has neither outlines nor colour bitmaps.
    public init(path: String, faceIndex: Int = 0, name: String? = nil) throws {
        self.path = path
        self.faceIndex = faceIndex
        self.name = name ?? ((path as NSString).lastPathComponent as String)
        guard FileManager.default.fileExists(atPath: path) else { throw FontError.notFound(path) }
        // FreeType reads a memory face in place for as long as the face lives: the file is
        // read straight into memory the font owns, not into an array copied there.
        let storage: UnsafeMutableBufferPointer<UInt8>
        do {
            storage = try RegularFile.readAllocated(path, maxSize: Font.maxFileSize)
        } catch {
            throw FontError.unreadable(path: path, reason: error.reason)
        }
        let byteCount = storage.count
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            storage.deallocate()
            throw FontError.unreadable(path: path, reason: "FreeType failed to start")
        }
        var f: FT_Face?
        let err = FT_New_Memory_Face(lib, storage.baseAddress, FT_Long(byteCount), FT_Long(faceIndex), &f)
        guard err == 0, let f else {
            FT_Done_FreeType(lib)
            storage.deallocate()
            let reason = err == 6 && faceIndex > 0 ? "the file has no face \(faceIndex)"
                : "not a font FreeType can read: \(FontError.freeType(err))"
            throw FontError.unreadable(path: path, reason: reason)
        }
        let flags = f.pointee.face_flags
        let colored = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let hasColorBitmaps = colored && flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0 && f.pointee.num_fixed_sizes > 0
        self.hasColorBitmaps = hasColorBitmaps
        hasColorLayers = colored && !hasColorBitmaps && flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        colorPaintGlyphs = hasColorLayers ? Font.colorPaintGlyphs(of: f) : []
        // HarfBuzz reads the same bytes in place. Its units per em come from the `head`
        // table, which FreeType leaves at 0 for a bitmap-only face.
        let blob = hb_blob_create(UnsafeRawPointer(storage.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                  UInt32(clamping: byteCount), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(clamping: faceIndex))
        hb_blob_destroy(blob)
        let upem = Int(hb_face_get_upem(hbFace))
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 || hasColorBitmaps, upem > 0 else {
            hb_face_destroy(hbFace)
            FT_Done_Face(f)
            FT_Done_FreeType(lib)
            storage.deallocate()
            throw FontError.unreadable(path: path, reason: "not a scalable (outline) font")
        }
        unitsPerEm = upem
        library = lib
        face = f
        fileData = storage
        // Positions come in font units.
        let hbFont = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        hb_font_set_scale(hbFont, Int32(clamping: upem), Int32(clamping: upem))
        shaper = hbFont
    }

    /// Finds a font by family name with optional style words ("Noto Sans CJK SC",
    /// "DejaVu Serif Bold", "DejaVu Sans Bold Oblique") through fontconfig, or by a path
    /// to a `.ttf`, `.otf` or `.ttc` file (`Font.isFile`; `"a.ttc#2"` is face 2).
    /// Faces are loaded once per process and shared.
    /// - Throws: `FontError.notFound` naming the family or path.
    public static func named(_ name: String) throws -> Font {
        if let (file, index) = fileReference(name) { return try Font(path: file, faceIndex: index, name: name) }
        guard let face = FontLookup.match(FontDescription(name)) else { throw FontError.notFound(name) }
        return try shared(face, name: name)
    }

    /// The file and face index a font name stands for when it names a file (it ends in
    /// `.ttf`, `.otf` or `.ttc`, optionally followed by `#N`, or holds a `/`), else nil.
    public static func fileReference(_ name: String) -> (path: String, faceIndex: Int)? {
        var file = Substring(name), index = 0
        if let hash = name.lastIndex(of: "#"), let n = Int(name[name.index(after: hash)...]), n >= 0 {
            file = name[..<hash]
            index = n
        }
        let lower = file.lowercased()
        guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") || name.contains("/") else {
            return nil
        }
        return (String(file), index)
    }

    /// Faces loaded through fontconfig (named fonts and fallbacks), one per file and face.
    private static let loaded = Mutex<[FontFace: Font]>([:])

    /// The shared font of a face, loading it on first use.
    static func shared(_ face: FontFace, name: String? = nil) throws -> Font {
        if let font = loaded.withLock({ $0[face] }) { return font }
        let font = try Font(path: face.path, faceIndex: face.index, name: name)
        return loaded.withLock { fonts in
            if let first = fonts[face] { return first }
            fonts[face] = font
            return font
        }
    }

    /// Runs `body` with exclusive use of HarfBuzz's font for this face.
    func withShaper<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let shaper else { return nil }
        return try body(shaper)
    }

    deinit {
        if let shaper { hb_font_destroy(shaper) }
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
            return "font '\(what)' not found (give a family installed on this system, as `fc-list : family` lists, or a .ttf, .otf or .ttc path)"
        case let .unreadable(path, reason): return "cannot use font '\(path)': \(reason)"
        }
    }

    /// FreeType's words for an error code, with the code: `unknown file format (FreeType error 2)`.
    static func freeType(_ code: FT_Error) -> String {
        let words = mask_ft_error_message(code).map { String(cString: $0).lowercased() } ?? "unknown error"
        return "\(words) (FreeType error \(code))"
    }
}
