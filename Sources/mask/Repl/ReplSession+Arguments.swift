import Foundation
import MaskEngine
import MaskScript

/// Command arguments written in the language: times (`1.5`, `250ms`) and member
/// expressions (`box.opacity`), parsed by the real parser and evaluated without changing
/// the session.
extension ReplSession {
    /// `:value EXPR at T`: the property's value at time T.
    func value(_ argument: String) throws(ReplError) {
        guard let at = argument.range(of: " at ", options: .backwards) else {
            throw ReplError("`:value` expects `EXPR at T`, e.g. `:value box.opacity at 0.5`")
        }
        let (expression, source) = try parseExpression(String(argument[..<at.lowerBound]))
        guard case let .member(target, property, nameRange) = expression.kind else {
            throw ReplError("`:value` expects a property of a layer, such as `box.opacity`")
        }
        let time = try self.time(String(argument[at.upperBound...]))
        do {
            let value = try interpreter.value(of: target, property: property, nameRange: nameRange, at: time)
            Console.out(value.description)
        } catch {
            report(error, in: source)
            throw .reported
        }
    }

    /// A time argument: a number expression (`2`, `250ms`, `1 / 30`); the time cursor
    /// when `text` is empty.
    func time(_ text: String) throws(ReplError) -> Double {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return interpreter.cursor }
        let (expression, source) = try parseExpression(text)
        let value: Value
        do { value = try interpreter.value(of: expression) } catch {
            report(error, in: source)
            throw .reported
        }
        guard case .number(let t) = value, t.isFinite, t >= 0 else {
            throw ReplError("a time must be a number of seconds, 0 or more, got `\(value.description)`")
        }
        return t
    }

    /// Parses text that must be a single expression (as a `Script` of one statement).
    private func parseExpression(_ text: String) throws(ReplError) -> (Expr, SourceFile) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let script: Script
        do { script = try Script(text: trimmed, name: "<repl>") } catch {
            report(error)
            throw .reported
        }
        let statements = script.statements, source = script.source
        guard statements.count == 1, case .expression(let expression) = statements[0].kind else {
            throw ReplError("expected an expression, got `\(trimmed)`")
        }
        return (expression, source)
    }
}
