import MaskScript

/// A zero-based LSP position: a line and a character offset in UTF-16 code units, as the
/// protocol counts them by default.
struct Position: Equatable {
    /// The zero-based line.
    var line: Int
    /// The zero-based UTF-16 offset within the line.
    var character: Int

    /// The position as the protocol writes it.
    var json: [String: Any] { ["line": line, "character": character] }
}

/// Converts between LSP positions (0-based lines, UTF-16 characters) and scalar offsets
/// into a text, the unit `SourceLocation` counts in.
///
/// The two disagree on every astral character (an emoji is one scalar, one column of
/// `mask check`, but two UTF-16 units), so every range that crosses the protocol goes
/// through here. Lines end at `\n` only, as `SourceFile` counts them; a `\r` before it
/// is the last character of its line, which is where clients put the end of the line too.
struct LineIndex {
    /// The text, as scalars.
    let scalars: [Unicode.Scalar]
    /// UTF-16 units the client sees before the first scalar: 1 when `SourceFile` dropped
    /// a byte-order mark the client still counts, else 0.
    let leadingUnits: Int
    /// The offset of the first scalar of each line.
    private let lineStarts: [Int]

    /// Indexes `scalars`; `leadingUnits` are hidden units before the first line's text.
    init(_ scalars: [Unicode.Scalar], leadingUnits: Int = 0) {
        self.scalars = scalars
        self.leadingUnits = leadingUnits
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The number of lines; an empty text has one.
    var lineCount: Int { lineStarts.count }

    /// The scalar offset of a position. A line past the end gives the end of the text; a
    /// character past its line's end gives the line's end; one inside a surrogate pair
    /// gives the scalar it splits, so a confused client can never make an edit land
    /// outside the text.
    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return scalars.count }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        var units = position.line == 0 ? leadingUnits : 0
        var offset = start
        while offset < end {
            let width = scalars[offset].utf16.count
            if units + width > position.character { break }
            units += width
            offset += 1
        }
        return offset
    }

    /// The position of a scalar offset (clamped to the text).
    func position(ofOffset offset: Int) -> Position {
        let offset = min(max(offset, 0), scalars.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var units = low == 0 ? leadingUnits : 0
        for scalar in scalars[lineStarts[low]..<offset] { units += scalar.utf16.count }
        return Position(line: low, character: units)
    }

    /// The position of a source location (its offset is in the same scalars).
    func position(of location: SourceLocation) -> Position {
        position(ofOffset: location.offset)
    }

    /// The LSP range of a source range.
    func range(of range: SourceRange) -> [String: Any] {
        ["start": position(of: range.start).json, "end": position(of: range.end).json]
    }

    /// The position just past the last scalar.
    var endPosition: Position { position(ofOffset: scalars.count) }

    /// The offset just past the last scalar of a line, before its `\n`.
    private func lineEnd(_ line: Int) -> Int {
        line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : scalars.count
    }
}
