/// A position in a source file.
///
/// `line` and `column` are 1-based. A column counts Unicode scalar values from the start
/// of its line, so a tab or an emoji counts as one column. `offset` is the index of the
/// scalar in the whole file (0-based), used to slice the text.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int
    /// The 0-based scalar offset from the start of the file.
    public var offset: Int

    /// Creates a location from its line, column and offset.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Orders locations by `offset`; meaningful for locations in the same file.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }

    /// `line:column`, as diagnostics print it.
    public var description: String { "\(line):\(column)" }
}

/// A half-open range of source text: `start` is the first scalar, `end` the one after the last.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// The first scalar of the range.
    public var start: SourceLocation
    /// The position just past the last scalar of the range.
    public var end: SourceLocation

    /// Creates a range; an `end` before `start` is moved to `start`.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at one location.
    public init(at location: SourceLocation) {
        self.start = location
        self.end = location
    }

    /// The smallest range that covers both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// The start, as `line:column`.
    public var description: String { "\(start)" }
}
