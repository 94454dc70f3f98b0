import XCTest
@testable import MaskEngine

/// The structure of exported Lottie documents for small scenes.
final class LottieExporterTests: XCTestCase {
    private func plain(_ frame: Rect, _ color: Color = .red) -> LayerState {
        var state = LayerState(kind: .plain)
        state.frame = frame
        state.background = color
        return state
    }

    private func layers(_ json: LottieJSON?) -> [LottieJSON] { json?["layers"]?.array ?? [] }

    private func assets(_ doc: LottieJSON) -> [LottieJSON] { doc["assets"]?.array ?? [] }

    func testCanvasGivesSizeRateAndFrames() throws {
        var scene = Scene(canvas: Canvas(width: 64, height: 48, fps: 25, duration: 2))
        try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
        let doc = try LottieExporter(scene: scene).document()
        XCTAssertEqual(doc["w"]?.number, 64)
        XCTAssertEqual(doc["h"]?.number, 48)
        XCTAssertEqual(doc["fr"]?.number, 25)
        XCTAssertEqual(doc["ip"]?.number, 0)
        // 2 s at 25 fps: frames 0...50, 51 frames; `op` is exclusive.
        XCTAssertEqual(doc["op"]?.number, 51)
        // The box's null, its background, and the canvas background at the bottom.
        XCTAssertEqual(layers(doc).last?["nm"]?.string, "canvas background")
        XCTAssertTrue(layers(doc).contains { $0["nm"]?.string == "box background" })
    }

    func testLinearMoveKeepsOnlyItsEnds() throws {
        var scene = Scene(canvas: Canvas(width: 100, height: 100, fps: 30, duration: 1))
        let box = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
        try scene.animate(Animation(layer: box, key: .position, keyframes: [.point(Point(80, 50))], begin: 0, duration: 1))
        let doc = try LottieExporter(scene: scene).document()
        let null = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box transform" })
        let position = try XCTUnwrap(null["ks"]?["p"])
        XCTAssertEqual(position["a"]?.number, 1)
        let keys = try XCTUnwrap(position["k"]?.array)
        // A straight run needs no keyframe per frame: just its two ends.
        XCTAssertEqual(keys.count, 2)
        XCTAssertEqual(keys[0]["s"], .numbers([5, 5]))
        XCTAssertEqual(keys[1]["t"]?.number, 30)
        XCTAssertEqual(keys[1]["s"], .numbers([80, 50]))
    }

    func testEasedMoveHitsEverySampledFrame() throws {
        var scene = Scene(canvas: Canvas(width: 100, height: 100, fps: 30, duration: 1))
        let box = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)], begin: 0, duration: 1,
                                    easing: .easeInOut))
        let doc = try LottieExporter(scene: scene).document()
        let part = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box background" })
        let keys = try XCTUnwrap(part["ks"]?["o"]?["k"]?.array)
        XCTAssertLessThan(keys.count, 31)
        for frame in 0...30 {
            let expected = try scene.state(of: box, at: Double(frame) / 30).opacity * 100
            XCTAssertEqual(try evaluate(keys, at: Double(frame)), expected, accuracy: 0.02, "frame \(frame)")
        }
    }

    /// A keyframed scalar's (or a vector's first component's) value at frame `t`, as a
    /// Lottie player computes it from the bezier handles.
    private func evaluate(_ keys: [LottieJSON], at t: Double) throws -> Double {
        let times = keys.compactMap { $0["t"]?.number }
        let values = keys.compactMap { $0["s"]?[0]?.number }
        guard let right = times.firstIndex(where: { $0 >= t }) else { return try XCTUnwrap(values.last) }
        if times[right] == t || right == 0 { return values[right] }
        let key = keys[right - 1]
        let x1 = try XCTUnwrap(key["o"]?["x"]?[0]?.number), y1 = try XCTUnwrap(key["o"]?["y"]?[0]?.number)
        let x2 = try XCTUnwrap(key["i"]?["x"]?[0]?.number), y2 = try XCTUnwrap(key["i"]?["y"]?[0]?.number)
        let f = (t - times[right - 1]) / (times[right] - times[right - 1])
        return values[right - 1] + (values[right] - values[right - 1]) * Easing.cubic(x1, y1, x2, y2).progress(f)
    }

    func testCubicEasesBecomeBezierHandles() throws {
        let cases: [(Easing, [Double])] = [
            (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
            (.cubic(0.2, 0.9, 0.3, 1.2), [0.2, 0.9, 0.3, 1.2]),
        ]
        for (easing, handles) in cases {
            var scene = Scene(canvas: Canvas(width: 100, height: 100, fps: 30, duration: 1))
            let box = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
            try scene.animate(Animation(layer: box, key: .position, keyframes: [.point(Point(85, 45))], begin: 0,
                                        duration: 1, easing: easing))
            let doc = try LottieExporter(scene: scene).document()
            let null = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box transform" })
            let keys = try XCTUnwrap(null["ks"]?["p"]?["k"]?.array)
            XCTAssertEqual(keys.count, 2, "\(easing)")
            XCTAssertEqual(keys[0]["o"]?["x"], .numbers([handles[0]]), "\(easing)")
            XCTAssertEqual(keys[0]["o"]?["y"], .numbers([handles[1]]), "\(easing)")
            XCTAssertEqual(keys[0]["i"]?["x"], .numbers([handles[2]]), "\(easing)")
            XCTAssertEqual(keys[0]["i"]?["y"], .numbers([handles[3]]), "\(easing)")
        }
    }

    func testEaseCutBetweenFramesIsAPieceOfTheCurve() throws {
        // Begins at 0.25 s, between frames 7 and 8: the first keyframe at frame 8 carries
        // the rest of the curve, still exact at every frame.
        var scene = Scene(canvas: Canvas(width: 100, height: 100, fps: 30, duration: 1.5))
        let box = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
        try scene.animate(Animation(layer: box, key: .positionX, keyframes: [.number(95)], begin: 0.25, duration: 1,
                                    easing: .easeInOut))
        let doc = try LottieExporter(scene: scene).document()
        let null = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box transform" })
        let keys = try XCTUnwrap(null["ks"]?["p"]?["k"]?.array)
        // Still before, the step onto the curve, the eased piece, the step off it, still after.
        XCTAssertEqual(keys.compactMap { $0["t"]?.number }, [0, 7, 8, 37, 38, 45])
        for frame in 0...45 {
            let expected = try scene.state(of: box, at: Double(frame) / 30).position.x
            // Handles are written with four decimals: a hundredth of a point is the bound.
            XCTAssertEqual(try evaluate(keys, at: Double(frame)), expected, accuracy: 0.01, "frame \(frame)")
        }
    }

    func testSpringIsBakedAtTheFrameRate() throws {
        var scene = Scene(canvas: Canvas(width: 100, height: 100, fps: 30, duration: 1))
        let box = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
        try scene.animate(Animation(layer: box, key: .positionX, keyframes: [.number(95)], begin: 0, duration: 1,
                                    easing: .spring(damping: 10, stiffness: 100)))
        let doc = try LottieExporter(scene: scene).document()
        let null = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box transform" })
        let keys = try XCTUnwrap(null["ks"]?["p"]?["k"]?.array)
        for key in keys {
            guard let t = key["t"]?.number, let x = key["s"]?[0]?.number else { continue }
            XCTAssertEqual(x, try scene.state(of: box, at: t / 30).position.x, accuracy: 1e-3)
        }
        XCTAssertGreaterThan(keys.count, 2)
    }

    func testStepIsAHoldKeyframe() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, fps: 10, duration: 1))
        let box = try scene.addLayer(plain(Rect(0, 0, 10, 10)), name: "box")
        try scene.set(.hidden, of: box, to: .bool(true), at: 0.45)
        let doc = try LottieExporter(scene: scene).document()
        let part = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box background" })
        let keys = try XCTUnwrap(part["ks"]?["o"]?["k"]?.array)
        // Shown through frame 4, hidden from frame 5 (0.5 s) on: held, not ramped.
        XCTAssertEqual(keys.compactMap { $0["t"]?.number }, [0, 4, 5, 10])
        XCTAssertEqual(keys[1]["h"]?.number, 1)
        XCTAssertEqual(keys[1]["s"], .numbers([100]))
        XCTAssertEqual(keys[2]["s"], .numbers([0]))
    }

    func testConicGradientIsAnErrorNamingTheLayer() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        var wheel = LayerState(kind: .gradient)
        wheel.frame = Rect(0, 0, 40, 40)
        wheel.colors = [.red, .blue]
        wheel.gradientType = .conic
        try scene.addLayer(wheel, name: "wheel")
        XCTAssertThrowsError(try LottieExporter(scene: scene).document()) { error in
            XCTAssertEqual(error as? LottieExportError,
                           .unsupported(feature: "a conic gradient", layer: scene.layerName(LayerID(0)), property: .gradientType))
            XCTAssertTrue("\(error)".contains("wheel"))
        }
    }

    func testMatteComesRightAboveTheLayerItMasks() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        let photo = try scene.addLayer(plain(Rect(0, 0, 40, 40), .green), name: "photo")
        var fade = LayerState(kind: .gradient)
        fade.frame = Rect(0, 0, 40, 40)
        fade.colors = [.clear, .black]
        let mask = try scene.addLayer(fade, to: photo, name: "fade")
        // A sublayer reaching out of the mask's frame, which the renderer cuts away.
        try scene.addLayer(plain(Rect(20, 20, 40, 40), .white), to: mask, name: "spill")
        try scene.setMask(mask, of: photo)
        try scene.setInitial(.maskMode, of: photo, to: .maskMode(.luminance))
        try scene.setInitial(.maskInvert, of: photo, to: .bool(true))
        let doc = try LottieExporter(scene: scene).document()
        let top = layers(doc)
        let matte = try XCTUnwrap(top.firstIndex { $0["td"]?.number == 1 })
        XCTAssertEqual(top[matte]["nm"]?.string, "fade matte")
        // Lottie takes the matte from the layer just above: inverted luma is 4.
        XCTAssertEqual(top[matte + 1]["tt"]?.number, 4)
        XCTAssertEqual(top[matte + 1]["nm"]?.string, "photo")
        // The matte is cut to the mask's frame.
        XCTAssertEqual(top[matte]["hasMask"], .bool(true))
    }

    /// A mask that draws only inside its frame needs no cut (and ThorVG draws a matte
    /// layer with mask paths as nothing).
    func testAMatteDrawnInsideItsFrameIsNotCut() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        let photo = try scene.addLayer(plain(Rect(0, 0, 40, 40), .green), name: "photo")
        var fade = LayerState(kind: .gradient)
        fade.frame = Rect(5, 5, 30, 30)
        fade.colors = [.white, .black]
        let mask = try scene.addLayer(fade, to: photo, name: "fade")
        try scene.setMask(mask, of: photo)
        try scene.setInitial(.maskMode, of: photo, to: .maskMode(.luminance))
        let top = layers(try LottieExporter(scene: scene).document())
        let matte = try XCTUnwrap(top.firstIndex { $0["td"]?.number == 1 })
        XCTAssertNil(top[matte]["hasMask"])
        XCTAssertEqual(top[matte + 1]["tt"]?.number, 3, "luma")
    }

    func testGroupOpacityBecomesAPrecomposition() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        var card = plain(Rect(0, 0, 40, 40), .white)
        card.opacity = 0.5
        let group = try scene.addLayer(card, name: "card")
        try scene.addLayer(plain(Rect(5, 5, 10, 10), .blue), to: group, name: "dot")
        let doc = try LottieExporter(scene: scene).document()
        let precomp = try XCTUnwrap(layers(doc).first { $0["ty"]?.number == 0 })
        XCTAssertEqual(precomp["nm"]?.string, "card")
        XCTAssertEqual(precomp["ks"]?["o"]?["k"]?.number, 50)
        let asset = try XCTUnwrap(assets(doc).first { $0["id"] == precomp["refId"] })
        // Inside, the card and its dot at full opacity, parented to their nulls.
        let inner = layers(asset)
        let dot = try XCTUnwrap(inner.first { $0["nm"]?.string == "dot background" })
        XCTAssertEqual(dot["ks"]?["o"]?["k"]?.number, 100)
        let dotNull = try XCTUnwrap(inner.first { $0["nm"]?.string == "dot transform" })
        let cardNull = try XCTUnwrap(inner.first { $0["nm"]?.string == "card transform" })
        XCTAssertEqual(dot["parent"], dotNull["ind"])
        XCTAssertEqual(dotNull["parent"], cardNull["ind"])
    }

    func testOneImageAssetPerDistinctImage() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        let image = try Image(width: 2, height: 2, fill: Color.red.premultiplied())
        for i in 0..<3 {
            var state = plain(Rect(Double(i) * 10, 0, 10, 10), .clear)
            state.contents = image
            // Rotated, so the image cannot be resampled to the canvas: the original is shared.
            state.rotation = 0.1
            try scene.addLayer(state, name: "tile\(i)")
        }
        let doc = try LottieExporter(scene: scene).document()
        let images = assets(doc).filter { $0["p"]?.string?.hasPrefix("data:image/png;base64,") == true }
        XCTAssertEqual(images.count, 1)
        XCTAssertEqual(layers(doc).filter { $0["ty"]?.number == 2 }.count, 3)
    }

    func testZOrderChangeSplitsTheTimeline() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, fps: 10, duration: 1))
        try scene.addLayer(plain(Rect(0, 0, 20, 20), .red), name: "a")
        let b = try scene.addLayer(plain(Rect(10, 10, 20, 20), .blue), name: "b")
        try scene.set(.z, of: b, to: .number(-1), at: 0.5)
        let doc = try LottieExporter(scene: scene).document()
        let parts = layers(doc).filter { $0["nm"]?.string?.hasSuffix("background") == true && $0["nm"]?.string != "canvas background" }
        // Each stretch has both layers, in its own order (Lottie lists the top one first),
        // shown only during it: b over a, then from frame 5 a over b.
        XCTAssertEqual(parts.map { $0["nm"]?.string ?? "" }, ["b background", "a background", "a background", "b background"])
        XCTAssertEqual(parts.map { $0["ip"]?.number ?? -1 }, [0, 0, 5, 5])
    }

    /// A player finds a parent by its index among all the layers of a list: the
    /// stretches of a split timeline and the canvas background number on from each other.
    func testLayerIndicesAreUniqueAcrossStretches() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, fps: 10, duration: 1))
        try scene.addLayer(plain(Rect(0, 0, 20, 20), .red), name: "a")
        let b = try scene.addLayer(plain(Rect(10, 10, 20, 20), .blue), name: "b")
        try scene.set(.z, of: b, to: .number(-1), at: 0.5)
        let all = layers(try LottieExporter(scene: scene).document())
        let indices = all.compactMap { $0["ind"]?.number }
        XCTAssertEqual(indices.count, all.count)
        XCTAssertEqual(Set(indices).count, indices.count, "\(indices)")
        for layer in all {
            guard let parent = layer["parent"]?.number else { continue }
            let target = try XCTUnwrap(all.first { $0["ind"]?.number == parent })
            XCTAssertEqual(target["ip"], layer["ip"], "the parent is the null of the same stretch")
        }
    }

    /// Two colour stops at each location (a colour seen from either side) spread apart,
    /// and kept within 0...1 at the end, as the Lottie schema asks.
    func testGradientStopOffsetsIncreaseWithinZeroToOne() {
        let offsets = LottieGradients.increasing([0, 0, 0.5, 0.5, 1, 1])
        XCTAssertEqual(offsets.count, 6)
        XCTAssertTrue(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "\(offsets)")
        XCTAssertEqual(offsets.first, 0)
        XCTAssertEqual(offsets.last, 1)
        XCTAssertEqual(offsets[2], 0.5)
        XCTAssertEqual(offsets[4], 1 - 1e-4, accuracy: 1e-12)
    }

    func testNumbersAreCompact() {
        XCTAssertEqual(LottieJSON.format(3), "3")
        XCTAssertEqual(LottieJSON.format(0.5), "0.5")
        XCTAssertEqual(LottieJSON.format(1.0 / 3), "0.3333")
        XCTAssertEqual(LottieJSON.format(-0.00001), "0")
        XCTAssertEqual(LottieJSON.object([("a", .array([.number(1), .string("x\"")]))]).text, "{\"a\":[1,\"x\\\"\"]}")
    }

    func testColoursReadBackAsTheirBytesRoundedOrTruncated() throws {
        XCTAssertEqual(LottieJSON.fraction(16.0 / 255).text, "0.062746", "four decimals, 0.0627, truncate to 15")
        XCTAssertEqual(LottieJSON.fraction(0.5).text, "0.5")
        XCTAssertEqual(LottieJSON.fraction(1).text, "1")
        for byte in 0...255 {
            let read = try XCTUnwrap(Double(LottieJSON.fraction(Double(byte) / 255).text)) * 255
            XCTAssertEqual(Int(read), byte, "truncated")
            XCTAssertEqual(Int(read.rounded()), byte, "rounded")
        }
        var scene = Scene(canvas: Canvas(width: 20, height: 20, duration: 1))
        try scene.addLayer(plain(Rect(0, 0, 20, 20), Color(red: 16.0 / 255, green: 0, blue: 1)), name: "box")
        let doc = try LottieExporter(scene: scene).document()
        let box = try XCTUnwrap(layers(doc).first { $0["nm"]?.string == "box background" })
        XCTAssertEqual(box["shapes"]?[1]?["c"]?["k"], .array([.fraction(16.0 / 255), .fraction(0), .fraction(1)]))
    }

    /// A mask of two overlapping 80% fills over an opaque layer (water_fill's shape): the
    /// layer drawn once through each, no track matte; not when the layer is half opaque.
    func testOverlappingMaskFillsOverAnOpaqueLayerAreMaskPaths() throws {
        func document(ownerOpacity: Double) throws -> LottieJSON {
            var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
            var green = plain(Rect(0, 0, 40, 40), .green)
            green.opacity = ownerOpacity
            let owner = try scene.addLayer(green, name: "green")
            var water = LayerState(kind: .plain)
            water.frame = Rect(0, 0, 40, 40)
            let mask = try scene.addLayer(water, to: owner, name: "water")
            for (i, x) in [0.0, 10].enumerated() {
                var circle = LayerState(kind: .shape)
                circle.frame = Rect(x, x, 30, 30)
                circle.path = .oval(in: Rect(0, 0, 30, 30))
                circle.fill = .red
                circle.opacity = 0.8
                try scene.addLayer(circle, to: mask, name: "circle\(i)")
            }
            try scene.setMask(mask, of: owner)
            return try LottieExporter(scene: scene).document()
        }
        let opaque = layers(try document(ownerOpacity: 1))
        XCTAssertFalse(opaque.contains { $0["td"] != nil || $0["tt"] != nil }, "no track matte")
        let pieces = opaque.filter { $0["nm"]?.string == "green" }
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces.map { $0["masksProperties"]?[0]?["o"]?["k"]?.number }, [80, 80])
        let half = layers(try document(ownerOpacity: 0.5))
        XCTAssertTrue(half.contains { $0["tt"]?.number == 1 }, "half opaque: the pieces would not add up, a matte")
    }

    func testAnOpaqueImageCoveringTheBoundsHidesTheBackground() throws {
        func names(_ fill: PremultipliedColor) throws -> [String] {
            var scene = Scene(canvas: Canvas(width: 20, height: 20, duration: 1))
            var photo = plain(Rect(0, 0, 20, 20), .blue)
            photo.contents = try Image(width: 4, height: 4, fill: fill)
            photo.gravity = .aspectFill
            try scene.addLayer(photo, name: "photo")
            return layers(try LottieExporter(scene: scene).document()).compactMap { $0["nm"]?.string }
        }
        XCTAssertFalse(try names(Color.red.premultiplied()).contains("photo background"))
        XCTAssertTrue(try names(Color(red: 1, green: 0, blue: 0, alpha: 0.5).premultiplied()).contains("photo background"),
                      "it shows through a translucent image")
    }
}
