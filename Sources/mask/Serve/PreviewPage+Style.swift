extension PreviewPage {
    /// The page's style sheet: a dark theme, the stage (the canvas fitted or at 100 %, the
    /// errors over it), the controls, the timeline with its ruler, bars and playhead, the
    /// contact-sheet strip and the downloads.
    static let style = #"""
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
"""#
}
