import CReadline
import Foundation
import MaskEngine

/// An image drawn with text, one terminal row per two pixel rows, scaled to a number of
/// columns by averaging the pixels each cell covers.
///
/// In 24-bit colour each cell is `▀` with the upper pixel as foreground colour and the
/// lower one as background colour; otherwise each cell is a shade from ` .:-=+*#%@` for
/// the brightness of its two pixels.
struct TerminalPicture {
    /// How cells are drawn.
    enum Palette {
        /// `▀` in 24-bit foreground and background colours.
        case trueColor
        /// Plain characters by brightness.
        case shades

        /// True colour when `COLORTERM` says the terminal has it and `NO_COLOR` is not set.
        static func from(environment: [String: String]) -> Palette {
            let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            return (colorTerm == "truecolor" || colorTerm == "24bit") && !noColor ? .trueColor : .shades
        }
    }

    /// The shades from dark to bright.
    private static let shades = Array(" .:-=+*#%@")

    /// The width of the terminal on standard output, or 80 when that is not a terminal.
    static var terminalColumns: Int {
        let columns = Int(mask_terminal_columns(STDOUT_FILENO))
        return columns > 0 ? columns : 80
    }

    /// The most columns an image may take so that its picture and `reservedRows` more
    /// lines fit the terminal's height (two pixel rows a text row) and width; the width
    /// alone when the height is unknown (not a terminal).
    static func fittingColumns(for image: Image, reservedRows: Int) -> Int {
        let columns = terminalColumns
        let rows = Int(mask_terminal_rows(STDOUT_FILENO))
        guard rows > reservedRows else { return columns }
        return min(columns, max(1, (rows - reservedRows) * 2 * image.width / max(image.height, 1)))
    }

    private let columns: Int
    /// Pixel rows after scaling (two per text row).
    private let pixelRows: Int
    private let palette: Palette
    /// The scaled pixels, RGB, row-major.
    private var scaled: [UInt8]

    /// Scales `image` to `columns` pixels wide, keeping its aspect ratio.
    init(image: Image, columns: Int, palette: Palette) {
        let width = image.width, height = image.height
        self.columns = max(1, columns)
        pixelRows = max(1, (height * self.columns + width / 2) / max(1, width))
        self.palette = palette
        scaled = TerminalPicture.scale(image.straightRGBA(), width: width, height: height,
                                       to: self.columns, pixelRows)
    }

    /// The number of text rows.
    var rowCount: Int { (pixelRows + 1) / 2 }

    /// Text row `row`: two pixel rows. When the picture has an odd number of pixel rows,
    /// the last text row draws only its upper half (the terminal's own background below).
    func line(_ row: Int) -> String {
        var line = ""
        for x in 0..<columns {
            let top = pixel(x, 2 * row)
            let bottom = 2 * row + 1 < pixelRows ? pixel(x, 2 * row + 1) : nil
            switch palette {
            case .trueColor:
                let background = bottom.map { "48;2;\($0.r);\($0.g);\($0.b)" } ?? "49"
                line += "\u{1B}[38;2;\(top.r);\(top.g);\(top.b);\(background)m▀"
            case .shades:
                let sum = TerminalPicture.luma(top) + TerminalPicture.luma(bottom ?? top)
                line.append(TerminalPicture.shades[min(9, sum * 10 / 511)])
            }
        }
        return palette == .trueColor ? line + "\u{1B}[0m" : line
    }

    private func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * columns + x) * 3
        return (Int(scaled[i]), Int(scaled[i + 1]), Int(scaled[i + 2]))
    }

    /// Rec. 601 luma in 0...255.
    private static func luma(_ p: (r: Int, g: Int, b: Int)) -> Int {
        (299 * p.r + 587 * p.g + 114 * p.b) / 1000
    }

    /// Box-filters RGBA pixels to `columns × rows` RGB pixels: each output pixel averages
    /// the source pixels it covers (at least one).
    private static func scale(_ rgba: [UInt8], width: Int, height: Int, to columns: Int, _ rows: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: columns * rows * 3)
        guard width > 0, height > 0 else { return out }
        for oy in 0..<rows {
            let y0 = oy * height / rows, y1 = max(y0 + 1, (oy + 1) * height / rows)
            for ox in 0..<columns {
                let x0 = ox * width / columns, x1 = max(x0 + 1, (ox + 1) * width / columns)
                var r = 0, g = 0, b = 0
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        let i = (y * width + x) * 4
                        r += Int(rgba[i]); g += Int(rgba[i + 1]); b += Int(rgba[i + 2])
                    }
                }
                let count = max(1, (min(y1, height) - y0) * (min(x1, width) - x0))
                let o = (oy * columns + ox) * 3
                out[o] = UInt8(truncatingIfNeeded: r / count)
                out[o + 1] = UInt8(truncatingIfNeeded: g / count)
                out[o + 2] = UInt8(truncatingIfNeeded: b / count)
            }
        }
        return out
    }
}
