import Foundation

/// How many processors this process may run on.
enum ProcessorCount {
    /// The active processor count, as Foundation reports it (it honours CPU affinity and
    /// cgroup limits on Linux).
    static var active: Int { ProcessInfo.processInfo.activeProcessorCount }
}
