/// What one frame may cost, checked while it is drawn, so that a scene that is cheap to
/// build but ruinous to draw (an 8192×8192 canvas with 60 nested translucent layers
/// needs 15 GB of offscreen buffers) fails with an error naming the layer instead of
/// exhausting memory or running for minutes.
///
/// The defaults are far above what any example needs: the heaviest example uses under
/// 10 MB of buffers and about 0.1 % of the work limit.
public struct RenderBudget: Sendable, Equatable {
    /// The most bytes of offscreen buffers (groups, masks, coverage) in use at once.
    public var bufferBytes: Int
    /// The most work in a frame: the device pixels of every layer drawn (its bounds, cut
    /// to the canvas), plus `layerOverhead` for each.
    public var work: Int

    /// The work counted for a layer however small it is.
    public static let layerOverhead = 64

    /// A budget; the defaults are 2 GiB of buffers and 4 billion units of work.
    public init(bufferBytes: Int = 2 << 30, work: Int = 4_000_000_000) {
        self.bufferBytes = bufferBytes
        self.work = work
    }

    /// No limits, for a host that bounds rendering itself.
    public static let unlimited = RenderBudget(bufferBytes: .max, work: .max)
}
