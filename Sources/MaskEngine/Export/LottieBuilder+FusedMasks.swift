// MARK: - A solid fill through an axial gradient mask, as one gradient fill

extension LottieBuilder {
    /// A text or filled shape (nothing else drawn: no background, image, stroke or
    /// sublayers) masked by an axial gradient layer (nothing else drawn either), in alpha
    /// mode: the same pixels as the outlines filled with a gradient of the fill's colour
    /// whose opacity stops are the mask's alphas, cut to the mask's frame by one mask path.
    /// No track matte is needed, which rlottie would darken. Nil when the pair is not of
    /// that kind.
    func fusedGradientMask(_ id: LayerID, _ mask: LayerID, frames: Range<Int>) throws(LottieExportError) -> (shapes: [LottieJSON], frame: LottieJSON)? {
        let k0 = frames.lowerBound
        let owner = states[k0][id.index], m0 = states[k0][mask.index]
        guard owner.maskMode == .alpha, !owner.maskInvert, !owner.clip, owner.contents == nil,
              m0.kind == .gradient, m0.gradientType == .axial, !m0.colors.isEmpty, m0.mask == nil, !m0.clip,
              m0.contents == nil, scene.node(mask).children.isEmpty, scene.node(id).children.isEmpty else { return nil }
        switch owner.kind {
        case .text: guard !owner.string.isEmpty else { return nil }
        case .shape: guard owner.fill != nil, owner.stroke == nil, !owner.path.elements.isEmpty else { return nil }
        case .plain, .grid, .gradient: return nil
        }
        let ownerStates = track(id, frames), maskStates = track(mask, frames)
        guard !ownerStates.contains(where: { $0.background.alpha > 0 }),
              !maskStates.contains(where: { $0.background.alpha > 0 }) else { return nil }
        var starts: [[Double]] = [], ends: [[Double]] = [], stops: [[Double]] = [], cuts: [Path] = []
        var count = 0
        for (n, k) in frames.enumerated() {
            let o = ownerStates[n], s = maskStates[n]
            let w = s.size.width, h = s.size.height
            guard w > 0, h > 0 else { return nil }
            let fill = (o.kind == .text ? o.textColor : o.fill) ?? .clear
            // The mask draws with its opacity while it shows; hidden, it lets nothing through.
            let through = visibility(mask, k, asMask: true) * s.opacity
            var locations = GradientShader.stops(s.locations, count: s.colors.count)
            var alphas = s.colors.map { $0.alpha * fill.alpha * through }
            if alphas.count == 1, let a = alphas.first {
                alphas = [a, a]
                locations = [0, 1]
            }
            let p0 = Point(s.start.x * w, s.start.y * h), p1 = Point(s.end.x * w, s.end.y * h)
            guard p0 != p1 else { return nil }
            let lo = min(0, locations.first ?? 0), hi = max(1, locations.last ?? 1)
            let t = s.transformToParent
            let a = t.apply(Point(p0.x + lo * (p1.x - p0.x), p0.y + lo * (p1.y - p0.y)))
            let b = t.apply(Point(p0.x + hi * (p1.x - p0.x), p0.y + hi * (p1.y - p0.y)))
            let colors = alphas.map { PremultipliedColor(red: fill.red * $0, green: fill.green * $0, blue: fill.blue * $0, alpha: $0) }
            let (flat, entries) = LottieGradients.stopList(colors: colors, locations: locations.map { ($0 - lo) / (hi - lo) },
                                                           steps: 0)
            count = entries
            stops.append(flat)
            starts.append([a.x, a.y])
            ends.append([b.x, b.y])
            cuts.append(LottieShapes.transformed(.rect(s.bounds), t))
        }
        let paths: [Path]
        if owner.kind == .text {
            var laid: [Path] = []
            for o in ownerStates {
                try refuseColorGlyphs(o, of: id)
                do { laid.append(try TextLayout.path(for: o)) } catch {
                    throw .textLayout(layer: described(id), reason: "\(error)")
                }
            }
            paths = try glyphOutlines(id, laid, frames: frames)
        } else {
            paths = ownerStates.map(\.path)
        }
        let rule = owner.kind == .text ? FillRule.nonzero : owner.fillRule
        let fill: LottieJSON = .object([
            ("ty", .string("gf")), ("o", LottieTrack.scalar(k0, [100])), ("r", .number(rule == .evenodd ? 2 : 1)),
            ("s", LottieTrack.vector(k0, starts)), ("e", LottieTrack.vector(k0, ends)), ("t", .number(1)),
            ("g", .object([("p", .number(Double(count))), ("k", LottieTrack.fractions(k0, stops, tolerance: 1e-4))])),
        ])
        let items = try LottieShapes.pathItems(paths, firstFrame: k0, layer: name(of: id))
        guard !items.isEmpty else { return nil }
        let cut = try maskItem(cuts, opacity: [1], mode: "a", inverted: false, firstFrame: k0, layer: mask)
        return ([LottieShapes.group(items + [fill], name: "masked fill")], cut)
    }
}
