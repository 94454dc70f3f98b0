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
        let inbox = MessageInbox(reading: MessageReader(fd: STDIN_FILENO))
        let server = LanguageServer(writer: MessageWriter(fd: STDOUT_FILENO))
        while true {
            switch inbox.next(orQuiet: server.hasStaleDocuments) {
            case .quiet:
                // The changes received so far are all there is: analyse their newest text,
                // stopping any analysis a newer change of its document arrives during.
                server.analyseStale(isSuperseded: inbox.hasChange(of:))
            case .message(let message):
                server.handle(message)
                if let status = server.exitStatus { return status }
            case .end:
                return server.statusAtEndOfInput
            }
        }
    }
}
