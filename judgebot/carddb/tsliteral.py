"""A strict reader for the TypeScript the TCGdex card files are written in.

A card (or set, or series) file is a few statements:

    import { Card } from "../../../interfaces"
    import Set from "../Obsidian Flames"
    const card: Card = { name: {en: "Charizard ex", ...}, hp: 330, ... }
    export default card

`parse_module(text)` returns the value of each `const` (`export const` too, as in
`meta/legals.ts`) as plain Python data (dict, list, str, int, float, bool, None) and the
imports (name -> module path); an identifier used as a value (`set: Set`) is a `Ref`. Only this subset is read: comments, strings in
single or double quotes with the usual escapes (and joined with `+`), numbers, `true`/`false`/`null`/
`undefined`, arrays and object literals (trailing commas allowed). Anything else — a
template string, a spread, a computed key, a call, a second const, a duplicate key — is
a `LiteralError` naming the line and column, never a guess: the importer stops and
says where, so a change upstream is seen, not silently misread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


class LiteralError(ValueError):
    """The text is not in the subset: `where` is `line:col`."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column


@dataclass(frozen=True)
class Ref:
    """An identifier used as a value (an imported set or series)."""

    name: str


@dataclass
class Module:
    imports: dict[str, str]  # local name -> module path as written
    consts: dict[str, tuple[str | None, Any]]  # name -> (declared type, value)
    default: str | None  # the name `export default` gives

    @property
    def value(self) -> Any:
        """The value of the file's one const (a card, set or series file has one)."""
        if len(self.consts) != 1:
            raise LiteralError(f"expected one const, found {len(self.consts)}", 1, 1)
        return next(iter(self.consts.values()))[1]


_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\n\ufeff]+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<number>-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)
  | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<punct>[{}\[\]:,;=+])
""", re.VERBOSE | re.DOTALL)

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0",
            "\\": "\\", "'": "'", '"': '"', "/": "/", "\n": ""}
_KEYWORDS = {"true": True, "false": False, "null": None, "undefined": None}


def _tokens(text: str) -> list[tuple[str, str, int, int]]:
    out = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise LiteralError(f"unexpected character {text[pos]!r}", line, pos - line_start + 1)
        kind = match.lastgroup
        value = match.group()
        if kind not in ("space", "comment"):
            out.append((kind, value, line, pos - line_start + 1))
        newlines = value.count("\n")
        if newlines:
            line += newlines
            line_start = pos + value.rindex("\n") + 1
        pos = match.end()
    out.append(("end", "", line, pos - line_start + 1))
    return out


def _unquote(token: str, line: int, column: int) -> str:
    body = token[1:-1]
    if "\\" not in body:
        return body
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "u":
            digits = body[i + 2:i + 6]
            if not re.fullmatch(r"[0-9a-fA-F]{4}", digits):
                raise LiteralError(f"bad \\u escape in {token[:40]!r}", line, column)
            out.append(chr(int(digits, 16)))
            i += 6
        elif nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            raise LiteralError(f"unknown escape \\{nxt} in {token[:40]!r}", line, column)
    return "".join(out)


class _Parser:
    def __init__(self, text: str):
        self.tokens = _tokens(text)
        self.at = 0

    def peek(self) -> tuple[str, str, int, int]:
        return self.tokens[self.at]

    def next(self) -> tuple[str, str, int, int]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def fail(self, message: str, token: tuple | None = None) -> None:
        kind, value, line, column = token or self.peek()
        raise LiteralError(f"{message}, got {value!r}" if kind != "end" else f"{message}, got the end of the file",
                           line, column)

    def expect(self, value: str) -> None:
        token = self.next()
        if token[1] != value or token[0] not in ("punct", "name"):
            self.fail(f"expected {value!r}", token)

    def skip_semicolon(self) -> None:
        if self.peek()[1] == ";" and self.peek()[0] == "punct":
            self.next()

    def module(self) -> Module:
        imports: dict[str, str] = {}
        consts: dict[str, tuple[str | None, Any]] = {}
        default = None
        while self.peek()[0] != "end":
            kind, word, *_ = self.peek()
            if kind == "name" and word == "import":
                self.next()
                names = self.import_names()
                self.expect("from")
                token = self.next()
                if token[0] != "string":
                    self.fail("expected a module path", token)
                for name in names:
                    imports[name] = _unquote(token[1], token[2], token[3])
            elif kind == "name" and word == "export" and self.tokens[self.at + 1][1] == "default":
                self.next()
                self.next()
                default = self.identifier()
            elif kind == "name" and word in ("const", "export"):
                if word == "export":
                    self.next()
                    if self.peek()[1] != "const":
                        self.fail("expected const or default after export")
                token = self.next()
                name = self.identifier()
                if name in consts:
                    raise LiteralError(f"const {name!r} given twice", token[2], token[3])
                type_ = None
                if self.peek()[1] == ":":
                    self.next()
                    type_ = self.identifier()
                self.expect("=")
                consts[name] = (type_, self.value())
            else:
                self.fail("expected import, const or export")
            self.skip_semicolon()
        if not consts:
            self.fail("expected a const")
        return Module(imports=imports, consts=consts, default=default)

    def import_names(self) -> list[str]:
        if self.peek()[1] == "{":
            self.next()
            names = []
            while self.peek()[1] != "}":
                names.append(self.identifier())
                if self.peek()[1] == ",":
                    self.next()
            self.next()
            return names
        return [self.identifier()]

    def identifier(self) -> str:
        token = self.next()
        if token[0] != "name":
            self.fail("expected a name", token)
        return token[1]

    def value(self) -> Any:
        token = self.next()
        kind, text, line, column = token
        if kind == "string":
            value = _unquote(text, line, column)
            while self.peek()[1] == "+" and self.peek()[0] == "punct":  # "a" + "b": strings only
                self.next()
                part = self.next()
                if part[0] != "string":
                    self.fail("expected a string after '+'", part)
                value += _unquote(part[1], part[2], part[3])
            return value
        if kind == "number":
            return float(text) if any(c in text for c in ".eE") else int(text)
        if kind == "name":
            if text in _KEYWORDS:
                return _KEYWORDS[text]
            if self.peek()[1] in ("(", ".") or self.peek()[0] == "name":
                self.fail("expected a literal value")
            return Ref(text)
        if text == "{":
            return self.object(token)
        if text == "[":
            return self.array()
        self.fail("expected a value", token)

    def object(self, opening: tuple) -> dict:
        result: dict[str, Any] = {}
        while True:
            token = self.next()
            kind, text, line, column = token
            if text == "}" and kind == "punct":
                return result
            if kind == "string":
                key = _unquote(text, line, column)
            elif kind in ("name", "number"):
                key = text
            else:
                self.fail("expected a key or '}'", token)
            self.expect(":")
            if key in result:
                raise LiteralError(f"key {key!r} given twice", line, column)
            result[key] = self.value()
            separator = self.next()
            if separator[1] == "}" and separator[0] == "punct":
                return result
            if separator[1] != "," or separator[0] != "punct":
                self.fail("expected ',' or '}'", separator)

    def array(self) -> list:
        result: list[Any] = []
        while True:
            if self.peek()[1] == "]" and self.peek()[0] == "punct":
                self.next()
                return result
            result.append(self.value())
            separator = self.next()
            if separator[1] == "]" and separator[0] == "punct":
                return result
            if separator[1] != "," or separator[0] != "punct":
                self.fail("expected ',' or ']'", separator)


def parse_module(text: str) -> Module:
    """The module's imports and the value of its one const (LiteralError if the text is
    outside the subset)."""
    return _Parser(text).module()
