/// Where one of a layer's several masks lies in a frame, worked out once for the steps
/// that ask (`MaskCombination`'s bound and relevant areas, then the mask's fold): each
/// asked again for its frame and drawn box cost a transform concatenated, the path's
/// control bounds and a few rectangles covered, several times a mask.
struct MaskPlace {
    /// Its frame in device pixels (`Renderer.maskFrame`): its values are 0 outside.
    let frame: PixelRect
    /// The pixels its subtree can draw (`Renderer.drawnBounds`), nil when not known.
    let drawn: PixelRect?
    /// Its expansion's radius, in device pixels (`MaskExpansion.radius`).
    let radius: Double
    /// Its feather's sigma, in device pixels (`MaskFeather.sigma`).
    let sigma: Double
    /// Where its values can be above 0: its frame cut to what it can draw (a lone shape's
    /// path box), grown by its expansion and feather.
    let reach: PixelRect
    /// How it is folded into the masks before it.
    let mode: MaskCombine
}
