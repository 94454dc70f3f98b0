import MaskEngine
import MaskScript

// 1. A script that calls a Swift function, in a sandbox where it may read no files.
let source = """
    canvas { size: [64, 64]; fps: 10; duration: 1s }
    layer badge {
      frame: [8, 8, 48, 48]
      background: brand(0.1)
      cornerRadius: 12
    }
    animate badge.opacity from 0 to 1 over 1s
    """
let brand = HostFunction(name: "brand", arity: 1...1) { args in
    guard case .number(let lift)? = args.first else { throw HostFunctionError("`brand` expects a number", argument: 0) }
    return .color(Color(hue: 210, saturation: 0.9, lightness: 0.4 + lift))
}

// 2. The engine alone: a red layer revealed by a circle mask that grows.
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
    let script = try Script(text: source, name: "badge.mask")
    let renderer = Renderer(scene: try script.run(options: ScriptOptions(resources: SandboxResolver(), functions: [brand])))
    try renderer.renderFrames { index, image in
        if index == renderer.frameIndices.last { try image.write(toFile: "badge.png") }
    }
    let middle = try renderer.render(at: 0.5).pixel(x: 32, y: 32)
    print("script: \(renderer.frameIndices.count) frames; centre at 0.5 s:", middle.map { [$0.r, $0.g, $0.b] } ?? [])

    let reveal = try Renderer(scene: revealScene()).render(at: 1)
    try reveal.write(toFile: "reveal.png")
    print("engine: corner at 1 s:", reveal.pixel(x: 0, y: 0).map { [$0.r, $0.g, $0.b] } ?? [])
} catch let errors as DiagnosticList {
    print(errors.rendered())
} catch {
    print("error:", error)
}
