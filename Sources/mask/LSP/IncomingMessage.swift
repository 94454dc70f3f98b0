import Foundation

/// One message from the client, decoded from its frame on the reader's thread, with the
/// document it changes (if it opens, changes or closes one) so the server can tell that
/// an analysis in progress is superseded before the message is handled.
struct IncomingMessage: @unchecked Sendable {
    // `@unchecked`: the decoded object is built by the reader's thread and only read
    // afterwards, by the server's thread, once the inbox has handed it over.

    /// What the frame held.
    enum Content {
        /// A JSON object, still to be checked as a JSON-RPC message.
        case object([String: Any])
        /// A framing or JSON error, answered with this error and a null id.
        case refused(ResponseError)
    }

    /// The methods that replace or drop a document's text.
    private static let documentMethods: Set<String> = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]

    let content: Content
    /// The URI of the document the message opens, changes or closes.
    let changedDocument: String?

    /// Decodes a frame.
    init(_ frame: MessageReader.Frame) {
        switch frame {
        case .malformed(let problem):
            content = .refused(ResponseError(ResponseError.parseError, problem))
            changedDocument = nil
        case .message(let data):
            guard let json = try? JSONSerialization.jsonObject(with: LanguageServer.escapingByteOrderMarks(data),
                                                               options: [.fragmentsAllowed]) else {
                content = .refused(ResponseError(ResponseError.parseError, "the message is not valid JSON"))
                changedDocument = nil
                return
            }
            guard let object = json as? [String: Any] else {
                // Batches are JSON-RPC's, not the Language Server Protocol's.
                content = .refused(ResponseError(ResponseError.invalidRequest, "a message must be a JSON object"))
                changedDocument = nil
                return
            }
            content = .object(object)
            let method = object["method"] as? String
            let document = (object["params"] as? [String: Any])?["textDocument"] as? [String: Any]
            changedDocument = method.map(IncomingMessage.documentMethods.contains) == true ? document?["uri"] as? String : nil
        }
    }
}
