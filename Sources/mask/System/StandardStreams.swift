import Foundation

/// Standard output and standard error, written with `write(2)` so nothing waits in a
/// buffer: `print` output shows up at once even when piped, and interleaves correctly
/// with the progress line on the terminal.
enum StandardStreams {
    /// Writes text to standard output.
    static func writeOutput(_ text: String) {
        write(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Writes UTF-8 bytes to standard output.
    static func writeOutput(_ bytes: [UInt8]) {
        write(bytes, to: STDOUT_FILENO)
    }

    /// Writes text to standard error.
    static func writeError(_ text: String) {
        write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// True when standard error is a terminal (progress is shown only then).
    static var errorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// True when error messages should be coloured: standard error is a terminal,
    /// `NO_COLOR` is not set (https://no-color.org) and `TERM` is not `dumb`.
    static var colorsErrors: Bool {
        errorIsTerminal && getenv("NO_COLOR") == nil && getenv("TERM").map { String(cString: $0) } != "dumb"
    }

    /// Writes all of `bytes`, retrying interrupted and partial writes. Gives up silently on
    /// other errors (a closed pipe): there is nowhere left to report them.
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Foundation.write(fd, buffer.baseAddress.map { $0 + done }, bytes.count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            done += n
        }
    }
}
