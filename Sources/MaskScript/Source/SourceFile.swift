/// A script's text, decoded once into Unicode scalars, with the line table used to turn
/// scalar offsets into line and column numbers.
///
/// Decoding never fails: an invalid UTF-8 sequence becomes U+FFFD and a NUL byte stays
/// U+0000, and each produces a diagnostic in `decodingDiagnostics`. The lexer skips those
/// scalars outside strings without reporting them a second time.
public struct SourceFile: Sendable {
    /// The name used in diagnostics, usually the path as the user typed it.
    public let name: String
    /// The text as Unicode scalars; a `SourceLocation.offset` indexes this array.
    public let scalars: [Unicode.Scalar]
    /// Problems found while decoding: invalid UTF-8 and NUL bytes, in source order.
    public let decodingDiagnostics: [Diagnostic]
    /// Offsets of the scalars that `decodingDiagnostics` already reported.
    let reportedOffsets: Set<Int>
    /// The offset of the first scalar of each line; line `n` starts at `lineStarts[n - firstLine]`.
    private let lineStarts: [Int]
    /// The number of the text's first line: 1 for a file; a later one for a piece of a
    /// longer input (the REPL numbers each input as the line of standard input it came
    /// from, without padding it with as many empty lines, which made a piped session
    /// quadratic in its length).
    public let firstLine: Int

    /// Decodes raw bytes as UTF-8, reporting invalid sequences and NUL bytes. A leading
    /// byte-order mark (which some Windows editors write) is skipped: it is not part of
    /// the text, and columns count from the character after it.
    public init(name: String, bytes: [UInt8], firstLine: Int = 1) {
        self.name = name
        self.firstLine = firstLine
        let decoded = UTF8Decoder.decode(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        scalars = decoded.scalars
        lineStarts = SourceFile.lineStarts(of: decoded.scalars)
        var diagnostics: [Diagnostic] = []
        var reported = Set<Int>()
        for problem in decoded.problems {
            reported.insert(problem.offset)
            let location = SourceFile.location(at: problem.offset, lineStarts: lineStarts, firstLine: firstLine)
            diagnostics.append(Diagnostic(.error, problem.message, at: SourceRange(at: location), in: name))
        }
        decodingDiagnostics = diagnostics
        reportedOffsets = reported
    }

    /// Uses the text of a Swift string (already valid Unicode; NUL characters are still reported).
    public init(name: String, text: String, firstLine: Int = 1) {
        self.init(name: name, bytes: Array(text.utf8), firstLine: firstLine)
    }

    /// The number of lines; an empty file has one (empty) line.
    public var lineCount: Int { lineStarts.count }

    /// The location of the scalar at `offset`; offsets past the end give the end of the file.
    public func location(at offset: Int) -> SourceLocation {
        SourceFile.location(at: min(max(offset, 0), scalars.count), lineStarts: lineStarts, firstLine: firstLine)
    }

    /// The location of an offset, searching from line index `hint` (updated to the line
    /// found): a reader moving forward through the file finds each line in a step or two.
    func location(at offset: Int, near hint: inout Int) -> SourceLocation {
        let offset = min(max(offset, 0), scalars.count)
        var line = min(max(hint, 0), lineStarts.count - 1)
        if lineStarts[line] > offset { line = 0 }
        while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
        hint = line
        return SourceLocation(line: line + firstLine, column: offset - lineStarts[line] + 1, offset: offset)
    }

    /// The location just past the last scalar.
    public var endLocation: SourceLocation { location(at: scalars.count) }

    /// The text of a 1-based line without its line break (a trailing `\r` is dropped too),
    /// or nil when there is no such line.
    public func lineText(_ number: Int) -> String? {
        let line = number - firstLine + 1
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : scalars.count
        if end > start, scalars[end - 1] == "\r" { end -= 1 }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<end])
        return String(text)
    }

    /// The source text a range covers.
    public func text(in range: SourceRange) -> String {
        let start = min(max(range.start.offset, 0), scalars.count)
        let end = min(max(range.end.offset, start), scalars.count)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<end])
        return String(text)
    }

    private static func lineStarts(of scalars: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" {
            starts.append(offset + 1)
        }
        return starts
    }

    private static func location(at offset: Int, lineStarts: [Int], firstLine: Int) -> SourceLocation {
        // Binary search for the last line starting at or before `offset`.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + firstLine, column: offset - lineStarts[low] + 1, offset: offset)
    }
}
