"""A scenario as the short YAML a person would type: block style at the top, a mapping
or list on one line when it fits (`active: {card: Charizard ex, energy: [fire, fire]}`),
plain scalars where YAML reads them back as the same text, else double-quoted.

`yaml.safe_load(to_yaml(data)) == data` for the plain data a scenario holds (mappings
with string keys, lists, strings, whole numbers, booleans): tests/quick check it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

WIDTH = 80  # a line of flow style longer than this is written in block style
# Characters that cannot start a plain scalar, and sequences that cannot be inside one
# (flow context: the scalar may sit in [..] or {..}).
_BAD_START = set("-?:,[]{}#&*!|>'\"%@`")
_BAD_INSIDE = re.compile(r"[,\[\]{}#]|: |:$|\s#")


def scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _plain_ok(text):
        return text
    return _quoted(text)


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's), with every character YAML
    cannot hold as it is (DEL, C1 controls, line breaks other than \\n, U+FFFE …) written as a \\u escape."""
    out = []
    for char in json.dumps(text, ensure_ascii=False)[1:-1]:
        code = ord(char)
        printable = (0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD
                     or code >= 0x10000) and code not in (0x2028, 0x2029)  # YAML breaks lines at NEL, LS, PS
        out.append(char if printable else f"\\u{code:04x}")
    return '"' + "".join(out) + '"'


def _plain_ok(text: str) -> bool:
    if not text or text != text.strip() or text[0] in _BAD_START or _BAD_INSIDE.search(text):
        return False
    if any(ord(c) < 0x20 or c in "\x7f\u0085\u2028\u2029\ufeff" for c in text):
        return False
    try:  # read back alike alone and inside [..] and {..}: not a number, a boolean, null, a date …
        return (yaml.safe_load(text) == text and yaml.safe_load(f"[{text}, {text}]") == [text, text]
                and yaml.safe_load(f"{{{text}: {text}}}") == {text: text})
    except yaml.YAMLError:
        return False


def flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def _block(key: str, value: Any, indent: int) -> list[str]:
    pad = " " * indent
    head = f"{pad}{scalar(key)}:"
    if not isinstance(value, (dict, list)) or not value:
        return [f"{head} {flow(value)}"]
    one_line = f"{head} {flow(value)}"
    if len(one_line) <= WIDTH:
        return [one_line]
    lines = [head]
    if isinstance(value, dict):
        for k, v in value.items():
            lines += _block(k, v, indent + 2)
    else:
        for item in value:
            item_line = f"{pad}  - {flow(item)}"
            if len(item_line) <= WIDTH or not isinstance(item, dict):
                lines.append(item_line)
            else:  # a long mapping in a list: its keys under the dash
                sub = [line for k, v in item.items() for line in _block(k, v, indent + 4)]
                lines.append(f"{pad}  - {sub[0].lstrip()}")
                lines += sub[1:]
    return lines


def to_yaml(data: dict) -> str:
    """The scenario's YAML text, top-level keys in the order given."""
    lines: list[str] = []
    for key, value in data.items():
        lines += _block(key, value, 0)
    return "\n".join(lines) + "\n"
