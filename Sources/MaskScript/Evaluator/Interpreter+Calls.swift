/// The fast path of a call: a script function whose parameters are its first slots and
/// whose frame has no cells (`FunctionCode.plainArity`), the commonest kind.
extension Interpreter {
    /// Calls `code` with `arguments` evaluated in the caller's frame straight into the
    /// new frame's first slots (no argument array, no `.nil` written first), the other
    /// slots `nil`. The caller has checked `code.plainArity == arguments.count`, and keeps
    /// `code` alive for the call (through the callable it holds, or `Box.direct`).
    func invokePlain(_ code: FunctionCode, captures: ContiguousArray<Box>, site: CallSite,
                     arguments: ContiguousArray<Operand>, from caller: Frame) throws(RuntimeError) -> Value {
        let count = code.slotCount
        let mark = slotArena.mark
        let slots = slotArena.reserve(count)
        var ready = 0
        do throws(RuntimeError) {
            while ready < arguments.count {
                (slots + ready).initialize(to: try arguments[ready].value(self, caller))
                ready += 1
            }
        } catch {
            // Only the arguments evaluated so far are initialised.
            slotArena.pop(slots, ready, to: mark)
            throw error
        }
        while ready < count {
            (slots + ready).initialize(to: .nil)
            ready += 1
        }
        return try enterPlain(code, captures, site: site, slots, popping: count, to: mark)
    }

    /// Calls `code` with one argument, already evaluated (see `invokePlain`).
    func invokePlain(_ code: FunctionCode, captures: ContiguousArray<Box>, site: CallSite,
                     _ a: Value) throws(RuntimeError) -> Value {
        let count = code.slotCount
        let mark = slotArena.mark
        let slots = slotArena.reserve(count)
        slots.initialize(to: a)
        var k = 1
        while k < count {
            (slots + k).initialize(to: .nil)
            k += 1
        }
        return try enterPlain(code, captures, site: site, slots, popping: count, to: mark)
    }

    /// Calls `code` with two arguments, already evaluated (see `invokePlain`).
    func invokePlain(_ code: FunctionCode, captures: ContiguousArray<Box>, site: CallSite,
                     _ a: Value, _ b: Value) throws(RuntimeError) -> Value {
        let count = code.slotCount
        let mark = slotArena.mark
        let slots = slotArena.reserve(count)
        slots.initialize(to: a)
        (slots + 1).initialize(to: b)
        var k = 2
        while k < count {
            (slots + k).initialize(to: .nil)
            k += 1
        }
        return try enterPlain(code, captures, site: site, slots, popping: count, to: mark)
    }

    /// A direct call (`Box.direct`) of a function without captures: nil when it failed,
    /// its error kept in `failure` for `takeFailure`.
    @inline(__always)
    func invokeDirect(_ code: FunctionCode, site: CallSite, _ a: Value) -> Value? {
        do throws(RuntimeError) {
            return try invokePlain(code, captures: [], site: site, a)
        } catch {
            failure = error
            return nil
        }
    }

    /// `invokeDirect` with two arguments.
    @inline(__always)
    func invokeDirect(_ code: FunctionCode, site: CallSite, _ a: Value, _ b: Value) -> Value? {
        do throws(RuntimeError) {
            return try invokePlain(code, captures: [], site: site, a, b)
        } catch {
            failure = error
            return nil
        }
    }

    /// `invokeDirect` with the arguments evaluated in the caller's frame.
    @inline(__always)
    func invokeDirect(_ code: FunctionCode, site: CallSite,
                      arguments: ContiguousArray<Operand>, from caller: Frame) -> Value? {
        do throws(RuntimeError) {
            return try invokePlain(code, captures: [], site: site, arguments: arguments, from: caller)
        } catch {
            failure = error
            return nil
        }
    }

    /// The error `invokeDirect` kept.
    @inline(never)
    func takeFailure() -> RuntimeError {
        defer { failure = nil }
        return failure ?? RuntimeError("the call failed", at: SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0)))
    }

    /// `enterPlain`, then pops the frame's `count` slots back to `mark` on both ways out
    /// (written out: a `defer` here stays a call of its own).
    @inline(__always)
    private func enterPlain(_ code: FunctionCode, _ captures: ContiguousArray<Box>, site: CallSite,
                            _ slots: UnsafeMutablePointer<Value>, popping count: Int,
                            to mark: Arena<Value>.Mark) throws(RuntimeError) -> Value {
        let result: Value
        do throws(RuntimeError) {
            result = try enterPlain(code, captures, site: site, slots)
        } catch {
            slotArena.pop(slots, count, to: mark)
            throw error
        }
        slotArena.pop(slots, count, to: mark)
        return result
    }

    /// `enter` for a frame without cells; kept apart so the fast path stays one function.
    @inline(__always)
    private func enterPlain(_ code: FunctionCode, _ captures: ContiguousArray<Box>, site: CallSite,
                            _ slots: UnsafeMutablePointer<Value>) throws(RuntimeError) -> Value {
        if code.isImported, libraryCall == nil {
            return try enteringLibrary(code, at: site) { () throws(RuntimeError) in try enterPlain(code, captures, site: site, slots) }
        }
        guard callDepth < limits.callDepth else { throw callDepthError(at: site) }
        // Calls inside deeply nested expressions use more stack than the call depth says.
        guard stackAddress() >= stackFloor else { throw stackDepthError(at: site) }
        callDepth &+= 1
        defer { callDepth &-= 1 }
        // The layer stack is left as it is: a layer the function declares joins the layer
        // whose body called it (components, LANGUAGE.md section 10).
        do throws(RuntimeError) {
            return try runBody(code, Frame(slots: slots, cells: noCells, captures: captures))
        } catch {
            throw passing(error, outOf: code, at: site)
        }
    }

    /// Runs a function's body in its frame; an error inside carries the function's file,
    /// and so does a text string it sets (`runningCode`).
    @inline(__always)
    func runBody(_ code: FunctionCode, _ frame: Frame) throws(RuntimeError) -> Value {
        let caller = runningCode
        runningCode = Unmanaged.passUnretained(code)
        defer { runningCode = caller }
        do throws(RuntimeError) {
            let statements = code.statements
            var k = 0
            while k < statements.count {
                if case .returned(let v) = try statements[k].run(self, frame) { return v }
                k &+= 1
            }
            return .nil
        } catch {
            throw located(error, in: code)
        }
    }

    /// Runs `body`, the call of a function of an imported file from the script's own code,
    /// with that call kept in `libraryCall` for the layers it declares.
    @inline(never)
    func enteringLibrary(_ code: FunctionCode, at site: CallSite,
                         _ body: () throws(RuntimeError) -> Value) throws(RuntimeError) -> Value {
        libraryCall = (site.range, code.name)
        defer { libraryCall = nil }
        return try body()
    }

    /// `error` with the function's source file, unless it already has one; so too the
    /// call it last came out of, which was written in this function.
    @inline(never)
    func located(_ error: RuntimeError, in code: FunctionCode) -> RuntimeError {
        located(error, in: code.source)
    }

    /// `error` with `source` as its file, and its last call's, where they have none.
    func located(_ error: RuntimeError, in source: SourceFile?) -> RuntimeError {
        guard let source else { return error }
        var located = error
        if located.source == nil { located.source = source }
        if let last = located.calls.indices.last, located.calls[last].source == nil { located.calls[last].source = source }
        return located
    }

    /// `error` with the call of `code` at `site` added to the calls it came out of.
    @inline(never)
    func passing(_ error: RuntimeError, outOf code: FunctionCode, at site: CallSite) -> RuntimeError {
        var passed = error
        passed.calls.append(CallStep(function: code.name, site: site.range, source: nil))
        return passed
    }

    @inline(never)
    func callDepthError(at site: CallSite) -> RuntimeError {
        RuntimeError("calls nested deeper than the limit of \(limits.callDepth); is the recursion endless?", at: site.range)
    }

    @inline(never)
    func stackDepthError(at site: CallSite) -> RuntimeError {
        RuntimeError("calls and expressions nested too deeply (at call depth \(callDepth)); is the recursion endless?", at: site.range)
    }
}
