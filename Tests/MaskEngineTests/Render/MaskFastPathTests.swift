import XCTest
@testable import MaskEngine

/// The fast routes for masks must give the bytes of the general ones: a one-fill owner
/// drawn straight through its mask against the same owner drawn into a group, and a mask
/// drawn as alpha alone against the same mask drawn in colour.
final class MaskFastPathTests: XCTestCase {
    /// Owners with exactly one fill, of every kind of paint and coverage.
    private func owners() throws -> [(String, LayerState)] {
        var image = layerState(frame: Rect(3, 2, 50, 40))
        image.contents = try Image(width: 3, height: 2, premultipliedRGBA: [
            255, 0, 0, 255, 0, 200, 0, 200, 0, 0, 90, 90, 30, 60, 90, 255, 0, 0, 0, 0, 120, 120, 0, 128])
        image.rotation = 0.2
        image.opacity = 0.7
        // Unscaled at a whole-pixel offset: rows are copied.
        var pixels = layerState(frame: Rect(-3, 2, 64, 48))
        pixels.contents = try Image(width: 64, height: 48, premultipliedRGBA: (0..<(64 * 48)).flatMap { i -> [UInt8] in
            let a = UInt8(128 + i % 128)
            return [UInt8(i % 7 * 30) % a, UInt8(i / 64 * 5) % a, UInt8(i % 64 * 3) % a, a]
        })
        var gradient = layerState(.gradient, frame: Rect(0, 0, 64, 48))
        gradient.colors = [.black, .white, Color(red: 0, green: 0, blue: 1, alpha: 0.5)]
        gradient.start = Point(0, 0.5)
        gradient.end = Point(1, 0.5)
        let solid = layerState(frame: Rect(4.5, 3.25, 50, 40), background: .orange)
        // Whole rows of full coverage, at full opacity and below it.
        var faded = layerState(frame: Rect(0, 0, 64, 48), background: Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.8))
        faded.opacity = 0.6
        // Opaque, whole rows covered, full opacity: runs of full mask are copied.
        let opaque = layerState(frame: Rect(0, 0, 64, 48), background: Color(red: 0.9, green: 0.3, blue: 0.1))
        var circle = layerState(.shape, frame: Rect(0, 0, 64, 48))
        circle.path = .circle(center: Point(30, 22), radius: 17.3)
        circle.fill = .green
        circle.opacity = 0.5
        var text = layerState(.text, frame: Rect(0, 0, 64, 48))
        text.string = "Ag"
        text.fontSize = 30
        return [("image", image), ("pixels", pixels), ("gradient", gradient), ("solid", solid), ("faded", faded),
                ("opaque", opaque), ("circle", circle), ("text", text)]
    }

    /// Adds a mask of each kind to `owner` in `scene`; returns its name.
    private func addMask(_ kind: Int, to owner: LayerID, in scene: inout Scene) throws -> String {
        switch kind {
        case 0:
            var circle = layerState(.shape, frame: Rect(0, 0, 64, 48))
            circle.path = .circle(center: Point(40, 20), radius: 15.5)
            circle.opacity = 0.8
            try scene.setMask(try scene.addLayer(circle, to: owner), of: owner)
            return "circle"
        case 1:
            let grid = try scene.addLayer(layerState(.grid, frame: Rect(0.5, 0, 61.7, 47)), to: owner)
            let tiles = try scene.addTiles(to: grid, rows: 2, columns: 5, color: .black)
            for (i, tile) in tiles.enumerated() { try scene.setInitial(.opacity, of: tile, to: .number(Double(i % 4) / 3)) }
            try scene.setMask(grid, of: owner)
            return "grid"
        case 2:
            var text = layerState(.text, frame: Rect(0, 0, 64, 48))
            text.string = "mask"
            text.fontSize = 22
            text.textColor = Color(red: 1, green: 1, blue: 1, alpha: 0.6)
            try scene.setMask(try scene.addLayer(text, to: owner), of: owner)
            return "text"
        case 3:
            var fade = layerState(.gradient, frame: Rect(0, 0, 64, 48))
            fade.colors = [.black, .clear]
            try scene.setMask(try scene.addLayer(fade, to: owner), of: owner)
            return "gradient"
        default:
            var grey = layerState(.shape, frame: Rect(0, 0, 64, 48))
            grey.path = .rect(Rect(10.5, 5, 40, 30))
            grey.fill = Color(red: 0.5, green: 0.7, blue: 0.2)
            try scene.setMask(try scene.addLayer(grey, to: owner), of: owner)
            try scene.setInitial(.maskMode, of: owner, to: .maskMode(.luminance))
            return "luminance"
        }
    }

    /// One owner and mask; with `emptySublayer`, the owner also holds a sublayer that
    /// draws nothing, which sends it through a group.
    private func scene(_ owner: LayerState, mask: Int, emptySublayer: Bool) throws -> (Scene, String) {
        var scene = Scene(canvas: Canvas(width: 64, height: 48, fps: 10, background: .darkGray))
        let id = try scene.addLayer(owner)
        if emptySublayer { try scene.addLayer(layerState(frame: owner.bounds), to: id) }
        let name = try addMask(mask, to: id, in: &scene)
        return (scene, name)
    }

    private func differences(_ a: Image, _ b: Image) -> Int {
        stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4).filter { a.pixels[$0..<($0 + 4)] != b.pixels[$0..<($0 + 4)] }.count
    }

    func testAOneFillOwnerDrawnThroughItsMaskMatchesItsGroup() throws {
        for (ownerName, owner) in try owners() {
            for mask in 0..<5 {
                let (direct, maskName) = try scene(owner, mask: mask, emptySublayer: false)
                let (grouped, _) = try scene(owner, mask: mask, emptySublayer: true)
                let a = try render(direct), b = try render(grouped)
                XCTAssertTrue(a == b, "\(ownerName) owner, \(maskName) mask: \(differences(a, b)) pixels differ")
                XCTAssertTrue(a != (try render(Scene(canvas: direct.canvas))), "\(ownerName) owner, \(maskName) mask draws nothing")
            }
        }
    }

    func testAMaskDrawnAsAlphaAloneMatchesItDrawnInColour() throws {
        for (ownerName, owner) in try owners() {
            for mask in 0..<3 {
                let (scene, maskName) = try scene(owner, mask: mask, emptySublayer: false)
                let renderer = Renderer(scene: scene)
                let ownerID = scene.roots[0]
                let states = try scene.states(at: 0)
                guard let maskID = states[ownerID.index].mask else { return XCTFail("no mask") }
                let m = states[ownerID.index].transformToParent
                let area = PixelRect(x0: 0, y0: 0, x1: 64, y1: 48).intersection(renderer.maskFrame(maskID, owner: m,
                    LayerWalk(states: states, time: 0, pool: BufferPool())))
                var walk = LayerWalk(states: states, time: 0, pool: BufferPool())
                XCTAssertTrue(renderer.drawsAlphaOnly(maskID, walk), maskName)
                let alpha = try renderer.alphaMaskValues(maskID, owner: m, area: area, drawnIn: area, walk: &walk)
                let colour = try renderer.colourMaskValues(maskID, owner: m, mode: .alpha, area: area, walk: &walk)
                for y in area.y0..<area.y1 {
                    for x in area.x0..<area.x1 where alpha?.value(x: x, y: y) != colour?.value(x: x, y: y) {
                        return XCTFail("\(ownerName) owner, \(maskName) mask: (\(x), \(y)) is \(String(describing: alpha?.value(x: x, y: y))) as alpha, \(String(describing: colour?.value(x: x, y: y))) in colour")
                    }
                }
            }
        }
    }
}
