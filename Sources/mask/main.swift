import Foundation
import MaskEngine
import MaskScript
let args = CommandLine.arguments
let path = args[1]
let data = FileManager.default.contents(atPath: path) ?? Data()
let src = SourceFile(name: path, bytes: [UInt8](data))
do {
    let script = try Script(source: src)
    let scene = try script.run(options: ScriptOptions(resources: FileResolver(baseDirectory: (path as NSString).deletingLastPathComponent)))
    let r = Renderer(scene: scene)
    var i = 2
    while i + 1 < args.count {
        let img = try r.render(at: Double(args[i]) ?? 0)
        try img.write(toFile: args[i + 1])
        i += 2
    }
    print("frames:", scene.frameCount ?? -1)
} catch let e as DiagnosticList {
    print(DiagnosticRenderer().render(e.diagnostics, source: src))
} catch { print(error) }
