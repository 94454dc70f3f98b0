import MaskScript

/// Opening, changing and closing documents, and the diagnostics sent after each change.
extension LanguageServer {
    func didOpen(_ params: Parameters) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        let document = TextDocument(uri: uri, version: try params.optionalInt("textDocument.version"),
                                    text: try params.string("textDocument.text"))
        update(document)
    }

    /// Applies the changes in order: a change with a `range` replaces that range (the
    /// incremental sync this server asks for), one without replaces the whole text.
    func didChange(_ params: Parameters) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        guard var document = documents[uri]?.document else { return }
        let changes = try params.array("contentChanges")
        // Checked before any is applied, so a bad change leaves the document as it was.
        var edits: [(range: (Position, Position)?, text: String)] = []
        for change in changes {
            let change = try Parameters(change)
            let text = try change.string("text")
            edits.append((change.has("range") ? (try change.position("range.start"), try change.position("range.end")) : nil, text))
        }
        for edit in edits {
            if let (start, end) = edit.range {
                document.replace(from: start, to: end, with: edit.text)
            } else {
                document.replaceAll(with: edit.text)
            }
        }
        document.version = try params.optionalInt("textDocument.version") ?? document.version
        update(document)
    }

    func didClose(_ params: Parameters) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        guard documents.removeValue(forKey: uri) != nil else { return }
        // Clears the document's diagnostics in the client's problem list.
        notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
    }

    /// Stores the document with a fresh analysis and publishes its diagnostics.
    private func update(_ document: TextDocument) {
        let analysis = DocumentAnalysis(document)
        documents[document.uri] = (document, analysis)
        var params: [String: Any] = [
            "uri": document.uri,
            "diagnostics": analysis.diagnostics.map { LanguageServer.json(for: $0, uri: document.uri, index: analysis.index) },
        ]
        if let version = document.version { params["version"] = version }
        notify("textDocument/publishDiagnostics", params)
    }

    /// A diagnostic as LSP writes it: the message exactly as `mask check` prints it
    /// (did-you-mean included), its range, and its notes as related information.
    static func json(for diagnostic: Diagnostic, uri: String, index: LineIndex) -> [String: Any] {
        var json: [String: Any] = [
            "range": index.range(of: diagnostic.range),
            "severity": severity(diagnostic.severity),
            "source": "mask",
            "message": diagnostic.message,
        ]
        if !diagnostic.notes.isEmpty {
            json["relatedInformation"] = diagnostic.notes.map { note in
                ["location": ["uri": uri, "range": index.range(of: note.range)], "message": note.message] as [String: Any]
            }
        }
        return json
    }

    /// LSP's severities: 1 error, 2 warning, 3 information.
    private static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}
