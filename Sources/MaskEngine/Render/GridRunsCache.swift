/// What a mask of tiles (a grid's, or any layer whose visible sublayers are plain
/// rectangles without sublayers) needs for its runs besides its tiles' opacities, kept by
/// one render thread from frame to frame (`Renderer.tileRunValues`): its area and drawn
/// area, the coverage of its frame and of each visible tile as runs, and the canvas pixels
/// each layer is charged. A grid's tiles stand still while they fade: the walk that works
/// these out again every frame (bounds, transforms, the rectangle runs' look-ups) was most
/// of the mask's cost.
///
/// An entry is used only for the very inputs it was made from (compared bit for bit: the
/// owner's transform, the extent, the canvas, the mask's and every sublayer's placement,
/// which sublayers are visible, the tiles' backgrounds), so its values are those the walk
/// would work out: the cache never decides a pixel, whatever scene the thread renders next.
///
/// Not `Sendable`: one per thread, inside its `BufferPool`.
final class GridRunsCache {
    /// The state fields a layer's transform to its parent, bounds and drawing order come
    /// from, and its background, compared bit for bit.
    struct Placement: Equatable {
        private var bits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        private var background: (UInt64, UInt64, UInt64, UInt64)

        /// The placement of the state at `s`.
        init(_ s: UnsafePointer<LayerState>) {
            let p = s.pointee.position, a = s.pointee.anchor, size = s.pointee.size, c = s.pointee.background
            bits = (p.x.bitPattern, p.y.bitPattern, a.x.bitPattern, a.y.bitPattern, size.width.bitPattern, size.height.bitPattern,
                    s.pointee.scale.bitPattern, s.pointee.rotation.bitPattern, s.pointee.z.bitPattern)
            background = (c.red.bitPattern, c.green.bitPattern, c.blue.bitPattern, c.alpha.bitPattern)
        }

        /// A placement of zeros, for an entry not made yet.
        static let zero = Placement()

        private init() {
            bits = (0, 0, 0, 0, 0, 0, 0, 0, 0)
            background = (0, 0, 0, 0)
        }

        static func == (l: Placement, r: Placement) -> Bool {
            l.bits.0 == r.bits.0 && l.bits.1 == r.bits.1 && l.bits.2 == r.bits.2 && l.bits.3 == r.bits.3
                && l.bits.4 == r.bits.4 && l.bits.5 == r.bits.5 && l.bits.6 == r.bits.6 && l.bits.7 == r.bits.7
                && l.bits.8 == r.bits.8 && l.background.0 == r.background.0 && l.background.1 == r.background.1
                && l.background.2 == r.background.2 && l.background.3 == r.background.3
        }
    }

    /// A sublayer of the mask as the entry was made for it, in the scene's order.
    struct Sublayer {
        let id: LayerID
        let visible: Bool
        let placement: Placement
    }

    /// A visible sublayer's part of the runs, in drawing order.
    struct Tile {
        let id: LayerID
        /// The canvas pixels its bounds cover (what `charge` counts for it).
        let pixels: Int
        /// Its background's premultiplied alpha, as a byte.
        let alpha: UInt32
        /// Its background's coverage as runs, over the mask's drawn area.
        let coverage: RunMask
    }

    /// The inputs an entry was made from and what was made of them.
    struct Entry {
        /// False until made for some inputs.
        var made: Bool
        var owner: Transform
        var extent: PixelRect
        var canvas: (width: Int, height: Int)
        var mask: Placement
        var sublayers: [Sublayer]
        /// False when the walk decides something the entry does not hold (a coverage that
        /// is not runs, a transform that is not finite): the mask takes the walk's route.
        var usable: Bool
        /// The mask's frame within the extent, and the part of it its tiles can draw.
        var area: PixelRect
        var drawArea: PixelRect
        /// The canvas pixels the mask's bounds cover.
        var maskPixels: Int
        /// The coverage of the mask's frame over `area`.
        var frame: RunMask
        /// True when `frame` is 255 over all of `drawArea`: cutting the tiles' runs to it
        /// changes nothing.
        var frameIsFull: Bool
        var tiles: [Tile]
        /// The tiles' runs over `drawArea` when no two tiles' runs meet (`isApart`), each
        /// run's value `(n + 1) << 8 | c` for coverage `c` of tile `n`: a frame's values
        /// are then each run's tile's fill of `c` over nothing (`RunMask.setValues`).
        var apart: RunMask
        var isApart: Bool

        /// True when the entry was made for these inputs (the sublayers compared by the caller).
        func isFor(owner m: Transform, extent: PixelRect, canvas: (width: Int, height: Int), mask: Placement) -> Bool {
            made && GridRunsCache.same(owner, m) && self.extent == extent && self.canvas == canvas && self.mask == mask
        }
    }

    // Read and rewritten in place for every mask of tiles each frame: the dynamic
    // exclusivity checks are off, since only the cache's one thread touches it.
    @exclusivity(unchecked) var entries: [Entry] = []
    @exclusivity(unchecked) private var places: [LayerID: Int] = [:]

    /// The most masks kept: past it the cache starts again empty. An entry holds fewer
    /// than `Renderer.maxRunLayers` tiles (a rectangle's runs are at most 9, about 350
    /// bytes) and tagged runs within `RunMask.maxRuns` (96 KiB): the cache stays under
    /// 8 MiB, a few KiB for a scene of small grids (heavy's 25: about 40 KiB).
    static let capacity = 64

    init() {}

    /// The index in `entries` of `mask`'s entry; a new one, not usable until made, when
    /// the mask has none.
    func place(of mask: LayerID) -> Int {
        if let i = places[mask] { return i }
        if entries.count >= GridRunsCache.capacity {
            entries.removeAll(keepingCapacity: true)
            places.removeAll(keepingCapacity: true)
        }
        places[mask] = entries.count
        entries.append(Entry(made: false, owner: .identity, extent: .empty, canvas: (0, 0), mask: .zero, sublayers: [], usable: false,
                             area: .empty, drawArea: .empty, maskPixels: 0, frame: RunMask(zeroOver: .empty),
                             frameIsFull: false, tiles: [],
                             apart: RunMask(zeroOver: .empty), isApart: false))
        return entries.count &- 1
    }

    /// True when two transforms are the same bits.
    static func same(_ a: Transform, _ b: Transform) -> Bool {
        a.a.bitPattern == b.a.bitPattern && a.b.bitPattern == b.b.bitPattern && a.c.bitPattern == b.c.bitPattern
            && a.d.bitPattern == b.d.bitPattern && a.tx.bitPattern == b.tx.bitPattern && a.ty.bitPattern == b.ty.bitPattern
    }
}
