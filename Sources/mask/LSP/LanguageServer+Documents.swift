import MaskScript

/// Opening, changing and closing documents, and the diagnostics sent for the latest
/// version of each once the changes stop coming.
extension LanguageServer {
    func didOpen(_ params: Parameters) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        let text = try params.string("textDocument.text")
        guard admits(text, uri: uri) else { return }
        let document = TextDocument(uri: uri, version: try params.optionalInt("textDocument.version"), text: text)
        update(document)
    }

    /// True when a text is within the size of a script (`Script.maxFileSize`, which
    /// `mask check` holds files to); else the document is dropped and refused: the user
    /// is told, and requests about it get an error, while the server goes on. A 50 MB
    /// document analysed anyway ran the server out of a 4 GiB address space.
    private func admits(_ text: String, uri: String) -> Bool {
        guard text.utf8.count > Script.maxFileSize else {
            refused.remove(uri)
            return true
        }
        documents[uri] = nil
        stale.remove(uri)
        refused.insert(uri)
        notify("window/showMessage", ["type": 1, "message": LanguageServer.tooLarge(uri)])
        notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
        return false
    }

    /// The message for a document over the size limit.
    static func tooLarge(_ uri: String) -> String {
        "'\(uri)' is larger than \(Script.maxFileSize >> 20) MiB, the most a script may hold; mask does not analyse it"
    }

    /// Applies the changes in order: a change with a `range` replaces that range (the
    /// incremental sync this server asks for), one without replaces the whole text.
    func didChange(_ params: Parameters) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        if refused.contains(uri), let last = try params.array("contentChanges").last,
           let whole = try? Parameters(last), !whole.has("range"), let text = try? whole.string("text"), admits(text, uri: uri) {
            // A refused document comes back when its whole text is sent again, within the limit.
            documents[uri] = (TextDocument(uri: uri, version: nil, text: ""), nil)
        }
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
        guard admits(document.text, uri: uri) else { return }
        update(document)
    }

    func didClose(_ params: Parameters) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        refused.remove(uri)
        stale.remove(uri)
        guard documents.removeValue(forKey: uri) != nil else { return }
        // Clears the document's diagnostics in the client's problem list, unless another
        // open document imports it and found errors in it; and what its run found in
        // the files it imports.
        publishImported(uri)
        publishImported(by: uri, [:])
    }

    /// Stores the new text, to be analysed once no newer change is waiting
    /// (`analyseStale`) or a request needs it (`analysis(of:)`): a burst of changes is
    /// analysed once, at its last version.
    private func update(_ document: TextDocument) {
        documents[document.uri] = (document, nil)
        stale.insert(document.uri)
    }

    /// True when an open document changed since its last analysis.
    var hasStaleDocuments: Bool { !stale.isEmpty }

    /// Analyses every document changed since its last analysis and publishes its
    /// diagnostics: called when no message is waiting. An analysis is stopped, and
    /// publishes nothing, once `isSuperseded` says a newer change of its document arrived;
    /// the document stays stale, and its newest text is analysed at the next pause.
    func analyseStale(isSuperseded: @escaping @Sendable (String) -> Bool) {
        for uri in stale.sorted() where !isSuperseded(uri) {
            _ = analysis(of: uri, isSuperseded: { isSuperseded(uri) })
        }
    }

    /// The analysis of the current text of an open document, made (and its diagnostics
    /// published) when the text changed since the last one; nil when the document is not
    /// open, or when `isSuperseded` stopped the analysis.
    func analysis(of uri: String, isSuperseded: @escaping @Sendable () -> Bool = { false }) -> DocumentAnalysis? {
        guard let (document, known) = documents[uri] else { return nil }
        if let known, !stale.contains(uri) { return known }
        guard let analysis = DocumentAnalysis(document, isSuperseded: isSuperseded, watch: watch?(document)) else { return nil }
        stale.remove(uri)
        documents[uri] = (document, analysis)
        publish(analysis, of: document)
        return analysis
    }

    /// Publishes the diagnostics of a document, and those of the files it imports
    /// against their own URIs.
    private func publish(_ analysis: DocumentAnalysis, of document: TextDocument) {
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
