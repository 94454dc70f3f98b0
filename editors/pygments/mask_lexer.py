"""Pygments lexer for mask script (the `.mask` files of the mask tool).

It follows the project's lexer (Sources/MaskScript/Lexer, Grammar.md section 2) token
for token, so that whatever the lexer rejects shows as ``Token.Error`` and everything it
accepts does not. Use it without installing anything::

    pygmentize -l editors/pygments/mask_lexer.py:MaskLexer -x Examples/shimmer.mask

Keep the word lists in step with editors/mask.tmLanguage.json; the tests in
editors/tests check both grammars against the same examples and fixture.
"""

from pygments.lexer import RegexLexer, bygroups, default, include, words
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

__all__ = ["MaskLexer"]

# Identifiers are ASCII only in mask script; these lookarounds stand in for \b, which
# Python's re treats as Unicode-aware (it would run a word on into an accented letter,
# where the lexer stops and reports the letter).
_START = r"(?<![A-Za-z0-9_])"
_END = r"(?![A-Za-z0-9_])"
_ID = r"[A-Za-z_][A-Za-z0-9_]*"
_KEYWORDS = (
    "let", "fn", "return", "if", "else", "for", "in", "repeat", "as", "forever",
    "animate", "delay", "wait", "canvas", "layer", "gradient", "shape", "text", "grid",
    "mask", "true", "false", "nil", "and", "or", "not", "import",
)
# A name that is not a keyword (a keyword can never be declared or called).
_NAME = r"(?!(?:" + "|".join(_KEYWORDS) + r")" + _END + r")(" + _ID + r")"

# Properties of every layer kind (Evaluator/LayerProperties.swift), the canvas
# settings, and `count` (lists and strings); after `.` and before `:`.
_PROPERTIES = (
    "frame", "x", "y", "width", "height", "position", "anchor", "opacity", "background",
    "cornerRadius", "clip", "hidden", "scale", "rotation", "contents", "gravity", "z",
    "masks", "mask", "maskMode", "maskInvert", "maskCombine", "feather", "expansion",
    "borderWidth", "borderColor", "shadowColor",
    "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath", "colors", "locations", "start", "end", "type",
    "path", "fill", "stroke", "lineWidth", "strokeStart", "strokeEnd", "fillRule",
    "string", "font", "size", "color", "align", "wrapped", "truncation", "rows", "columns", "tiles", "count",
    "fps", "duration",
)
# Methods on values: grid tiles, random generators, and version 2's re-parenting.
_METHODS = ("tile", "next", "addSublayer", "removeFromSuperlayer")
# Evaluator/Builtins.swift.
_BUILTINS = (
    "min", "max", "abs", "sqrt", "pow", "sin", "cos", "tan", "atan2", "floor", "ceil",
    "round", "clamp", "lerp", "len", "print", "str", "random", "rect", "inset", "image",
    "rgb", "rgba", "hsl", "oval", "circle", "roundedRect", "polygon", "line", "cubic",
    "spring",
)
# MaskEngine/Color/Color.swift `Color.named`.
_COLOURS = (
    "clear", "black", "white", "gray", "lightGray", "darkGray", "red", "green", "blue",
    "cyan", "yellow", "magenta", "orange", "purple", "brown",
)
_EASES = ("linear", "easeIn", "easeOut", "easeInOut")
# The bare words each choice property takes (MaskEngine/Layers/LayerOptions.swift).
_CHOICES = {
    "gravity": ("fill", "aspectFit", "aspectFill", "center"),
    "type": ("axial", "radial", "conic"),
    "fillRule": ("nonzero", "evenodd"),
    "align": ("left", "center", "right"),
    "truncation": ("none", "start", "middle", "end"),
    "maskMode": ("alpha", "luminance"),
    "maskCombine": ("add", "subtract", "intersect", "difference", "lighten", "darken"),
}
_ORDERS = ("index", "reverse", "rows", "diagonal", "center")
# Animate clause words are identifiers elsewhere (`let over = 1` is fine), so they are
# keywords only in the `animate` state. `delay` and `repeat` are keywords anyway.
_CLAUSES = (
    "from", "to", "keys", "times", "over", "delay", "ease", "repeat", "forever",
    "autoreverse", "stagger",
)

_DIGITS = r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"
_HEX = "[0-9A-Fa-f]"

# The unit of a number (`2s`, `250ms`, `90deg`, `50%`). A subtype of Number, so styles
# that know nothing of it draw it as the number it belongs to; tests can still tell it.
Unit = Number.Unit


class MaskLexer(RegexLexer):
    """Mask script: a small language for Core Animation-style mask animations."""

    name = "Mask script"
    aliases = ["mask", "maskscript"]
    filenames = ["*.mask"]
    mimetypes = ["text/x-mask"]

    tokens = {
        "root": [
            include("comments"),
            # import "path.mask" [as name] (version 2): `as` there names a namespace.
            (_START + r"(import)" + _END, Keyword.Namespace, "import"),
            (_START + r"(animate)" + _END, Keyword, "animate"),
            include("properties"),
            include("expression"),
        ],
        "whitespace": [
            (r"[ \t\r\n]+", Whitespace),
        ],
        "comments": [
            (r"//[^\n]*", Comment.Single),
        ],
        # A statement starting IDENTIFIER ":" is always a property (layer body) or a
        # canvas setting: no other rule of the grammar uses ":".
        "properties": [
            *[
                (
                    _START + r"(" + prop + r")([ \t]*)(:)([ \t]*)(?:("
                    + "|".join(values) + r")" + _END + r")?",
                    bygroups(Name.Attribute, Whitespace, Punctuation, Whitespace, Name.Constant),
                )
                for prop, values in _CHOICES.items()
            ],
            (_START + _NAME + r"([ \t]*)(:)", bygroups(Name.Attribute, Whitespace, Punctuation)),
        ],
        "expression": [
            include("whitespace"),
            include("comments"),
            (r'"', String.Double, "string"),
            include("colours"),
            include("numbers"),
            include("function"),
            include("keywords"),
            include("operators"),
            include("members"),
            include("builtins"),
            (_START + _NAME + r"(?=[ \t]*\()", Name.Function),
            (_START + _ID, Name),
            (r"[,:;()\[\]{}]", Punctuation),
            # Anything else is an unexpected character to the lexer; RegexLexer makes
            # it Error by itself.
        ],
        "string": [
            (r'[^"\\\n]+', String.Double),
            # \u{...}: 1 to 8 hex digits naming a Unicode scalar (no surrogate, at
            # most 10FFFF), which is what the lexer accepts.
            (
                r"\\(?:[nt\"\\]|u\{(?=" + _HEX + r"{1,8}\})(?!0*[dD][89A-Fa-f]" + _HEX
                + r"{2}\})0*(?:" + _HEX + r"{1,5}|10" + _HEX + r"{4})\})",
                String.Escape,
            ),
            (r'\\(?:u\{[^}"\n]*\}?|[^\n])?', Error),
            (r'"', String.Double, "#pop"),
            # A string ends at its line: the line break is where the lexer reports
            # `newline in string`.
            (r"\n", Error, "#pop"),
        ],
        "colours": [
            (r"#(?:" + _HEX + r"{8}|" + _HEX + r"{6}|" + _HEX + r"{3,4})" + _END, Number.Hex),
            # The lexer reads # and every identifier character after it.
            (r"#[A-Za-z0-9_]*", Error),
        ],
        "numbers": [
            # A "." belongs to a number only before a digit, so 1..<3 is 1, ..<, 3.
            (
                _START + r"(" + _DIGITS + r")(?:(%)|(ms|s|deg)" + _END
                + r"|(?![A-Za-z0-9_]|\.\d))",
                bygroups(Number.Float, Unit, Unit),
            ),
            # Any other letters right after the digits are an unknown unit (10px).
            (_START + r"(" + _DIGITS + r")(" + _ID + r")", bygroups(Number.Float, Error)),
        ],
        # fn name(a, b) and the anonymous fn (a, b): the parameters are a state of
        # their own because they may span lines.
        "function": [
            (
                _START + r"(fn)" + _END + r"(\s*)(?:" + _NAME + r"(\s*))?(\()",
                bygroups(Keyword.Declaration, Whitespace, Name.Function, Whitespace, Punctuation),
                "parameters",
            ),
        ],
        "parameters": [
            include("whitespace"),
            include("comments"),
            (r"\)", Punctuation, "#pop"),
            (r",", Punctuation),
            (_START + _NAME + _END, Name.Variable),
            include("expression"),
        ],
        "keywords": [
            # let x, for x in, repeat N as x: the name is declared here.
            (
                _START + r"(let)" + _END + r"(?:([ \t]+)" + _NAME + r")?",
                bygroups(Keyword.Declaration, Whitespace, Name.Variable),
            ),
            (
                _START + r"(for|as)" + _END + r"(?:([ \t]+)" + _NAME + r")?",
                bygroups(Keyword, Whitespace, Name.Variable),
            ),
            (words(("fn",), prefix=_START, suffix=_END), Keyword.Declaration),
            (words(("import",), prefix=_START, suffix=_END), Keyword.Namespace),
            # A layer declaration: KIND [name] { ... }; the name is bound to the layer.
            (
                _START + r"(layer|gradient|shape|text|grid)" + _END + r"(?:([ \t]+)" + _NAME + r")?",
                bygroups(Keyword.Type, Whitespace, Name.Class),
            ),
            (words(("canvas",), prefix=_START, suffix=_END), Keyword.Type),
            (words(("true", "false", "nil"), prefix=_START, suffix=_END), Keyword.Constant),
            (words(("and", "or", "not"), prefix=_START, suffix=_END), Operator.Word),
            (
                words(
                    ("if", "else", "in", "repeat", "forever", "return", "delay", "wait",
                     "animate", "mask"),
                    prefix=_START,
                    suffix=_END,
                ),
                Keyword,
            ),
        ],
        "operators": [
            (r"\.\.<|\.\.\.", Operator),
            (r"\.\.", Error),  # the lexer rejects a bare `..`
            (r"==|!=|<=|>=|[-+*/%<>=]", Operator),
        ],
        # After "." every word, keywords included (owner.mask), is a member name.
        "members": [
            (
                r"(\.)([ \t]*)(" + "|".join(_METHODS) + r")" + _END + r"(?=[ \t]*\()",
                bygroups(Punctuation, Whitespace, Name.Builtin),
            ),
            (
                r"(\.)([ \t]*)(" + "|".join(_PROPERTIES) + r")" + _END,
                bygroups(Punctuation, Whitespace, Name.Attribute),
            ),
            (
                r"(\.)([ \t]*)(" + _ID + r")(?=[ \t]*\()",
                bygroups(Punctuation, Whitespace, Name.Function),
            ),
            (r"(\.)([ \t]*)(" + _ID + r")", bygroups(Punctuation, Whitespace, Name.Property)),
            (r"\.", Punctuation),
        ],
        "builtins": [
            # `white` is a colour and also white(w, a): a call is the function.
            (words(_BUILTINS, prefix=_START, suffix=_END), Name.Builtin),
            (_START + r"white(?=[ \t]*\()", Name.Builtin),
            (words(_COLOURS + _EASES + ("pi",), prefix=_START, suffix=_END), Name.Constant),
        ],
        # `animate TARGET.PROP clause...` ends at its line's end, a ";" or a "}" (left
        # for the root state), except inside brackets.
        "animate": [
            (r"[ \t\r]+", Whitespace),
            include("comments"),
            (r"\(", Punctuation, "animate-parens"),
            (r"\[", Punctuation, "animate-brackets"),
            (
                _START + r"(order)" + _END + r"(?:([ \t]+)(" + "|".join(_ORDERS) + r")" + _END + r")?",
                bygroups(Keyword.Pseudo, Whitespace, Name.Constant),
            ),
            (words(_CLAUSES, prefix=_START, suffix=_END), Keyword.Pseudo),
            (r"\n", Whitespace, "#pop"),
            (r";", Punctuation, "#pop"),
            (r"\}", Punctuation, "#pop"),
            include("expression"),
        ],
        "animate-parens": [
            (r"\)", Punctuation, "#pop"),
            include("animate-nested"),
        ],
        "animate-brackets": [
            (r"\]", Punctuation, "#pop"),
            include("animate-nested"),
        ],
        # Inside brackets, line breaks do not end the statement and clause words are
        # plain names again.
        "animate-nested": [
            (r"\(", Punctuation, "animate-parens"),
            (r"\[", Punctuation, "animate-brackets"),
            include("expression"),
        ],
        "import": [
            (r"[ \t\r]+", Whitespace),
            include("comments"),
            (
                _START + r"(as)" + _END + r"(?:([ \t]+)" + _NAME + r")?",
                bygroups(Keyword.Namespace, Whitespace, Name.Namespace),
            ),
            (r"\n", Whitespace, "#pop"),
            (r";", Punctuation, "#pop"),
            (r"\}", Punctuation, "#pop"),
            include("expression"),
        ],
    }
