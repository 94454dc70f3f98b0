/// What `import "lib.mask"` binds: the values of the imported file's top-level `let` and
/// `fn` names once the file has run, read as `lib.name`.
public final class Namespace: @unchecked Sendable {
    /// The name it was first bound to, for messages (`<namespace lib>`).
    public let name: String
    /// The file the names come from, as diagnostics name it.
    public let fileName: String
    /// The names, in the order the file declares them.
    public let names: [String]
    private let members: [String: Value]

    init(name: String, fileName: String, members: [(String, Value)]) {
        self.name = name
        self.fileName = fileName
        names = members.map(\.0)
        self.members = Dictionary(members, uniquingKeysWith: { _, last in last })
    }

    /// The value of `name`, or an error that suggests the closest name.
    public func member(_ member: String, at range: SourceRange) throws(RuntimeError) -> Value {
        if let value = members[member] { return value }
        throw Namespace.unknownMember(member, of: name, fileName: fileName, names: names, at: range)
    }

    /// Empties the variables the file's functions captured. A function of an imported
    /// file that calls itself (or another of its functions) holds the cell that holds it:
    /// cell → function → cell. The interpreter breaks those cycles when it goes.
    func releaseCaptures() {
        for value in members.values {
            guard case .function(let callable) = value else { continue }
            for box in callable.captures { ReleaseQueue.release(&box.value) }
        }
    }

    /// `lib.nme`: the error, with "did you mean".
    static func unknownMember(_ member: String, of name: String, fileName: String, names: [String],
                              at range: SourceRange) -> RuntimeError {
        RuntimeError("`\(fileName)` has no `let` or `fn` named `\(member)`\(Suggestion.hint(for: member, in: Set(names)))",
                     at: range)
    }
}
