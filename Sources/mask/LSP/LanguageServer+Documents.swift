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
        // Clears the document's diagnostics in the client's problem list, unless another
        // open document imports it and found errors in it; and what its run found in
        // the files it imports.
        publishImported(uri)
        publishImported(by: uri, [:])
    }

    /// Stores the document with a fresh analysis and publishes its diagnostics, and
    /// those of the files it imports against their own URIs.
    private func update(_ document: TextDocument) {
        let analysis = DocumentAnalysis(document)
        documents[document.uri] = (document, analysis)
        let own = analysis.diagnostics.map { LanguageServer.json(for: $0, uri: document.uri, index: analysis.index) }
        let atImports = analysis.imported.atImports.map { LanguageServer.json(for: $0, index: analysis.index) }
        var params: [String: Any] = ["uri": document.uri, "diagnostics": own + atImports]
        if let version = document.version { params["version"] = version }
        notify("textDocument/publishDiagnostics", params)
        var files: [String: [[String: Any]]] = [:]
        for file in analysis.imported.files {
            let uri = DocumentURI.uri(ofFile: file.source.name)
            let index = LineIndex(file.source.scalars)
            files[uri] = file.diagnostics.map { LanguageServer.json(for: $0, uri: uri, index: index) }
        }
        publishImported(by: document.uri, files)
    }

    /// Records what the run of `importer` found in the files it imports, and publishes
    /// every file whose diagnostics that changes (cleared when none are left).
    private func publishImported(by importer: String, _ files: [String: [[String: Any]]]) {
        let before = Set(importedDiagnostics[importer]?.keys ?? [:].keys)
        importedDiagnostics[importer] = files.isEmpty ? nil : files
        for uri in before.union(files.keys).sorted() { publishImported(uri) }
    }

    /// Publishes the diagnostics of a file the open documents import, as the first of
    /// them (by URI) found them; nothing for a file open itself, which its own analysis
    /// covers.
    private func publishImported(_ uri: String) {
        guard documents[uri] == nil else { return }
        let found = importedDiagnostics.keys.sorted().lazy.compactMap { self.importedDiagnostics[$0]?[uri] }.first
        notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": found ?? []])
    }

    /// The error at an import statement for the diagnostics of the file it imports, each
    /// of them as related information at its place in that file.
    static func json(for error: ImportedErrors.ImportError, index: LineIndex) -> [String: Any] {
        let uri = DocumentURI.uri(ofFile: error.file.source.name)
        let fileIndex = LineIndex(error.file.source.scalars)
        return [
            "range": index.range(of: error.range),
            "severity": severity(error.severity),
            "source": "mask",
            "message": error.message,
            "relatedInformation": error.file.diagnostics.map { diagnostic in
                ["location": ["uri": uri, "range": fileIndex.range(of: diagnostic.range)], "message": diagnostic.message] as [String: Any]
            },
        ]
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
            // A note in another file (inside an imported function) is shown at the
            // diagnostic, naming its own place: this index counts only the document.
            json["relatedInformation"] = diagnostic.notes.map { note in
                let here = note.fileName == diagnostic.fileName
                let range = index.range(of: here ? note.range : diagnostic.range)
                return ["location": ["uri": uri, "range": range], "message": here ? note.message : note.description] as [String: Any]
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
