import XCTest
@testable import MaskEngine

/// Text exported as the polygons the renderer fills.
final class LottieGlyphTests: XCTestCase {
    func testRendererFlatnessIsTheRasterizersTolerance() throws {
        let path = Path.circle(center: Point(10, 12), radius: 9)
        let m = Transform.translation(3.3, 1.7).concatenating(.scale(1.7, 1.2))
        let clip = PixelRect(x0: 0, y0: 0, x1: 40, y1: 40)
        let drawn = try XCTUnwrap(Rasterizer.coverage(of: path, transform: m, fillRule: .nonzero, clip: clip))
        // Flattened where the renderer places the path: its translation less its whole
        // pixels (`Rasterizer.wholePixelShift`), the coverage then moved by them.
        let (dx, dy) = try XCTUnwrap(Rasterizer.wholePixelShift(of: m))
        let placed = Transform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx - Double(dx), ty: m.ty - Double(dy))
        let placedClip = PixelRect(x0: clip.x0 - dx, y0: clip.y0 - dy, x1: clip.x1 - dx, y1: clip.y1 - dy)
        let flat = Flattener.polylines(of: path, transform: placed, tolerance: LottieBuilder.rendererFlatness, clip: placedClip)
        let exported = try XCTUnwrap(Rasterizer.coverage(of: flat, fillRule: .nonzero, clip: placedClip)).moved(dx: dx, dy: dy)
        XCTAssertEqual(drawn.rect, exported.rect)
        XCTAssertEqual(drawn.denseValues(), exported.denseValues())
    }

    /// The `sh` items' shapes anywhere in a document, static or the first keyframe's.
    private func shapes(_ json: LottieJSON) -> [LottieJSON] {
        switch json {
        case .object(let members):
            var found: [LottieJSON] = []
            if json["ty"]?.string == "sh", let k = json["ks"]?["k"] {
                found.append(k.array?.first?["s"]?.array?.first ?? k)
            }
            for (_, value) in members { found += shapes(value) }
            return found
        case .array(let items):
            return items.flatMap(shapes)
        default:
            return []
        }
    }

    private func textDocument(scaleTo scale: Double?) throws -> LottieJSON {
        var scene = Scene(canvas: Canvas(width: 80, height: 40, duration: 1))
        var label = LayerState(kind: .text)
        label.frame = Rect(0, 0, 80, 40)
        label.string = "Os"
        label.fontSize = 24
        label.textColor = .orange
        let id = try scene.addLayer(label, name: "label")
        if let scale {
            try scene.animate(Animation(layer: id, key: .scale, keyframes: [.number(scale)], begin: 0, duration: 1))
        }
        return try LottieExporter(scene: scene).document()
    }

    /// True when some vertex of the shapes has a non-zero tangent: a curve.
    private func hasCurves(_ shapes: [LottieJSON]) -> Bool {
        shapes.contains { shape in
            ((shape["i"]?.array ?? []) + (shape["o"]?.array ?? [])).contains { $0 != .numbers([0, 0]) }
        }
    }

    func testStillTextIsTheRenderersPolygons() throws {
        let glyphs = shapes(try textDocument(scaleTo: nil))
        XCTAssertFalse(glyphs.isEmpty)
        XCTAssertFalse(hasCurves(glyphs), "straight chords, as the renderer fills")
    }

    func testTextGrowingOnScreenKeepsItsCurves() throws {
        // Tripled, its curves split into more chords as it grows: no one polygon fits.
        XCTAssertTrue(hasCurves(shapes(try textDocument(scaleTo: 3))))
    }
}
