/// A document to lay out within a line width, after Wadler's "prettier printer": text,
/// places that are a space (or nothing) on one line and a line break when their group
/// does not fit, and groups that are laid out flat when they fit and broken otherwise.
indirect enum Layout {
    /// Text without line breaks.
    case text(String)
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
    /// `flat` when the enclosing group is flat, `broken` when it is broken.
    case ifBroken(Layout, flat: Layout)
    /// The content with one more level of indentation after its line breaks.
    case nest(Layout)
    /// Laid out flat if it fits in the rest of the line, else broken; `breaks` is true
    /// when it holds a hard line and so is always broken (made by `grouped(_:)`).
    case group(Layout, breaks: Bool)
    /// The parts one after another.
    case concat([Layout])

    /// Two spaces a level.
    static let indent = "  "

    /// A group of `inner`, knowing once whether a hard line forces it to break.
    static func grouped(_ inner: Layout) -> Layout {
        .group(inner, breaks: inner.hasHardLine)
    }

    /// True when the layout holds a hard line, so no group around it can be flat.
    var hasHardLine: Bool {
        switch self {
        case .text, .line, .softLine: return false
        case .hardLine, .blankLine, .freshLine: return true
        case let .ifBroken(broken, flat): return broken.hasHardLine && flat.hasHardLine
        case .group(_, let breaks): return breaks
        case .nest(let inner): return inner.hasHardLine
        case .concat(let parts): return parts.contains { $0.hasHardLine }
        }
    }

    /// The text of the layout within `width` columns. Each line's trailing spaces are dropped.
    func render(width: Int) -> String {
        var printer = LayoutPrinter(width: width)
        printer.print(self)
        return printer.output
    }
}

/// Lays out a `Layout`: a work list of (indentation, flat?, layout), as in Wadler's paper,
/// so deep nesting costs no recursion in the printer itself.
private struct LayoutPrinter {
    let width: Int
    var output = ""
    var column = 0

    init(width: Int) { self.width = width }

    mutating func print(_ root: Layout) {
        var work: [(level: Int, flat: Bool, layout: Layout)] = [(0, false, root)]
        while let (level, flat, layout) = work.popLast() {
            switch layout {
            case .text(let s):
                output += s
                column += s.count
            case .line:
                if flat { output += " "; column += 1 } else { newline(level) }
            case .softLine:
                if !flat { newline(level) }
            case .hardLine:
                newline(level)
            case .freshLine:
                trimTrailingSpaces()
                if output.isEmpty || output.last == "\n" {
                    output += String(repeating: Layout.indent, count: level)
                    column = level * Layout.indent.count
                } else {
                    newline(level)
                }
            case .blankLine:
                trimTrailingSpaces()
                output += "\n"
                newline(level)
            case let .ifBroken(broken, flatLayout):
                work.append((level, flat, flat ? flatLayout : broken))
            case .nest(let inner):
                work.append((level + 1, flat, inner))
            case let .group(inner, breaks):
                if flat {
                    work.append((level, true, inner))
                } else {
                    let fitsFlat = !breaks && fits(inner, room: width - column)
                    work.append((level, fitsFlat, inner))
                }
            case .concat(let parts):
                for part in parts.reversed() { work.append((level, flat, part)) }
            }
        }
        trimTrailingSpaces()
    }

    private mutating func newline(_ level: Int) {
        trimTrailingSpaces()
        output += "\n" + String(repeating: Layout.indent, count: level)
        column = level * Layout.indent.count
    }

    private mutating func trimTrailingSpaces() {
        while output.last == " " { output.removeLast() }
    }

    /// True when `layout` laid out flat fits in `room` columns. What follows it on the line
    /// is not counted: a line of several short lists stays one line, even when long, rather
    /// than breaking a list that would fit on its own.
    private func fits(_ layout: Layout, room: Int) -> Bool {
        var room = room
        var pending: [(flat: Bool, layout: Layout)] = [(true, layout)]
        while room >= 0 {
            guard let (flat, item) = pending.popLast() else { return true }
            switch item {
            case .text(let s): room -= s.count
            case .line: if flat { room -= 1 } else { return true }
            case .softLine: if !flat { return true }
            case .hardLine, .blankLine, .freshLine: return true
            case let .ifBroken(broken, flatLayout): pending.append((flat, flat ? flatLayout : broken))
            case .nest(let inner): pending.append((flat, inner))
            case let .group(inner, breaks): pending.append((flat || !breaks, inner))
            case .concat(let parts): for part in parts.reversed() { pending.append((flat, part)) }
            }
        }
        return false
    }
}
