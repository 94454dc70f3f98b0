import XCTest
import MaskEngine
@testable import MaskScript

/// Non-finite and gigantic numbers, huge paths, gradients, text and timing clauses: each
/// script ends in a located error or renders its first and last frames.
final class HostileValueTests: XCTestCase {
    private static let canvas = "canvas { size: [16, 16]; fps: 10; duration: 1 }\n"

    private func tiny(_ source: String, _ expected: HostileOutcome, file: StaticString = #filePath,
                      line: UInt = #line) -> HostileCase {
        HostileCase(Self.canvas + source, expected, file: file, line: line)
    }

    func testNonFiniteNumbersInEveryProperty() {
        let nan = "sqrt(-1)", inf = "pow(10, 400)"
        var cases: [HostileCase] = []
        for (property, value) in [("opacity", nan), ("x", inf), ("cornerRadius", nan), ("scale", "1e308 * 10"),
                                  ("rotation", nan), ("z", inf), ("width", nan), ("anchor", "[\(nan), 0]"),
                                  ("position", "[0, \(inf)]"), ("frame", "[0, 0, \(inf), 1]")] {
            cases.append(tiny("layer a { \(property): \(value) }", .error(line: 2, "`\(property)` expects")))
        }
        cases += [
            tiny("let x = 0 / 0", .error(line: 2, "division by zero")),
            tiny("let x = 1 % 0", .error(line: 2, "remainder by zero")),
            tiny("shape s { lineWidth: \(nan) }", .error(line: 2, "`lineWidth` expects a finite number")),
            tiny("shape s { path: circle(\(nan), 0, 1) }", .error(line: 2, "`circle` expects a finite centre")),
            tiny("shape s { path: polygon([[0, 0], [\(inf), 1]]) }", .error(line: 2, "`polygon` expects a point")),
            tiny("shape s { path: oval([0, 0, \(nan), 1]) }", .error(line: 2, "finite numbers")),
            tiny("gradient g { locations: [0, \(nan)]; colors: [red, blue] }", .error(line: 2, "`locations` expects a list of numbers")),
            tiny("gradient g { start: [\(inf), 0] }", .error(line: 2, "`start` expects a point")),
            // A non-finite channel is refused, naming the argument; a huge finite one is clamped.
            tiny("layer a { background: rgb(\(nan), 1e300, -5) }", .error(line: 2, "`rgb` expects a finite number as argument 1, got nan")),
            tiny("layer b { background: hsl(1e308, \(nan), 2) }", .error(line: 2, "`hsl` expects a finite number as argument 2, got nan")),
            tiny("layer c { background: white(0.5, \(inf)) }", .error(line: 2, "`white` expects a finite number as argument 2, got inf")),
            tiny("layer d { background: rgba(1e300, -5, 1e300, 2) }\nlayer e { background: hsl(1e308, -1, 2) }", .ok),
            tiny("shape s { path: roundedRect([0, 0, 4, 4], \(nan)) }", .error(line: 2, "`roundedRect` expects a finite number as argument 2")),
            tiny("layer a { position: [\(nan), 1] }", .error(line: 2, "`position` expects a point [x, y] of finite numbers, got [nan, 1]")),
            tiny("layer a { frame: [0, 0, 1, -\(nan)] }", .error(line: 2, "of finite numbers, got [0, 0, 1, nan]")),
            tiny("print(\"x\" + str(-\(nan)))", .ok),
            tiny("let s = \"" + String(repeating: "a", count: 1_000_001) + "\"",
                 .error(line: 2, "a string longer than the limit of 1000000 characters")),
            tiny("layer a { }\nanimate a.x to 1 over \(nan)", .error(line: 3, "`over` expects a finite number")),
            tiny("layer a { }\nanimate a.x to 1 delay \(inf)", .error(line: 3, "`delay` expects a finite number")),
            tiny("layer a { }\nanimate a.x to 1 repeat \(nan)", .error(line: 3, "`repeat` expects a finite number")),
            tiny("layer a { }\nanimate [a].x to 1 stagger \(nan)", .error(line: 3, "`stagger` expects a finite number")),
            tiny("layer a { }\nanimate a.x to 1 ease cubic(0, \(inf), 1, 1)", .error(line: 3, "`cubic` expects finite numbers")),
            tiny("layer a { }\nanimate a.x to 1 ease spring(\(nan), 1)", .error(line: 3, "`spring` needs a damping above 0")),
            tiny("delay \(nan)", .error(line: 2, "`delay` expects a finite number")),
            tiny("print(random(\(nan)))", .error(line: 2, "`random` expects a finite seed")),
            tiny("for i in 0..<\(inf) { }", .error(line: 2, "a range expects a finite number")),
        ]
        assertHostile(cases)
    }

    func testGiganticCountsIndexesAndSizes() {
        assertHostile([
            tiny("repeat 1e300 { }", .error(line: 2, "`repeat` expects a whole number, got 1e+300")),
            tiny("repeat -1 { }", .error(line: 2, "`repeat` must be at least 0")),
            tiny("let xs = [1]\nprint(xs[1e300])", .error(line: 3, "a list index expects a whole number")),
            tiny("let xs = [1]\nprint(xs[-1])", .error(line: 3, "index -1 is out of range")),
            tiny("print(\"abc\"[1e18])", .error(line: 2, "string index expects a whole number")),
            tiny("print((0..<5)[4.5])", .error(line: 2, "a range index expects a whole number")),
            tiny("grid g { rows: 1e9 }", .error(line: 2, "more than the limit of 10000 tiles")),
            tiny("grid g { rows: 200; columns: 200 }", .error(line: 2, "more than the limit of 10000")),
            tiny("grid g { rows: 2 }\nprint(g.tile(1e18, 0))", .error(line: 3, "`tile` column expects a whole number")),
            tiny("for i in 0..<1e9 { }", .error(line: 2, "longer than the limit of 1000000")),
            tiny("repeat 60000 { layer { } }", .error(line: 2, "too many layers")),
            tiny("layer a { }\nanimate a.x to 5 repeat 1e300", .ok),
            tiny("layer a { }\nanimate a.x to 5 over 1e308 repeat 1e308 autoreverse\nanimate a.y to 5 over 5e-324 repeat 1e308", .ok),
            HostileCase("canvas { size: [100000, 10] }", .error(line: 1, "larger than the limit of 8192")),
            HostileCase("canvas { size: [1e300, 10] }", .error(line: 1, "expects a whole number")),
            HostileCase("canvas { fps: 1000; duration: 1e6 }", .error(line: 1, "more than 100000 frames")),
            HostileCase("canvas { fps: 1e9 }", .error(line: 1, "`fps` must be in 0...1000")),
            HostileCase("canvas { size: [16, 16] }\nlayer a { }\nanimate a.x to 5 repeat 1e300\nwait", .error(line: 1, "more than 100000 frames")),
        ])
    }

    func testHugePathsDrawInBoundedTime() {
        assertHostile([
            tiny("shape s { path: circle(8, 8, 1e12); stroke: red; lineWidth: 1e12 }", .ok),
            tiny("shape s { path: polygon([[0, 0], [1e300, 1e300], [-1e300, 5]]); stroke: red; lineWidth: 3 }", .ok),
            tiny("shape s { path: circle(8, 8, 1e12); fill: red }\nanimate s.path to circle(-1e300, 1e300, 1e300) over 1", .ok),
            tiny("let p = [[0, 0], [16, 3], [3, 16], [8, 8]]\nrepeat 14 { p = p + p }\nshape s { path: polygon(p); fill: red; fillRule: evenodd }", .ok),
            tiny("layer a { x: 1e308; background: red }\nanimate a.x to -1e308 over 1", .ok),
            tiny("layer a { scale: 1.7e308; background: red }\nanimate a.scale to -1.7e308 over 1 ease spring(0.1, 100)", .ok),
        ])
    }

    func testGradientsWithOddStops() {
        let ten = "let cs = []\nrepeat 10000 as i { cs = cs + [hsl(i, 1, 0.5)] }\n"
        assertHostile([
            tiny("gradient g { colors: [] }\ngradient h { colors: [red] }", .ok),
            tiny(ten + "gradient g { colors: cs; type: conic }", .ok),
            tiny("gradient g { colors: [red, blue, green]; locations: [0.9, 0.1, 0.5] }", .ok),
            tiny("gradient g { colors: [red, blue]; locations: [0.5] }", .ok),
            tiny("gradient g { colors: [red, blue]; locations: [-1e300, 1e300]; type: radial }", .ok),
            tiny("gradient g { colors: [red, blue]; start: [1e300, 0]; end: [-1e300, 1]; type: conic }", .ok),
            tiny("gradient g { colors: [red, blue]; locations: [0, 1] }\nanimate g.locations to [0, 1, 2] over 1",
                 .error(line: 3, "lists of 2 and 3 elements")),
            tiny("gradient g { colors: [red, 5] }", .error(line: 2, "`colors` expects a list of colours")),
        ])
    }

    func testTextThatIsLongOddOrHuge() {
        assertHostile([
            tiny("let s = \"abcdefghij\"\nrepeat 16 { s = s + s }\ntext t { string: s; size: 12 }", .ok),
            tiny("text t { string: \"a\\u{0}b\\u{FFFF}\\u{10FFFF}\\n\\n\\t\" }", .ok),
            tiny("text t { string: \"W\"; size: 4096 }\nanimate t.size to 1 over 1 ease spring(0.1, 1000)", .ok),
            tiny("text t { size: 1e9 }", .error(line: 2, "`size` must be above 0 and at most 4096")),
            tiny("text t { string: \"x\"; font: \"Nope Sans\" }", .error(line: 2, "font 'Nope Sans' not found")),
            tiny("text t { font: 5 }", .error(line: 2, "`font` expects a font name")),
        ])
    }

    func testTimeClausesAtTheirExtremes() {
        var limits = Limits()
        limits.steps = 1_000_000
        assertHostile([tiny("repeat forever { delay 1e-300 }", .error(line: 2, "ran more than 1000000 steps"))], limits: limits)
        assertHostile([
            tiny("repeat forever { }", .error(line: 2, "does not advance the time cursor")),
            HostileCase("repeat forever { delay 1 }", .error(line: 1, "needs a canvas `duration`")),
            tiny("delay 1e308\ndelay 1e308", .error(line: 3, "past the largest time")),
            tiny("layer a { }\nanimate a.x to 5 over 1 repeat forever\nwait\nanimate a.y to 1 over 0 repeat forever", .ok),
            tiny("grid g { rows: 100; columns: 100 }\nanimate g.tiles.opacity to 0 over 1 stagger 1e300", .ok),
            tiny("grid g { rows: 100; columns: 100 }\nanimate g.tiles.opacity to 0 over 1 stagger 1e306", .error(line: 3, "not finite")),
            tiny("layer a { }\nanimate a.x keys [1] over 1", .error(line: 3, "at least 2 values")),
            tiny("layer a { }\nanimate a.x keys [1, 2, 3] times [0, 1] over 1", .error(line: 3, "`times` has 2 entries for 3 keys")),
            tiny("layer a { }\nanimate a.x keys [1, 2, 3] times [0, 0.7, 0.5] over 1", .error(line: 3, "`times` must increase")),
            tiny("layer a { }\nanimate a.x keys [1, 2] times [0, sqrt(-1)] over 1", .error(line: 3, "`times` expects a finite number")),
        ])
    }

    func testFunctionsAndClosuresThatCaptureThemselves() {
        assertHostile([
            tiny("let f = nil\nf = fn() { return f }\nprint(f()()()() == f)", .ok),
            tiny("let g = fn() { return 0 }\nrepeat 100000 { let h = g; g = fn() { return h() } }\nprint(1)", .ok),
            tiny("let g = fn() { return 0 }\nrepeat 1000 { let h = g; g = fn() { return h() + 1 } }\nprint(g())",
                 .error(line: 3, "calls nested deeper than the limit of 200")),
        ])
    }
}
