import MaskEngine

extension Interpreter {
    // MARK: - Declarations

    /// Runs a layer declaration: adds the layer under the innermost layer body (or at the
    /// top level, or as the mask of `owner`), binds its name, then runs its body.
    func declareLayer(_ decl: LayerPlan, maskOf owner: LayerRef?, in frame: Frame) throws(RuntimeError) -> LayerRef {
        let parent = owner?.id ?? layerStack.last?.layer.id
        if parent == nil { try refuseInImport("a layer declaration", at: decl.range) }
        if firstLayerRange == nil { firstLayerRange = decl.range }
        if let parent { try checkDepth(under: parent, at: decl.range) }
        var state = LayerState(kind: decl.kind.engineKind)
        // The default frame is the parent's bounds (the canvas for a top-level layer).
        if let parent {
            state.frame = Rect(origin: .zero, size: try sizeValue(of: parent, at: cursor, range: decl.range))
        } else {
            state.frame = Rect(0, 0, Double(scene.canvas.width), Double(scene.canvas.height))
        }
        let id: LayerID
        do {
            id = try scene.addLayer(state, to: parent, name: decl.name ?? decl.kind.rawValue, at: cursor)
        } catch {
            throw RuntimeError(error, at: decl.range)
        }
        if let file = decl.source {
            sourceMap.declared(id, named: decl.name ?? decl.kind.rawValue, at: decl.range, in: file)
            if let call = libraryCall, let script = runSource { sourceMap.made(id, by: call.function, at: call.site, in: script) }
        }
        let ref = LayerRef(id: id, kind: decl.kind, name: decl.name)
        registerLayer(ref)
        if let owner { try addMask(id, to: owner, at: decl.range) }
        // Names of nested layers and masks go to the scope around the outermost layer
        // declaration, so `animate fade.x` works after `text label { mask gradient fade {} }`
        // (the resolver chose that variable).
        decl.bind?(frame, .layer(ref))

        layerStack.append(LayerContext(layer: ref))
        defer { layerStack.removeLast() }
        _ = try decl.body(self, frame)
        if decl.kind == .grid, let context = layerStack.last {
            do {
                let ids = try scene.addTiles(to: id, rows: context.rows, columns: context.columns, color: context.tileColor)
                for (i, tile) in ids.enumerated() {
                    registerLayer(LayerRef(id: tile, kind: .layer, name: "\(decl.name ?? "grid").tiles[\(i)]"))
                }
            } catch {
                throw RuntimeError(error, at: decl.range)
            }
        }
        return ref
    }

    /// `mask <declaration>` or `mask <expression>` in a layer body: `apply` adds the mask
    /// to the body's layer (`addMask`), after the masks of the lines before.
    func executeMask(at range: SourceRange, _ apply: (LayerRef) throws(RuntimeError) -> Void) throws(RuntimeError) {
        guard let owner = layerStack.last?.layer else {
            throw RuntimeError("`mask` outside a layer body", at: range)
        }
        try apply(owner)
    }

    /// Adds a mask after `owner`'s masks at the cursor (a `mask` line; nil adds none).
    func addMask(_ value: Value, to owner: LayerRef, at range: SourceRange) throws(RuntimeError) {
        switch value {
        case .layer(let m): try addMask(m.id, to: owner, at: range)
        case .nil: return
        default: throw RuntimeError("`mask` expects a layer or nil, got \(value.typeName)", at: range)
        }
    }

    private func addMask(_ mask: LayerID, to owner: LayerRef, at range: SourceRange) throws(RuntimeError) {
        let current: [LayerID]
        do {
            guard case .layers(let list) = try scene.value(of: owner.id, .masks, at: cursor) else { return }
            current = list
        } catch { throw RuntimeError(error, at: range) }
        try setMasks(current + [mask], of: owner, at: cursor, range: range)
    }

    /// `x.mask = y` (one layer, or nil for none) or `x.masks = [a, b]`: replaces the list.
    func assignMasks(_ value: Value, of owner: LayerRef, property: String, at time: Double, range: SourceRange) throws(RuntimeError) {
        var masks: [LayerID] = []
        switch value {
        case .layer(let m): masks = [m.id]
        case .nil: break
        case .list where property == "masks":
            masks = try layers(in: value, at: range, for: "`masks`").map(\.id)
        default:
            let expected = property == "masks" ? "a list of layers" : "a layer or nil"
            throw RuntimeError("`\(property)` expects \(expected), got \(value.typeName)", at: range)
        }
        try setMasks(masks, of: owner, at: time, range: range)
    }

    private func setMasks(_ masks: [LayerID], of owner: LayerRef, at time: Double, range: SourceRange) throws(RuntimeError) {
        for m in masks {
            try checkDepth(under: owner.id, height: m.index < layerHeights.count ? layerHeights[m.index] : 1, at: range)
        }
        try checkChangeLimit(at: range)
        do { try scene.setMasks(masks, of: owner.id, at: time) } catch {
            throw RuntimeError(error, at: range)
        }
        for m in masks { raiseHeights(above: m) }
    }

    /// The layers a value names: one layer, or a list of layers.
    func layers(in value: Value, at range: SourceRange, for what: String) throws(RuntimeError) -> [LayerRef] {
        switch value {
        case .layer(let l): return [l]
        case .list(let items):
            try charge(items.count, .items, at: range)
            var out: [LayerRef] = []
            for item in items {
                guard case .layer(let l) = item else {
                    throw RuntimeError("\(what) expects a layer or a list of layers, got a list holding \(item.typeName)", at: range)
                }
                out.append(l)
            }
            return out
        default:
            throw RuntimeError("\(what) expects a layer or a list of layers, got \(value.typeName)", at: range)
        }
    }

    // MARK: - Setting properties

    /// `name: value` in a layer body.
    func setBodyProperty(_ name: String, of context: LayerContext, to value: Value,
                         nameRange: SourceRange, valueRange: SourceRange, in file: SourceFile?) throws(RuntimeError) {
        let layer = context.layer
        guard let property = LayerProperty(rawValue: name), property.applies(to: layer.kind) else {
            throw unknownProperty(name, kind: layer.kind, at: nameRange)
        }
        if layer.kind == .grid, [.rows, .columns, .engine(.textColor)].contains(property.meaning) {
            guard let index = layerStack.indices.last else { return }
            switch property.meaning {
            case .rows, .columns:
                let n = try wholeNumber(value, "`\(name)`", at: valueRange, min: 1)
                guard n <= limits.tiles else {
                    throw RuntimeError("`\(name)` \(n) is more than the limit of \(limits.tiles) tiles", at: valueRange)
                }
                if property.meaning == .rows { layerStack[index].rows = n } else { layerStack[index].columns = n }
                let (product, overflow) = layerStack[index].rows.multipliedReportingOverflow(by: layerStack[index].columns)
                guard !overflow, product <= limits.tiles else {
                    throw RuntimeError("a grid of \(layerStack[index].rows) × \(layerStack[index].columns) tiles is more than the limit of \(limits.tiles)", at: valueRange)
                }
            default:
                guard case .color(let c) = value else {
                    throw RuntimeError("`color` expects a colour, got \(value.typeName)", at: valueRange)
                }
                layerStack[index].tileColor = c
            }
            return
        }
        try setProperty(name, of: layer, to: value, at: cursor, nameRange: nameRange, valueRange: valueRange, in: file)
    }

    /// `layer.name = value` at `time`: a step change (or the initial value, at declaration).
    /// `file` is where the setting is written, for `sourceMap`.
    func setProperty(_ name: String, of layer: LayerRef, to value: Value, at time: Double,
                     nameRange: SourceRange, valueRange: SourceRange, in file: SourceFile?) throws(RuntimeError) {
        guard let property = LayerProperty(rawValue: name), property.applies(to: layer.kind) else {
            throw unknownProperty(name, kind: layer.kind, at: nameRange)
        }
        switch property.meaning {
        case .engine(.mask), .engine(.masks):
            try assignMasks(value, of: layer, property: name, at: time, range: valueRange)
            return
        case .tiles:
            throw RuntimeError("`tiles` is read-only; a grid makes its tiles from `rows` and `columns`", at: nameRange)
        case .rows, .columns:
            throw RuntimeError("`\(name)` can only be set in the grid's body", at: nameRange)
        case .engine(.textColor) where layer.kind == .grid:
            // A grid's colour is its tiles' background.
            for tile in scene.node(layer.id).tiles {
                try step(valueRange)
                try setEngine(.background, of: tile, to: try convert(value, for: property, of: layer, at: time, range: valueRange)[0].1,
                              at: time, range: valueRange)
            }
            return
        default:
            break
        }
        for (key, v) in try convert(value, for: property, of: layer, at: time, range: valueRange) {
            try setEngine(key, of: layer.id, to: v, at: time, range: valueRange)
            if let file { sourceMap.set(key, of: layer.id, at: nameRange.union(valueRange), in: file) }
        }
        if property.meaning == .engine(.string) { noteStringSet(of: layer.id, at: time, range: valueRange) }
    }

    private func setEngine(_ key: PropertyKey, of id: LayerID, to value: PropertyValue, at time: Double, range: SourceRange) throws(RuntimeError) {
        try checkChangeLimit(at: range)
        let moved: Int
        do { moved = try scene.set(key, of: id, to: value, at: time) } catch {
            throw RuntimeError(error, at: range)
        }
        try chargeReresolved(moved, at: range)
    }

    /// Fails when a layer whose subtree is `height` levels tall, placed under `parent` (as
    /// a sublayer or its mask), would reach deeper than the renderer draws: an error here
    /// has a place in the script. The walk up stops at the limit, so it costs little.
    func checkDepth(under parent: LayerID, height: Int = 1, at range: SourceRange) throws(RuntimeError) {
        var depth = height
        var cursor: LayerID? = parent
        while let c = cursor {
            depth += 1
            guard depth <= Renderer.maxDepth else {
                throw RuntimeError("layers nested more than \(Renderer.maxDepth) levels deep (sublayers and masks)", at: range)
            }
            cursor = scene.node(c).parent
        }
    }

    /// Once `id` has joined the tree under its parent, raises the height of every
    /// ancestor that its subtree now makes taller (so a chain of masks built from either
    /// end is caught by `checkDepth`). Heights only grow; the walk stops where nothing changes.
    func raiseHeights(above id: LayerID) {
        var need = (id.index < layerHeights.count ? layerHeights[id.index] : 1) + 1
        var cursor = scene.node(id).parent
        while let c = cursor, c.index < layerHeights.count, layerHeights[c.index] < need, need <= Renderer.maxDepth + 1 {
            layerHeights[c.index] = need
            need += 1
            cursor = scene.node(c).parent
        }
    }

    /// Fails once the timeline and the moves in the tree hold `limits.changes` entries
    /// (layers joining the tree and masks leaving it are bounded by the layer limit).
    func checkChangeLimit(at range: SourceRange) throws(RuntimeError) {
        guard scene.timeline.entries.count + scene.moveCount < limits.changes else {
            throw RuntimeError("more than \(limits.changes) animations and property changes", at: range)
        }
    }

    func unknownProperty(_ name: String, kind: LayerKeyword, at range: SourceRange) -> RuntimeError {
        Interpreter.unknownProperty(name, kind: kind, at: range)
    }

    /// The error for a property a layer of `kind` does not have.
    static func unknownProperty(_ name: String, kind: LayerKeyword, at range: SourceRange) -> RuntimeError {
        if let p = LayerProperty(rawValue: name), !p.applies(to: kind) {
            return RuntimeError("\(kind == .layer ? "a plain layer" : "a \(kind.rawValue) layer") has no property `\(name)`\(Interpreter.colourPropertyHint(p, kind))", at: range)
        }
        let names = LayerProperty.names(for: kind)
        let coreAnimation = LayerProperty.coreAnimationMatches(for: name, among: names)
        if !coreAnimation.isEmpty {
            let choices = coreAnimation.map { "`\($0)`" }
            let listed = choices.count == 1 ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
            return RuntimeError("unknown property `\(name)`; did you mean \(listed)?", at: range)
        }
        return RuntimeError("unknown property `\(name)`\(Suggestion.hint(for: name, in: names + treeMethods))", at: range)
    }

    // MARK: - Reading properties

    /// The names of the methods every layer has, besides its properties.
    static let treeMethods = ["addSublayer", "removeFromSuperlayer"]

    /// `parent.addSublayer(child)` and `child.removeFromSuperlayer()`, as Core Animation's:
    /// steps at the time cursor that move a layer, with its subtree, in the tree (to the
    /// end of `parent`'s sublayers, or out of the tree). Nil for other names.
    func treeMethod(_ name: String, of layer: LayerRef) -> Value? {
        switch name {
        case "addSublayer":
            return .function(Callable(name: name, body: .builtin(arity: 1...1) { interpreter, args, site throws(RuntimeError) in
                guard case .layer(let child) = args[0] else {
                    throw RuntimeError("`addSublayer` expects a layer, got \(args[0].typeName)", at: site.argument(0))
                }
                try interpreter.move(child, to: layer, at: site)
                return .nil
            }))
        case "removeFromSuperlayer":
            return .function(Callable(name: name, body: .builtin(arity: 0...0) { interpreter, _, site throws(RuntimeError) in
                try interpreter.move(layer, to: nil, at: site)
                return .nil
            }))
        default:
            return nil
        }
    }

    /// Moves `layer` under `parent` (nil: out of the tree) at the cursor.
    private func move(_ layer: LayerRef, to parent: LayerRef?, at site: CallSite) throws(RuntimeError) {
        try checkChangeLimit(at: site.range)
        if let parent {
            try checkDepth(under: parent.id, height: layer.id.index < layerHeights.count ? layerHeights[layer.id.index] : 1,
                           at: site.range)
        }
        do { try scene.move(layer.id, to: parent?.id, at: cursor) } catch {
            throw RuntimeError(error, at: site.range)
        }
    }

    /// `layer.name`: the model value at the time cursor.
    func readProperty(_ name: String, of layer: LayerRef, nameRange: SourceRange) throws(RuntimeError) -> Value {
        if let method = treeMethod(name, of: layer) { return method }
        if name == "tile", layer.kind == .grid {
            return .function(Callable(name: "tile", body: .builtin(arity: 2...2) { interpreter, args, site throws(RuntimeError) in
                try interpreter.tile(of: layer, args, site: site)
            }))
        }
        guard let property = LayerProperty(rawValue: name), property.applies(to: layer.kind) else {
            throw unknownProperty(name, kind: layer.kind, at: nameRange)
        }
        let state: LayerState
        do { state = try scene.state(of: layer.id, at: cursor) } catch {
            throw RuntimeError(error, at: nameRange)
        }
        let node = scene.node(layer.id)
        switch property.meaning {
        case .frame, .x, .y, .width, .height:
            let frame = state.frame
            switch property.meaning {
            case .x: return .number(frame.origin.x)
            case .y: return .number(frame.origin.y)
            case .width: return .number(frame.size.width)
            case .height: return .number(frame.size.height)
            default: return Value.rect(frame)
            }
        case .tiles:
            guard !node.tiles.isEmpty else {
                throw RuntimeError("a grid's `tiles` exist once its body has run", at: nameRange)
            }
            return .list(node.tiles.map { .layer(layerRefs[$0.index]) })
        case .rows: return .number(Double(node.grid?.rows ?? 1))
        case .columns: return .number(Double(node.grid?.columns ?? 1))
        case .engine(.textColor) where layer.kind == .grid:
            guard let first = node.tiles.first else { return .color(.black) }
            do { return Value(try scene.value(of: first, .background, at: cursor), refs: layerRefs) } catch {
                throw RuntimeError(error, at: nameRange)
            }
        case .engine(let key):
            return Value(state.value(for: key), refs: layerRefs)
        }
    }

    /// `grid.tile(column, row)`.
    private func tile(of grid: LayerRef, _ args: [Value], site: CallSite) throws(RuntimeError) -> Value {
        let node = scene.node(grid.id)
        guard let shape = node.grid else {
            throw RuntimeError("a grid's tiles exist once its body has run", at: site.range)
        }
        let column = try wholeNumber(args[0], "`tile` column", at: site.argument(0))
        let row = try wholeNumber(args[1], "`tile` row", at: site.argument(1))
        guard column >= 0, column < shape.columns else {
            throw RuntimeError("column \(column) is out of range 0..<\(shape.columns)", at: site.argument(0))
        }
        guard row >= 0, row < shape.rows else {
            throw RuntimeError("row \(row) is out of range 0..<\(shape.rows)", at: site.argument(1))
        }
        return .layer(layerRefs[node.tiles[column * shape.rows + row].index])
    }

    func sizeValue(of id: LayerID, at time: Double, range: SourceRange) throws(RuntimeError) -> Size {
        do { return try scene.state(of: id, at: time).size } catch {
            throw RuntimeError(error, at: range)
        }
    }

    func registerLayer(_ ref: LayerRef) {
        while layerRefs.count <= ref.id.index { layerRefs.append(ref) }
        layerRefs[ref.id.index] = ref
        while layerHeights.count <= ref.id.index { layerHeights.append(1) }
        raiseHeights(above: ref.id)
    }
}
