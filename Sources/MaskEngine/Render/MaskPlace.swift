/// Where one of a layer's several masks lies in a frame, worked out once for the steps
/// that ask (`MaskCombination`'s bound and relevant areas, then the mask's fold): each
/// asked again for its transform, frame and drawn box cost a concatenation, the path's
/// control bounds and a few rectangles covered, several times a mask.
struct MaskPlace {
    /// The mask's transform to device pixels: its owner's, then its own placement.
    let transform: Transform
    /// Its frame in device pixels (`Renderer.maskFrame`): its values are 0 outside.
    let frame: PixelRect
    /// The pixels its subtree can draw (`Renderer.drawnBounds`), nil when not known.
    let drawn: PixelRect?
    /// Its expansion's radius and its feather's sigma, in device pixels.
    let radius: Double
    let sigma: Double
    /// Where its values can be above 0: its frame cut to what it can draw (a lone shape's
    /// path box), grown by its expansion and feather.
    let reach: PixelRect
    /// How it is folded into the masks before it.
    let mode: MaskCombine
}
