import Foundation
import MaskEngine

/// `/scene.json`: what the page needs to lay out its canvas and timeline.
///
/// ```
/// {"width": 320, "height": 240, "fps": 30, "duration": 2, "frameCount": 61,
///  "animations": [{"target": "box", "property": "position.x", "begin": 0, "duration": 2}],
///  "diagnostics": [{"severity": "error", "message": "...", "file": "a.mask", "line": 3,
///                   "column": 7, "text": "a.mask:3:7: error: ...\n    3 | ..."}]}
/// ```
/// The scene is the last that built (all its fields are null before one has); the
/// diagnostics are the latest build's, empty when it was good. Animations are listed as
/// `:timeline` lists them: the target layer's name, the property's key path, when it
/// begins and how long it runs, repeats included (null when it repeats forever).
enum SceneSummary {
    /// The JSON text of a snapshot.
    static func json(_ snapshot: PreviewState.Snapshot) -> [UInt8] {
        var object: [String: Any] = [:]
        let scene = snapshot.picture?.scene
        object["width"] = scene.map { $0.canvas.width } ?? NSNull()
        object["height"] = scene.map { $0.canvas.height } ?? NSNull()
        object["fps"] = scene.map { $0.canvas.fps } ?? NSNull()
        object["duration"] = scene.map { finite($0.duration) } ?? NSNull()
        object["frameCount"] = scene.map { ($0.frameCount as Any?) ?? NSNull() } ?? NSNull()
        object["animations"] = scene.map(animations) ?? []
        object["diagnostics"] = (snapshot.problem?.items ?? []).map { item -> [String: Any] in
            var entry: [String: Any] = ["severity": item.severity, "message": item.message, "text": item.text]
            if let file = item.file { entry["file"] = file }
            if let line = item.line { entry["line"] = line }
            if let column = item.column { entry["column"] = column }
            return entry
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }

    private static func animations(_ scene: Scene) -> [[String: Any]] {
        scene.timeline.animations.map { animation in
            ["target": scene.node(animation.layer).name ?? "layer \(animation.layer)",
             "property": animation.key.keyPath,
             "begin": finite(animation.begin),
             "duration": finite(animation.end - animation.begin)]
        }
    }

    /// A number JSON can hold, or null.
    private static func finite(_ value: Double) -> Any {
        value.isFinite ? value : NSNull()
    }
}
