"""Safe YAML loading that remembers the line of every key and value.

`load_yaml(text, file)` returns the data (plain dicts, lists and scalars, exactly
what yaml.safe_load would build) and a map key path -> line (1-based), where a
key path is written as in error messages: `you.bench[2].hp`. Duplicate keys are
an error (safe_load would silently keep the last one).

The node tree comes from libyaml's safe parser when PyYAML has it (fast); a file it
rejects is read again with PyYAML's own safe parser, which also accepts a position
index inside a flow collection (`{target: opponent.bench[0]}`, as SCENARIOS.md
writes it) and reports real syntax errors.
"""

from __future__ import annotations

from typing import Any

import yaml

from judgebot.errors import ScenarioError


PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class _NodeBuilder:
    """Builds plain data from the node tree, recording each node's line by key path."""

    def __init__(self, stream, file: str):
        super().__init__(stream)
        self.file = file
        self.lines: dict[str, int] = {}

    def build(self) -> Any:
        node = self.get_single_node()
        if node is None:
            return None
        return self._build(node, "")

    def _build(self, node: yaml.Node, path: str) -> Any:
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in PLAIN_TAGS:
            raise ScenarioError(self.file, node.start_mark.line + 1, path,
                                f"YAML tag {node.tag!r} is not allowed (plain data only)")
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)  # merge keys (<<) as safe_load does
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = self.construct_object(key_node, deep=True)
                line = key_node.start_mark.line + 1
                if not isinstance(key, str):
                    key = str(key).lower() if isinstance(key, bool) else str(key)
                label = key if key.isprintable() else repr(key)
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
                self.lines[child] = item.start_mark.line + 1
                items.append(self._build(item, child))
            return items
        return self.construct_object(node, deep=True)


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
    loader = loader_class(text, file)
    try:
        return loader.build(), loader.lines
    finally:
        loader.dispose()


def load_yaml(text: str, file: str) -> tuple[Any, dict[str, int]]:
    if FastLineLoader is not None:
        try:
            return _read(FastLineLoader, text, file)
        except yaml.YAMLError:
            pass  # read it again below: the position-index allowance, or the error with its line
    try:
        return _read(LineLoader, text, file)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "malformed"
        raise ScenarioError(file, line, "", f"invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ScenarioError(file, None, "", f"invalid YAML: {first_line}") from None
