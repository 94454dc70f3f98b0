@testable import MaskScript

/// Renders syntax trees as compact S-expressions, so tests can assert tree shapes as text:
/// `1 + 2 * 3` dumps as `(+ 1 (* 2 3))`.
enum ASTDump {
    /// One line per top-level statement.
    static func dump(_ statements: [Stmt]) -> String {
        statements.map(dump).joined(separator: "\n")
    }

    static func dump(_ statement: Stmt) -> String {
        switch statement.kind {
        case .expression(let expr): return dump(expr)
        case .importFile(let decl): return "(import \"\(decl.path)\"\(decl.alias.map { " as " + $0 } ?? ""))"
        case .letBinding(let name, _, let value): return "(let \(name) \(dump(value)))"
        case .assign(let name, _, let value): return "(= \(name) \(dump(value)))"
        case .setProperty(let target, let property, _, let value):
            return "(set \(dump(target)) \(property) \(dump(value)))"
        case .function(let declaration): return dump(declaration)
        case .returnStatement(let value): return value.map { "(return \(dump($0)))" } ?? "(return)"
        case .ifStatement(let condition, let then, let otherwise):
            let elsePart = otherwise.map { " (else\(body($0)))" } ?? ""
            return "(if \(dump(condition)) (then\(body(then)))\(elsePart))"
        case .forLoop(let variable, _, let sequence, let loopBody):
            return "(for \(variable) \(dump(sequence))\(body(loopBody)))"
        case .repeatLoop(let count, let index, _, let loopBody):
            return "(repeat \(dump(count))\(index.map { " as \($0)" } ?? "")\(body(loopBody)))"
        case .animate(let animation): return dump(animation)
        case .delay(let duration): return "(delay \(dump(duration)))"
        case .wait: return "(wait)"
        case .canvas(let properties): return "(canvas\(body(properties)))"
        case .layer(let declaration): return dump(declaration)
        case .property(let name, _, let value): return "(\(name): \(dump(value)))"
        case .mask(.declaration(let declaration)): return "(mask \(dump(declaration)))"
        case .mask(.expression(let expr)): return "(mask \(dump(expr)))"
        }
    }

    static func dump(_ expr: Expr) -> String {
        switch expr.kind {
        case .number(let value): return number(value)
        case .string(let value): return "\"\(value)\""
        case .bool(let value): return String(value)
        case .nilLiteral: return "nil"
        case .color(let colour): return colour.description
        case .name(let name): return name
        case .list(let items): return "[" + items.map(dump).joined(separator: " ") + "]"
        case .range(let low, let high, let inclusive):
            return "(\(inclusive ? "..." : "..<") \(dump(low)) \(dump(high)))"
        case .unary(let op, let operand): return "(\(op.rawValue) \(dump(operand)))"
        case .binary(let op, let left, let right): return "(\(op.rawValue) \(dump(left)) \(dump(right)))"
        case .call(let callee, let arguments):
            return "(call \(dump(callee))" + arguments.map { " " + dump($0) }.joined() + ")"
        case .index(let base, let index): return "(index \(dump(base)) \(dump(index)))"
        case .member(let base, let name, _): return "(. \(dump(base)) \(name))"
        case .function(let declaration): return dump(declaration)
        }
    }

    static func dump(_ declaration: FunctionDecl) -> String {
        let name = declaration.name.map { " " + $0 } ?? ""
        return "(fn\(name) (\(declaration.parameters.joined(separator: " ")))\(body(declaration.body)))"
    }

    static func dump(_ declaration: LayerDecl) -> String {
        let name = declaration.name.map { " " + $0 } ?? ""
        return "(\(declaration.kind.rawValue)\(name)\(body(declaration.body)))"
    }

    static func dump(_ animation: AnimateStmt) -> String {
        var parts = ["animate", dump(animation.target), animation.property]
        let clauses: [(String, Expr?)] = [
            ("from", animation.from), ("to", animation.to), ("keys", animation.keys), ("times", animation.times),
            ("over", animation.duration), ("delay", animation.delay), ("ease", animation.ease),
            ("stagger", animation.stagger), ("order", animation.order),
        ]
        for (name, value) in clauses {
            if let value { parts.append("\(name): \(dump(value))") }
        }
        if let count = animation.repeatCount { parts.append("repeat: \(dump(count))") }
        if animation.autoreverses { parts.append("autoreverse") }
        return "(" + parts.joined(separator: " ") + ")"
    }

    static func dump(_ count: RepeatCount) -> String {
        switch count {
        case .times(let expr): return dump(expr)
        case .forever: return "forever"
        }
    }

    private static func body(_ statements: [Stmt]) -> String {
        statements.map { " " + dump($0) }.joined()
    }

    /// Whole numbers without a decimal point, others as Swift prints them.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
