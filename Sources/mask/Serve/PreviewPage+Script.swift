extension PreviewPage {
    /// The page's script: loads the scene, fetches, caches and draws frames, plays and
    /// prefetches, builds the timeline and strip, reloads on the server's events, and
    /// exposes `window.maskPreview`.
    static let script = #"""
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
"""#
}
