"""`mask serve` in a headless browser, driven the way a user would: Chromium over the
DevTools protocol, or Firefox over WebDriver BiDi (--browser firefox).

Starts `mask serve` on a free port in a temporary folder, opens its page in the browser
and checks, through the page's own hooks (window.maskPreview, #frame,
#diagnostics):
  - /frame?t=T is the PNG `mask render --at T -o x.png` writes, and after seek(T) the
    canvas holds exactly its pixels (decoded here);
  - the right-arrow key steps one frame; a click on the ruler or an animation's bar seeks;
  - play() advances the frame number; Space plays and pauses;
  - a broken save shows the diagnostic (file, line, column, caret) over the last good
    picture, and the next good save clears it, keeps the playhead and shows the new frame;
  - with --screenshot FILE, a picture of the page serving --example (for the README);
  - with --measure SECONDS, how many frames of --example playback drew in time.

Every wait polls a condition up to a deadline; nothing sleeps in place of an event.

Usage: python preview_check.py MASK_BINARY [--browser chromium|firefox]
                                [--example SCRIPT (--screenshot OUT.png | --measure SECONDS)]
"""

import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import zlib

import websocket

GOOD = """canvas { size: [64, 48]; fps: 10; duration: 2s; background: #102030 }
layer box { frame: [2, 2, 20, 16]; background: orange; cornerRadius: 3 }
animate box.x to 40 over 2s
animate box.opacity to 0.4 over 1s delay 0.5s
"""


class Failure(Exception):
    pass


def wait_for(what, condition, timeout=20.0):
    """Polls condition() until it returns a true value; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure("timed out waiting for " + what)
        time.sleep(0.02)


def read_line_matching(stream, pattern, what, timeout=30.0):
    """Reads lines of a child's output until one matches; returns the match."""
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen.append(line)
        match = re.search(pattern, line)
        if match:
            return match
    raise Failure("no %s; the output was:\n%s" % (what, "".join(seen)))


class DevTools:
    """Chromium's DevTools protocol, on one page."""

    KEY_CODES = {"ArrowRight": ("ArrowRight", 39), " ": ("Space", 32)}

    def __init__(self, url):
        self.socket = websocket.create_connection(url, timeout=60, suppress_origin=True)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise Failure("%s: %s" % (method, message["error"]))
                return message["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise Failure("%s threw: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def click(self, selector):
        """A left click, pressed and released, at the centre of the first element matching `selector`."""
        x, y = self.evaluate("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                             " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=1, clickCount=1)

    def key(self, key):
        """Presses and releases a key, named as KeyboardEvent.key names it."""
        code, key_code = self.KEY_CODES[key]
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=key_code)

    def navigate(self, url):
        self.call("Page.enable")
        self.call("Page.navigate", url=url)

    def screenshot(self):
        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])


class BiDi:
    """WebDriver BiDi (Firefox), on the first browsing context."""

    KEY_VALUES = {"ArrowRight": "\ue014", " ": " "}

    def __init__(self, url):
        self.socket = websocket.create_connection(url + "/session", timeout=60, suppress_origin=True)
        self.next_id = 0
        self.call("session.new", capabilities={})
        self.context = self.call("browsingContext.getTree")["contexts"][0]["context"]

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise Failure("%s: %s" % (method, message.get("message")))
                return message["result"]

    @staticmethod
    def value(remote):
        """A BiDi remote value as Python: numbers, strings, booleans, null, arrays, objects."""
        kind = remote["type"]
        if kind in ("undefined", "null"):
            return None
        if kind == "array":
            return [BiDi.value(item) for item in remote["value"]]
        if kind == "object":
            return {key: BiDi.value(item) for key, item in remote["value"]}
        return remote.get("value")

    def evaluate(self, expression):
        result = self.call("script.evaluate", expression=expression, target={"context": self.context},
                           awaitPromise=True, resultOwnership="none")
        if result.get("type") == "exception":
            raise Failure("%s threw: %s" % (expression, result["exceptionDetails"]["text"]))
        return self.value(result["result"])

    def key(self, key):
        value = self.KEY_VALUES[key]
        self.call("input.performActions", context=self.context, actions=[{
            "type": "key", "id": "keyboard",
            "actions": [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]}])

    def click(self, selector):
        x, y = self.evaluate("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                             " return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; })()"
                             % json.dumps(selector))
        self.call("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": int(x), "y": int(y)},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])

    def navigate(self, url):
        self.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def screenshot(self):
        return base64.b64decode(self.call("browsingContext.captureScreenshot", context=self.context)["data"])


def save(folder, text):
    """Saves the script the way many editors do: a new file renamed over the old."""
    temporary = os.path.join(folder, ".scene.mask.swp")
    with open(temporary, "w") as f:
        f.write(text)
    os.replace(temporary, os.path.join(folder, "scene.mask"))


def decode_png(data):
    """Width, height and RGB bytes of an 8-bit, non-interlaced RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("not a PNG")
    position, compressed = 8, b""
    while position < len(data):
        length = int.from_bytes(data[position:position + 4], "big")
        kind, body = data[position + 4:position + 8], data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            depth, colour, interlace = body[8], body[9], body[12]
            if depth != 8 or colour not in (2, 6) or interlace != 0:
                raise Failure("a PNG of depth %d, colour type %d, interlace %d" % (depth, colour, interlace))
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    raw, stride = zlib.decompress(compressed), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = row[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + left) & 255
            elif kind == 2:
                row[x] = (row[x] + up) & 255
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                row[x] = (row[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(row))
        previous = row
    pixels = b"".join(rows)
    if channels == 4:
        pixels = b"".join(pixels[i:i + 3] for i in range(0, len(pixels), 4))
    return width, height, pixels


def rendered(mask, folder, at, url=None):
    """What `mask render --at` draws at `at` seconds, decoded from its PNG; with the server's
    address, also checks that its /frame?t= gives the same PNG bytes."""
    out = os.path.join(folder, "expected.png")
    subprocess.run([mask, "render", os.path.join(folder, "scene.mask"), "--at", repr(at), "-o", out], check=True)
    with open(out, "rb") as f:
        png = f.read()
    if url is not None and urllib.request.urlopen(url + "frame?t=" + repr(at)).read() != png:
        raise Failure("/frame?t=%r is not the PNG of mask render --at %r" % (at, at))
    return decode_png(png)


CANVAS_RGB = """(() => {
  const c = document.getElementById('frame');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let s = '';
  for (let i = 0; i < d.length; i += 4) s += String.fromCharCode(d[i], d[i + 1], d[i + 2]);
  return [c.width, c.height, btoa(s)];
})()"""


def canvas_rgb(page):
    width, height, data = page.evaluate(CANVAS_RGB)
    return width, height, base64.b64decode(data)


def assert_canvas_shows(page, expected, what):
    width, height, rgb = canvas_rgb(page)
    if (width, height) != expected[:2]:
        raise Failure("%s: the canvas is %dx%d, expected %dx%d" % (what, width, height, *expected[:2]))
    if rgb != expected[2]:
        first = next(i for i in range(len(rgb)) if rgb[i] != expected[2][i]) // 3
        raise Failure("%s: pixel (%d, %d) is %s, mask render drew %s" % (
            what, first % width, first // width, tuple(rgb[first * 3:first * 3 + 3]),
            tuple(expected[2][first * 3:first * 3 + 3])))


def start_chromium(profile):
    browser = subprocess.Popen(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
         "--user-data-dir=" + profile, "--window-size=1100,960", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = read_line_matching(browser.stderr, r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", "DevTools address")
    targets = json.load(urllib.request.urlopen("http://127.0.0.1:%s/json" % match.group(1)))
    page_url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
    return browser, DevTools(page_url)


def start_firefox(profile):
    os.makedirs(profile)
    browser = subprocess.Popen(
        ["firefox-esr", "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", profile,
         "--window-size=1100,960"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = read_line_matching(browser.stderr, r"WebDriver BiDi listening on (ws://\S+)", "BiDi address", timeout=90)
    return browser, BiDi(match.group(1))


def open_preview(page, url):
    page.navigate(url)
    wait_for("the page to load the scene",
             lambda: page.evaluate("!!(window.maskPreview && window.maskPreview.scene)"))


def check(mask, folder, page, url):
    open_preview(page, url)
    if page.evaluate("document.getElementById('diagnostics').textContent") != "":
        raise Failure("#diagnostics is not empty for a good script")

    # Scrub: the canvas shows exactly what `mask render --at` draws.
    for at in (0.5, 1.25):
        page.evaluate("window.maskPreview.seek(%r)" % at)
        if page.evaluate("window.maskPreview.time") != at:
            raise Failure("maskPreview.time is not %r after seek(%r)" % (at, at))
        assert_canvas_shows(page, rendered(mask, folder, at, url), "after seek(%r)" % at)

    # Keyboard: the right arrow steps one frame.
    page.evaluate("window.maskPreview.seek(0.3)")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.key("ArrowRight")
    wait_for("ArrowRight to step to frame 4", lambda: page.evaluate("window.maskPreview.frame") == 4)
    fourth = rendered(mask, folder, 0.4)
    wait_for("frame 4 on the canvas", lambda: canvas_rgb(page) == fourth)

    # The timeline: a click on the ruler's middle goes to the frame there (1 s of 2), a
    # click on the second animation's bar to its start (0.5 s).
    page.click("#ruler")
    wait_for("a click on the ruler to go to 1 s", lambda: page.evaluate("window.maskPreview.time") == 1)
    page.click("#bars .row:nth-child(2) .bar")
    wait_for("a click on a bar to go to 0.5 s", lambda: page.evaluate("window.maskPreview.time") == 0.5)

    # Play, by the API and by the space bar: the frame number advances, and stops.
    start = page.evaluate("window.maskPreview.seek(0).then(() => window.maskPreview.frame)")
    page.evaluate("window.maskPreview.play()")
    wait_for("playback to advance", lambda: page.evaluate("window.maskPreview.frame") > start)
    page.evaluate("window.maskPreview.pause()")
    # Space on a focused button presses it; on the page it plays and pauses.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.key(" ")
    wait_for("Space to play", lambda: page.evaluate("window.maskPreview.playing"))
    page.key(" ")
    wait_for("Space to pause", lambda: not page.evaluate("window.maskPreview.playing"))

    # A broken save: the diagnostic over the last good picture.
    page.evaluate("window.maskPreview.seek(1)")
    before = canvas_rgb(page)
    save(folder, GOOD + "layer oops { frame: [0, 0, 4, 4]; background: nope }\n")
    text = wait_for("the diagnostic in #diagnostics",
                    lambda: page.evaluate("document.getElementById('diagnostics').textContent"))
    for part in ("scene.mask:5:47: error: unknown name `nope`", "    5 | layer oops", "^"):
        if part not in text:
            raise Failure("#diagnostics lacks %r:\n%s" % (part, text))
    if canvas_rgb(page) != before:
        raise Failure("the last good picture did not stay under the diagnostics")

    # A good save: the diagnostics go, the playhead stays, the new picture shows.
    fixed = GOOD.replace("orange", "white")
    save(folder, fixed)
    wait_for("#diagnostics to empty", lambda: page.evaluate("document.getElementById('diagnostics').textContent") == "")
    if page.evaluate("window.maskPreview.time") != 1:
        raise Failure("the playhead moved on reload: %r" % page.evaluate("window.maskPreview.time"))
    expected = rendered(mask, folder, 1.0, url)
    wait_for("the new picture", lambda: canvas_rgb(page) == expected)


def screenshot(page, url, path):
    open_preview(page, url)
    page.evaluate("window.maskPreview.seek(window.maskPreview.scene.duration / 2)")
    # The contact-sheet strip's images load lazily, each from its own request.
    wait_for("the contact sheet", lambda: page.evaluate(
        "[...document.querySelectorAll('#sheet img')].every((i) => i.complete && i.naturalWidth > 0)"))
    with open(path, "wb") as f:
        f.write(page.screenshot())


def measure(page, url, seconds):
    """Plays from the start for `seconds` and reports the frames shown in time and missed."""
    open_preview(page, url)
    page.evaluate("window.maskPreview.seek(0)")
    page.evaluate("window.maskPreview.play()")
    time.sleep(seconds)  # the measurement's own length, not a wait for an event
    stats = page.evaluate("window.maskPreview.pause(), window.maskPreview.stats")
    scene = page.evaluate("window.maskPreview.scene")
    return "%dx%d at %g fps, %g s: %d frames shown in time, %d missed (a frame took %.0f ms to arrive)" % (
        scene["width"], scene["height"], scene["fps"], seconds, stats["shown"], stats["missed"], 1000 * stats["latency"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mask")
    parser.add_argument("--example")
    parser.add_argument("--screenshot")
    parser.add_argument("--measure", type=float)
    parser.add_argument("--browser", choices=["chromium", "firefox"], default="chromium")
    arguments = parser.parse_args()
    mask = os.path.abspath(arguments.mask)
    folder = tempfile.mkdtemp(prefix="mask-browser-")
    server = browser = None
    try:
        if arguments.screenshot or arguments.measure:
            script = os.path.abspath(arguments.example)
        else:
            save(folder, GOOD)
            script = os.path.join(folder, "scene.mask")
        server = subprocess.Popen([mask, "serve", script, "--port", "0", "--quiet"], cwd=folder,
                                  stdout=subprocess.PIPE, text=True)
        url = read_line_matching(server.stdout, r"^serving (http://\S+/)$", "serving line").group(1)
        start = start_firefox if arguments.browser == "firefox" else start_chromium
        browser, page = start(os.path.join(folder, "profile"))
        if arguments.screenshot:
            screenshot(page, url, arguments.screenshot)
            print("wrote", arguments.screenshot)
        elif arguments.measure:
            print(os.path.basename(script) + ":", measure(page, url, arguments.measure))
        else:
            check(mask, folder, page, url)
            print("browser check in %s: ok (scrub, keys, timeline, play, broken and fixed saves)" % arguments.browser)
        server.terminate()
        if server.wait(timeout=10) != 0:
            raise Failure("mask serve exited with %d after SIGTERM" % server.returncode)
        return 0
    except Failure as failure:
        print("browser check failed:", failure, file=sys.stderr)
        return 1
    finally:
        for child in (browser, server):
            if child and child.poll() is None:
                child.kill()
                child.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
