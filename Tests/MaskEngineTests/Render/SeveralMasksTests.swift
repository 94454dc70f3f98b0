import Foundation
import XCTest
@testable import MaskEngine

/// Several masks per layer (LANGUAGE.md section 11): each combination mode, the starting
/// value, inversion of the combined result, feather and expansion, probed on pixels whose
/// values follow by hand from the formulas; and the one-`add`-mask case drawing as before.
final class SeveralMasksTests: XCTestCase {
    /// A white 40×20 owner on black with two rectangular masks: `a` over columns 0..<20 at
    /// full opacity (value 255) and `b` over columns 10..<30 at opacity 0.5 (value 128),
    /// so column 5 is in a only, 15 in both, 25 in b only, 35 in neither.
    private func twoMasks(_ first: MaskCombine, _ second: MaskCombine?, invert: Bool = false,
                          secondOpacity: Double = 0.5) throws -> Image {
        var scene = blankScene(40, 20)
        var ownerState = layerState(frame: Rect(0, 0, 40, 20), background: .white)
        ownerState.maskInvert = invert
        let owner = try scene.addLayer(ownerState)
        var a = layerState(frame: Rect(0, 0, 20, 20), background: .white)
        a.maskCombine = first
        var masks = [try scene.addLayer(a, to: owner)]
        if let second {
            var b = layerState(frame: Rect(10, 0, 20, 20), background: .white)
            b.opacity = secondOpacity
            b.maskCombine = second
            masks.append(try scene.addLayer(b, to: owner))
        }
        try scene.setMasks(masks, of: owner)
        return try render(scene)
    }

    /// The grey levels at columns 5 (a only), 15 (both), 25 (b only) and 35 (neither).
    private func levels(_ image: Image) -> [Int] {
        [5, 15, 25, 35].map { rgba(image, $0, 10)[0] }
    }

    func testEachModeOnTwoOverlappingMasks() throws {
        // a = 255 where a lies, m = 128 where b does; in bytes (MaskCombination):
        // add a + m − round(a·m/255): both 255 + 128 − 128 = 255, b only 0 + 128 − 0 = 128.
        XCTAssertEqual(levels(try twoMasks(.add, .add)), [255, 255, 128, 0])
        // subtract round(a·(255 − m)/255): both round(255·127/255) = 127.
        XCTAssertEqual(levels(try twoMasks(.add, .subtract)), [255, 127, 0, 0])
        // intersect round(a·m/255): only where both, 128.
        XCTAssertEqual(levels(try twoMasks(.add, .intersect)), [0, 128, 0, 0])
        // difference a + m − round(2·a·m/255): both 383 − 256 = 127, b only 128.
        XCTAssertEqual(levels(try twoMasks(.add, .difference)), [255, 127, 128, 0])
        // lighten max(a, m), darken min(a, m).
        XCTAssertEqual(levels(try twoMasks(.add, .lighten)), [255, 255, 128, 0])
        XCTAssertEqual(levels(try twoMasks(.add, .darken)), [0, 128, 0, 0])
    }

    func testTheResultStartsFullWhenTheFirstModeIsSubtractIntersectOrDarken() throws {
        // A lone subtract punches a hole: 255 · (255 − 255)/255 = 0 inside a, 255 outside.
        XCTAssertEqual(levels(try twoMasks(.subtract, nil)), [0, 0, 255, 255])
        // A lone intersect or darken is the mask itself, as a lone add.
        XCTAssertEqual(levels(try twoMasks(.intersect, nil)), [255, 255, 0, 0])
        XCTAssertEqual(levels(try twoMasks(.darken, nil)), [255, 255, 0, 0])
        // Starting at 0: a lone difference or lighten is the mask itself too.
        XCTAssertEqual(levels(try twoMasks(.difference, nil)), [255, 255, 0, 0])
        XCTAssertEqual(levels(try twoMasks(.lighten, nil)), [255, 255, 0, 0])
        // Two subtracts from 1: 255 − a, then · (255 − m)/255.
        XCTAssertEqual(levels(try twoMasks(.subtract, .subtract)), [0, 0, 127, 255])
    }

    func testInvertAppliesToTheCombinedResult() throws {
        // add then subtract gives [255, 127, 0, 0]; inverted, 255 minus that.
        XCTAssertEqual(levels(try twoMasks(.add, .subtract, invert: true)), [0, 128, 255, 255])
        // One inverted add mask, drawn the version 2 way: 255 − a.
        XCTAssertEqual(levels(try twoMasks(.add, nil, invert: true)), [0, 0, 255, 255])
    }

    func testALoneIntersectMaskDrawsTheSameBytesAsALoneAddMask() throws {
        // The general path (start 255, intersect: round(255·m/255) = m) against the
        // version 2 path, on a circle whose rim has every coverage level.
        func scene(_ mode: MaskCombine) throws -> Scene {
            var scene = blankScene(64, 64)
            let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 64, 64), background: .orange))
            var circle = layerState(.shape, frame: Rect(0, 0, 64, 64))
            circle.path = .circle(center: Point(30.3, 33.7), radius: 21.4)
            circle.opacity = 0.7
            circle.maskCombine = mode
            try scene.setMask(try scene.addLayer(circle, to: owner), of: owner)
            return scene
        }
        XCTAssertEqual(try render(scene(.intersect)).pixels, try render(scene(.add)).pixels)
        XCTAssertEqual(try render(scene(.darken)).pixels, try render(scene(.add)).pixels)
    }

    // MARK: - Shapes against a reference

    /// One shape mask: its path, mode and opacity.
    private typealias ShapeMask = (path: Path, mode: MaskCombine, opacity: Double)

    /// A 200×200 owner of `color` on a canvas of `canvas` through `masks` in order.
    private func shapeScene(_ masks: [ShapeMask], color: Color = .white, canvas: Color = .black) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 200, height: 200, fps: 10, background: canvas))
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 200, 200), background: color))
        var ids: [LayerID] = []
        for mask in masks {
            var s = layerState(.shape, frame: Rect(0, 0, 200, 200))
            s.path = mask.path
            s.maskCombine = mask.mode
            s.opacity = mask.opacity
            ids.append(try scene.addLayer(s, to: owner))
        }
        try scene.setMasks(ids, of: owner)
        return scene
    }

    /// Checks a white owner on black through `masks` against the real formulas of
    /// LANGUAGE.md section 11 on each mask's own values (the owner through that mask
    /// alone, as one `add` mask), rounded to a byte, on every pixel; and the same scene
    /// drawn by the general loop alone (no fused fill, no sides) on a blue canvas.
    private func assertMatchesReference(_ masks: [ShapeMask], _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try render(shapeScene(masks))
        let alone = try masks.map { try render(shapeScene([($0.path, .add, $0.opacity)])) }
        var wrong = 0
        for y in 0..<200 {
            for x in 0..<200 {
                var a: Double = masks[0].mode.startsFull ? 1 : 0
                for (mask, values) in zip(masks, alone) {
                    let m = Double(rgba(values, x, y)[0]) / 255
                    switch mask.mode {
                    case .add: a = a + m - a * m
                    case .subtract: a = a * (1 - m)
                    case .intersect: a = a * m
                    case .difference: a = a + m - 2 * a * m
                    case .lighten: a = max(a, m)
                    case .darken: a = min(a, m)
                    }
                }
                let got = rgba(image, x, y)[0]
                if got != Int((a * 255).rounded()), wrong < 3 {
                    wrong += 1
                    XCTFail("\(label): (\(x), \(y)) is \(got), the formula gives \(a * 255)", file: file, line: line)
                }
            }
        }
        let blue = try render(shapeScene(masks, color: .orange, canvas: .blue))
        DrawPipeline.generalOnly = true
        defer { DrawPipeline.generalOnly = false }
        let general = try render(shapeScene(masks, color: .orange, canvas: .blue)).pixels
        let first = blue.pixels.indices.first { blue.pixels[$0] != general[$0] }
        XCTAssertNil(first, "\(label): byte \(first ?? 0) differs from the general loop's", file: file, line: line)
    }

    func testEachModeOnTwoDiscsMatchesTheRealFormulas() throws {
        let first = Path.circle(center: Point(80.4, 100.3), radius: 60.2)
        let second = Path.circle(center: Point(125.7, 96.1), radius: 55.5)
        for mode in [MaskCombine.add, .subtract, .intersect, .difference, .lighten, .darken] {
            try assertMatchesReference([(first, .add, 1), (second, mode, 0.6)], "add then \(mode)")
            try assertMatchesReference([(first, mode, 0.8), (second, .add, 1)], "\(mode) then add")
        }
    }

    /// A ring whose hole is wider than `Renderer.sideGap` on its middle rows, so the fill
    /// goes round the hole, alone, cut by a band on whole pixels and one on fractions, and
    /// lightened by a square over the hole.
    func testARingWithAWideHoleMatchesTheRealFormulas() throws {
        let disc = Path.circle(center: Point(100.2, 99.7), radius: 92.3)
        let hole = Path.circle(center: Point(100.2, 99.7), radius: 61.6)
        let ring: [ShapeMask] = [(disc, .add, 1), (hole, .subtract, 1)]
        try assertMatchesReference(ring, "ring")
        try assertMatchesReference(ring + [(.rect(Rect(0, 30, 200, 120)), .intersect, 1)], "ring ∩ band")
        try assertMatchesReference(ring + [(.rect(Rect(10.5, 40.25, 170, 110.5)), .darken, 1)], "ring ∧ fractional band")
        try assertMatchesReference(ring + [(.rect(Rect(90, 20, 40, 60)), .lighten, 1)], "ring ∨ square")
        try assertMatchesReference(ring + [(.rect(Rect(0, 30, 200, 120)), .intersect, 1), (.rect(Rect(20, 85, 30, 30)), .lighten, 0.5)],
                                   "ring ∩ band ∨ square")
    }

    /// A rectangle under `intersect` or `darken` that is 255 wherever the masks before it
    /// may be above 0 changes nothing, and is folded without its coverage: on whole pixels
    /// around a ring, around an earlier band, before a narrower band; and where it must be
    /// drawn (its whole pixels short of the ring's edge pixels, a side off whole pixels, at
    /// an opacity below 1, turned, first), the values are still the real formulas'.
    func testARectangleThatCutsNothingFoldsAsTheFormulasSay() throws {
        let disc = Path.circle(center: Point(100.2, 99.7), radius: 62.3)  // x 37.9 ... 162.5, y 37.4 ... 162
        let hole = Path.circle(center: Point(100.2, 99.7), radius: 30.6)
        let ring: [ShapeMask] = [(disc, .add, 1), (hole, .subtract, 1)]
        let around = Path.rect(Rect(30, 30, 140, 140))
        for mode in [MaskCombine.intersect, .darken] {
            try assertMatchesReference(ring + [(around, mode, 1)], "ring, \(mode) around it")
            try assertMatchesReference(ring + [(.rect(Rect(38, 38, 124, 124)), mode, 1)], "ring, \(mode) short of its edge pixels")
            try assertMatchesReference(ring + [(.rect(Rect(37.5, 30, 140, 140)), mode, 1)], "ring, \(mode) with a side off whole pixels")
            try assertMatchesReference(ring + [(around, mode, 0.6)], "ring, \(mode) around it at 0.6")
            try assertMatchesReference([(around, mode, 1)] + ring, "\(mode) around the ring, first")
        }
        let turned = Path.polygon([Point(100, 10), Point(190, 100), Point(100, 190), Point(10, 100)])
        try assertMatchesReference(ring + [(turned, .intersect, 1)], "ring ∩ a turned square")
        let band = Path.rect(Rect(0, 60.5, 200, 80)), wider = Path.rect(Rect(0, 50, 200, 100))
        try assertMatchesReference([(disc, .add, 1), (band, .intersect, 1), (wider, .intersect, 1), (.rect(Rect(20, 20, 30, 30)), .lighten, 1)],
                                   "disc ∩ band ∩ a wider band ∨ square")
        try assertMatchesReference([(disc, .add, 1), (around, .intersect, 1), (.rect(Rect(0, 90, 200, 20)), .darken, 1)],
                                   "disc ∩ around ∧ a narrow band")
        // A plain layer's background as the rectangle: around the disc, nothing changes.
        func backgroundScene(_ frame: Rect?) throws -> Scene {
            var scene = Scene(canvas: Canvas(width: 200, height: 200, fps: 10, background: .black))
            let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 200, 200), background: .white))
            var shape = layerState(.shape, frame: Rect(0, 0, 200, 200))
            shape.path = disc
            var masks = [try scene.addLayer(shape, to: owner)]
            if let frame {
                var band = layerState(frame: frame, background: .white)
                band.maskCombine = .intersect
                masks.append(try scene.addLayer(band, to: owner))
            }
            try scene.setMasks(masks, of: owner)
            return scene
        }
        XCTAssertEqual(try render(backgroundScene(Rect(30, 30, 140, 140))).pixels, try render(backgroundScene(nil)).pixels)
        XCTAssertNotEqual(try render(backgroundScene(Rect(30, 30, 140, 70))).pixels, try render(backgroundScene(nil)).pixels)
    }

    // MARK: - Feather

    /// A white 64×16 owner on black whose mask is a white rectangle over columns 0..<32,
    /// reaching far above and below (so only its right edge, at x = 32, shows).
    private func edgeScene(feather: Double = 0, expansion: Double = 0, left: Double = 0, width: Double = 32) throws -> (Scene, LayerID) {
        var scene = blankScene(64, 16)
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 64, 16), background: .white))
        var mask = layerState(frame: Rect(left, -60, width, 136), background: .white)
        mask.feather = feather
        mask.expansion = expansion
        let id = try scene.addLayer(mask, to: owner)
        try scene.setMask(id, of: owner)
        return (scene, id)
    }

    /// The value a hard edge at `edge` blurred by a Gaussian of `sigma` has over pixel x:
    /// the mean over the pixel of Φ((edge − s)/σ), integrated here by the midpoint rule.
    private func blurredEdge(_ x: Int, edge: Double, sigma: Double) -> Double {
        let n = 200
        var sum = 0.0
        for i in 0..<n {
            let s = Double(x) + (Double(i) + 0.5) / Double(n)
            sum += 0.5 * erfc(-(edge - s) / (sigma * 2.0.squareRoot()))
        }
        return 255 * sum / Double(n)
    }

    func testFeatherBlursTheEdgeByAGaussianOfHalfTheFeather() throws {
        let image = try render(edgeScene(feather: 8).0)  // σ = 4
        for x in 16..<48 {
            let expected = blurredEdge(x, edge: 32, sigma: 4)
            XCTAssertLessThanOrEqual(abs(Double(rgba(image, x, 8)[0]) - expected), 2, "column \(x)")
        }
        // At the edge, between columns 31 and 32: 50 %; one σ outside it (between 35 and
        // 36): Φ(−1) ≈ 15.9 %, 40.5 of 255.
        let at = Double(rgba(image, 31, 8)[0] + rgba(image, 32, 8)[0]) / 2
        XCTAssertEqual(at, 127.5, accuracy: 1.5)
        let sigmaOut = Double(rgba(image, 35, 8)[0] + rgba(image, 36, 8)[0]) / 2
        XCTAssertEqual(sigmaOut, 255 * 0.1587, accuracy: 2.5)
    }

    func testAnimatedFeatherIsSampledLikeAnyProperty() throws {
        var (scene, mask) = try edgeScene()
        try scene.animate(Animation(layer: mask, key: .feather, keyframes: [.number(8)], begin: 0, duration: 1))
        // At 0 a hard edge, the version 2 bytes; half way feather 4 (σ = 2); at the end 8.
        XCTAssertEqual(try render(scene, at: 0).pixels, try render(edgeScene().0).pixels)
        XCTAssertEqual(try render(scene, at: 0.5).pixels, try render(edgeScene(feather: 4).0).pixels)
        XCTAssertEqual(try render(scene, at: 1).pixels, try render(edgeScene(feather: 8).0).pixels)
        XCTAssertNotEqual(try render(scene, at: 0.5).pixels, try render(scene, at: 1).pixels)
    }

    // MARK: - Expansion

    func testExpansionMovesTheEdgesOfARectangle() throws {
        // The mask covers columns 16..<32. Grown by 3: 13..<35.
        var image = try render(edgeScene(expansion: 3, left: 16, width: 16).0)
        XCTAssertEqual([12, 13, 34, 35].map { rgba(image, $0, 8)[0] }, [0, 255, 255, 0])
        // Shrunk by 3: 19..<29.
        image = try render(edgeScene(expansion: -3, left: 16, width: 16).0)
        XCTAssertEqual([18, 19, 28, 29].map { rgba(image, $0, 8)[0] }, [0, 255, 255, 0])
        // Grown by 2.5: the edges at 13.5 and 34.5, so columns 13 and 34 are half covered
        // (the two whole radii blended: 0 + 255 · 128 / 256, rounded, 128).
        image = try render(edgeScene(expansion: 2.5, left: 16, width: 16).0)
        XCTAssertEqual([12, 13, 14, 33, 34, 35].map { rgba(image, $0, 8)[0] }, [0, 128, 255, 255, 128, 0])
    }

    func testExpansionOfASquareRoundsItsCorners() throws {
        // A 16×16 square at (24, 24) grown by 4: its sides move out by 4, and its corner
        // becomes a quarter circle of radius 4 about the old corner (24, 24).
        var scene = blankScene(64, 64)
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 64, 64), background: .white))
        var square = layerState(frame: Rect(24, 24, 16, 16), background: .white)
        square.expansion = 4
        try scene.setMask(try scene.addLayer(square, to: owner), of: owner)
        let image = try render(scene)
        XCTAssertEqual([19, 20, 43, 44].map { rgba(image, $0, 32)[0] }, [0, 255, 255, 0])
        XCTAssertEqual([19, 20, 43, 44].map { rgba(image, 32, $0)[0] }, [0, 255, 255, 0])
        // The pixel (20, 20) is 4·√2 ≈ 5.7 from the corner: outside; (22, 22) 2·√2 inside.
        XCTAssertEqual(rgba(image, 20, 20)[0], 0)
        XCTAssertEqual(rgba(image, 22, 22)[0], 255)
    }

    func testExpansionComesBeforeFeather() throws {
        // Grown by 4 then feathered: the same as a rectangle 4 wider on each side, feathered.
        let grown = try render(edgeScene(feather: 6, expansion: 4, left: 16, width: 16).0)
        let wider = try render(edgeScene(feather: 6, left: 12, width: 24).0)
        XCTAssertEqual(grown.pixels, wider.pixels)
    }

    func testAnimatedExpansion() throws {
        var (scene, mask) = try edgeScene(left: 16, width: 16)
        try scene.animate(Animation(layer: mask, key: .expansion, keyframes: [.number(-4)], begin: 0, duration: 1))
        XCTAssertEqual(try render(scene, at: 0).pixels, try render(edgeScene(left: 16, width: 16).0).pixels)
        XCTAssertEqual(try render(scene, at: 0.5).pixels, try render(edgeScene(expansion: -2, left: 16, width: 16).0).pixels)
    }

    // MARK: - Goldens

    /// A 48×48 canvas holding a photo-like picture, the owner of the masks.
    private func photoScene() throws -> (Scene, LayerID) {
        var scene = blankScene(48, 48)
        var photo = layerState(frame: Rect(0, 0, 48, 48))
        photo.contents = try GoldenImages.photo(width: 48, height: 48)
        let owner = try scene.addLayer(photo)
        return (scene, owner)
    }

    /// A 48×48 shape layer filled with a circle.
    private func circle(_ center: Point, _ radius: Double) -> LayerState {
        var s = layerState(.shape, frame: Rect(0, 0, 48, 48))
        s.path = .circle(center: center, radius: radius)
        return s
    }

    /// A 48×48 photo through a ring (a circle of radius 20 minus one of 11, feathered by 3).
    func testRingGolden() throws {
        var (scene, owner) = try photoScene()
        let outer = circle(Point(24, 24), 20)
        var inner = circle(Point(24, 24), 11)
        inner.maskCombine = .subtract
        inner.feather = 3
        try scene.setMasks([try scene.addLayer(outer, to: owner), try scene.addLayer(inner, to: owner)], of: owner)
        assertGolden(try render(scene), named: "ring-mask", tolerance: 2)
    }

    /// A 48×48 photo through a keyhole: a circle of radius 14 intersected with a 10 px
    /// slot, the slot grown by 2 (so 14 px wide), the circle at opacity 0.8.
    func testKeyholeGolden() throws {
        var (scene, owner) = try photoScene()
        var lens = circle(Point(24, 20), 14)
        lens.opacity = 0.8
        var slot = layerState(frame: Rect(19, 0, 10, 48), background: .white)
        slot.maskCombine = .intersect
        slot.expansion = 2
        try scene.setMasks([try scene.addLayer(lens, to: owner), try scene.addLayer(slot, to: owner)], of: owner)
        assertGolden(try render(scene), named: "keyhole-mask", tolerance: 2)
    }

    /// A one-fill mask's factor (`Renderer.sourceFactor`): nil exactly where the fill's
    /// source alphas are the coverage bytes themselves, else those alphas, for every
    /// opacity byte at alphas from 0 to 255 (the table known without being made at alpha
    /// 255 and opacity 255).
    func testAOneFillMasksFactorIsItsSourceAlphasOrNilWhereTheyAreTheBytes() {
        for alpha: UInt32 in [0, 1, 127, 128, 254, 255] {
            for op: UInt32 in 0...255 {
                let alphas = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { table in
                    AlphaSurface.sourceAlphas(alpha: alpha, opacity: op, into: table)
                    return table.map { UInt8(truncatingIfNeeded: $0) }
                }
                let identity = alphas.enumerated().allSatisfy { Int($0.element) == $0.offset }
                XCTAssertEqual(Renderer.sourceFactor(alpha: alpha, opacity: op), identity ? nil : alphas, "alpha \(alpha), opacity \(op)")
            }
        }
        XCTAssertNil(Renderer.sourceFactor(alpha: 255, opacity: 255))
    }
}
