/// A position in a source file.
///
/// `line` and `column` are 1-based. A column counts Unicode scalar values from the start
/// of its line, so a tab or an emoji counts as one column. `offset` is the index of the
/// scalar in the whole file (0-based), used to slice the text.
///
/// Stored in 32 bits each (a script holds at most 16 MiB): every token and syntax node
/// carries two locations, and at 24 bytes each they were a third of the memory `fmt`
/// and `check` need per byte of a script.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    private var storedLine: Int32, storedColumn: Int32, storedOffset: Int32

    /// The 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    /// The 0-based scalar offset from the start of the file.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Int32(clamping: newValue) }
    }

    /// Creates a location from its line, column and offset (each kept up to 2³¹ − 1).
    public init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedOffset = Int32(clamping: offset)
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
