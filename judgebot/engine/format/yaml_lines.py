"""Safe YAML loading that remembers the line of every key and value.

`load_yaml(text, file)` returns the data (plain dicts, lists and scalars, what
yaml.safe_load would build, except that only plain decimal digits are a number: see
`DECIMAL_RESOLVERS`) and a map key path -> line (1-based), where a
key path is written as in error messages: `you.bench[2].hp`. Duplicate keys are
an error (safe_load would silently keep the last one).

The node tree comes from libyaml's safe parser when PyYAML has it (fast); a file it
rejects is read again with PyYAML's own safe parser, which also accepts a position
index inside a flow collection (`{target: opponent.bench[0]}`, as SCENARIOS.md
writes it) and reports real syntax errors.

Limits (`LIMITS`, docs/SCENARIO-LIMITS.md) are checked on the event stream before
any node is built, so a hostile file is refused with its line and column before the
composer can recurse too deep, follow a cyclic alias or expand a billion laughs: the
parsers themselves keep explicit stacks and do not recurse.

Every line in the map is a `Line`: an int that also knows its 1-based column.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from itertools import islice
from typing import Any

import yaml
from yaml.events import (AliasEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                         SequenceEndEvent, SequenceStartEvent, StreamEndEvent)

from judgebot.errors import ScenarioError, shorten


PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
# Explicit tags a file may carry: none that builds anything but plain text and
# collections (`!!binary`, `!!timestamp`, `!!set`, `!!int abc` … are refused).
ALLOWED_EXPLICIT_TAGS = frozenset(PLAIN_TAGS + ("tag:yaml.org,2002:str", "!"))
# Scalars read as themselves: everything else the resolver may pick implicitly
# (a timestamp such as 2026-01-01, the `=` value key) stays the text written.
SCALAR_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null"))
NUMBER_TAGS = frozenset(("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"))
_SURROGATE = re.compile(r"[\ud800-\udfff]")

# Numbers are plain decimal. YAML 1.1 also reads `0120` as octal 80, `1:30` as 90
# (base 60), `0x1e`, `0b101` and `1_000` as numbers: a wrong value and no error. Such a
# plain value stays the text written, so where the format wants a number the schema
# refuses it at its line (`number_hint` says why), and where it wants text (a name, a
# title such as `12:30`) it is the text written. Booleans and null are YAML 1.1's.
INT_TAG, FLOAT_TAG = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
PLAIN_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
PLAIN_FLOAT = re.compile(r"^(?:[-+]?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?|[-+]?\.[0-9]+(?:[eE][-+][0-9]+)?"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")


def _decimal_resolvers() -> dict:
    """YAML 1.1's implicit resolvers with the int and float patterns narrowed to plain decimal."""
    table: dict = {}
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items():
        table[first] = [(tag, PLAIN_INT if tag == INT_TAG else PLAIN_FLOAT if tag == FLOAT_TAG else pattern)
                        for tag, pattern in resolvers]
    return table


DECIMAL_RESOLVERS = _decimal_resolvers()
_YAML11_NUMBER = [pattern for resolvers in yaml.SafeLoader.yaml_implicit_resolvers.values()
                  for tag, pattern in resolvers if tag in NUMBER_TAGS]


def number_hint(value: str) -> str:
    """Why a text that YAML 1.1 would read as a number is not one here ("" if it would not)."""
    text = value.strip()
    if PLAIN_INT.match(text) or PLAIN_FLOAT.match(text) or not any(p.match(text) for p in _YAML11_NUMBER):
        return ""
    return "write numbers in plain decimal digits (no leading 0, 0x, 0b, _ or :)"


@dataclass(frozen=True)
class Limits:
    """What one YAML document may hold (scenario files and catalog files)."""

    file_bytes: int = 1_000_000      # a large scenario is ~5 KB, the largest catalog file ~60 KB
    depth: int = 40                  # nested mappings and lists (scenarios use about 8)
    aliases: int = 100               # `*name` references
    nodes: int = 100_000             # values after expanding every alias (billion laughs)
    scalar_chars: int = 10_000       # one text value or key
    number_digits: int = 40          # an int or float written in a plain scalar


LIMITS = Limits()


class Line(int):
    """A 1-based line number that also carries the 1-based column of the same place."""

    column: int | None

    def __new__(cls, line: int, column: int | None = None) -> "Line":
        value = super().__new__(cls, line)
        value.column = column
        return value


_LINES: dict[tuple[int, int], Line] = {}  # the same places recur in every scenario of a batch


def mark_line(mark) -> Line:
    place = (mark.line, mark.column)
    line = _LINES.get(place)
    if line is None:
        if len(_LINES) > 50_000:
            _LINES.clear()
        line = _LINES[place] = Line(mark.line + 1, mark.column + 1)
    return line


class _Frame:
    """An open mapping or list in the event stream: its expanded size and where we are in it."""

    __slots__ = ("anchor", "size", "is_map", "items", "key")

    def __init__(self, anchor: str | None, is_map: bool):
        self.anchor, self.is_map = anchor, is_map
        self.size = 1
        self.items = 0     # children seen (keys and values alike in a mapping)
        self.key = None    # a mapping's current key, as text


def check_limits(loader, file: str, limits: Limits = LIMITS) -> None:
    """Walk the loader's event stream and refuse the first thing over a limit, naming
    its line, column and key path."""
    frames: list[_Frame] = []
    sizes: dict[str, int] = {}  # anchor -> expanded size
    expanded = aliases = 0

    def fail(event, message: str) -> None:
        raise ScenarioError(file, mark_line(event.start_mark), _path(frames), message)

    get_event = loader.get_event
    while True:
        event = get_event()
        kind = type(event)
        if kind is yaml.ScalarEvent:
            if event.tag is not None and event.tag not in ALLOWED_EXPLICIT_TAGS:
                fail(event, f"YAML tag {_short_tag(event.tag)} is not allowed (plain data only)")
            _check_scalar(loader, event, limits, fail)
            if event.anchor is not None:
                sizes[event.anchor] = 1
            size = 1
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if event.tag is not None and event.tag not in ALLOWED_EXPLICIT_TAGS:
                fail(event, f"YAML tag {_short_tag(event.tag)} is not allowed (plain data only)")
            if len(frames) >= limits.depth:
                fail(event, f"nested deeper than {limits.depth} levels")
            expanded += 1
            frames.append(_Frame(event.anchor, kind is yaml.MappingStartEvent))
            continue
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            done = frames.pop()
            if done.anchor is not None:
                sizes[done.anchor] = done.size
            _add(frames, done.size, None)
            continue
        elif kind is yaml.AliasEvent:
            aliases += 1
            if aliases > limits.aliases:
                fail(event, f"more than {limits.aliases} aliases (*name); expected plain data")
            if event.anchor not in sizes:
                inside = any(frame.anchor == event.anchor for frame in frames)
                fail(event, f"alias *{event.anchor} " + ("refers to a value that contains it (a cycle)"
                                                         if inside else "has no anchor before it"))
            size = sizes[event.anchor]
        elif kind is yaml.StreamEndEvent:
            return
        else:
            continue
        expanded += size
        if expanded > limits.nodes:
            fail(event, f"more than {limits.nodes:,} values once aliases are expanded")
        _add(frames, size, event.value if kind is yaml.ScalarEvent else None)


def _add(frames: list[_Frame], size: int, scalar: str | None) -> None:
    """Count a finished child in its parent; a mapping's key scalar becomes the current key."""
    if not frames:
        return
    parent = frames[-1]
    if parent.is_map and parent.items % 2 == 0:
        parent.key = scalar if scalar is not None else "?"
    parent.items += 1
    parent.size += size


def _path(frames: list[_Frame]) -> str:
    """The key path of the value being read, as the loader writes it (`you.bench[2].hp`)."""
    path = ""
    for frame in frames:
        if frame.is_map:
            if frame.items % 2 == 0 and frame is frames[-1]:
                break  # at a key: the mapping's own path
            label = key_label(frame.key or "?")
            path = f"{path}.{label}" if path else label
        else:
            path = f"{path}[{frame.items}]"
    return path


def _check_scalar(loader, event, limits: Limits, fail) -> None:
    value = event.value
    if len(value) < limits.number_digits and value.isascii():
        return  # the common case: short, plain ASCII
    if len(value) > limits.scalar_chars:
        fail(event, f"a value of {len(value):,} characters, over the limit of {limits.scalar_chars:,}")
    if _SURROGATE.search(value):
        fail(event, "a lone surrogate (\\ud800-\\udfff) in the text; expected Unicode characters")
    if len(value) > limits.number_digits and event.implicit[0] and event.tag is None:
        if loader.resolve(yaml.ScalarNode, value, event.implicit) in NUMBER_TAGS:
            fail(event, f"a number of {len(value):,} characters, over the limit of {limits.number_digits}")


def key_label(key: str) -> str:
    """A key as it appears in a key path: cut, and quoted when it has invisible characters."""
    key = shorten(key)
    return key if key.isprintable() else repr(key)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


class _NodeBuilder:
    """Builds plain data from the node tree, recording each node's line by key path."""

    yaml_implicit_resolvers = DECIMAL_RESOLVERS

    def __init__(self, stream, file: str):
        super().__init__(stream)
        self.file = file
        self.lines: dict[str, int] = {}

    def build(self) -> Any:
        node = self.get_single_node()
        if node is None:
            return None
        self.lines[""] = mark_line(node.start_mark)
        return self._build(node, "")

    def _build(self, node: yaml.Node, path: str) -> Any:
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in PLAIN_TAGS:
            raise ScenarioError(self.file, mark_line(node.start_mark), path,
                                f"YAML tag {_short_tag(node.tag)} is not allowed (plain data only)")
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)  # merge keys (<<) as safe_load does
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = self._scalar(key_node, path) if isinstance(key_node, yaml.ScalarNode) \
                    else self.construct_object(key_node, deep=True)
                line = mark_line(key_node.start_mark)
                if not isinstance(key, str):
                    # A key reads as written when YAML 1.1 would make it a boolean (`on`, `yes`).
                    key = key_node.value if isinstance(key, bool) else str(key)
                label = key_label(key)
                child = f"{path}.{label}" if path else label
                if key in result:
                    raise ScenarioError(self.file, line, child, f"duplicate key {key!r}")
                self.lines[child] = line
                result[key] = self._build(value_node, child)
            return result
        if isinstance(node, yaml.SequenceNode):
            items = []
            for index, item in enumerate(node.value):
                child = f"{path}[{index}]"
                self.lines[child] = mark_line(item.start_mark)
                items.append(self._build(item, child))
            return items
        return self._scalar(node, path)

    def _scalar(self, node: yaml.Node, path: str) -> Any:
        if node.tag not in SCALAR_TAGS:
            return node.value  # an implicit timestamp or `=`: the text as written
        try:
            return self.construct_object(node, deep=True)
        except (ValueError, OverflowError):  # e.g. `0x_` or `._` match the number patterns
            raise ScenarioError(self.file, mark_line(node.start_mark), path,
                                f"cannot read {node.value[:60]!r} as a number") from None


class _Unusual(Exception):
    """Something the one-pass reader leaves to the node-based one (merge keys, keys
    that are collections, several documents): rare, and read there exactly as before."""


STR_TAG = "tag:yaml.org,2002:str"


class _Open(_Frame):
    """An open mapping or list while reading in one pass: the value being built, its
    key path and where its lines start in the order they were recorded."""

    __slots__ = ("value", "path", "child", "key_text", "line", "first_line")

    def __init__(self, anchor: str | None, is_map: bool, value, path: str, line: int, first_line: int):
        super().__init__(anchor, is_map)
        self.value, self.path, self.line, self.first_line = value, path, line, first_line
        self.child, self.key_text = path, None


def read_events(loader, file: str, limits: Limits = LIMITS) -> tuple[Any, dict[str, int]]:
    """Check the limits and build the data and its lines in one walk of the event
    stream: what `check_limits` then `_NodeBuilder.build` give, without building a
    node tree and without parsing the text twice. (The loop is written out flat: it
    runs once per value of every scenario checked.)"""
    frames: list[_Open] = []
    sizes: dict[str, int] = {}  # anchor -> expanded size
    anchored: dict[str, tuple[Any, int, list[tuple[str, int]]]] = {}  # anchor -> value, line, inner lines
    lines: dict[str, int] = {}
    expanded = aliases = documents = 0
    result: list[Any] = []
    max_nodes, max_depth, short = limits.nodes, limits.depth, limits.number_digits

    def fail(event, message: str) -> None:
        raise ScenarioError(file, mark_line(event.start_mark), _path(frames), message)

    def place(value, size: int, scalar: str | None, line, path: str | None) -> None:
        """Put a finished value into its parent (a list item's line is recorded here)."""
        if not frames:
            lines[""] = line
            result.append(value)
            return
        parent = frames[-1]
        if parent.is_map:
            parent.value[parent.key_text] = value
        else:
            lines[path] = line
            parent.value.append(value)
        parent.items += 1
        parent.size += size

    get_event = loader.get_event
    while True:
        event = get_event()
        kind = type(event)
        if kind is ScalarEvent:
            if event.tag is not None and event.tag not in ALLOWED_EXPLICIT_TAGS:
                fail(event, f"YAML tag {_short_tag(event.tag)} is not allowed (plain data only)")
            value = event.value
            if len(value) >= short or not value.isascii():
                _check_scalar(loader, event, limits, fail)
            expanded += 1
            if expanded > max_nodes:
                fail(event, f"more than {max_nodes:,} values once aliases are expanded")
            parent = frames[-1] if frames else None
            if parent is not None and parent.is_map:
                if not parent.items % 2:
                    if event.anchor is not None:
                        raise _Unusual("an anchored key")
                    if event.tag is None and event.implicit[0] and value != "<<" \
                            and _plain_tag(loader, value) == STR_TAG:
                        # the common key: plain text (its label and path built here)
                        label = _LABELS.get(value) or key_label(value)
                        child = f"{parent.path}.{label}" if parent.path else label
                        if value in parent.value:
                            raise ScenarioError(file, mark_line(event.start_mark), child, f"duplicate key {value!r}")
                        lines[child] = mark_line(event.start_mark)
                        parent.child = child
                        parent.key_text = value
                    else:
                        _read_key(loader, event, parent, file, lines)
                    parent.key = value
                    parent.items += 1
                    parent.size += 1
                    continue
                path, line = parent.child, None  # its line is its key's
            else:
                path = f"{parent.path}[{len(parent.value)}]" if parent is not None else ""
                line = mark_line(event.start_mark)
            if event.tag is not None or (event.implicit[0] and _plain_tag(loader, value) != STR_TAG):
                value = _scalar_value(loader, event, file, path)
            if event.anchor is not None:
                sizes[event.anchor] = 1
                anchored[event.anchor] = (value, line or mark_line(event.start_mark), [])
            place(value, 1, event.value, line, path)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.tag is not None and event.tag not in ALLOWED_EXPLICIT_TAGS:
                fail(event, f"YAML tag {_short_tag(event.tag)} is not allowed (plain data only)")
            if len(frames) >= max_depth:
                fail(event, f"nested deeper than {max_depth} levels")
            parent = frames[-1] if frames else None
            if parent is not None and parent.is_map and not parent.items % 2:
                raise _Unusual("a key that is a mapping or a list")
            expanded += 1
            line = mark_line(event.start_mark)
            if parent is None:
                path = ""
                lines[""] = line
            elif parent.is_map:
                path = parent.child
            else:
                path = f"{parent.path}[{len(parent.value)}]"
                lines[path] = line
            is_map = kind is MappingStartEvent
            frames.append(_Open(event.anchor, is_map, {} if is_map else [], path, line, len(lines)))
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            done = frames.pop()
            if done.anchor is not None:
                sizes[done.anchor] = done.size
                cut = len(done.path)
                anchored[done.anchor] = (done.value, done.line, [
                    (path[cut:], at) for path, at in islice(lines.items(), done.first_line, None)])
            if frames:
                place(done.value, done.size, None, done.line, done.path)
            else:
                result.append(done.value)
        elif kind is AliasEvent:
            aliases += 1
            if aliases > limits.aliases:
                fail(event, f"more than {limits.aliases} aliases (*name); expected plain data")
            if event.anchor not in sizes:
                inside = any(frame.anchor == event.anchor for frame in frames)
                fail(event, f"alias *{event.anchor} " + ("refers to a value that contains it (a cycle)"
                                                         if inside else "has no anchor before it"))
            size = sizes[event.anchor]
            expanded += size
            if expanded > max_nodes:
                fail(event, f"more than {max_nodes:,} values once aliases are expanded")
            parent = frames[-1] if frames else None
            if parent is not None and parent.is_map and not parent.items % 2:
                raise _Unusual("an alias as a key")
            value, line, inner = anchored[event.anchor]
            path = "" if parent is None else parent.child if parent.is_map else f"{parent.path}[{len(parent.value)}]"
            for rel, at in inner:
                lines[path + rel] = at
            place(copy.deepcopy(value), size, None, line, path)
        elif kind is DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Unusual("several documents")
        elif kind is StreamEndEvent:
            return (result[0] if result else None), lines


def _read_key(loader, event, parent: _Open, file: str, lines: dict) -> None:
    """A mapping's key: its text as a key path shows it, refused if it repeats."""
    if event.value == "<<" and event.tag is None and event.implicit[0]:
        raise _Unusual("a merge key (<<)")
    key = _scalar_value(loader, event, file, parent.path)
    if not isinstance(key, str):
        # A key reads as written when YAML 1.1 would make it a boolean (`on: damaged`, SCENARIOS.md).
        key = event.value if isinstance(key, bool) else str(key)
    label = key_label(key)
    child = f"{parent.path}.{label}" if parent.path else label
    line = mark_line(event.start_mark)
    if key in parent.value:
        raise ScenarioError(file, line, child, f"duplicate key {key!r}")
    lines[child] = line
    parent.child, parent.key_text = child, key


_TAGS: dict[str, str] = {}  # plain scalar -> its implicit tag (keys and names recur in every file)
_LABELS: dict[str, str] = {}  # key -> its label in key paths


def _plain_tag(loader, value: str) -> str:
    tag = _TAGS.get(value)
    if tag is None:
        if len(_TAGS) > 20_000:
            _TAGS.clear()
            _LABELS.clear()
        tag = _TAGS[value] = _resolve_plain(loader, value)
        if tag == STR_TAG:
            _LABELS[value] = key_label(value)
    return tag


def _resolve_plain(loader, value: str) -> str:
    """The implicit tag of a plain scalar, as `Resolver.resolve` finds it, without the
    call when no implicit type starts with the scalar's first character."""
    if value:
        candidates = loader.yaml_implicit_resolvers.get(value[0])
        if not candidates:
            return STR_TAG
        for tag, pattern in candidates:
            if pattern.match(value):
                return tag
        return STR_TAG
    return loader.resolve(yaml.ScalarNode, value, (True, False))


def _scalar_value(loader, event, file: str, path: str) -> Any:
    """What safe_load builds for a scalar, as `_NodeBuilder._scalar` does."""
    tag = event.tag
    if tag is None or tag == "!":
        if not event.implicit[0]:
            return event.value  # quoted: text
        tag = _plain_tag(loader, event.value)
    if tag == STR_TAG:
        return event.value
    if tag not in SCALAR_TAGS:
        return event.value  # an implicit timestamp or `=`: the text as written
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        return loader.yaml_constructors[tag](loader, node)
    except (ValueError, OverflowError):
        raise ScenarioError(file, mark_line(event.start_mark), path,
                            f"cannot read {event.value[:60]!r} as a number") from None


if getattr(yaml, "__with_libyaml__", False):
    class FastLineLoader(_NodeBuilder, yaml.CSafeLoader):
        """libyaml's safe parser with line recording."""
else:  # pragma: no cover - PyYAML without libyaml
    FastLineLoader = None


class LineLoader(_NodeBuilder, yaml.SafeLoader):
    """PyYAML's safe parser with line recording and the flow position-index allowance."""

    def scan_plain(self):
        """PyYAML's plain-scalar scanner, plus one allowance: in a flow collection a
        position index such as `opponent.bench[0]` stays part of the scalar (plain YAML
        would end the scalar at `[`), so `{target: opponent.bench[0]}` reads as the
        spec writes it."""
        chunks = []
        start_mark = self.get_mark()
        end_mark = start_mark
        indent = self.indent + 1
        spaces = []
        while True:
            length = 0
            if self.peek() == "#":
                break
            while True:
                ch = self.peek(length)
                if self.flow_level and ch == "[" and length > 0:
                    index = self._index_length(length)
                    if index:
                        length += index
                        continue
                if ch in "\0 \t\r\n\x85\u2028\u2029" \
                        or (ch == ":" and self.peek(length + 1) in "\0 \t\r\n\x85\u2028\u2029"
                            + (",[]{}" if self.flow_level else "")) \
                        or (self.flow_level and ch in ",?[]{}"):
                    break
                length += 1
            if length == 0:
                break
            self.allow_simple_key = False
            chunks.extend(spaces)
            chunks.append(self.prefix(length))
            self.forward(length)
            end_mark = self.get_mark()
            spaces = self.scan_plain_spaces(indent, start_mark)
            if not spaces or self.peek() == "#" or (not self.flow_level and self.column < indent):
                break
        return yaml.ScalarToken("".join(chunks), True, start_mark, end_mark)

    def _index_length(self, at: int) -> int:
        """Length of `[digits]` starting at offset `at`, or 0."""
        n = at + 1
        while self.peek(n).isdigit():
            n += 1
        if n > at + 1 and self.peek(n) == "]":
            return n + 1 - at
        return 0


def _read(loader_class, text: str, file: str) -> tuple[Any, dict[str, int]]:
    scanner = loader_class(text, file)
    try:
        check_limits(scanner, file)
    finally:
        scanner.dispose()
    loader = loader_class(text, file)
    try:
        return loader.build(), loader.lines
    finally:
        loader.dispose()


def _one_pass(loader_class, text: str, file: str) -> tuple[Any, dict[str, int]]:
    """`read_events`, or for what it leaves aside (`_Unusual`) the two passes of
    `check_limits` and the node-based builder."""
    loader = loader_class(text, file)
    try:
        return read_events(loader, file)
    except _Unusual:
        pass
    finally:
        loader.dispose()
    return _read(loader_class, text, file)


# Line numbers are what an editor shows: a line ends at \n, \r\n or \r only. YAML 1.1
# (PyYAML and libyaml alike) also ends one at NEL, U+2028 and U+2029, so in a file that
# holds one of them its lines and columns are mapped back (`_EditorLines`).
_EDITOR_BREAK = re.compile(r"\r\n|[\n\r]")
_YAML_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
_ONLY_YAML_BREAK = re.compile(r"[\x85\u2028\u2029]")


def _line_column(text: str, position: int) -> tuple[int, int]:
    """The 1-based line and column of a character position, as an editor counts them."""
    line, start = 1, 0
    for match in _EDITOR_BREAK.finditer(text, 0, position):
        line, start = line + 1, match.end()
    return line, position - start + 1


class _EditorLines:
    """Lines and columns as the YAML parser counts them → as an editor does."""

    def __init__(self, text: str):
        self.table = [(1, 0)]  # per YAML line: (editor line, characters of it before the YAML line)
        line, start = 1, 0
        for match in _YAML_BREAK.finditer(text):
            if match.group() in ("\n", "\r", "\r\n"):
                line, start = line + 1, match.end()
            self.table.append((line, match.end() - start))

    def line(self, line) -> Line | None:
        if line is None or not 0 < int(line) <= len(self.table):
            return line
        editor_line, before = self.table[int(line) - 1]
        column = getattr(line, "column", None)
        return Line(editor_line, column + before if column is not None else None)

    def error(self, exc: ScenarioError) -> ScenarioError:
        line = self.line(Line(exc.line, exc.column) if exc.line is not None else None)
        return ScenarioError(exc.file, line, exc.path, exc.detail)


def _char_name(character) -> str:
    code = character if isinstance(character, int) else ord(character)
    return f"U+{code:04X}"


def decode_utf8(data: bytes, file: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start].decode("utf-8", "replace")
        line, column = _line_column(before, len(before))
        raise ScenarioError(file, line, "", f"not UTF-8 text: byte 0x{data[exc.start]:02x} "
                                            f"({exc.reason})", column=column) from None


def read_yaml_file(path, file: str) -> str:
    """The text of a YAML file: a regular file within the size limit, in UTF-8."""
    from judgebot.files import FileProblem, read_input

    try:
        data = read_input(path, LIMITS.file_bytes)
    except FileProblem as exc:
        raise ScenarioError(file, None, "", exc.reason) from None
    return decode_utf8(data, file)


# Contexts in which PyYAML notices the problem only at the next token, often on a later
# line: an unclosed bracket or quote. The line to mark is where it was opened.
_OPENED_EARLIER = ("while parsing a flow", "while scanning a quoted scalar")


def _where_it_starts(exc: yaml.MarkedYAMLError, text: str):
    """(mark, problem): where the problem starts, and what it is."""
    problem = exc.problem or exc.context or "malformed"
    opened, found = exc.context_mark, exc.problem_mark
    if (opened is not None and found is not None and (exc.context or "").startswith(_OPENED_EARLIER)
            and found.line > opened.line):
        opener = text[opened.index] if 0 <= opened.index < len(text) else "bracket"
        return opened, f"this {opener!r} is not closed (line {found.line + 1}: {problem})"
    return found or opened, problem


def load_yaml(text: str, file: str) -> tuple[Any, dict[str, int]]:
    if len(text) > LIMITS.file_bytes:
        raise ScenarioError(file, None, "", f"{len(text):,} characters, over the limit of "
                                            f"{LIMITS.file_bytes:,}")
    if not _ONLY_YAML_BREAK.search(text):
        return _load_yaml(text, file)
    editor = _EditorLines(text)  # NEL, U+2028 or U+2029: lines as an editor shows them
    try:
        data, lines = _load_yaml(text, file)
    except ScenarioError as exc:
        raise editor.error(exc) from None
    return data, {path: editor.line(line) for path, line in lines.items()}


def _load_yaml(text: str, file: str) -> tuple[Any, dict[str, int]]:
    if FastLineLoader is not None:
        try:
            return _one_pass(FastLineLoader, text, file)
        except yaml.YAMLError:
            pass  # read it again below: the position-index allowance, or the error with its line
    try:
        return _one_pass(LineLoader, text, file)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, e.g. ESC or NUL
        line, column = _line_column(text, exc.position)
        raise ScenarioError(file, line, "", f"invalid YAML: character {_char_name(exc.character)} is not "
                                            "allowed in YAML text (write it as an escape in a "
                                            "double-quoted string)", column=column) from None
    except yaml.MarkedYAMLError as exc:
        mark, problem = _where_it_starts(exc, text)
        line = mark_line(mark) if mark else None
        raise ScenarioError(file, line, "", f"invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ScenarioError(file, None, "", f"invalid YAML: {first_line}") from None
