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
            .replacingOccurrences(of: "{{TITLE}}", with: title)
            .replacingOccurrences(of: "{{SHEET}}", with: String(sheetFrames))
            .replacingOccurrences(of: "{{ANIMATIONS}}", with: animations.map(\.rawValue).joined(separator: " "))
            .utf8)
    }

    private static let template = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}} · mask serve</title>
<style>
:root { color-scheme: dark; --bg: #1c1c1f; --panel: #26262b; --line: #3a3a42; --text: #e4e4e8; --dim: #9a9aa6;
        --accent: #ffb347; --bar: #4a7bd0; --bad: #ff6b6b; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 14px/1.4 system-ui, sans-serif; }
header { display: flex; gap: 1em; align-items: baseline; padding: 8px 16px; border-bottom: 1px solid var(--line); }
header h1 { font-size: 15px; margin: 0; font-weight: 600; }
#status { color: var(--dim); margin: 0; flex: 1; text-align: right; }
main { padding: 12px 16px; display: flex; flex-direction: column; gap: 10px; }
#stage { position: relative; align-self: center; max-width: 100%; overflow: auto; background: #000;
         outline: 1px solid var(--line); min-width: min(100%, 720px); min-height: 160px;
         display: flex; justify-content: center; align-items: center; }
#stage.fit { width: 100%; height: 46vh; }
#stage.fit canvas { display: block; width: 100%; height: 100%; object-fit: contain; }
#stage.actual canvas { display: block; }
#stage.actual { max-height: 70vh; }
#diagnostics { position: absolute; inset: 0 0 auto 0; margin: 0; padding: 10px 12px; max-height: 100%; overflow: auto;
               background: rgba(20, 10, 12, 0.88); color: #ffd6d6; font: 13px/1.35 ui-monospace, monospace;
               white-space: pre; border-bottom: 2px solid var(--bad); }
#diagnostics:empty { display: none; }
#controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
button, select, a.button { background: var(--panel); color: var(--text); border: 1px solid var(--line); border-radius: 4px;
         padding: 4px 10px; font: inherit; cursor: pointer; text-decoration: none; }
button:hover, a.button:hover { border-color: var(--dim); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
#play { min-width: 5.5em; }
#clock { font-variant-numeric: tabular-nums; margin-left: 8px; }
label { display: inline-flex; gap: 4px; align-items: center; }
#timeline { position: relative; background: var(--panel); border: 1px solid var(--line); border-radius: 4px;
            padding: 0 0 6px 0; user-select: none; touch-action: none; }
#ruler { position: relative; height: 22px; border-bottom: 1px solid var(--line); cursor: ew-resize; overflow: hidden; }
.tick { position: absolute; top: 0; height: 100%; border-left: 1px solid var(--line); padding-left: 3px;
        font-size: 11px; color: var(--dim); }
#bars { position: relative; max-height: 150px; overflow-y: auto; overflow-x: hidden; }
.row { position: relative; height: 20px; margin-top: 3px; }
.bar { position: absolute; top: 0; height: 18px; min-width: 6px; padding: 0 4px; border-radius: 3px; border: 0;
       background: var(--bar); color: #fff; font-size: 11px; text-align: left; overflow: visible; white-space: nowrap; }
.bar.forever { background: linear-gradient(90deg, var(--bar), rgba(74, 123, 208, 0.2)); }
#playhead { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: var(--accent);
            pointer-events: none; z-index: 2; }
#sheet { display: flex; gap: 6px; overflow-x: auto; padding-bottom: 4px; }
#sheet:empty { display: none; }
.thumb { padding: 2px; display: flex; flex-direction: column; align-items: center; gap: 2px; flex: 0 0 auto; }
.thumb img { display: block; height: 64px; width: auto; background: #000; }
.thumb span { font-size: 11px; color: var(--dim); }
#downloads { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.keys { color: var(--dim); font-size: 12px; }
</style>
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
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const config = document.body.dataset;
  const canvas = $('frame'), context = canvas.getContext('2d');
  const diagnostics = $('diagnostics'), statusLine = $('status');
  const ruler = $('ruler'), bars = $('bars'), playhead = $('playhead'), timeline = $('timeline');

  let scene = null;          // the last /scene.json with a picture
  let time = 0;              // the time shown, in seconds
  let drawn = null;          // the key of the frame on the canvas
  let playing = false, loop = true, speed = 1;
  let clockStart = 0, clockFrame = 0;
  let epoch = 0;             // bumped on each reload: answers for older builds are dropped
  const cache = new Map();   // frame key -> ImageBitmap, least recently used first
  const inFlight = new Map(); // frame key -> promise of an ImageBitmap
  const maxInFlight = 4;     // frame requests at once; prefetching leaves one for the playhead
  let waiting = null;        // the time to show once a request ends, while all are busy
  let latency = 0.05;        // seconds a frame takes to arrive, smoothed
  const stats = { shown: 0, missed: 0 };  // frames drawn in time while playing, and not

  const frameCount = () => (scene && scene.frameCount) || 1;
  const fps = () => (scene && scene.fps) || 30;
  const frameAt = (t) => Math.min(frameCount() - 1, Math.max(0, Math.floor(t * fps() + 1e-9)));
  const timeOf = (k) => k / fps();
  const span = () => Math.max(scene ? scene.duration || 0 : 0, timeOf(frameCount() - 1), 1e-9);
  const keyOf = (t) => String(t);
  const cacheLimit = () => scene ? Math.max(8, Math.floor(256e6 / (scene.width * scene.height * 4))) : 8;

  function status(text) { statusLine.textContent = text; }

  function remember(key, bitmap) {
    cache.set(key, bitmap);
    while (cache.size > cacheLimit()) {
      const oldest = cache.keys().next().value;
      if (oldest === drawn) { const b = cache.get(oldest); cache.delete(oldest); cache.set(oldest, b); continue; }
      cache.get(oldest).close();
      cache.delete(oldest);
    }
  }

  // The frame at time t, decoded; null when it could not be had (an error shows in the status).
  function load(t) {
    const key = keyOf(t);
    const kept = cache.get(key);
    if (kept) { cache.delete(key); cache.set(key, kept); return Promise.resolve(kept); }
    if (inFlight.has(key)) return inFlight.get(key);
    const asked = epoch, started = performance.now();
    const promise = fetch('/frame?t=' + key)
      .then((r) => r.ok ? r.blob() : r.text().then((text) => Promise.reject(new Error(text.trim()))))
      .then((blob) => createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' }))
      .then((bitmap) => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
        if (asked !== epoch) { bitmap.close(); return null; }
        latency = 0.8 * latency + 0.2 * (performance.now() - started) / 1000;
        remember(key, bitmap);
        return bitmap;
      }, (error) => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
        if (asked === epoch) status(error.message);
        return null;
      })
      .finally(() => {
        if (!waiting || inFlight.size >= maxInFlight) return;
        const next = waiting;
        waiting = null;
        if (keyOf(next.t) === keyOf(time)) show(next.t).then(next.resolve); else next.resolve();
      });
    inFlight.set(key, promise);
    return promise;
  }

  function draw(key, bitmap) {
    if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
      canvas.width = bitmap.width; canvas.height = bitmap.height;
    }
    context.drawImage(bitmap, 0, 0);
    drawn = key;
  }

  // Shows time t: at once when its frame is decoded, else when it arrives (if still wanted).
  function show(t) {
    time = t;
    updateReadouts();
    if (!scene) return Promise.resolve();
    const key = keyOf(t);
    const kept = cache.get(key);
    if (kept) { draw(key, kept); return Promise.resolve(); }
    if (!inFlight.has(key) && inFlight.size >= maxInFlight) {
      // All requests busy (a fast scrub): this time waits for the next free one, and a
      // newer wish replaces it, so the picture catches up with the pointer, not its trail.
      return new Promise((resolve) => {
        if (waiting) waiting.resolve();
        waiting = { t, resolve };
      });
    }
    return load(t).then((bitmap) => { if (bitmap && keyOf(time) === key) draw(key, bitmap); });
  }

  function updateReadouts() {
    const n = frameCount(), k = frameAt(time);
    $('clock').textContent = time.toFixed(3) + ' s · frame ' + k + ' / ' + (n - 1);
    playhead.style.left = (100 * Math.min(1, time / span())) + '%';
    ruler.setAttribute('aria-valuemax', span().toFixed(3));
    ruler.setAttribute('aria-valuenow', time.toFixed(3));
    ruler.setAttribute('aria-valuetext', time.toFixed(2) + ' seconds, frame ' + k);
    const link = $('download-frame');
    link.href = '/frame?t=' + keyOf(time);
    link.download = config.title + '-' + String(k).padStart(5, '0') + '.png';
  }

  // Keeps the frames after k on their way, within the in-flight bound. While playing it
  // asks first for the frame the playhead reaches when an answer arrives (a slow scene
  // then shows every other frame, say, on time, rather than every frame late).
  function prefetch(k) {
    if (!scene) return;
    const n = frameCount();
    const ahead = Math.min(n - 1, Math.max(4, Math.ceil(fps() * speed)), Math.floor(cacheLimit() / 2));
    const lead = playing ? Math.max(1, Math.ceil(1.5 * latency * fps() * speed)) : 1;
    for (let i = lead; i <= lead + ahead && inFlight.size < maxInFlight - 1; i++) {
      let next = k + i;
      if (next >= n) { if (!loop) break; next %= n; }
      const t = timeOf(next);
      if (!cache.has(keyOf(t)) && !inFlight.has(keyOf(t))) load(t).then(() => { if (playing) prefetch(frameAt(time)); });
    }
  }

  function tick(now) {
    if (!playing || !scene) return;
    const n = frameCount();
    let k = clockFrame + Math.floor((now - clockStart) / 1000 * speed * fps());
    if (k >= n) {
      if (loop) k %= n;
      else { k = n - 1; show(timeOf(k)); pause(); return; }
    }
    if (k !== frameAt(time) || keyOf(time) !== keyOf(timeOf(k))) {
      const key = keyOf(timeOf(k));
      time = timeOf(k);
      updateReadouts();
      const kept = cache.get(key);
      if (kept) { draw(key, kept); stats.shown += 1; }
      else stats.missed += 1;   // not there in time: skip it (prefetch asks further ahead)
    }
    prefetch(k);
    requestAnimationFrame(tick);
  }

  function restartClock() { clockStart = performance.now(); clockFrame = frameAt(time); }

  function play() {
    if (playing || !scene) return;
    if (!loop && frameAt(time) >= frameCount() - 1) time = 0;
    playing = true;
    restartClock();
    $('play').textContent = '❚❚ Pause';
    requestAnimationFrame(tick);
  }

  function pause() {
    playing = false;
    $('play').textContent = '▶︎ Play';
    prefetch(frameAt(time));
  }

  function seek(seconds) {
    const t = Math.max(0, Number(seconds) || 0);
    if (playing) { time = t; restartClock(); }
    return show(t).then(() => prefetch(frameAt(t)));
  }

  function step(by) {
    pause();
    const k = Math.min(frameCount() - 1, Math.max(0, frameAt(time) + by));
    return seek(timeOf(k));
  }

  // MARK: timeline and strip

  function chooseTick(seconds) {
    for (const step of [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600]) {
      if (seconds / step <= 12) return step;
    }
    return Math.ceil(seconds / 12);
  }

  function buildTimeline() {
    ruler.replaceChildren();
    bars.replaceChildren();
    if (!scene) return;
    const whole = span(), every = chooseTick(whole);
    for (let t = 0; t <= whole + 1e-9; t += every) {
      const tick = document.createElement('div');
      tick.className = 'tick';
      tick.style.left = (100 * t / whole) + '%';
      tick.textContent = (Math.round(t * 100) / 100) + 's';
      ruler.append(tick);
    }
    for (const animation of scene.animations) {
      const row = document.createElement('div');
      row.className = 'row';
      const bar = document.createElement('button');
      bar.className = 'bar' + (animation.duration === null ? ' forever' : '');
      const begin = Math.min(animation.begin, whole);
      const length = animation.duration === null ? whole - begin : Math.min(animation.duration, whole - begin);
      bar.style.left = (100 * begin / whole) + '%';
      bar.style.width = (100 * Math.max(0, length) / whole) + '%';
      const name = animation.target + '.' + animation.property;
      bar.textContent = name;
      bar.title = name + ': ' + animation.begin + 's, ' + (animation.duration === null ? 'forever' : animation.duration + 's');
      bar.setAttribute('aria-label', 'go to the start of ' + name + ' at ' + animation.begin + ' seconds');
      bar.addEventListener('pointerdown', (event) => event.stopPropagation());
      bar.addEventListener('click', () => { pause(); seek(animation.begin); });
      row.append(bar);
      bars.append(row);
    }
  }

  function buildSheet() {
    const strip = $('sheet');
    strip.replaceChildren();
    const cells = Number(config.sheet) || 0, n = frameCount();
    if (!scene || cells < 1) return;
    const frames = [];
    if (cells === 1 || n === 1) frames.push(0);
    else if (cells >= n) for (let k = 0; k < n; k++) frames.push(k);
    else for (let i = 0; i < cells; i++) frames.push(Math.round(i * (n - 1) / (cells - 1)));
    for (const k of frames) {
      const cell = document.createElement('button');
      cell.className = 'thumb';
      cell.setAttribute('aria-label', 'go to frame ' + k);
      const image = document.createElement('img');
      image.alt = '';
      image.loading = 'lazy';
      image.src = '/frame?t=' + keyOf(timeOf(k)) + '&build=' + epoch;
      const label = document.createElement('span');
      label.textContent = timeOf(k).toFixed(2) + ' s';
      cell.append(image, label);
      cell.addEventListener('click', () => { pause(); seek(timeOf(k)); });
      strip.append(cell);
    }
  }

  function buildDownloads() {
    const holder = $('download-animations');
    holder.replaceChildren();
    for (const format of (config.animations || '').split(' ').filter(Boolean)) {
      const link = document.createElement('a');
      link.className = 'button';
      link.href = '/export/animation.' + format;
      link.download = config.title + '.' + format;
      link.textContent = format.toUpperCase();
      holder.append(link);
    }
  }

  function timeAtPointer(event) {
    const box = timeline.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    return timeOf(frameAt(fraction * span() + 0.5 / fps()));
  }

  // MARK: builds

  function showDiagnostics(list) {
    diagnostics.textContent = list.map((d) => d.text).join('\n');
  }

  async function reload() {
    let summary;
    try {
      const response = await fetch('/scene.json');
      summary = await response.json();
    } catch (error) {
      status('cannot reach the server: ' + error.message);
      return;
    }
    showDiagnostics(summary.diagnostics);
    if (summary.width === null) { status('the script has errors; waiting for a save'); return; }
    epoch += 1;
    for (const bitmap of cache.values()) bitmap.close();
    cache.clear();
    inFlight.clear();
    drawn = null;
    scene = summary;
    if (time > span()) time = timeOf(frameCount() - 1);
    status(scene.width + '×' + scene.height + ', ' + scene.fps + ' fps, ' + scene.frameCount + ' frames'
      + (summary.diagnostics.length ? '; showing the last good build' : ''));
    buildTimeline();
    buildSheet();
    if (playing) restartClock();
    await show(time);
    prefetch(frameAt(time));
  }

  // MARK: events

  $('play').addEventListener('click', () => playing ? pause() : play());
  $('back').addEventListener('click', () => step(-1));
  $('forward').addEventListener('click', () => step(1));
  $('start').addEventListener('click', () => { pause(); seek(0); });
  $('end').addEventListener('click', () => { pause(); seek(timeOf(frameCount() - 1)); });
  $('loop').addEventListener('change', (event) => { loop = event.target.checked; });
  $('speed').addEventListener('change', (event) => { speed = Number(event.target.value); if (playing) restartClock(); });
  $('zoom').addEventListener('click', () => {
    const stage = $('stage'), fit = stage.classList.toggle('fit');
    stage.classList.toggle('actual', !fit);
    $('zoom').textContent = fit ? '100 %' : 'Fit';
  });
  ruler.addEventListener('pointerdown', (event) => {
    ruler.setPointerCapture(event.pointerId);
    pause();
    seek(timeAtPointer(event));
  });
  ruler.addEventListener('pointermove', (event) => {
    if (ruler.hasPointerCapture(event.pointerId)) seek(timeAtPointer(event));
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
    const onButton = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
    switch (event.key) {
      case ' ': if (onButton) return; playing ? pause() : play(); break;
      case 'ArrowLeft': step(event.shiftKey ? -10 : -1); break;
      case 'ArrowRight': step(event.shiftKey ? 10 : 1); break;
      case 'Home': pause(); seek(0); break;
      case 'End': pause(); seek(timeOf(frameCount() - 1)); break;
      default: return;
    }
    event.preventDefault();
  });

  // The scene is read once the event stream is open (and again after each reconnection):
  // a build after that is announced on the stream, one before is in the scene read.
  const events = new EventSource('/events');
  events.addEventListener('open', () => reload());
  events.addEventListener('error', () => { if (!scene) reload(); });
  events.addEventListener('reload', () => reload());
  events.addEventListener('diagnostics', (event) => {
    diagnostics.textContent = event.data;
    status('the last save has errors; showing the last good build');
  });

  window.maskPreview = {
    seek, play, pause,
    step,
    get time() { return time; },
    get frame() { return frameAt(time); },
    get playing() { return playing; },
    get scene() { return scene; },
    get stats() { return Object.assign({ latency }, stats); },
  };

  buildDownloads();
})();
</script>
</body>
</html>
"""#
}
