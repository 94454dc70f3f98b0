// MARK: - Several masks, mask modes, feather and expansion

/// How a layer's masks map onto Lottie (LANGUAGE.md section 11). Lottie stores After
/// Effects' model, `masksProperties` with a mode each (`a` add, `s` subtract, `i`
/// intersect, `f` difference, `l` lighten, `d` darken), an opacity and an expansion, but
/// the players draw only part of it, as checked on this machine and in their trackers:
/// - feather: no player draws it (lottie-web #383, #2470; rlottie 0.2 and ThorVG ignore it);
/// - expansion: rlottie 0.2 and lottie-ios ignore it (ThorVG alone draws it);
/// - difference: rlottie draws it wrongly (rlottie #44), lottie-ios falls back to
///   intersect (lottie-ios #952, #1745); lighten and darken: rlottie 0.2 lacks them;
/// - two `add` paths: rlottie 0.2 unites them wrongly where they share scanlines;
/// - the modes apply to mask paths only: a mask that is not one filled outline (a
///   gradient, a text, several fills) has only track mattes, which cannot be combined.
///
/// - two `subtract` masks in a row, the second below full opacity: ThorVG 1.0 draws the
///   second wrongly (up to 112/255 off, measured here).
///
/// A lone `subtract` mask is the mask inverted (the renderer's bytes are the same), so it
/// exports as one, path or matte.
///
/// So a layer's masks export as `masksProperties` when each is one filled outline (cut to
/// its frame where that matters), the first `add` (or `subtract` or `intersect`: both
/// players then start from the whole layer, as the renderer does) and the rest `subtract`
/// or `intersect`, without
/// feather or expansion, under an owner in alpha mode that is not inverted. Anything else
/// is an error naming the layer and the players' limitation, never a different animation.
extension LottieBuilder {
    /// True when `masks` over `frames` is one `add` mask (or a lone `intersect` or
    /// `darken`, which give the same) without feather or expansion: what version 2 exported.
    func isSingleMask(_ masks: [LayerID], frames: Range<Int>) -> Bool {
        guard masks.count == 1, let only = masks.first else { return false }
        return frames.allSatisfy { k in
            let s = states[k][only.index]
            return s.maskCombine != .subtract && s.maskCombine != .difference && s.maskCombine != .lighten
                && s.feather == 0 && s.expansion == 0
        }
    }

    /// True when `masks` over `frames` is one `subtract` mask without feather or expansion:
    /// 1·(1 − m), the mask inverted, which exports as one (a mask path or a track matte).
    func isLoneSubtract(_ masks: [LayerID], frames: Range<Int>) -> Bool {
        guard masks.count == 1, let only = masks.first else { return false }
        return frames.allSatisfy { k in
            let s = states[k][only.index]
            return s.maskCombine == .subtract && s.feather == 0 && s.expansion == 0
        }
    }

    /// The `masksProperties` of a layer's several masks, and for each frame 1 or 0: 0
    /// where an `add` or `intersect` outline has no area or lets nothing through (rlottie
    /// ignores such a mask path, so the layer is hidden instead, which is what the mask
    /// lets through).
    /// - Throws: `LottieExportError.unplayable` for what the players do not draw (see the
    ///   top of this file), `.unsupported` for a mask mode on a mask that is not a path.
    func combinedMaskItems(_ masks: [LayerID], of owner: LayerID, frames: Range<Int>) throws(LottieExportError)
        -> (items: [LottieJSON], shows: [Double]) {
        let k0 = frames.lowerBound, first = states[k0][owner.index]
        var items: [LottieJSON] = []
        var shows = [Double](repeating: 1, count: frames.count)
        for (i, mask) in masks.enumerated() {
            let mode = states[k0][mask.index].maskCombine
            try checkPlayable(mask, mode: mode, index: i, frames: frames)
            if mode == .subtract, i > 0, states[k0][masks[i - 1].index].maskCombine == .subtract,
               frames.contains(where: { states[$0][mask.index].opacity < 1 }) {
                throw .unplayable(feature: "a `subtract` mask below full opacity after another `subtract`", layer: described(mask),
                                  players: "ThorVG 1.0 weighs its opacity wrongly", property: .opacity)
            }
            guard first.maskMode == .alpha, !first.maskInvert else {
                throw .unplayable(feature: "several masks, or a `maskCombine` mode, with `maskMode: luminance` or `maskInvert`",
                                  layer: described(owner), players: "Lottie's mask modes combine mask paths, and track mattes cannot be combined",
                                  property: first.maskInvert ? .maskInvert : .maskMode)
            }
            let letter = mode == .subtract ? "s" : (mode == .intersect || i > 0 ? "i" : "a")
            // The cut to the mask's frame: none needed when the outline stays inside it or
            // the frame covers the canvas; else an intersection right after an `a` or `i`
            // outline (a subtracted outline cut to its frame has no mask path).
            let cut = try frameCutCoversCanvas(mask, frames: frames)
            guard let simple = try simpleMask(mask, of: first, frames: frames), simple.elements.count == 1,
                  let element = simple.elements.first, simple.insideFrame || cut || letter != "s" else {
                throw .unsupported(feature: "a `maskCombine` mode or a second mask on a mask that is not one filled outline (Lottie's mask modes apply to mask paths)",
                                   layer: described(mask), property: .maskCombine)
            }
            items.append(try maskItem(element.outlines, opacity: element.alpha, mode: letter, inverted: false,
                                      firstFrame: k0, layer: mask))
            if !simple.insideFrame && !cut {
                var outlines: [Path] = []
                for k in frames {
                    outlines.append(LottieShapes.transformed(.rect(states[k][mask.index].bounds), try deviceTransform(mask, k)))
                }
                items.append(try maskItem(outlines, opacity: [1], mode: "i", inverted: false, firstFrame: k0, layer: mask))
            }
            guard letter != "s" else { continue }
            for n in shows.indices {
                let box = element.outlines[n].controlBounds
                if element.alpha[n] <= 0 || (box.map { $0.width <= 1e-9 || $0.height <= 1e-9 } ?? true) { shows[n] = 0 }
            }
        }
        return (items, shows)
    }

    /// True when a mask's frame, at every frame, covers the whole canvas: cutting to it
    /// changes nothing that shows.
    private func frameCutCoversCanvas(_ mask: LayerID, frames: Range<Int>) throws(LottieExportError) -> Bool {
        let canvas = Rect(0, 0, Double(scene.canvas.width), Double(scene.canvas.height))
        for k in frames {
            let m = try deviceTransform(mask, k)
            guard m.b == 0, m.c == 0 else { return false }
            let frame = m.apply(states[k][mask.index].bounds)
            guard frame.union(canvas) == frame else { return false }
        }
        return true
    }

    /// Refuses what players do not draw as the renderer does (see the top of this file).
    private func checkPlayable(_ mask: LayerID, mode: MaskCombine, index: Int, frames: Range<Int>) throws(LottieExportError) {
        if frames.contains(where: { states[$0][mask.index].feather != 0 }) {
            throw .unplayable(feature: "mask `feather`", layer: described(mask),
                              players: "none draws mask feather: lottie-web #383 and #2470, rlottie 0.2 and ThorVG ignore it",
                              property: .feather)
        }
        if frames.contains(where: { states[$0][mask.index].expansion != 0 }) {
            throw .unplayable(feature: "mask `expansion`", layer: described(mask),
                              players: "rlottie 0.2 and lottie-ios ignore it; only ThorVG draws it", property: .expansion)
        }
        switch mode {
        case .difference:
            throw .unplayable(feature: "`maskCombine: difference`", layer: described(mask),
                              players: "rlottie draws it wrongly, rlottie #44; lottie-ios falls back to intersect, lottie-ios #952",
                              property: .maskCombine)
        case .lighten, .darken:
            throw .unplayable(feature: "`maskCombine: \(mode.rawValue)`", layer: described(mask),
                              players: "rlottie 0.2 has no lighten or darken mask mode", property: .maskCombine)
        case .add where index > 0:
            throw .unplayable(feature: "a second `add` mask", layer: described(mask),
                              players: "rlottie 0.2 unites added mask paths wrongly where they share rows", property: .maskCombine)
        case .add, .subtract, .intersect:
            break
        }
    }
}
