import Foundation

// MARK: - A layer's own parts

extension LottieBuilder {
    /// Adds a layer's background, contents image and kind's content (not its sublayers)
    /// to `comp`, each a Lottie layer parented to the layer's null, in the renderer's order.
    /// - Parameter opacity: the layer's opacity at each frame, ancestors' included.
    mutating func emitContent(_ id: LayerID, into comp: inout LottieComposition, opacity: [Double]) throws(LottieExportError) {
        let frames = comp.frames, k0 = frames.lowerBound
        let ss = track(id, frames)
        guard let first = ss.first else { return }
        let percent = opacity.map { $0 * 100 }
        let label = name(of: id)
        // Each part: a layer to parent to the layer's null, or (an image resampled to the
        // canvas, which lives in canvas coordinates) one made already.
        var parts: [(name: String, type: Int, extra: [(String, LottieJSON)], transform: LottieJSON?, made: LottieJSON?)] = []

        if ss.contains(where: { $0.background.alpha > 0 }), !(try imageHidesBackground(id, ss, frames: frames)) {
            let rect: LottieJSON = .object([
                ("ty", .string("rc")), ("d", .number(1)),
                ("p", LottieTrack.vector(k0, ss.map { [$0.size.width / 2, $0.size.height / 2] })),
                ("s", LottieTrack.vector(k0, ss.map { [$0.size.width, $0.size.height] })),
                ("r", LottieTrack.scalar(k0, ss.map { max(0, min($0.cornerRadius, min($0.size.width, $0.size.height) / 2)) })),
            ])
            let fill = LottieShapes.fill(k0, colors: ss.map { LottieShapes.rgb($0.background) },
                                         opacity: ss.map { $0.background.alpha * 100 }, rule: .nonzero)
            parts.append(("background", 4, [("shapes", .array([rect, fill]))], nil, nil))
        }
        if let image = first.contents, image.width > 0, image.height > 0,
           let onScreen = try resampledImage(id, image, frames: frames) {
            let asset = try imageAsset(onScreen.image)
            let place = LottieTransforms.placing([Rect(Double(onScreen.x), Double(onScreen.y), Double(onScreen.image.width),
                                                       Double(onScreen.image.height))],
                                                 width: onScreen.image.width, height: onScreen.image.height,
                                                 firstFrame: k0, opacity: percent)
            let made = comp.layer(type: 2, name: "\(label) contents", parent: nil, transform: place,
                                  extra: [("refId", .string(asset))])
            parts.append(("contents", 2, [], nil, made))
        } else if let image = first.contents, image.width > 0, image.height > 0 {
            let asset = try imageAsset(image)
            let size = Size(Double(image.width), Double(image.height))
            let rects = ss.map { $0.gravity.rect(for: size, in: $0.bounds) }
            let place = LottieTransforms.placing(rects, width: image.width, height: image.height, firstFrame: k0,
                                                 opacity: percent)
            parts.append(("contents", 2, [("refId", .string(asset))], place, nil))
        }
        switch first.kind {
        case .gradient:
            let items = LottieGradients.items(ss, firstFrame: k0)
            if !items.isEmpty { parts.append(("gradient", 4, [("shapes", .array(items))], nil, nil)) }
        case .shape:
            let items = try shapeItems(ss, firstFrame: k0, layer: label)
            if !items.isEmpty { parts.append(("shape", 4, [("shapes", .array(items))], nil, nil)) }
        case .text:
            let items = try textItems(id, ss, frames: frames)
            if !items.isEmpty { parts.append(("text", 4, [("shapes", .array(items))], nil, nil)) }
        case .plain, .grid:
            break
        }
        guard !parts.isEmpty else { return }
        let parent = try null(for: id, in: &comp)
        for part in parts {
            if let made = part.made {
                comp.add(made)
                continue
            }
            let transform = part.transform ?? LottieTransforms.identity(k0, opacity: percent)
            comp.add(comp.layer(type: part.type, name: "\(label) \(part.name)", parent: parent,
                                transform: transform, extra: part.extra))
        }
    }

    /// A shape layer's fill and stroke: the stroke, trimmed by `strokeStart`/`strokeEnd`,
    /// in its own group above the fill's, so the trim never cuts the fill.
    func shapeItems(_ ss: [LayerState], firstFrame k0: Int, layer: String) throws(LottieExportError) -> [LottieJSON] {
        guard let first = ss.first, !first.path.elements.isEmpty else { return [] }
        var items: [LottieJSON] = []
        if first.stroke != nil {
            let paths = try LottieShapes.pathItems(ss.map(\.path), firstFrame: k0, layer: layer)
            var group = paths
            if ss.contains(where: { $0.strokeStart != 0 || $0.strokeEnd != 1 }) {
                group.append(LottieShapes.trim(k0, start: ss.map { $0.strokeStart * 100 }, end: ss.map { $0.strokeEnd * 100 }))
            }
            let colors = ss.map { LottieShapes.rgb($0.stroke ?? .clear) }
            // Nothing is stroked unless the end is past the start.
            let opacity = ss.map { s in (s.strokeEnd > s.strokeStart ? 1 : 0) * (s.stroke?.alpha ?? 0) * 100 }
            group.append(LottieShapes.stroke(k0, colors: colors, opacity: opacity, width: ss.map(\.lineWidth)))
            items.append(LottieShapes.group(group, name: "stroke"))
        }
        if first.fill != nil {
            var group = try LottieShapes.pathItems(ss.map(\.path), firstFrame: k0, layer: layer)
            group.append(LottieShapes.fill(k0, colors: ss.map { LottieShapes.rgb($0.fill ?? .clear) },
                                           opacity: ss.map { ($0.fill?.alpha ?? 0) * 100 }, rule: first.fillRule))
            items.append(LottieShapes.group(group, name: "fill"))
        }
        return items
    }

    /// A text layer's glyphs as filled outlines, shaped and laid out by the engine (FreeType
    /// outlines at HarfBuzz's positions, in bidi order, with fallback fonts), so a player
    /// needs no font and no shaper, and flattened as the renderer fills them
    /// (`glyphOutlines`). `ss` holds the layer's states over `frames`. Colour glyphs are
    /// an error naming the layer and where it was made (`refuseColorGlyphs`).
    func textItems(_ id: LayerID, _ ss: [LayerState], frames: Range<Int>) throws(LottieExportError) -> [LottieJSON] {
        guard let first = ss.first, !first.string.isEmpty else { return [] }
        let k0 = frames.lowerBound, layer = name(of: id)
        var paths: [Path] = []
        var previous: (LayerState, Path)?
        for s in ss {
            if let (p, path) = previous, p.string == s.string, p.fontSize == s.fontSize, p.size == s.size,
               p.align == s.align, p.font == s.font, p.wrapped == s.wrapped, p.truncation == s.truncation {
                paths.append(path)
                continue
            }
            try refuseColorGlyphs(s, of: id)
            let path: Path
            do { path = try TextLayout.path(for: s) } catch {
                throw .textLayout(layer: described(id), reason: "\(error)")
            }
            paths.append(path)
            previous = (s, path)
        }
        var group = try LottieShapes.pathItems(try glyphOutlines(id, paths, frames: frames), firstFrame: k0, layer: layer)
        guard !group.isEmpty else { return [] }
        group.append(LottieShapes.fill(k0, colors: ss.map { LottieShapes.rgb($0.textColor) },
                                       opacity: ss.map { $0.textColor.alpha * 100 }, rule: .nonzero))
        return [LottieShapes.group(group, name: "glyphs")]
    }

    /// Fails when a text state has colour glyphs (emoji bitmaps, or COLR layers of several
    /// colours): the export's one text fill cannot draw them, and leaving them out would
    /// export a different animation.
    func refuseColorGlyphs(_ s: LayerState, of id: LayerID) throws(LottieExportError) {
        guard TextLayout.hasColorGlyphs(s) else { return }
        throw .unsupported(feature: "colour glyphs (emoji bitmaps or COLR layers, in \"\(s.string.prefix(24))\")",
                           layer: described(id), property: .string)
    }

    /// The id of an image's asset, embedding it (as a base64 PNG data URI) the first time:
    /// one asset per distinct image however many layers show it.
    mutating func imageAsset(_ image: Image) throws(LottieExportError) -> String {
        if let id = imageIDs[image] { return id }
        let png: [UInt8]
        do { png = try image.pngData() } catch { throw .image("\(error)") }
        let id = "image_\(imageIDs.count)"
        imageIDs[image] = id
        assets.append(.object([
            ("id", .string(id)), ("w", .number(Double(image.width))), ("h", .number(Double(image.height))),
            ("u", .string("")), ("p", .string("data:image/png;base64," + Data(png).base64EncodedString())),
            ("e", .number(1)),
        ]))
        return id
    }
}

extension LottieBuilder {
    /// True when an opaque image covers the layer's whole background at every frame, so
    /// the background never shows and is left out: one layer fewer for the player to
    /// blend (rlottie applies a mask path's opacity to each layer of a precomposition on
    /// its own, which is the group's opacity only when it holds one). The bounds must
    /// fall on whole pixels, where the image's edge and the background's would otherwise
    /// blend their anti-aliasing.
    func imageHidesBackground(_ id: LayerID, _ ss: [LayerState], frames: Range<Int>) throws(LottieExportError) -> Bool {
        guard let image = ss.first?.contents, image.width > 0, image.height > 0, LottieBuilder.isOpaque(image) else { return false }
        let size = Size(Double(image.width), Double(image.height))
        for (s, k) in zip(ss, frames) {
            guard s.contents == image else { return false }
            let drawn = s.gravity.rect(for: size, in: s.bounds)
            guard drawn.union(s.bounds) == drawn else { return false }
            let m = try deviceTransform(id, k)
            guard m.b == 0, m.c == 0 else { return false }
            let device = m.apply(s.bounds)
            for edge in [device.minX, device.minY, device.maxX, device.maxY] where edge != edge.rounded() { return false }
        }
        return true
    }
}
