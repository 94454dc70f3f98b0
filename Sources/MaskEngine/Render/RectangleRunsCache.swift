/// The coverage of rectangles as runs (`RunMask.setCoverage(ofRect:transform:clip:)`),
/// kept by one render thread from frame to frame, one for each layer's background and one
/// for each mask's frame: a grid mask's tiles and frame stand still while their opacities
/// fade, so their coverage is made once, not each frame.
///
/// A kept mask is handed out only for the very rectangle, transform and clip it was made
/// for (compared bit for bit), so it is the mask `setCoverage` would make: the cache never
/// decides a pixel, whatever scene the thread renders next.
///
/// Not `Sendable`: one per thread, inside its `BufferPool`.
final class RectangleRunsCache {
    /// Whose rectangle: a layer's background, or a mask's frame.
    struct Slot: Hashable {
        let layer: LayerID
        let isFrame: Bool
    }

    /// The last rectangle asked for in a slot and what `setCoverage` made of it.
    private struct Entry {
        var rect: Rect
        var transform: Transform
        var clip: PixelRect
        /// `setCoverage`'s answer: false when the runs cannot hold the coverage.
        var made: Bool
        var mask: RunMask
    }

    // Asked for every tile of every grid mask each frame: the dynamic exclusivity checks
    // are off, since only the cache's one thread touches it and no access begins inside another.
    // The entries lie in an array, read in place; the slots name their places: a look-up
    // in a dictionary of entries copied the entry (its mask's tables retained and released).
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var places: [Slot: Int] = [:]

    /// The most slots kept: past it the cache starts again empty.
    static let capacity = 1024

    init() {}

    /// What `RunMask.setCoverage(ofRect: r, transform: m, clip: clip)` makes, or nil where
    /// it returns false; made again only when `slot` last held another rectangle,
    /// transform or clip.
    func coverage(ofRect r: Rect, transform m: Transform, clip: PixelRect, for slot: Slot) -> RunMask? {
        guard let i = places[slot] else {
            if entries.count >= RectangleRunsCache.capacity {
                entries.removeAll(keepingCapacity: true)
                places.removeAll(keepingCapacity: true)
            }
            places[slot] = entries.count
            entries.append(Entry(rect: r, transform: m, clip: clip, made: false, mask: RunMask(zeroOver: .empty)))
            return make(entries.count &- 1, r, m, clip)
        }
        guard RectangleRunsCache.same(entries[i].rect, r), RectangleRunsCache.same(entries[i].transform, m),
              entries[i].clip == clip else {
            return make(i, r, m, clip)
        }
        return entries[i].made ? entries[i].mask : nil
    }

    /// Makes entry `i`'s mask for the rectangle, in its tables' room.
    private func make(_ i: Int, _ r: Rect, _ m: Transform, _ clip: PixelRect) -> RunMask? {
        entries[i].rect = r
        entries[i].transform = m
        entries[i].clip = clip
        let made = entries[i].mask.setCoverage(ofRect: r, transform: m, clip: clip)
        entries[i].made = made
        return made ? entries[i].mask : nil
    }

    /// True when two rectangles are the same bits (a -0 is not a 0, a NaN is itself).
    private static func same(_ a: Rect, _ b: Rect) -> Bool {
        a.origin.x.bitPattern == b.origin.x.bitPattern && a.origin.y.bitPattern == b.origin.y.bitPattern
            && a.size.width.bitPattern == b.size.width.bitPattern && a.size.height.bitPattern == b.size.height.bitPattern
    }

    /// True when two transforms are the same bits.
    private static func same(_ a: Transform, _ b: Transform) -> Bool {
        a.a.bitPattern == b.a.bitPattern && a.b.bitPattern == b.b.bitPattern && a.c.bitPattern == b.c.bitPattern
            && a.d.bitPattern == b.d.bitPattern && a.tx.bitPattern == b.tx.bitPattern && a.ty.bitPattern == b.ty.bitPattern
    }
}
