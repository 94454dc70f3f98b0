import Foundation
import MaskEngine
import MaskScript

// The scenes of this package, found from this file so the demo runs from any folder.
let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Scenes").standardizedFileURL.path

// A Swift function that scripts call by name.
let brand = HostFunction(name: "brand", arity: 1...1) { args in
    guard case .number(let lift)? = args.first else { throw HostFunctionError("`brand` expects a number", argument: 0) }
    return .color(Color(hue: 210, saturation: 0.9, lightness: 0.4 + lift))
}

// 1. A script file that calls `brand`; its picture resolves against the file's folder.
func renderBadge() async throws {
    let script = try Script(contentsOf: scenes + "/badge.mask")
    let options = ScriptOptions(resources: FileResolver(baseDirectory: script.folder ?? scenes), functions: [brand])
    let scene = try script.run(options: options)
    let renderer = Renderer(scene: scene)

    // Every frame on two threads, delivered in order.
    try renderer.renderFrames(jobs: 2) { index, image in
        if index == renderer.frameIndices.last { try image.write(toFile: "badge.png") }
    }
    // The same frames as an AsyncSequence; cancelling the task stops the render.
    var centre: [[UInt8]] = []
    for try await frame in renderer.frames(jobs: 2) where frame.index % 5 == 0 {
        centre.append(frame.image.pixel(x: 32, y: 32).map { [$0.r, $0.g, $0.b] } ?? [])
    }
    guard let badge = scene.layer(named: "badge") else { return }
    let opacity = try scene.value(of: badge, .opacity, at: 0.5)
    print("script: \(renderer.frameIndices.count) frames; centre at 0, 0.5, 1 s: \(centre); badge opacity at 0.5 s: \(opacity)")
}

// 2. A script with a mistake: its diagnostics render as `mask` prints them.
func reportTypo() {
    let text = "canvas { size: [64, 64] }\nlayer box { opactiy: 0.5 }\n"
    do {
        _ = try Script(text: text, name: "typo.mask").run(options: ScriptOptions(resources: SandboxResolver()))
    } catch {
        print(error.rendered())
    }
}

// 3. The engine alone: a red layer revealed by a circle mask that grows.
func revealScene() throws -> Scene {
    var scene = Scene(canvas: Canvas(width: 64, height: 64, fps: 10, duration: 1))
    var red = LayerState(kind: .plain)
    red.frame = Rect(0, 0, 64, 64)
    red.background = .red
    let owner = try scene.addLayer(red, name: "red")
    var circle = LayerState(kind: .shape)
    circle.frame = Rect(0, 0, 64, 64)
    circle.path = .circle(center: Point(32, 32), radius: 4)
    let mask = try scene.addLayer(circle, to: owner, name: "circle")
    try scene.setMask(mask, of: owner)
    let grown = PropertyValue.path(.circle(center: Point(32, 32), radius: 46))
    try scene.animate(Animation(layer: mask, key: .path, keyframes: [grown], begin: 0, duration: 1, easing: .easeInOut))
    return scene
}

do {
    try await renderBadge()
    reportTypo()
    let reveal = try Renderer(scene: revealScene()).render(at: 1)
    try reveal.write(toFile: "reveal.png")
    print("engine: corner at 1 s:", reveal.pixel(x: 0, y: 0).map { [$0.r, $0.g, $0.b] } ?? [])
} catch let errors as DiagnosticList {
    print(errors.rendered())
    exit(1)
} catch {
    print("error:", error)
    exit(1)
}
