import MaskEngine

/// A layer declaration, compiled.
struct LayerPlan {
    let kind: LayerKeyword
    let name: String?
    let range: SourceRange
    /// The file of the declaration, for errors the engine finds while drawing the layer
    /// (`SourceMap`); nil for text of no file (a host's statements).
    let source: SourceFile?
    /// Stores the new layer in the variable its name binds (Grammar.md: around the
    /// outermost layer declaration).
    let bind: ((Frame, Value) -> Void)?
    let body: Action
}

/// One line of a `canvas { }` body, compiled.
enum CanvasItem {
    case setting(name: String, nameRange: SourceRange, value: Code, valueRange: SourceRange)
    /// Anything but `name: value`: an error when the canvas runs.
    case invalid(SourceRange)
}

extension Compiler {
    func layer(_ decl: LayerDecl) -> LayerPlan {
        let bindingBlock = function.layers.first?.bindingBlock ?? function.blocks.count - 1
        let bind = decl.name.flatMap { declared($0, inBlock: bindingBlock) }.map { store($0) }
        function.layers.append((decl.kind, bindingBlock))
        let body = block(decl.body, inLayerBody: true, scope: decl.range)
        function.layers.removeLast()
        return LayerPlan(kind: decl.kind, name: decl.name, range: decl.range, source: source, bind: bind, body: body)
    }

    /// `name: value` in a body; the name is checked now when the layer's kind is known.
    func bodyProperty(_ name: String, _ nameRange: SourceRange, _ value: Expr, _ range: SourceRange) -> Action {
        if let kind = function.layers.last?.kind, !(LayerProperty(rawValue: name)?.applies(to: kind) ?? false) {
            errors.append(Interpreter.unknownProperty(name, kind: kind, at: nameRange))
        }
        let code = propertyValue(name, value)
        let valueRange = value.range, file = source
        return { i, f throws(RuntimeError) in
            try i.step(range)
            guard let context = i.layerStack.last else {
                throw RuntimeError("property `\(name)` outside a layer body", at: nameRange)
            }
            let v = try code(i, f)
            try i.setBodyProperty(name, of: context, to: v, nameRange: nameRange, valueRange: valueRange, in: file)
            return .normal
        }
    }

    /// The value of a property expression: a bare choice word (`gravity: aspectFill`)
    /// stands for itself unless a variable of that name is in scope.
    func propertyValue(_ property: String, _ expr: Expr) -> Code {
        if case .name(let word) = expr.kind, case .missing = resolve(word),
           let p = LayerProperty(rawValue: property), let choices = p.choices {
            if !choices.contains(word) {
                error("unknown name `\(word)`\(Suggestion.hint(for: word, in: visibleNames().union(choices)))", at: expr.range,
                      misspelling: true)
            }
            return { _, _ in .string(word) }
        }
        return expression(expr)
    }

    /// `target.property = value`.
    func propertyChange(_ target: Expr, _ property: String, _ propertyRange: SourceRange, _ value: Expr,
                        _ range: SourceRange) -> Action {
        checkProperty(property, on: target, at: propertyRange, reading: false)
        let t = expression(target)
        let v = propertyValue(property, value)
        let targetRange = target.range, valueRange = value.range, file = source
        return { i, f throws(RuntimeError) in
            try i.step(range)
            try i.refuseInImport("a property change", at: range)
            let layers = try t(i, f)
            let newValue = try v(i, f)
            for layer in try i.layers(in: layers, at: targetRange, for: "a property change") {
                try i.step(range)
                try i.setProperty(property, of: layer, to: newValue, at: i.cursor, nameRange: propertyRange, valueRange: valueRange, in: file)
            }
            return .normal
        }
    }

    func mask(_ source: MaskSource, _ range: SourceRange) -> Action {
        switch source {
        case .declaration(let decl):
            let plan = layer(decl)
            return { i, f throws(RuntimeError) in
                try i.step(range)
                try i.executeMask(at: range) { owner throws(RuntimeError) in _ = try i.declareLayer(plan, maskOf: owner, in: f) }
                return .normal
            }
        case .expression(let e):
            let code = expression(e)
            let valueRange = e.range
            return { i, f throws(RuntimeError) in
                try i.step(range)
                try i.executeMask(at: range) { owner throws(RuntimeError) in
                    try i.addMask(try code(i, f), to: owner, at: valueRange)
                }
                return .normal
            }
        }
    }

    func canvas(_ body: [Stmt], _ range: SourceRange) -> Action {
        let items: [CanvasItem] = body.map { item in
            guard case let .property(name, nameRange, value) = item.kind else { return .invalid(item.range) }
            return .setting(name: name, nameRange: nameRange, value: expression(value), valueRange: value.range)
        }
        return { i, f throws(RuntimeError) in
            try i.step(range)
            try i.executeCanvas(items, in: f, range: range)
            return .normal
        }
    }
}
