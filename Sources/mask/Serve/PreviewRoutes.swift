import Foundation
import MaskEngine

/// What the preview server serves, by path: the page, frames, the scene's summary, the
/// build events and the exports. Nothing from a request reaches the file system: paths
/// are compared with this fixed list, and the only parameter read is a frame's time.
struct PreviewRoutes: HTTPHandler {
    /// The builds.
    let state: PreviewState
    /// Renders the frames.
    let frames: FramePool
    /// The page, ready to serve.
    let page: [UInt8]
    /// The script's name without folder and extension, for download names.
    let title: String
    /// How exports are rendered.
    let settings: RenderSettings
    /// How often an idle event stream sends a comment, which finds clients that left.
    static let keepAliveInterval = Duration.seconds(15)

    func reply(to request: HTTPRequest) -> HTTPReply {
        switch request.path {
        case "/", "/index.html":
            return .whole(HTTPResponse(contentType: "text/html; charset=utf-8", body: page,
                                       headers: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)]))
        case "/frame":
            return .whole(frame(request))
        case "/scene.json":
            return .whole(HTTPResponse(contentType: "application/json", body: SceneSummary.json(state.snapshot())))
        case "/events":
            // Builds after this one are news, even one that ends before the stream starts.
            let seen = state.snapshot().generation
            return .eventStream { stream in events(stream, after: seen) }
        default:
            let prefix = "/export/"
            if request.path.hasPrefix(prefix), PreviewExports.names.contains(String(request.path.dropFirst(prefix.count))) {
                return .whole(export(String(request.path.dropFirst(prefix.count))))
            }
            return .whole(.text(.notFound, "nothing at \(request.path)"))
        }
    }

    /// `/frame?t=SECONDS`: the PNG of the last good scene at that time.
    private func frame(_ request: HTTPRequest) -> HTTPResponse {
        guard let text = request.queryValue("t"), let time = DecimalNumber.parse(text) else {
            return .text(.badRequest, "expected /frame?t=SECONDS with a time of 0 or more, such as 1.5")
        }
        guard let picture = state.snapshot().picture else {
            return .text(.serviceUnavailable, "the script has not built yet")
        }
        switch frames.png(of: picture, at: time) {
        case .success(let png): return HTTPResponse(contentType: "image/png", body: png)
        case .failure(let failure): return .text(.internalServerError, failure.message)
        }
    }

    /// `/export/NAME`: made once per build, when first asked for.
    private func export(_ name: String) -> HTTPResponse {
        guard let picture = state.snapshot().picture else {
            return .text(.serviceUnavailable, "the script has not built yet")
        }
        let result = picture.export(name) { PreviewExports.make(name, of: picture.built, settings: settings) }
        switch result {
        case .success(let bytes):
            let file = title + "." + (name.split(separator: ".").last.map(String.init) ?? "bin")
            return HTTPResponse(contentType: PreviewExports.contentType(of: name), body: bytes,
                                headers: [("Content-Disposition", "attachment; filename=\"\(file)\"")])
        case .failure(let failure):
            return .text(failure.status, failure.message)
        }
    }

    /// `/events`: `reload` after each good build, `diagnostics` (the errors' text) after
    /// each broken one, until the client leaves or the server stops.
    private func events(_ stream: EventStream, after generation: Int) {
        var seen = generation
        var quiet = Duration.zero
        let slice = Duration.milliseconds(500)
        while !stream.isStopping {
            guard let build = state.waitForBuild(after: seen, timeout: slice) else {
                quiet += slice
                if quiet >= PreviewRoutes.keepAliveInterval {
                    guard stream.keepAlive() else { return }
                    quiet = .zero
                }
                continue
            }
            seen = build.generation
            quiet = .zero
            let sent = build.problem.map { stream.send(event: "diagnostics", data: $0.text) }
                ?? stream.send(event: "reload", data: String(build.generation))
            guard sent else { return }
        }
    }
}
