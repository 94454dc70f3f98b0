"""Builds ColrTest.ttf, the small COLR font the text tests draw (run it to remake the font:
`python3 -m venv /tmp/v && /tmp/v/bin/pip install fonttools && /tmp/v/bin/python make_colr_test_font.py`).

1000 units per em, ascender 800, descender -200, no line gap; every glyph advances 700.
Squares are given as (x0, y0, x1, y1) in font units, y up from the baseline.

- "A": COLR v0 layers, bottom to top:
    (0, 0, 500, 500)      palette entry 0, opaque red (255, 0, 0, 255)
    (100, 100, 200, 200)  palette index 0xFFFF: the text's colour
    (300, 300, 500, 500)  palette entry 1, blue at half alpha (0, 0, 255, 128)
- "B": COLR v1 only: the square (0, 0, 500, 500) painted with a linear gradient; its own
  outline, what a renderer without COLR v1 draws, is the square (100, 100, 400, 400).
- "C": a plain outline glyph, the square (0, 0, 500, 500), with no colour record.
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.colorLib.builder import buildCOLR, buildCPAL


def square(x0, y0, x1, y1):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()
    return pen.glyph()


def empty():
    return TTGlyphPen(None).glyph()


order = [".notdef", "A", "B", "C", "big", "small", "corner"]
glyphs = {
    ".notdef": square(50, 0, 450, 700),
    "A": empty(),
    "B": square(100, 100, 400, 400),
    "C": square(0, 0, 500, 500),
    "big": square(0, 0, 500, 500),
    "small": square(100, 100, 200, 200),
    "corner": square(300, 300, 500, 500),
}

fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder(order)
fb.setupCharacterMap({0x41: "A", 0x42: "B", 0x43: "C"})
fb.setupGlyf(glyphs)
# The left side bearing is each outline's left edge, as TrueType requires (FreeType places
# an outline by it).
fb.setupHorizontalMetrics({name: (700, getattr(glyphs[name], "xMin", 0)) for name in order})
fb.setupHorizontalHeader(ascent=800, descent=-200, lineGap=0)
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, sTypoLineGap=0, usWinAscent=800, usWinDescent=200)
fb.setupNameTable({"familyName": "Colr Test", "styleName": "Regular"})
fb.setupPost()
fb.font["CPAL"] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 128 / 255)]])
gradient = {
    "Format": 4,  # PaintLinearGradient
    "ColorLine": {"ColorStop": [(0.0, 0), (1.0, 1)]},
    "x0": 0, "y0": 0, "x1": 500, "y1": 0, "x2": 0, "y2": 500,
}
fb.font["COLR"] = buildCOLR(
    {
        "A": [("big", 0), ("small", 0xFFFF), ("corner", 1)],
        "B": {"Format": 10, "Paint": gradient, "Glyph": "big"},  # PaintGlyph
    },
)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ColrTest.ttf")
fb.save(out)
print(out, os.path.getsize(out), "bytes")
