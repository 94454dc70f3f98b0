/// A variable that outlives the call that made it: a local that a closure captures
/// (Lua's closed upvalue), or a global. `nil` until its declaration has run.
final class Box {
    /// The value; the exclusivity checks are off because only the interpreter's single
    /// thread touches a box, and it is read on every use of the variable.
    @exclusivity(unchecked) private var stored: Value?
    /// The code of the function in `stored`, while a top-level `fn` declaration put a
    /// function that captures nothing here and nothing has written the box since: a call
    /// of the global then runs this code without reading (and retaining) the value.
    ///
    /// Lifetime: while `direct` is set, `stored` holds a `Callable` whose `code` is this
    /// object, so it is alive. Every other write goes through `value`'s setter, which
    /// first moves the code into `retired` (a strong reference, kept as long as the box),
    /// so a call that read `direct` before the write, and is still running (the callee
    /// may reassign its own name), keeps valid code. The call site holds the box.
    @exclusivity(unchecked) private(set) var direct: Unmanaged<FunctionCode>?
    /// `direct`'s `plainArity`, -1 without `direct`: the one field a call site tests.
    @exclusivity(unchecked) private(set) var directArity = -1
    /// The codes that were `direct` once (see there); at most one per run of a top-level
    /// `fn` declaration.
    private var retired: [FunctionCode] = []
    /// For a global: the interpreter's journal of changed globals, told of the first
    /// write in each transaction (`GlobalChanges`). Nil for a captured local.
    @exclusivity(unchecked) var journal: GlobalChanges?
    /// The transaction this box last reported a write to.
    @exclusivity(unchecked) private var reportedIn = 0

    init(_ value: Value? = nil) {
        stored = value
    }

    /// The value. Writing it ends the direct calls of the function it held.
    var value: Value? {
        @inline(__always) get { stored }
        @inline(__always) set {
            if let journal, journal.current != reportedIn { report(to: journal) }
            if direct != nil { retire() }
            stored = newValue
        }
    }

    private func report(to journal: GlobalChanges) {
        reportedIn = journal.current
        journal.record(self, value: stored)
    }

    /// Puts back a value a failed transaction replaced, without reporting the write.
    func restore(_ value: Value?) {
        if direct != nil { retire() }
        stored = value
        reportedIn = 0
    }

    /// Stores the function a top-level `fn` declaration made: a function without
    /// captures is called directly from then on (see `direct`).
    func declare(_ function: Callable) {
        value = .function(function)
        if function.captures.isEmpty, function.code.plainArity >= 0 {
            direct = Unmanaged.passUnretained(function.code)
            directArity = function.code.plainArity
        }
    }

    private func retire() {
        if let code = direct?.takeUnretainedValue() { retired.append(code) }
        direct = nil
        directArity = -1
    }

    /// Drops the value and the retired codes, to break the cycles of functions that
    /// refer to their own global (box → function → code → box) when the interpreter goes.
    func empty() {
        ReleaseQueue.release(&value)
        retired = []
    }

    deinit {
        // A closure in a box may capture a box holding another closure, and so on
        // (`repeat 1e5 { let h = g; g = fn() { return h() } }`): freeing such a chain by
        // plain recursion would go as deep as the chain. Hand it to a queue instead.
        guard Box.holdsCapturingClosure(stored) else { return }
        direct = nil
        ReleaseQueue.release(&stored)
    }

    /// True for a script closure that captured variables (it may hold a chain).
    private static func holdsCapturingClosure(_ value: Value?) -> Bool {
        guard case .function(let f)? = value, case .script(_, let captures) = f.body else { return false }
        return !captures.isEmpty
    }
}

/// The variables of one running call (or of the top level of one run): plain locals in
/// `slots`, captured locals in `cells`, and the enclosing functions' variables the
/// closure captured.
struct Frame {
    /// The call's locals that no closure captures, by the slot the resolver gave them.
    let slots: UnsafeMutablePointer<Value>
    /// The call's locals that some closure captures, each in a box of its own.
    let cells: UnsafeMutablePointer<Box>
    /// The variables of enclosing functions this closure uses, in the order its
    /// `FunctionCode.captures` lists them.
    let captures: ContiguousArray<Box>
}

/// A stack of frames' storage, in chunks that never move, so a frame's pointers stay
/// valid while calls above it come and go. A push costs no allocation once the chunks
/// are warm (one `malloc` per call would double the cost of `fib`).
final class Arena<Element> {
    /// Where a push found the stack, to go back there on pop.
    struct Mark {
        fileprivate let chunk: Int
        fileprivate let top: Int
    }

    private static var chunkSize: Int { 4096 }
    @exclusivity(unchecked) private var chunks: [(base: UnsafeMutablePointer<Element>, capacity: Int)]
    @exclusivity(unchecked) private var chunk = 0
    /// The current chunk's start and size, kept apart from `chunks` for the fast path.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var top = 0

    init() {
        base = UnsafeMutablePointer<Element>.allocate(capacity: Arena.chunkSize)
        capacity = Arena.chunkSize
        chunks = [(base, capacity)]
    }

    deinit {
        for c in chunks { c.base.deallocate() }
    }

    /// The current position, to pass to `pop`.
    var mark: Mark { Mark(chunk: chunk, top: top) }

    /// Room for `count` elements, each initialised by `make`.
    @inline(__always)
    func push(_ count: Int, _ make: () -> Element) -> UnsafeMutablePointer<Element> {
        if top + count > capacity { nextChunk(count) }
        let start = base + top
        for i in 0..<count { (start + i).initialize(to: make()) }
        top += count
        return start
    }

    /// Moves to the next chunk, at least `count` elements large.
    private func nextChunk(_ count: Int) {
        chunk += 1
        top = 0
        if chunk == chunks.count {
            let size = max(count, Arena.chunkSize)
            chunks.append((UnsafeMutablePointer<Element>.allocate(capacity: size), size))
        } else if chunks[chunk].capacity < count {
            chunks[chunk].base.deallocate()
            chunks[chunk] = (UnsafeMutablePointer<Element>.allocate(capacity: count), count)
        }
        base = chunks[chunk].base
        capacity = chunks[chunk].capacity
    }

    /// Room for `count` elements, left uninitialised: the caller initialises them all
    /// before anything else can pop, and pops with the count it initialised.
    @inline(__always)
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if top + count > capacity { nextChunk(count) }
        let start = base + top
        top += count
        return start
    }

    /// Frees the `count` elements at `start` (the last push) and goes back to `mark`.
    @inline(__always)
    func pop(_ start: UnsafeMutablePointer<Element>, _ count: Int, to mark: Mark) {
        // One at a time: `deinitialize(count:)` goes through the runtime's generic array
        // destroy, several times slower for the one or two slots of a typical call.
        for i in 0..<count { (start + i).deinitialize(count: 1) }
        if mark.chunk != chunk {
            chunk = mark.chunk
            base = chunks[chunk].base
            capacity = chunks[chunk].capacity
        }
        top = mark.top
    }
}
