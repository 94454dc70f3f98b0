import Foundation
import Synchronization

/// A pseudo-terminal pair: the child process writes to one end, which `isatty` accepts as
/// a terminal; a reader thread drains the other end so the child never blocks.
final class PseudoTerminal: Sendable {
    private let controller: Int32
    private let child: Int32
    private let received = Mutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)

    /// Opens a new pair.
    init() throws {
        var controller: Int32 = -1, child: Int32 = -1
        guard openpty(&controller, &child, nil, nil, nil) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openpty failed"])
        }
        self.controller = controller
        self.child = child
    }

    /// The end to give the child process.
    var childHandle: FileHandle { FileHandle(fileDescriptor: child, closeOnDealloc: false) }

    /// Closes our copy of the child's end (the child has its own) and starts draining.
    func startReading() {
        close(child)
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }  // EIO once the child's end is closed everywhere
                received.withLock { $0 += buffer[..<n] }
            }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the child's output to end and returns it; the terminal turns each `\\n`
    /// into `\\r\\n`.
    func finish() -> String {
        done.wait()
        close(controller)
        return String(decoding: received.withLock { $0 }, as: UTF8.self)
    }
}
