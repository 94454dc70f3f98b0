import Foundation

/// A coordinator's hold on `MaskBench render`'s timed passes, so that several processes,
/// each rendering on its own threads, time the same passes at the same moments: what the
/// machine itself gives a second process (`memory.py`'s "2 proc"), nothing shared between
/// the two but the hardware.
///
/// The process talks through two inherited pipes, one line at a time: after its warm-up
/// pass it writes `ready LAPS` (the laps it would time) and reads `LAPS` (the laps every
/// process times, so that all passes are as long); before each timed pass it reads `go`,
/// after it writes the pass's seconds. The coordinator writes `go` to every process at
/// once, only when all have answered the pass before: no process's pass runs alone.
struct Lockstep {
    /// The pipe the process writes to.
    private let ready: FileHandle
    /// The pipe the process reads from.
    private let go: FileHandle

    /// A lockstep through the inherited descriptors named `READY,GO`, or nil if `text` does
    /// not name two.
    init?(_ text: String) {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let ready = Int32(parts[0]), let go = Int32(parts[1]), ready >= 0, go >= 0 else { return nil }
        self.ready = FileHandle(fileDescriptor: ready)
        self.go = FileHandle(fileDescriptor: go)
    }

    /// Offers `laps` and returns the laps the coordinator sets (1 to 10,000, as a pass's
    /// own rule allows).
    func agree(laps: Int) throws -> Int {
        try say("ready \(laps)")
        guard let agreed = Int(try hear()), (1...10_000).contains(agreed) else { throw CocoaError(.formatting) }
        return agreed
    }

    /// Waits for the coordinator's start of the next pass.
    func awaitStart() throws {
        guard try hear() == "go" else { throw CocoaError(.formatting) }
    }

    /// Tells the coordinator a pass's seconds.
    func report(seconds: Double) throws {
        try say(String(format: "%.9f", seconds))
    }

    private func say(_ line: String) throws {
        try ready.write(contentsOf: Data((line + "\n").utf8))
    }

    /// The next line from the coordinator.
    private func hear() throws -> String {
        try Lockstep.line(from: go)
    }

    /// The next line read from `handle`, without its newline ("" at the end of the file);
    /// read a byte at a time, so that nothing of the next line is taken.
    static func line(from handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        while let byte = try handle.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
