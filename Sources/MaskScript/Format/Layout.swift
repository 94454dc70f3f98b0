/// A document to lay out within a line width, after Wadler's "prettier printer" as a flat
/// stream (Oppen's form): text, places that are a space (or nothing) on one line and a
/// line break when their group does not fit, and groups, marked by a start and an end,
/// that are laid out flat when they fit and broken otherwise.
///
/// Five bytes an entry (its kind and one 32-bit value): a token's text is its index in
/// `FormatTokens`, other text an index in a small table. A tree of boxed nodes, one per
/// piece of text, cost a list literal's formatting about 100 bytes per byte of script.
struct Layout {
    /// What an entry is.
    enum Op: UInt8 {
        /// The text of the token whose index is the value.
        case token
        /// The text at the value's index in `texts`.
        case text
        /// Text written only when the enclosing group is broken.
        case textIfBroken
        /// Text written only when the enclosing group is flat.
        case textIfFlat
        /// A space when flat, a line break when broken.
        case line
        /// Nothing when flat, a line break when broken.
        case softLine
        /// Always a line break; the groups around it are broken.
        case hardLine
        /// A line break with no indentation after it, for a blank line between statements.
        case blankLine
        /// A line break unless the line holds nothing yet: a comment that stood on its own
        /// line stays on its own line, wherever in an expression it was.
        case freshLine
        /// One more level of indentation after line breaks, up to the matching `endNest`.
        case nest, endNest
        /// A group up to the matching `endGroup`: flat if it fits in the rest of the line,
        /// else broken. `breakingGroup` is always broken; so is a `group` holding a hard line
        /// (made so by `measure`). The value is the group's flat width up to its first
        /// hard line, set by `measure`.
        case group, breakingGroup, endGroup
    }

    /// Two spaces a level.
    static let indent = "  "
    /// The index in `texts` of a space, a comma, a semicolon.
    static let space: UInt32 = 0, comma: UInt32 = 1, semicolon: UInt32 = 2

    private(set) var ops: [Op] = []
    private(set) var values: [UInt32] = []
    /// Text that is not a token's: spaces and punctuation the layout adds, and comments.
    private(set) var texts: [String] = [" ", ",", ";"]

    /// Appends an entry.
    mutating func append(_ op: Op, _ value: UInt32 = 0) {
        ops.append(op)
        values.append(value)
    }

    /// Appends text that is not a token's.
    mutating func append(text: String, _ op: Op = .text) {
        switch text {
        case " ": append(op, Layout.space)
        case ",": append(op, Layout.comma)
        case ";": append(op, Layout.semicolon)
        default:
            append(op, UInt32(truncatingIfNeeded: texts.count))
            texts.append(text)
        }
    }

    /// Sets each group's flat width up to its first hard line, and makes a group that
    /// holds a hard line or a breaking group breaking.
    mutating func measure(_ tokens: FormatTokens) {
        // Open groups: their entry and the width written before them.
        var open: [(entry: Int, start: Int, breaks: Bool)] = []
        // Groups from this depth on have not met a hard line yet.
        var unstopped = 0
        var written = 0
        for entry in ops.indices {
            switch ops[entry] {
            case .token: written += width(ofToken: Int(values[entry]), tokens)
            case .text, .textIfFlat: written += width(texts[Int(values[entry])])
            case .line: written += 1
            case .textIfBroken, .softLine, .nest, .endNest: break
            case .hardLine, .blankLine, .freshLine:
                for k in unstopped..<open.count {
                    values[open[k].entry] = UInt32(clamping: written - open[k].start)
                    open[k].breaks = true
                }
                unstopped = open.count
            case .group, .breakingGroup:
                open.append((entry, written, ops[entry] == .breakingGroup))
            case .endGroup:
                guard let group = open.popLast() else { break }
                if open.count >= unstopped {
                    values[group.entry] = UInt32(clamping: written - group.start)
                }
                unstopped = min(unstopped, open.count)
                if group.breaks {
                    ops[group.entry] = .breakingGroup
                    if !open.isEmpty { open[open.count - 1].breaks = true }
                }
            }
        }
    }

    /// The text laid out within `width` columns, as UTF-8. Each line's trailing spaces are dropped.
    func render(width: Int, _ tokens: FormatTokens) -> [UInt8] {
        var printer = LayoutPrinter()
        var state: [(level: Int, flat: Bool)] = []
        var level = 0, flat = false
        for entry in ops.indices {
            let value = values[entry]
            switch ops[entry] {
            case .token: printer.write(token: Int(value), tokens)
            case .text: printer.write(texts[Int(value)])
            case .textIfBroken: if !flat { printer.write(texts[Int(value)]) }
            case .textIfFlat: if flat { printer.write(texts[Int(value)]) }
            case .line: if flat { printer.write(" ") } else { printer.newline(level) }
            case .softLine: if !flat { printer.newline(level) }
            case .hardLine: printer.newline(level)
            case .freshLine: printer.freshLine(level)
            case .blankLine: printer.blankLine(level)
            case .nest:
                state.append((level, flat))
                level += 1
            case .group, .breakingGroup:
                state.append((level, flat))
                if !flat { flat = ops[entry] == .group && Int(value) <= width - printer.column }
            case .endNest, .endGroup:
                (level, flat) = state.popLast() ?? (0, false)
            }
        }
        printer.trimTrailingSpaces()
        return printer.output
    }

    /// The columns a text takes: its characters.
    private func width(_ text: String) -> Int { text.count }

    private func width(ofToken index: Int, _ tokens: FormatTokens) -> Int {
        LayoutPrinter.width(ofToken: index, tokens)
    }
}

/// Writes laid-out text as UTF-8, keeping the column of the line being written.
private struct LayoutPrinter {
    var output: [UInt8] = []
    var column = 0

    /// The columns a token takes: its characters (its scalars, when all are ASCII).
    static func width(ofToken index: Int, _ tokens: FormatTokens) -> Int {
        let record = tokens[index]
        let scalars = tokens.scalars[Int(record.offset)..<Int(record.offset + record.length)]
        return scalars.allSatisfy(\.isASCII) ? scalars.count : tokens.text(index).count
    }

    mutating func write(_ text: String) {
        output.append(contentsOf: text.utf8)
        column += text.count
    }

    mutating func write(token index: Int, _ tokens: FormatTokens) {
        let record = tokens[index]
        for scalar in tokens.scalars[Int(record.offset)..<Int(record.offset + record.length)] {
            if scalar.isASCII {
                output.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                output.append(contentsOf: String(Character(scalar)).utf8)
            }
        }
        column += LayoutPrinter.width(ofToken: index, tokens)
    }

    mutating func newline(_ level: Int) {
        trimTrailingSpaces()
        output.append(UInt8(ascii: "\n"))
        indent(level)
    }

    mutating func freshLine(_ level: Int) {
        trimTrailingSpaces()
        if output.isEmpty || output.last == UInt8(ascii: "\n") { indent(level) } else { newline(level) }
    }

    mutating func blankLine(_ level: Int) {
        trimTrailingSpaces()
        output.append(UInt8(ascii: "\n"))
        newline(level)
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level { output.append(contentsOf: Layout.indent.utf8) }
        column = level * Layout.indent.count
    }

    mutating func trimTrailingSpaces() {
        while output.last == UInt8(ascii: " ") { output.removeLast() }
    }
}
