import MaskEngine

/// Where a script made each layer of its scene and set each of its properties: the map
/// from the engine's identities (`LayerID`, `PropertyKey`) back to source, so that an
/// error the engine finds while drawing or exporting (`LayerError`) is reported like any
/// other, at the line of the property that caused it, in the one diagnostic form.
public struct SourceMap: Sendable {
    /// A place in a script or in a file it imports.
    struct Place: Sendable {
        let file: SourceFile
        let range: SourceRange
    }

    /// Each layer's declaration and name, by `LayerID.index` (nil for a layer the host made).
    private var declarations: [(place: Place, name: String)?] = []
    /// Where each layer's properties were first set (in its body, by a change or by an
    /// animation), by `LayerID.index`.
    private var properties: [[PropertyKey: Place]] = []
    /// For a layer an imported function declared: the script's call that led there, and
    /// the function it called, by `LayerID.index`.
    private var calls: [Int: (place: Place, function: String)] = [:]
    /// The `canvas` statement, for errors about the scene as a whole.
    var canvas: Place?
    /// The script, where an error about the scene as a whole goes when it has no `canvas`.
    var main: SourceFile?

    init() {}

    /// Records where a layer was declared.
    mutating func declared(_ id: LayerID, named name: String, at range: SourceRange, in file: SourceFile) {
        while declarations.count <= id.index { declarations.append(nil) }
        declarations[id.index] = (Place(file: file, range: range), name)
    }

    /// Records that an imported function, called from the script at `range`, declared a layer.
    mutating func made(_ id: LayerID, by function: String, at range: SourceRange, in file: SourceFile) {
        calls[id.index] = (Place(file: file, range: range), function)
    }

    /// Records where a property of a layer was set, unless it was set before: the first
    /// setting is the one that made the layer what it is.
    mutating func set(_ key: PropertyKey, of id: LayerID, at range: SourceRange, in file: SourceFile) {
        while properties.count <= id.index { properties.append([:]) }
        if properties[id.index][key] == nil { properties[id.index][key] = Place(file: file, range: range) }
    }

    /// The error as a diagnostic, with the text it points into (`DiagnosticList.source`,
    /// and `importedSources` for a note in another file): at the line that set `error.property` on its layer (a
    /// text's `font:`, else its `string:`), or else at the layer's declaration, with a note
    /// at the declaration when the error is not there; at the `canvas` statement (or the
    /// top of the script) when it is about no one layer.
    /// - Parameter message: the message, when it should say more than the error's own
    ///   (what was being done, the option that raises a limit).
    public func diagnostics(for error: any LayerError, message: String? = nil) -> DiagnosticList {
        let text = message ?? error.description
        var list: DiagnosticList
        if let id = error.layer, let (declaration, name) = declaration(of: id) {
            var keys = error.property.map { [$0] } ?? []
            if error.property == .font { keys.append(.string) }
            let found = keys.lazy.compactMap { key in self.place(of: key, of: id).map { (key, $0) } }.first
            let setting = found?.1
            if let (call, function) = calls[id.index] {
                // Made by an imported function: at the script's call, with notes into the file.
                var notes = [Diagnostic(.note, "in `\(function)`, layer `\(name)` is declared here",
                                        at: declaration.range, in: declaration.file.name)]
                if let setting {
                    let property = LayerProperty.all.first { $0.key == found?.0 }?.name ?? found?.0.rawValue ?? "the property"
                    notes.append(Diagnostic(.note, "in `\(function)`, `\(property)` is set here", at: setting.range, in: setting.file.name))
                }
                list = DiagnosticList(Diagnostic(.error, text, at: call.range, in: call.file.name, notes: notes))
                list.source = call.file
                list.importedSources = [declaration.file] + (setting.map { [$0.file] } ?? [])
            } else if let setting {
                let note = Diagnostic(.note, "layer `\(name)` is declared here",
                                      at: declaration.range, in: declaration.file.name)
                list = DiagnosticList(Diagnostic(.error, text, at: setting.range, in: setting.file.name, notes: [note]))
                list.source = setting.file
                if declaration.file.name != setting.file.name { list.importedSources = [declaration.file] }
            } else {
                list = DiagnosticList(Diagnostic(.error, text, at: declaration.range, in: declaration.file.name))
                list.source = declaration.file
            }
        } else {
            let top = SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))
            list = DiagnosticList(Diagnostic(.error, text, at: canvas?.range ?? top, in: canvas?.file.name ?? main?.name ?? "<scene>"))
            list.source = canvas?.file ?? main
        }
        return list
    }

    private func declaration(of id: LayerID) -> (Place, String)? {
        declarations.indices.contains(id.index) ? declarations[id.index] : nil
    }

    private func place(of key: PropertyKey, of id: LayerID) -> Place? {
        properties.indices.contains(id.index) ? properties[id.index][key] : nil
    }
}
