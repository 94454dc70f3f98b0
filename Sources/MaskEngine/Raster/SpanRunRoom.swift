/// Room for the full runs a `CoverageSpanWriter` writes, kept by a pool from one shape to
/// the next: the writer fills it through a pointer (no array append, with its uniqueness
/// and capacity checks, for each run) and copies the runs into the mask's table at the end.
///
/// The writer takes the room and gives it back (moved, when it had to grow): a writer
/// started while another one holds it gets room of its own.
final class SpanRunRoom {
    private var base: UnsafeMutablePointer<Int32>?
    private var capacity = 0

    /// Room for at least `count` integers, held by the caller until `keep`.
    func take(atLeast count: Int) -> (UnsafeMutablePointer<Int32>, Int) {
        let wanted = max(count, 16)
        // None kept yet, or held by another writer: new room.
        guard let held = base else { return (UnsafeMutablePointer<Int32>.allocate(capacity: wanted), wanted) }
        base = nil
        if capacity >= wanted { return (held, capacity) }
        held.deallocate()
        return (UnsafeMutablePointer<Int32>.allocate(capacity: wanted), wanted)
    }

    /// Takes back room from `take` (or the larger room it moved to), to be handed out again.
    func keep(_ room: UnsafeMutablePointer<Int32>, room count: Int) {
        if let held = base {
            // Another writer's room came back first: keep the larger.
            guard count > capacity else { return room.deallocate() }
            held.deallocate()
        }
        base = room
        capacity = count
    }

    deinit { base?.deallocate() }
}
