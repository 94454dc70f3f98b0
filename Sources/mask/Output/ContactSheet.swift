import Foundation
import MaskEngine

/// A contact sheet: frames spread evenly over an animation, laid out in a grid, each
/// labelled with its time, in one image — the quickest way to review an animation.
///
/// The sheet is itself drawn by the engine: a scene whose layers are the shrunk frames
/// and text layers for the labels, rendered once.
final class ContactSheet: AnimationSink {
    /// The sheet's look: the gap between cells and around them, the label band under each
    /// cell, and the widest a sheet gets before its cells are shrunk.
    static let gap = 6, labelHeight = 22, maxWidth = 1600
    static let background = Color(red: 0.13, green: 0.13, blue: 0.14, alpha: 1)
    static let labelColor = Color(red: 0.82, green: 0.82, blue: 0.84, alpha: 1)
    static let labelSize = 13.0

    /// The file to write and its format.
    let path: String, format: ImageFormat
    /// The frame numbers shown, in order, and their times in seconds.
    let frames: [Int], times: [Double]
    let columns: Int
    /// The canvas size, and the size of a cell.
    let frameWidth: Int, frameHeight: Int, cellWidth: Int, cellHeight: Int
    private var cells: [Image] = []

    /// The frames of a sheet: `count` frame numbers spread evenly from the first to the
    /// last of `range`, both included (all of them when the range is shorter).
    static func frames(_ count: Int, over range: ClosedRange<Int>) -> [Int] {
        guard count > 1, range.count > 1 else { return [range.lowerBound] }
        guard count < range.count else { return Array(range) }
        let span = Double(range.upperBound - range.lowerBound)
        return (0..<count).map { range.lowerBound + Int((Double($0) * span / Double(count - 1)).rounded()) }
    }

    /// A sheet of `frames` of `scene`, in `columns` columns (fewer when there are fewer frames).
    init(path: String, format: ImageFormat, scene: Scene, frames: [Int], columns: Int) {
        self.path = path
        self.format = format
        self.frames = frames
        times = frames.map { scene.canvas.time(ofFrame: $0) }
        self.columns = max(1, min(columns, frames.count))
        frameWidth = scene.canvas.width
        frameHeight = scene.canvas.height
        let room = (ContactSheet.maxWidth - ContactSheet.gap * (self.columns + 1)) / self.columns
        let scale = min(1, Double(room) / Double(max(frameWidth, 1)))
        cellWidth = max(1, Int((Double(frameWidth) * scale).rounded()))
        cellHeight = max(1, Int((Double(frameHeight) * scale).rounded()))
    }

    /// The number of rows.
    var rows: Int { (frames.count + columns - 1) / columns }

    /// Where cell `k`'s frame goes on the sheet.
    func cellRect(_ k: Int) -> Rect {
        let column = k % columns, row = k / columns
        return Rect(Double(ContactSheet.gap + column * (cellWidth + ContactSheet.gap)),
                    Double(ContactSheet.gap + row * (cellHeight + ContactSheet.labelHeight + ContactSheet.gap)),
                    Double(cellWidth), Double(cellHeight))
    }

    /// Keeps the next frame, shrunk to a cell.
    func append(rgb: UnsafeBufferPointer<UInt8>) throws {
        var rgba = [UInt8](repeating: 255, count: frameWidth * frameHeight * 4)
        for i in 0..<(frameWidth * frameHeight) {
            rgba[i * 4] = rgb[i * 3]
            rgba[i * 4 + 1] = rgb[i * 3 + 1]
            rgba[i * 4 + 2] = rgb[i * 3 + 2]
        }
        let frame = try Image(width: frameWidth, height: frameHeight, premultipliedRGBA: rgba)
        cells.append(cellWidth == frameWidth && cellHeight == frameHeight
                     ? frame : try frame.shrunk(toWidth: cellWidth, height: cellHeight))
    }

    /// Draws the sheet and writes it.
    func finish() throws {
        let width = ContactSheet.gap + columns * (cellWidth + ContactSheet.gap)
        let height = ContactSheet.gap + rows * (cellHeight + ContactSheet.labelHeight + ContactSheet.gap)
        var scene = Scene(canvas: Canvas(width: width, height: height, fps: 1, duration: 1, background: ContactSheet.background))
        scene.maxLayers = 2 * cells.count + 1
        for (k, cell) in cells.enumerated() {
            let rect = cellRect(k)
            var picture = LayerState(kind: .plain)
            picture.frame = rect
            picture.contents = cell
            _ = try scene.addLayer(picture)
            var label = LayerState(kind: .text)
            label.frame = Rect(rect.origin.x, rect.origin.y + rect.size.height, rect.size.width, Double(ContactSheet.labelHeight))
            label.string = ContactSheet.label(time: times[k], frame: frames[k])
            label.fontSize = ContactSheet.labelSize
            label.textColor = ContactSheet.labelColor
            label.align = .center
            _ = try scene.addLayer(label)
        }
        try Renderer(scene: scene).render(at: 0).write(toFile: path, format: format)
    }

    /// Nothing is written before `finish()`.
    func abandon() {}

    /// `1.50 s · frame 45`.
    static func label(time: Double, frame: Int) -> String {
        String(format: "%.2f s · frame %d", time, frame)
    }
}
