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
        let writer = MessageWriter(fd: STDOUT_FILENO)
        let server = LanguageServer(writer: writer)
        #if DEBUG
        server.watch = heldAnalysis(inbox: inbox, writer: writer)
        #endif
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

    #if DEBUG
    /// The watch of `AnalysisWatch` for the version `MASK_TEST_LSP_HOLD` names, if any:
    /// it tells the client of each event in a `window/logMessage` and holds the run until
    /// a newer change of the document is waiting.
    private static func heldAnalysis(inbox: MessageInbox, writer: MessageWriter) -> ((TextDocument) -> AnalysisWatch?)? {
        guard let held = ProcessInfo.processInfo.environment["MASK_TEST_LSP_HOLD"].flatMap({ Int($0) }) else { return nil }
        @Sendable func log(_ event: String) {
            let message = AnalysisWatch.message(version: held, event)
            writer.send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 4, "message": message]])
        }
        return { document in
            guard document.version == held else { return nil }
            let uri = document.uri
            return AnalysisWatch(running: { log("running"); inbox.waitForChange(of: uri) },
                                 ended: { cancelled in log(cancelled ? "run cancelled" : "run ended") })
        }
    }
    #endif
}
