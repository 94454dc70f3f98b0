import Foundation
import MaskEngine
import MaskScript

/// One good build: the scene, the renderer of its frames and its exports, each made
/// once, when first asked for, and kept until the next good build replaces it.
final class PreviewPicture: @unchecked Sendable {
    /// The build's number (`PreviewState.Snapshot.generation`): frames are cached under it.
    let generation: Int
    /// Draws the frames.
    let renderer: Renderer
    /// The exports made so far (by name, such as `lottie.json`), and those being made.
    private var exports: [String: Result<[UInt8], ExportFailure>] = [:]
    private var making: Set<String> = []
    private let condition = NSCondition()

    /// Why an export could not be made.
    struct ExportFailure: Error {
        /// The HTTP status that says so: 422 for what the format cannot express, 501 for
        /// a missing encoder, 500 otherwise.
        var status: HTTPStatus
        /// The message, as the command line prints it.
        var message: String
    }

    /// The built script: its scene and the map from its layers to their source lines.
    let built: BuiltScene

    /// A picture of the built script, built as build `generation`.
    init(built: BuiltScene, generation: Int, budget: RenderBudget) {
        self.generation = generation
        self.built = built
        renderer = Renderer(scene: built.scene, budget: budget)
    }

    /// The scene.
    var scene: Scene { renderer.scene }

    /// The export named `name`, made by `make` the first time anyone asks; callers that
    /// ask while it is being made wait for it.
    func export(_ name: String, make: () -> Result<[UInt8], ExportFailure>) -> Result<[UInt8], ExportFailure> {
        condition.lock()
        while making.contains(name) { condition.wait() }
        if let done = exports[name] {
            condition.unlock()
            return done
        }
        making.insert(name)
        condition.unlock()
        let result = make()
        condition.lock()
        exports[name] = result
        making.remove(name)
        condition.broadcast()
        condition.unlock()
        return result
    }
}
