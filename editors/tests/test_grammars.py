"""Checks the two syntax grammars of editors/ against the language.

- Every example, test script, benchmark scene and Grammar.md example tokenises with no
  error token in both the TextMate grammar (run by textmate-grammar-python, a Python
  TextMate tokenizer on Oniguruma regexes, the regex engine of VS Code and Sublime) and
  the Pygments lexer.
- The scripts that the Swift tests expect to fail *lexically* are left out of that, and
  must instead show an error in both grammars at each lexical error they expect.
  Scripts with syntax or run-time errors stay in: they still lex.
- A sample (fixtures/sample.mask) has its token kinds pinned for both grammars, so a
  rule that breaks or changes meaning fails here. After a deliberate change, rewrite the
  pinned files with `MASK_UPDATE_FIXTURES=1 editors/tests/run.sh` and review the diff.
- The word lists of both grammars hold every keyword, property, built-in, colour, ease
  and choice word that the Swift sources define, so a new one cannot be forgotten.
- When a built `mask` binary is at hand (MASK_BIN, or .build/*/mask), tricky snippets are
  checked against the real lexer: a grammar shows an error exactly when `mask check`
  reports a lexical one.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from pygments.token import Error, Operator, Punctuation

EDITORS = Path(__file__).resolve().parents[1]
REPO = EDITORS.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SAMPLE = FIXTURES / "sample.mask"

sys.path.insert(0, str(EDITORS / "pygments"))
from mask_lexer import MaskLexer  # noqa: E402

# The package logs a warning for every stretch of a line no rule matched (string
# contents, for one), which is normal and would drown pytest's output.
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
# Importing it creates `.textmate_cache/` in the working directory (for a file cache
# parse_string never uses), so import it from a scratch directory instead of littering
# the checkout.
_cwd = os.getcwd()
with tempfile.TemporaryDirectory() as _scratch:
    os.chdir(_scratch)
    try:
        from textmate_grammar.parsers.base import LanguageParser  # noqa: E402
    finally:
        os.chdir(_cwd)

ROOT_SCOPE = "source.mask"

# The messages of Sources/MaskScript/Lexer and of source decoding (Grammar.md section
# 1 and 2). A script whose expectations include one of these is lexically broken on
# purpose; anything else (syntax, run-time errors) still lexes and stays in the corpus.
LEXICAL_MESSAGES = (
    "unknown unit",
    "number too large",
    "unterminated string",
    "newline in string",
    "invalid escape",
    "expected `{` after `\\u`",
    "expected hex digits and `}`",
    "invalid code point",
    "expected hex digits after `#`",
    "invalid colour",
    "unexpected character",
    "unexpected `..`",
    "invalid UTF-8",
    "NUL byte",
)
EXPECTED_ERROR = re.compile(r"//\s*error(?:\s+(\d+):(\d+))?:\s*(.*)$")


# MARK: - Tokenising


@lru_cache(maxsize=None)
def textmate_parser() -> LanguageParser:
    grammar = json.loads((EDITORS / "mask.tmLanguage.json").read_text(encoding="utf-8"))
    return LanguageParser(grammar)


def normalise(text: str) -> str:
    # textmate-grammar-python turns \r\n and \r into \n before it tokenises; do the
    # same so that positions agree (for the lexer, \r is whitespace anyway). It also
    # fails (IndexError) on a last line that ends in a space with no newline after it,
    # so give every text its final newline, as editors do with files.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text if text.endswith("\n") else text + "\n"


def textmate_tokens(text: str) -> list[tuple[int, int, str, list[str]]]:
    """(line, column, text, scopes below the root), 1-based, every scope name split out
    (a rule's name may hold several, separated by spaces)."""
    text = normalise(text)
    element = textmate_parser().parse_string(text)
    if element is None:  # only for an empty input
        return []
    tokens = []
    for (line, column), content, scopes in element.flatten():
        names = [name for scope in scopes for name in scope.split()]
        assert names and names[0] == ROOT_SCOPE, f"token outside {ROOT_SCOPE}: {names}"
        tokens.append((line + 1, column + 1, content, names[1:]))
    return tokens


def textmate_problems(text: str) -> list[str]:
    """Where the TextMate grammar fails the text.

    A character is a problem when it is not whitespace and either no rule gave it a scope
    beyond the root (it was skipped), or a scope says `invalid`. Tokens are also checked
    against the source, character by character: the package drops characters no rule
    covered from its flattened list, so a gap would otherwise pass unseen.
    """
    text = normalise(text)
    lines = text.split("\n")
    problems = []
    seen: dict[tuple[int, int], str] = {}
    for line, column, content, scopes in textmate_tokens(text):
        for offset, char in enumerate(content):
            seen[(line, column + offset)] = char
        if not content.strip():
            continue
        where = f"{line}:{column} {content!r}"
        if not scopes:
            problems.append(f"{where}: no scope beyond {ROOT_SCOPE}")
        bad = [scope for scope in scopes if scope.startswith("invalid")]
        if bad:
            problems.append(f"{where}: {' '.join(bad)}")
    for number, source_line in enumerate(lines, start=1):
        for column, char in enumerate(source_line, start=1):
            if char.isspace():
                continue
            got = seen.get((number, column))
            if got != char:
                problems.append(f"{number}:{column} {char!r}: not tokenised (got {got!r})")
    return problems


def pygments_tokens(text: str) -> list[tuple[int, int, object, str]]:
    """(line, column, token type, text), 1-based, one entry per token. The text gets a
    final newline if it has none, as pygmentize gives it (ensurenl), so that a string
    left open at the end of the file ends in an error as it does for the lexer."""
    if not text.endswith("\n"):
        text += "\n"
    tokens = []
    line, column = 1, 1
    for _, ttype, value in MaskLexer().get_tokens_unprocessed(text):
        tokens.append((line, column, ttype, value))
        newlines = value.count("\n")
        if newlines:
            line += newlines
            column = len(value) - value.rfind("\n")
        else:
            column += len(value)
    return tokens


def pygments_problems(text: str) -> list[str]:
    tokens = pygments_tokens(text)
    joined = "".join(value for *_, value in tokens)
    # get_tokens_unprocessed keeps the text as it is: every character in some token.
    assert joined == (text if text.endswith("\n") else text + "\n"), "the Pygments tokens do not add up to the text"
    return [
        f"{line}:{column} {value!r}: {ttype}"
        for line, column, ttype, value in tokens
        if ttype in Error
    ]


# MARK: - The corpus


def grammar_md_examples() -> list[tuple[str, str]]:
    """The ```mask blocks of Grammar.md, the way GrammarExampleTests finds them."""
    examples = []
    current: list[str] | None = None
    start = 0
    for number, line in enumerate((REPO / "Grammar.md").read_text(encoding="utf-8").split("\n"), start=1):
        if current is None and line == "```mask":
            current, start = [], number + 1
        elif current is not None and line == "```":
            examples.append((f"Grammar.md:{start}", "\n".join(current) + "\n"))
            current = None
        elif current is not None:
            current.append(line)
    return examples


def lexical_expectations(text: str) -> list[tuple[int, int | None, str]]:
    """The `// error` expectations of a test script that name a lexical error:
    (line, column or None, message)."""
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        match = EXPECTED_ERROR.search(line)
        if match and any(message in match.group(3) for message in LEXICAL_MESSAGES):
            row = int(match.group(1)) if match.group(1) else number
            column = int(match.group(2)) if match.group(2) else None
            found.append((row, column, match.group(3)))
    return found


def script_files() -> list[Path]:
    files = sorted((REPO / "Examples").glob("*.mask"))
    files += sorted((REPO / "Tests" / "MaskScriptTests" / "Scripts").rglob("*.mask"))
    files += sorted((REPO / "Benchmarks" / "scenes").glob("*.mask"))
    return files


def corpus() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(clean, lexically broken): (name, text) pairs."""
    clean, broken = [], []
    for path in script_files():
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(REPO))
        (broken if lexical_expectations(text) else clean).append((name, text))
    clean += grammar_md_examples()
    clean.append((str(SAMPLE.relative_to(REPO)), SAMPLE.read_text(encoding="utf-8")))
    return clean, broken


CLEAN, BROKEN = corpus()


def test_corpus_is_the_whole_language():
    # A moved folder would otherwise shrink the corpus to nothing and pass.
    names = [name for name, _ in CLEAN]
    assert sum(name.startswith("Examples/") for name in names) >= 5
    assert sum(name.startswith("Tests/") for name in names) >= 100
    assert sum(name.startswith("Grammar.md:") for name in names) >= 5


@pytest.mark.parametrize("name,text", CLEAN, ids=[name for name, _ in CLEAN])
def test_textmate_tokenises_without_errors(name, text):
    assert textmate_problems(text) == []


@pytest.mark.parametrize("name,text", CLEAN, ids=[name for name, _ in CLEAN])
def test_pygments_tokenises_without_errors(name, text):
    assert pygments_problems(text) == []


@pytest.mark.parametrize("name,text", BROKEN, ids=[name for name, _ in BROKEN])
def test_lexical_errors_show_in_both_grammars(name, text):
    # The scripts left out above must show the error they were left out for, at the
    # position the Swift test expects (when it gives a column) or on that line.
    for row, column, message in lexical_expectations(text):
        for grammar, problems in (("TextMate", textmate_problems(text)), ("Pygments", pygments_problems(text))):
            where = [problem.split(" ", 1)[0] for problem in problems]
            if column is not None:
                assert f"{row}:{column}" in where, f"{grammar} misses `{message}` at {row}:{column}: {problems}"
            else:
                assert any(w.startswith(f"{row}:") for w in where), f"{grammar} misses `{message}` on line {row}"


# MARK: - The pinned sample


def textmate_fixture_lines(text: str) -> list[str]:
    return [
        f"{line}:{column}\t{json.dumps(content)}\t{' '.join(scopes)}"
        for line, column, content, scopes in textmate_tokens(text)
        if content.strip()
    ]


def pygments_fixture_lines(text: str) -> list[str]:
    return [
        f"{line}:{column}\t{json.dumps(value)}\t{ttype}"
        for line, column, ttype, value in pygments_tokens(text)
        if value.strip()
    ]


@pytest.mark.parametrize(
    "grammar,render",
    [("textmate", textmate_fixture_lines), ("pygments", pygments_fixture_lines)],
)
def test_sample_token_kinds_are_pinned(grammar, render):
    pinned = FIXTURES / f"sample.{grammar}.tokens"
    got = render(SAMPLE.read_text(encoding="utf-8"))
    if os.environ.get("MASK_UPDATE_FIXTURES") == "1":
        pinned.write_text("\n".join(got) + "\n", encoding="utf-8")
    expected = pinned.read_text(encoding="utf-8").splitlines()
    # Compared line by line so that a failure names the first token that changed.
    for index, (want, have) in enumerate(zip(expected, got)):
        assert have == want, f"{pinned.name} line {index + 1} changed"
    assert len(got) == len(expected), f"{pinned.name}: {len(expected)} tokens pinned, {len(got)} now"


OPERATORS = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "=", "..<", "...",
             ".", ",", ":", "(", ")", "[", "]", "{", "}", ";"]


def test_sample_holds_every_token_kind():
    # The fixture is only worth pinning while it shows every kind of token.
    text = SAMPLE.read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in text.split("\n"))
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))
    for keyword in swift_keywords() + ["import"]:
        assert keyword in words, f"the sample has no `{keyword}`"
    for clause in ["from", "to", "keys", "times", "over", "ease", "autoreverse", "stagger", "order"]:
        assert clause in words, f"the sample has no `{clause}` clause"
    punctuation = {value for _, _, ttype, value in pygments_tokens(text)
                   if ttype in Operator or ttype in Punctuation}
    for operator in OPERATORS:
        assert operator in punctuation, f"the sample has no `{operator}`"
    for pattern in [r"\d+ms", r"\d+s\b", r"\d+deg", r"\d+%", r"\de[-+]?\d", r"\d\.\d", r"\dE-\d",
                    r"#[0-9a-f]{3}\b", r"#[0-9a-f]{4}\b", r"#[0-9a-f]{6}\b", r"#[0-9a-f]{8}\b",
                    r"\\n", r"\\t", r'\\"', r"\\\\", r"\\u\{", r"//"]:
        assert re.search(pattern, text), f"the sample has nothing matching {pattern}"


# MARK: - The word lists follow the Swift sources


def swift(path: str) -> str:
    return (REPO / path).read_text(encoding="utf-8")


def swift_block(source: str, start: str) -> str:
    """From the line holding `start` to the `}` or `]` that closes it, found as the first
    line at the same indentation holding only that bracket (how the sources are laid out)."""
    lines = source[source.rfind("\n", 0, source.index(start)) + 1:].split("\n")
    indent = len(lines[0]) - len(lines[0].lstrip())
    for end, line in enumerate(lines[1:], start=1):
        if line.strip() in ("}", "]") and len(line) - len(line.lstrip()) == indent:
            return "\n".join(lines[:end])
    raise AssertionError(f"no end to `{start}`")


def enum_cases(block: str) -> list[str]:
    names = []
    for line in block.split("\n"):
        match = re.match(r"\s*case\s+([^:=(]+)$", line)
        if match:
            names += [name.strip().strip("`") for name in match.group(1).split(",")]
    return names


def swift_keywords() -> list[str]:
    return enum_cases(swift_block(swift("Sources/MaskScript/Lexer/Token.swift"), "public enum Keyword"))


def swift_properties() -> list[str]:
    """Every layer property's name, from the property tables of docs/Reference.md: the
    language's one table (Sources/MaskScript/Evaluator/LayerProperties.swift) builds its
    names from the engine's declarations, and ReferenceTests check those tables against
    it row by row."""
    reference = (REPO / "docs/Reference.md").read_text(encoding="utf-8")
    layers = reference[reference.index("\n## Layers\n"):reference.index("\n## Colours\n")]
    rows = re.findall(r"^\| `([A-Za-z]+)` \| ([^|]*)\|", layers, flags=re.MULTILINE)
    # A grid's `tile(column, row)` is listed there too, but it is a method.
    return list(dict.fromkeys(name for name, type in rows if not type.startswith("function")))


def swift_builtins() -> list[str]:
    source = swift("Sources/MaskScript/Evaluator/Builtins.swift")
    table = source[source.index("static let functions"):]
    return re.findall(r'(?:\(|unary\(|extremum\()"([A-Za-z0-9_]+)"', table)


def swift_colours() -> list[str]:
    block = swift_block(swift("Sources/MaskEngine/Color/Color.swift"), "public static let named")
    return re.findall(r'"([A-Za-z]+)":', block)


def swift_eases() -> list[str]:
    block = swift_block(swift("Sources/MaskScript/Evaluator/Builtins.swift"), "static let easings")
    return re.findall(r'"([A-Za-z]+)":', block)


def swift_choices() -> dict[str, list[str]]:
    options = swift("Sources/MaskEngine/Layers/LayerOptions.swift")
    enums = {"gravity": "Gravity", "type": "GradientType", "fillRule": "FillRule",
             "align": "TextAlignment", "maskMode": "MaskMode", "truncation": "TextTruncation",
             "maskCombine": "MaskCombine"}
    return {prop: enum_cases(swift_block(options, f"public enum {name}")) for prop, name in enums.items()}


def kinds_of(snippet: str, word: str, line: int | None = None) -> tuple[set[str], set[str]]:
    """The TextMate scopes and Pygments token types `word` gets in `snippet` (on `line`
    only, when given)."""
    scopes = {scope for row, _, content, names in textmate_tokens(snippet)
              if content == word and line in (None, row) for scope in names}
    types = {str(ttype) for row, _, ttype, value in pygments_tokens(snippet) if value == word and line in (None, row)}
    assert scopes and types, f"`{word}` is not a token of its own in {snippet!r}"
    return scopes, types


def test_swift_sources_are_readable():
    # The lists below come from parsing Swift; an empty one would make them vacuous.
    assert len(swift_keywords()) >= 25 and "mask" in swift_keywords()
    assert len(swift_properties()) >= 35 and "cornerRadius" in swift_properties()
    assert len(swift_builtins()) >= 30 and "roundedRect" in swift_builtins()
    assert len(swift_colours()) >= 15 and "lightGray" in swift_colours()
    assert swift_eases() and "easeInOut" in swift_eases()
    assert swift_choices()["gravity"] == ["fill", "aspectFit", "aspectFill", "center"]


def test_every_keyword_is_a_keyword():
    for keyword in swift_keywords():
        scopes, types = kinds_of(f"{keyword} ", keyword)
        assert any(s.startswith(("keyword.", "storage.type.", "constant.language.")) for s in scopes), (keyword, scopes)
        assert all(t.startswith(("Token.Keyword", "Token.Operator.Word")) for t in types), (keyword, types)


def test_keywords_after_a_dot_are_members():
    for keyword in swift_keywords():
        scopes, types = kinds_of(f"owner.{keyword}", keyword)
        assert not any(s.startswith(("keyword.", "storage.")) for s in scopes), (keyword, scopes)
        assert not any(t.startswith("Token.Keyword") for t in types), (keyword, types)


def test_every_property_is_a_property_name():
    for prop in swift_properties():
        # `mask` is a keyword, so `mask: ...` is not a property line but a mask statement.
        forms = [f"box.{prop} = 1"] + ([f"{prop}: 1"] if prop not in swift_keywords() else [])
        for snippet in forms:
            scopes, types = kinds_of(snippet, prop)
            assert "support.type.property-name.mask" in scopes, (snippet, scopes)
            assert types == {"Token.Name.Attribute"}, (snippet, types)


def test_every_builtin_function_is_built_in():
    for function in swift_builtins():
        scopes, types = kinds_of(f"{function}(1)", function)
        assert "support.function.builtin.mask" in scopes, (function, scopes)
        assert types == {"Token.Name.Builtin"}, (function, types)


def test_every_colour_and_ease_is_a_constant():
    for name, scope in [(c, "support.constant.color.mask") for c in swift_colours()] + [
        (e, "support.constant.easing.mask") for e in swift_eases()
    ]:
        scopes, types = kinds_of(f"let c = {name}", name)
        assert scope in scopes, (name, scopes)
        assert types == {"Token.Name.Constant"}, (name, types)


def test_every_choice_word_is_a_constant_after_its_property():
    for prop, values in swift_choices().items():
        for value in values:
            scopes, types = kinds_of(f"{prop}: {value}", value)
            assert "support.constant.choice.mask" in scopes, (prop, value, scopes)
            assert types == {"Token.Name.Constant"}, (prop, value, types)


def test_clause_words_are_keywords_only_inside_animate():
    for clause in ["from", "to", "keys", "times", "over", "ease", "autoreverse", "stagger", "order"]:
        scopes, types = kinds_of(f"animate box.x {clause} 1", clause)
        assert "keyword.other.clause.mask" in scopes, (clause, scopes)
        assert types == {"Token.Keyword.Pseudo"}, (clause, types)
        scopes, types = kinds_of(f"let y = {clause}\n", clause)
        assert not any(s.startswith("keyword.") for s in scopes), (clause, scopes)
        assert types == {"Token.Name"}, (clause, types)
        # The animate statement ends at its line, unless a bracket is open.
        scopes, types = kinds_of(f"animate box.x to 1\nprint({clause})", clause, line=2)
        assert "keyword.other.clause.mask" not in scopes, (clause, scopes)
        assert types == {"Token.Name"}, (clause, types)
        scopes, types = kinds_of(f"animate box.x keys [0,\n 1] {clause} 1", clause, line=2)
        assert "keyword.other.clause.mask" in scopes, (clause, scopes)
        assert types == {"Token.Keyword.Pseudo"}, (clause, types)


# MARK: - Against the real lexer

# (snippet, lexically valid?) for the edges of Grammar.md section 2.
LEXER_CASES = [
    ("let a = 1..<3", True),
    ("let a = 1...3", True),
    ("let a = 0.5...1.5", True),
    ("let a = [1.5e3s, 2E-2ms, 90deg, 50%]", True),
    ("let a = 7 % 3", True),
    ("let a = 1e+5", True),
    ("let a = [#abc, #abcd, #aabbcc, #aabbccdd, #ABC]", True),
    ('let a = "\\n\\t\\"\\\\\\u{1F600}\\u{10FFFF}\\u{0041}"', True),
    ('let a = "// not a comment"', True),
    ("let a = b.mask; b.text = 1", True),
    ("let _a1 = 1 // é in a comment", True),
    ('let a = "é in a string"', True),
    ("let a = b.\tc", True),
    ("let a = 10px", False),
    ("let a = 1e", False),
    ("let a = 12e", False),
    ("let a = 1.5ex", False),
    ("let a = 2sec", False),
    ("let a = 3s5", False),
    ('let a = "\\q"', False),
    ('let a = "\\u{D800}"', False),
    ('let a = "\\u{110000}"', False),
    ('let a = "\\u{000000041}"', False),
    ('let a = "\\u0041"', False),
    ('let a = "\\u{}"', False),
    ('let a = "open', False),
    ("let a = #12", False),
    ("let a = #12345", False),
    ("let a = #ggg", False),
    ("let a = #abcx", False),
    ("let a = #", False),
    ("let a = 1 .. 2", False),
    ("let a = !b", False),
    ("let a = é", False),
    ("let a = b @ c", False),
    ("let a = $", False),
]


def mask_binary() -> Path | None:
    candidates = [os.environ.get("MASK_BIN")] if os.environ.get("MASK_BIN") else []
    candidates += [str(REPO / ".build" / "release" / "mask"), str(REPO / ".build" / "debug" / "mask")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


@pytest.mark.parametrize("snippet,valid", LEXER_CASES, ids=[s for s, _ in LEXER_CASES])
def test_grammars_agree_with_the_lexer(snippet, valid, tmp_path):
    assert (textmate_problems(snippet) == []) == valid, textmate_problems(snippet)
    assert (pygments_problems(snippet) == []) == valid, pygments_problems(snippet)
    binary = mask_binary()
    if binary is None:
        pytest.skip("no built mask binary (set MASK_BIN) to confirm the expectation")
    script = tmp_path / "snippet.mask"
    script.write_text(snippet + "\n", encoding="utf-8")
    result = subprocess.run([str(binary), "check", str(script)], capture_output=True, text=True, timeout=60)
    report = result.stdout + result.stderr
    lexical = any(f"error: {message}" in report for message in LEXICAL_MESSAGES)
    assert lexical == (not valid), f"mask check disagrees with the table:\n{report}"


# MARK: - The grammar file itself


def grammar_rules(node, path="$"):
    """Every rule of the grammar (a dict with match, begin, end or while), with where it is."""
    if isinstance(node, dict):
        if any(key in node for key in ("match", "begin", "end", "while")):
            yield path, node
        for key, value in node.items():
            yield from grammar_rules(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from grammar_rules(value, f"{path}[{index}]")


def test_every_textmate_regex_compiles_and_every_include_resolves():
    # The tests above only run the rules the corpus reaches; an editor compiles them all.
    import onigurumacffi

    grammar = json.loads((EDITORS / "mask.tmLanguage.json").read_text(encoding="utf-8"))
    assert grammar["scopeName"] == ROOT_SCOPE and grammar["fileTypes"] == ["mask"]
    for path, rule in grammar_rules(grammar):
        for key in ("match", "begin", "end", "while"):
            if key in rule:
                onigurumacffi.compile(rule[key])  # raises on a bad pattern
    includes = re.findall(r'"include":\s*"#([^"]+)"', json.dumps(grammar))
    assert includes and set(includes) <= set(grammar["repository"]), set(includes) - set(grammar["repository"])
    # And every repository entry is used, so none is dead.
    assert set(grammar["repository"]) <= set(includes), set(grammar["repository"]) - set(includes)
