import Foundation

/// `mask lsp`: a Language Server Protocol server on standard input and output.
///
/// Standard output carries only protocol messages; scripts' `print` output is dropped
/// and nothing else writes there while the server runs.
enum LSPCommand {
    /// Serves until `exit` or the end of input.
    /// - Returns: 0 when `exit` (or the end of input) came after `shutdown`, else 1, as
    ///   the protocol asks.
    static func run() -> Int32 {
        // A client that closes its end must not kill the server mid-write with SIGPIPE;
        // the write fails, and the end of input follows.
        signal(SIGPIPE, SIG_IGN)
        var reader = MessageReader(fd: STDIN_FILENO)
        let server = LanguageServer(writer: MessageWriter(fd: STDOUT_FILENO))
        while true {
            // Idle: the changes received so far are all there is; analyse their newest text.
            if !reader.hasInput { server.analyseStale() }
            guard let frame = reader.next() else { break }
            server.handle(frame)
            if let status = server.exitStatus { return status }
        }
        return server.statusAtEndOfInput
    }
}
