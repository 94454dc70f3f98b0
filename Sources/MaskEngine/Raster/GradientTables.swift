/// Gradient colour tables kept by one render thread, so a gradient whose colours and
/// locations stay the same from frame to frame is tabulated once, not every frame.
///
/// A table depends only on its colours and locations, so which thread made it, and
/// when, never changes a pixel. Not `Sendable`: one per thread, inside its `BufferPool`.
final class GradientTables {
    /// A gradient's colours, one packed premultiplied pixel per entry.
    struct Table {
        /// The entries, from position `low` upward.
        let pixels: [UInt32]
        /// The position of the first entry.
        let low: Double
        /// Entries per unit of position.
        let scale: Double
    }

    /// A gradient layer's own colours and locations: the state's arrays keep their storage
    /// from frame to frame, so a hit compares them by identity and allocates nothing.
    private struct Key: Hashable {
        let colors: [Color]
        let locations: [Double]?
    }

    private var tables: [Key: Table] = [:]

    /// The most tables kept: past it the cache starts again empty, so an animation of
    /// colours or locations (a new table every frame) cannot grow it without bound.
    static let limit = 256

    init() {}

    /// The table of a gradient layer's `colors` at its `locations` (as
    /// `GradientShader.stops` reads them), made now or earlier.
    func table(colors: [Color], locations: [Double]?) -> Table {
        let key = Key(colors: colors, locations: locations)
        if let known = tables[key] { return known }
        if tables.count >= GradientTables.limit { tables.removeAll(keepingCapacity: true) }
        let made = GradientShader.table(colors: colors.map { $0.premultiplied() },
                                        locations: GradientShader.stops(locations, count: colors.count))
        tables[key] = made
        return made
    }
}
