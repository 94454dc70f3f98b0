/// The preview page: plain HTML, CSS and JavaScript in one document, shipped inside the
/// binary (no build step, no network), for current Chromium and Firefox.
///
/// The page asks the server for `/scene.json`, draws frames fetched from
/// `/frame?t=SECONDS` into `<canvas id="frame">`, listens to `/events` and reloads on
/// each build keeping its playhead, and shows a build's errors in `#diagnostics` over
/// the last good picture. While playing it keeps a few frames ahead of the playhead in
/// flight and a bounded cache of decoded frames behind it; a frame not there in time is
/// skipped, so playback follows the clock. `window.maskPreview` lets tests and scripts
/// drive it: `seek(seconds)` (a promise, kept once the frame is drawn), `play()`,
/// `pause()`, `time`, `frame`.
enum PreviewPage {
    /// What the page may load: only this server's frames and scripts; no other site.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page for a script named `title` (letters, digits, `-`, `_`, `.` only), with a
    /// contact-sheet strip of `sheetFrames` frames and download buttons for `animations`.
    static func html(title: String, sheetFrames: Int, animations: [AnimationFormat]) -> [UInt8] {
        Array(template
            .replacingOccurrences(of: "{{STYLE}}", with: style)
            .replacingOccurrences(of: "{{SCRIPT}}", with: script)
            .replacingOccurrences(of: "{{TITLE}}", with: title)
            .replacingOccurrences(of: "{{SHEET}}", with: String(sheetFrames))
            .replacingOccurrences(of: "{{ANIMATIONS}}", with: animations.map(\.rawValue).joined(separator: " "))
            .utf8)
    }

    /// The document, with the style sheet (`PreviewPage+Style.swift`) and the script
    /// (`PreviewPage+Script.swift`) put in at `{{STYLE}}` and `{{SCRIPT}}`.
    private static let template = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}} · mask serve</title>
<style>
{{STYLE}}</style>
</head>
<body data-title="{{TITLE}}" data-sheet="{{SHEET}}" data-animations="{{ANIMATIONS}}">
<header><h1>{{TITLE}}.mask</h1><p id="status" role="status">loading…</p></header>
<main>
  <div id="stage" class="fit">
    <canvas id="frame" width="1" height="1" aria-label="the frame at the playhead"></canvas>
    <pre id="diagnostics" aria-live="assertive"></pre>
  </div>
  <div id="controls">
    <button id="start" title="first frame (Home)" aria-label="first frame">⏮</button>
    <button id="back" title="previous frame (Left)" aria-label="previous frame">◀︎ 1</button>
    <button id="play" title="play or pause (Space)">▶︎ Play</button>
    <button id="forward" title="next frame (Right)" aria-label="next frame">1 ▶︎</button>
    <button id="end" title="last frame (End)" aria-label="last frame">⏭</button>
    <label><input type="checkbox" id="loop" checked> Loop</label>
    <label>Speed <select id="speed">
      <option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="0.75">0.75×</option>
      <option value="1" selected>1×</option><option value="1.5">1.5×</option><option value="2">2×</option>
    </select></label>
    <button id="zoom" title="fit the window, or show pixels at 100 %">100 %</button>
    <output id="clock">0.000 s · frame 0 / 0</output>
  </div>
  <div id="timeline">
    <div id="ruler" role="slider" tabindex="0" aria-label="time" aria-valuemin="0" aria-valuemax="0" aria-valuenow="0"></div>
    <div id="bars"></div>
    <div id="playhead"></div>
  </div>
  <div id="sheet" aria-label="contact sheet"></div>
  <div id="downloads">
    <span>Download:</span>
    <a class="button" id="download-frame" download href="#">Frame (PNG)</a>
    <span id="download-animations"></span>
    <a class="button" id="download-lottie" download href="/export/lottie.json">Lottie (JSON)</a>
    <span class="keys">Keys: ←/→ step a frame (Shift: 10) · Space play/pause · Home/End</span>
  </div>
</main>
<script>
{{SCRIPT}}</script>
</body>
</html>
"""#
}
