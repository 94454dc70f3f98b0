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

    /// A gradient layer's own colours and locations, compared by their elements as the
    /// arrays are, but read through pointers to where they lie: a key of the arrays
    /// themselves retains them (the scene's, whose counts every render thread would write)
    /// each time it is made or compared. The arrays of every key kept are held (`held`), so
    /// that its pointers stay valid; a key looked up points into the state's arrays.
    private struct Key: Hashable {
        let colors: UnsafeBufferPointer<Color>
        let locations: UnsafeBufferPointer<Double>?

        @inline(__always)
        init(colors: [Color], locations: [Double]?) {
            self.colors = colors.withUnsafeBufferPointer { $0 }
            self.locations = locations?.withUnsafeBufferPointer { $0 }
        }

        /// `Array`'s equality: the same count, and the same storage or equal elements.
        private static func same<T: Equatable>(_ a: UnsafeBufferPointer<T>, _ b: UnsafeBufferPointer<T>) -> Bool {
            a.count == b.count && (a.baseAddress == b.baseAddress || a.elementsEqual(b))
        }

        static func == (a: Key, b: Key) -> Bool {
            guard same(a.colors, b.colors) else { return false }
            switch (a.locations, b.locations) {
            case (nil, nil): return true
            case let (x?, y?): return same(x, y)
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(colors.count)
            for c in colors { hasher.combine(c) }
            hasher.combine(locations?.count ?? -1)
            for l in locations ?? UnsafeBufferPointer(start: nil, count: 0) { hasher.combine(l) }
        }
    }

    /// Looked up for every gradient layer every frame: the dynamic exclusivity checks are
    /// off, since only the tables' one thread touches them (the class is not `Sendable`),
    /// and no access to either begins inside another (`make` tabulates before it keeps).
    @exclusivity(unchecked) private var tables: [Key: Table] = [:]
    /// The colours and locations of the keys in `tables`.
    @exclusivity(unchecked) private var held: [(colors: [Color], locations: [Double]?)] = []

    /// The most tables kept: past it the cache starts again empty, so an animation of
    /// colours or locations (a new table every frame) cannot grow it without bound.
    static let limit = 256

    init() {}

    /// The table of a gradient layer's `colors` at its `locations` (as
    /// `GradientShader.stops` reads them), made now or earlier. Inlined, so that the
    /// arrays of a state read in place are not copied to be handed over.
    @inline(__always)
    func table(colors: [Color], locations: [Double]?) -> Table {
        let key = Key(colors: colors, locations: locations)
        if let known = tables[key] { return known }
        return make(colors: colors, locations: locations, key: key)
    }

    /// Makes and keeps the table of `key`, its arrays held.
    private func make(colors: [Color], locations: [Double]?, key: Key) -> Table {
        if tables.count >= GradientTables.limit {
            tables.removeAll(keepingCapacity: true)
            held.removeAll(keepingCapacity: true)
        }
        let made = GradientShader.table(colors: colors.map { $0.premultiplied() },
                                        locations: GradientShader.stops(locations, count: colors.count))
        tables[key] = made
        held.append((colors, locations))
        return made
    }
}
