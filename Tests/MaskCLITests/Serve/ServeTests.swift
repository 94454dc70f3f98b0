import Foundation
import XCTest

/// `mask serve` end to end: the built binary on a free port, spoken to over HTTP.
final class ServeTests: MaskCLITestCase {
    private let good = """
        canvas { size: [32, 24]; fps: 10; duration: 0.5s; background: #102030 }
        layer box { frame: [2, 2, 10, 8]; background: orange }
        animate box.x to 20 over 0.5s delay 0.1s

        """

    /// Replaces the script the way many editors save: a new file renamed over the old.
    private func save(_ text: String) throws {
        try write(text, to: ".script.mask.swp")
        XCTAssertEqual(rename(url(".script.mask.swp").path, url("script.mask").path), 0)
    }

    private func serve(_ script: String = "script.mask", extra: [String] = []) throws -> PreviewServer {
        try PreviewServer(script: script, in: directory, extra: extra + ["--jobs", "2"])
    }

    private func json(_ response: RawResponse?) throws -> [String: Any] {
        let body = try XCTUnwrap(response).body
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    // MARK: - What it serves

    func testServesThePageTheSceneAndFramesAsMaskRenderDoes() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let page = try XCTUnwrap(try server.request("/"))
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        for hook in ["<canvas id=\"frame\"", "id=\"diagnostics\"", "window.maskPreview", "new EventSource('/events')"] {
            XCTAssertTrue(page.text.contains(hook), hook)
        }
        XCTAssertNotNil(page.headers["content-security-policy"])
        let head = try XCTUnwrap(try server.request("/", method: "HEAD"))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], String(page.body.count))
        let eventsHead = try RawConnection(port: server.port)
        eventsHead.send("HEAD /events HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
        XCTAssertEqual(eventsHead.response(toHead: true)?.headers["content-type"], "text/event-stream; charset=utf-8")
        XCTAssertTrue(eventsHead.isClosedByServer())
        XCTAssertEqual(eventsHead.pending, "", "no body after the head")

        let scene = try json(try server.request("/scene.json"))
        XCTAssertEqual(Set(scene.keys), ["width", "height", "fps", "duration", "frameCount", "animations", "diagnostics"])
        XCTAssertEqual(scene["width"] as? Int, 32)
        XCTAssertEqual(scene["height"] as? Int, 24)
        XCTAssertEqual(scene["fps"] as? Double, 10)
        XCTAssertEqual(scene["duration"] as? Double, 0.5)
        XCTAssertEqual(scene["frameCount"] as? Int, 6)
        let animations = try XCTUnwrap(scene["animations"] as? [[String: Any]])
        XCTAssertEqual(animations.count, 1)
        XCTAssertEqual(animations.first?["target"] as? String, "box")
        XCTAssertEqual(animations.first?["property"] as? String, "position.x")
        XCTAssertEqual(animations.first?["begin"] as? Double, 0.1)
        XCTAssertEqual(animations.first?["duration"] as? Double, 0.5)
        XCTAssertEqual((scene["diagnostics"] as? [Any])?.count, 0)

        // On a frame, between frames and past the end: the bytes of `mask render --at`.
        // Asked twice: rendered, then from the cache.
        for time in ["0.3", "0.25", "2", "0.3"] {
            let frame = try XCTUnwrap(try server.request("/frame?t=\(time)"))
            XCTAssertEqual(frame.status, 200, frame.text)
            XCTAssertEqual(frame.headers["content-type"], "image/png")
            XCTAssertEqual(try mask("render", "script.mask", "--at", time, "-o", "expected.png").status, 0)
            XCTAssertEqual(frame.body, try bytes("expected.png"), "frame at \(time)")
        }
        XCTAssertEqual(server.stop().status, 0)
    }

    func testExportsAreTheCommandLinesBytes() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let lottie = try XCTUnwrap(try server.request("/export/lottie.json"))
        XCTAssertEqual(lottie.status, 200, lottie.text)
        XCTAssertEqual(lottie.headers["content-type"], "application/json")
        XCTAssertEqual(try mask("export", "script.mask", "-o", "expected.json").status, 0)
        XCTAssertEqual(lottie.body, try bytes("expected.json"))
        let apng = try XCTUnwrap(try server.request("/export/animation.apng"))
        XCTAssertEqual(apng.status, 200, apng.text)
        XCTAssertEqual(apng.headers["content-disposition"], "attachment; filename=\"script.apng\"")
        XCTAssertEqual(try mask("render", "script.mask", "-o", "expected.apng").status, 0)
        XCTAssertEqual(apng.body, try bytes("expected.apng"))
        // GIF is ffmpeg's: offered when it is on PATH, else 501 naming the package.
        let gif = try XCTUnwrap(try server.request("/export/animation.gif"))
        if ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .contains(where: { access("\($0)/ffmpeg", X_OK) == 0 }) == true {
            XCTAssertEqual(gif.status, 200, gif.text)
            XCTAssertEqual(Array(gif.body.prefix(6)), Array("GIF89a".utf8))
        } else {
            XCTAssertEqual(gif.status, 501)
            XCTAssertTrue(gif.text.contains("apt-get install ffmpeg"), gif.text)
        }
        XCTAssertEqual(try server.request("/export/animation.tiff")?.status, 404)
        XCTAssertEqual(try listing().filter { $0.hasPrefix(".") }, [], "no temporary is left")
    }

    func testAScriptThatDoesNotBuildStillServesItsErrors() throws {
        try write("canvas { size: [32, 24] }\nlayer a { background: nope }\n", to: "script.mask")
        let server = try serve()
        let scene = try json(try server.request("/scene.json"))
        XCTAssertTrue(scene["width"] is NSNull)
        let diagnostics = try XCTUnwrap(scene["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 2)
        XCTAssertEqual(diagnostics.first?["column"] as? Int, 23)
        XCTAssertEqual(diagnostics.first?["message"] as? String, "unknown name `nope`")
        XCTAssertEqual(diagnostics.first?["text"] as? String,
                       "script.mask:2:23: error: unknown name `nope`\n    2 | layer a { background: nope }\n      |                       ^~~~")
        XCTAssertEqual(try server.request("/frame?t=0")?.status, 503)
        XCTAssertEqual(try server.request("/export/lottie.json")?.status, 503)
        XCTAssertEqual(try server.request("/")?.status, 200)
    }

    /// A frame the renderer refuses (over `--max-frame-memory`) is a 500 whose body is the
    /// diagnostic `mask render --at` prints: the layer's line and column, its source line
    /// and a caret. Other frames and the server go on.
    func testAFrameOverTheBudgetIsTheDiagnosticOfMaskRender() throws {
        try write("""
            canvas { size: [32, 24]; fps: 10; duration: 0.5s }
            layer card { frame: [0, 0, 32, 24]
              layer glow { frame: [0, 0, 32, 24]
                layer dot { frame: [4, 4, 8, 8]; background: red }
                layer ring { frame: [8, 8, 8, 8]; background: blue }
              }
            }
            animate glow.opacity to 0.5 over 0.2s delay 0.2s

            """, to: "script.mask")
        // The frame takes 3 KiB; from 0.2 s glow's two children need a group of 3 KiB more.
        let server = try serve(extra: ["--max-frame-memory", "4K"])
        XCTAssertEqual(try server.request("/frame?t=0")?.status, 200)
        let refused = try XCTUnwrap(try server.request("/frame?t=0.3"))
        XCTAssertEqual(refused.status, 500)
        XCTAssertEqual(refused.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertTrue(refused.text.hasPrefix("script.mask:3:3: error: cannot render the frame at 0.3s: layer `glow` would need "
            + "6.0 KiB of offscreen buffers in one frame, over the render budget of 4.0 KiB"), refused.text)
        XCTAssertTrue(refused.text.hasSuffix("'--max-frame-memory SIZE' raises the limit\n"
            + "    3 |   layer glow { frame: [0, 0, 32, 24]\n      |   ^\n"), refused.text)
        let cli = try mask("render", "script.mask", "--at", "0.3", "-o", "x.png", "--max-frame-memory", "4K")
        XCTAssertEqual(cli.status, 1)
        XCTAssertEqual(refused.text, cli.stderr, "the same text as the command line")
        XCTAssertEqual(try server.request("/frame?t=0.1")?.status, 200, "the server goes on")
        XCTAssertEqual(try server.request("/frame?t=0.3")?.status, 500, "a refused frame is not kept")
    }

    // MARK: - Live reload

    func testSavesSendReloadAndDiagnosticsEventsAndKeepTheLastGoodPicture() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let events = try RawConnection(port: server.port)
        events.send("GET /events HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
        XCTAssertTrue(events.read(until: "\r\n\r\n"))
        XCTAssertTrue(events.read(until: "retry: 1000\n\n"), "the stream starts once the server listens to builds")
        let firstFrame = try XCTUnwrap(try server.request("/frame?t=0.3")).body

        try save(good.replacingOccurrences(of: "orange", with: "white"))
        XCTAssertTrue(events.read(until: "event: reload\n"), events.pending)
        let secondFrame = try XCTUnwrap(try server.request("/frame?t=0.3")).body
        XCTAssertNotEqual(secondFrame, firstFrame)
        XCTAssertEqual(try mask("render", "script.mask", "--at", "0.3", "-o", "expected.png").status, 0)
        XCTAssertEqual(secondFrame, try bytes("expected.png"))

        try save(good + "print(nope)\n")
        XCTAssertTrue(events.read(until: "event: diagnostics\n"), events.pending)
        XCTAssertTrue(events.read(until: "data: script.mask:4:7: error: unknown name `nope`\ndata:     4 | print(nope)\n"),
                      events.pending)
        let broken = try json(try server.request("/scene.json"))
        XCTAssertEqual(broken["width"] as? Int, 32, "the last good scene stays")
        XCTAssertEqual((broken["diagnostics"] as? [[String: Any]])?.first?["line"] as? Int, 4)
        XCTAssertEqual(try server.request("/frame?t=0.3")?.body, secondFrame, "the last good picture stays")

        try save(good)
        XCTAssertTrue(events.read(until: "event: reload\n"), events.pending)
        XCTAssertEqual((try json(try server.request("/scene.json"))["diagnostics"] as? [Any])?.count, 0)
        XCTAssertEqual(try server.request("/frame?t=0.3")?.body, firstFrame)
        XCTAssertEqual(server.stop().status, 0)
    }

    func testAnImageTheScriptUsesIsWatched() throws {
        try write(Data(Self.tinyPPM), to: "texture.ppm")
        try write(good + "layer pic { frame: [0, 0, 8, 8]; contents: \"texture.ppm\" }\n", to: "script.mask")
        let server = try serve()
        let events = try RawConnection(port: server.port)
        events.send("GET /events HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
        XCTAssertTrue(events.read(until: "retry: 1000\n\n"))
        var brighter = Self.tinyPPM
        brighter[brighter.count - 1] = 10
        try brighter.write(to: url(".texture.tmp"))
        XCTAssertEqual(rename(url(".texture.tmp").path, url("texture.ppm").path), 0)
        XCTAssertTrue(events.read(until: "event: reload\n"), events.pending)
    }

    // MARK: - Hostile and odd requests

    func testHostRuleUnknownPathsAndMalformedRequests() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let port = server.port
        XCTAssertEqual(try server.request("/", host: "localhost:\(port)")?.status, 200)
        XCTAssertEqual(try server.request("/", host: "LOCALHOST:\(port)")?.status, 200)
        for host in ["evil.example:\(port)", "127.0.0.1", "localhost", "127.0.0.1:\(port + 1)", "localhost.evil.example:\(port)", ""] {
            XCTAssertEqual(try server.request("/scene.json", host: host)?.status, 403, "Host: \(host)")
        }
        for path in ["/nothing", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/export/../../etc/passwd",
                     "/export/script.mask", "/frame/../script.mask", "//etc/passwd", "/script.mask", "/scene.json/"] {
            XCTAssertEqual(try server.request(path)?.status, 404, path)
        }
        for path in ["/frame", "/frame?t=", "/frame?t=abc", "/frame?t=-1", "/frame?t=nan", "/frame?t=1e999", "/frame?t=0x10"] {
            XCTAssertEqual(try server.request(path)?.status, 400, path)
        }
        XCTAssertEqual(try server.request("/", method: "POST")?.status, 405)
        XCTAssertEqual(try server.request("/", method: "POST")?.headers["allow"], "GET, HEAD")
        XCTAssertEqual(try server.request("/", method: "DELETE")?.status, 405)
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let malformed: [(String, Int)] = [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /\r\n\r\n", 400),
            ("GET / HTTP/1.1 extra\r\n\(host)\r\n", 400),
            ("GET  / HTTP/1.1\r\n\(host)\r\n", 400),
            ("GET / HTTP/2.0\r\n\(host)\r\n", 505),
            ("GET / HTTP/1.x\r\n\(host)\r\n", 400),
            ("GET noslash HTTP/1.1\r\n\(host)\r\n", 400),
            ("GET http://127.0.0.1/ HTTP/1.1\r\n\(host)\r\n", 400),
            ("GET /\u{1}x HTTP/1.1\r\n\(host)\r\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)\(host)\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)no colon here\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)Bad Name: x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)X-Value: a\u{0}b\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host) folded: line\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", 413),
            ("GET / HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 413),
            ("GET / HTTP/1.0\r\n\r\n", 403),
        ]
        for (raw, status) in malformed {
            XCTAssertEqual(try server.exchange(raw)?.status, status, raw.debugDescription)
        }
        XCTAssertEqual(try server.exchange("\r\n\r\nGET /scene.json HTTP/1.0\r\n\(host)\r\n")?.status, 200, "leading empty lines")
        XCTAssertEqual(try server.exchange("GET /scene.json HTTP/1.1\n\(host.dropLast(1))\n\n")?.status, 200, "bare line feeds")
        XCTAssertEqual(try server.request("/")?.status, 200, "the server goes on")
        XCTAssertTrue(server.isRunning)
    }

    /// The forms request smuggling and path tricks use: each refused with its 4xx on its
    /// own connection, which then closes, so what was sent after a refused head is never
    /// answered; the server goes on.
    func testSmugglingFormsAndPathTricksAreRefusedAndNothingAfterThemIsServed() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let host = "Host: \(server.host)\r\n"
        let smuggled = "GET /scene.json HTTP/1.1\r\n\(host)\r\n"
        let refused: [(String, Int)] = [
            // Both lengths, in either order and with a zero length: ambiguous framing.
            ("GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nContent-Length: 44\r\n\r\n0\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n\(smuggled)", 413),
            ("GET / HTTP/1.1\r\n\(host)Transfer-Encoding : chunked\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n\(smuggled)", 413),
            ("GET / HTTP/1.1\r\n\(host)Content-Length: +0\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\n\(host)Content-Length: 0, 0\r\n\r\n\(smuggled)", 400),
            // Folded (obs-fold) lines, with a space or a tab.
            ("GET / HTTP/1.1\r\n\(host)X-A: b\r\n Transfer-Encoding: chunked\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\n\(host)X-A: b\r\n\tc\r\n\r\n\(smuggled)", 400),
            // A bare carriage return inside a field, the request line or between fields.
            ("GET / HTTP/1.1\r\n\(host)X-A: b\rTransfer-Encoding: chunked\r\n\r\n\(smuggled)", 400),
            ("GET /\r HTTP/1.1\r\n\(host)\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\(host)\r\n\(smuggled)", 400),
            // NUL in a field's name and in its value.
            ("GET / HTTP/1.1\r\n\(host)X-\u{0}: b\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\nHost: \(server.host)\u{0}\r\n\r\n\(smuggled)", 400),
            // Targets that are not a path: absolute form naming another host, authority
            // form, asterisk form.
            ("GET http://evil.example/scene.json HTTP/1.1\r\n\(host)\r\n\(smuggled)", 400),
            ("GET http://\(server.host)/scene.json HTTP/1.1\r\nHost: evil.example\r\n\r\n\(smuggled)", 400),
            ("CONNECT evil.example:443 HTTP/1.1\r\n\(host)\r\n\(smuggled)", 400),
            ("OPTIONS * HTTP/1.1\r\n\(host)\r\n\(smuggled)", 400),
            // Host: two of them in different case, a space before the colon, HTTP/1.0 without one.
            ("GET / HTTP/1.1\r\n\(host)host: evil.example\r\n\r\n\(smuggled)", 400),
            ("GET / HTTP/1.1\r\nHost : \(server.host)\r\n\r\n\(smuggled)", 400),
            ("GET /scene.json HTTP/1.0\r\n\r\n\(smuggled)", 403),
            // A target of 20,000 bytes.
            ("GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\(host)\r\n\(smuggled)", 414),
        ]
        for (raw, status) in refused {
            let connection = try RawConnection(port: server.port)
            connection.send(raw)
            XCTAssertEqual(connection.response()?.status, status, raw.prefix(200).debugDescription)
            XCTAssertTrue(connection.isClosedByServer(), raw.prefix(200).debugDescription)
            XCTAssertEqual(connection.pending, "", "nothing answers the request sent after it: \(raw.prefix(200).debugDescription)")
        }
        // Encoded dots and slashes are not decoded: no path reaches a file.
        for path in ["/..%2f..%2fetc%2fpasswd", "/%2e%2e%2fscript.mask", "/export/..%2fscript.mask", "/export/%2e%2e/script.mask",
                     "/frame%2f..%2fscript.mask", "/..%5cscript.mask", "/export/lottie.json%00", "/scene.json;/../script.mask",
                     "/\(String(repeating: "a", count: 15_000))"] {
            XCTAssertEqual(try server.request(path)?.status, 404, String(path.prefix(60)))
        }
        // Pipelined: a good request, then a bad one, then a good one: 200, 400, and the
        // connection closes before the third.
        let pipelined = try RawConnection(port: server.port)
        pipelined.send("GET /scene.json HTTP/1.1\r\n\(host)\r\nGET / HTTP/1.1\r\n\(host)Content-Length: 0\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n\(smuggled)")
        XCTAssertEqual(pipelined.response()?.status, 200)
        XCTAssertEqual(pipelined.response()?.status, 400)
        XCTAssertTrue(pipelined.isClosedByServer())
        XCTAssertEqual(pipelined.pending, "")
        // A length of zero is no body: both pipelined requests are answered.
        let zero = try RawConnection(port: server.port)
        zero.send("HEAD / HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n\(smuggled)")
        XCTAssertEqual(zero.response(toHead: true)?.status, 200)
        XCTAssertEqual(zero.response()?.status, 200)
        XCTAssertEqual(try server.request("/")?.status, 200, "the server goes on")
        XCTAssertTrue(server.isRunning)
    }

    func testHugeHeadersAndTooManyHeadersAreRefused() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let host = "Host: \(server.host)\r\n"
        XCTAssertEqual(try server.exchange("GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\(host)\r\n")?.status, 414)
        XCTAssertEqual(try server.exchange("GET / HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "b", count: 20_000))\r\n\r\n")?.status, 431)
        let many = (0..<100).map { "X-Field-\($0): \($0)\r\n" }.joined()
        XCTAssertEqual(try server.exchange("GET / HTTP/1.1\r\n\(host)\(many)\r\n")?.status, 431)
        // Empty lines before a request count toward the head: a stream of them is refused at
        // the limit, not buffered until the head's deadline.
        XCTAssertEqual(try server.exchange(String(repeating: "\r\n", count: 10_000))?.status, 400)
        // A head that does not end: refused once it passes the limit, without waiting for its end.
        let endless = try RawConnection(port: server.port)
        endless.send("GET / HTTP/1.1\r\n\(host)" + String(repeating: "X-More: " + String(repeating: "c", count: 1000) + "\r\n", count: 30))
        XCTAssertEqual(endless.response()?.status, 431)
        XCTAssertEqual(try server.request("/")?.status, 200, "the server goes on")
    }

    func testSlowSilentAndHalfClosedClientsDoNotHoldTheServer() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        // A client that starts a request and stalls, one that says nothing, and one that
        // sends half a request and closes its side.
        let slow = try RawConnection(port: server.port)
        slow.send("GET /scene.json HTTP/1.1\r\nHo")
        let silent = try RawConnection(port: server.port)
        let halfClosed = try RawConnection(port: server.port)
        halfClosed.send("GET / HTTP/1.1\r\n")
        shutdown(halfClosed.fd, Int32(SHUT_WR))
        // Others are served meanwhile.
        XCTAssertEqual(try server.request("/scene.json")?.status, 200)
        XCTAssertTrue(halfClosed.isClosedByServer())
        XCTAssertEqual(slow.response()?.status, 408, "the slow client times out")
        XCTAssertTrue(silent.isClosedByServer(), "the silent client is dropped")
        // A whole request and then a half-close still gets its answer.
        let polite = try RawConnection(port: server.port)
        polite.send("GET /scene.json HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
        shutdown(polite.fd, Int32(SHUT_WR))
        XCTAssertEqual(polite.response()?.status, 200)
        XCTAssertTrue(polite.isClosedByServer())
        // Two requests on one connection (keep-alive), the second sent with the first.
        let pipelined = try RawConnection(port: server.port)
        pipelined.send("GET /scene.json HTTP/1.1\r\nHost: \(server.host)\r\n\r\nGET /frame?t=0 HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
        XCTAssertEqual(pipelined.response()?.status, 200)
        XCTAssertEqual(pipelined.response()?.headers["content-type"], "image/png")
    }

    func testTwoHundredConnectionsAtOnceAreAnsweredOrRefused() throws {
        try write(good, to: "script.mask")
        let server = try serve()
        let connections = try (0..<200).map { _ in try RawConnection(port: server.port) }
        for connection in connections {
            connection.send("GET /scene.json HTTP/1.1\r\nHost: \(server.host)\r\nConnection: close\r\n\r\n")
        }
        var answered = 0, refused = 0
        for connection in connections {
            switch connection.response()?.status {
            case 200?: answered += 1
            case 503?, nil: refused += 1   // refused with 503, or reset before it was read
            case let other?: XCTFail("status \(other)")
            }
        }
        XCTAssertEqual(answered + refused, 200)
        XCTAssertGreaterThanOrEqual(answered, 64, "at least the connection limit is served (\(refused) refused)")
        // Refused clients may try again: a connection that has just ended may still be counted.
        let deadline = Date().addingTimeInterval(5)
        var status = try server.request("/scene.json")?.status
        while status == 503, Date() < deadline { status = try server.request("/scene.json")?.status }
        XCTAssertEqual(status, 200, "the server goes on")
        XCTAssertEqual(server.stop().status, 0)
    }

    // MARK: - Stopping and usage

    func testSIGTERMAndCtrlCStopCleanlyWithClientsConnected() throws {
        try write(good, to: "script.mask")
        for signal in [SIGTERM, SIGINT] {
            let server = try serve()
            let events = try RawConnection(port: server.port)
            events.send("GET /events HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
            XCTAssertTrue(events.read(until: "retry: 1000\n\n"))
            let slow = try RawConnection(port: server.port)
            slow.send("GET / HTTP/1.1\r\n")
            let stopped = server.stop(with: signal)
            XCTAssertEqual(stopped.status, 0, stopped.stderr)
            XCTAssertTrue(events.isClosedByServer())
            XCTAssertThrowsError(try RawConnection(port: server.port), "nothing listens any more")
        }
    }

    func testUsageErrorsAndABusyPort() throws {
        try write(good, to: "script.mask")
        for (arguments, message) in [
            (["serve"], "mask: error: missing the script to serve: mask serve FILE.mask"),
            (["serve", "script.mask", "--port", "70000"], "mask: error: invalid value '70000' for '--port'"),
            (["serve", "script.mask", "--host", "example.com"], "mask: error: invalid value 'example.com' for '--host'"),
            (["serve", "script.mask", "--sheet", "x"], "mask: error: invalid value 'x' for '--sheet'"),
            (["serve", "script.mask", "--prot", "1"], "mask: error: unknown option '--prot'"),
            (["serve", "script.mask", "--max-frame-memory", "lots"], "mask: error: invalid value 'lots' for '--max-frame-memory'"),
        ] {
            let run = try MaskProcess.run(arguments, in: directory)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix(message), run.stderr)
            XCTAssertTrue(run.stderr.hasSuffix("see 'mask serve --help'\n"), run.stderr)
        }
        let help = try mask("serve", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: mask serve FILE.mask"), help.stdout)
        XCTAssertTrue(try mask("--help").stdout.contains("mask serve FILE.mask"))

        let server = try serve()
        let busy = try mask("serve", "script.mask", "--port", String(server.port))
        XCTAssertEqual(busy.status, 1)
        XCTAssertEqual(busy.stderr, "mask: error: cannot listen on 127.0.0.1:\(server.port): Address already in use\n")
    }
}
