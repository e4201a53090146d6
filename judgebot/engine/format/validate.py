"""Validation of a scenario or catalog document against the format's one definition
(format.schema), with the jsonschema-rs validator.

A document that passes costs one call into the validator. One that fails gets the
message of its first problem in the file (by line and column, as a reader going down the
file meets it): `file:line:col: key.path: expected …, got …`, worded by the schema's
message keywords beside the constraint that failed.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from judgebot.engine.board.model import line_of
from judgebot.engine.format.schema import definitions, schema_for
from judgebot.engine.format.yaml_lines import key_label, number_hint
from judgebot.errors import ScenarioError, shorten

# What a value of the wrong JSON type was expected to be, by the schema's `type`.
TYPE_WORDS = {"integer": "a whole number", "string": "text", "boolean": "true or false",
              "object": "a mapping", "array": "a list", "number": "a number"}


def describe(value: Any) -> str:
    """How a value is named in an error message (cut to about 60 characters)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return repr(shorten(value))
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of {len(str(abs(value)))} digits"
    return shorten(str(value))


def shape(value: Any) -> str:
    """A value's shape, for messages about one-key mappings."""
    if isinstance(value, dict):
        return f"a mapping with {len(value)} keys" if len(value) != 1 else "a mapping"
    if isinstance(value, list):
        return "a list"
    return "nothing (null)" if value is None else repr(value)[:60]


@lru_cache(maxsize=4)
def _validator(definition: str):
    import jsonschema_rs

    return jsonschema_rs.Draft7Validator(schema_for(definition))


def validate(data: Any, file: str, lines: dict, definition: str = "scenario") -> None:
    """Raise a ScenarioError for the first problem of `data`, if it has one."""
    validator = _validator(definition)
    try:
        if validator.is_valid(data):
            return
        errors = list(validator.iter_errors(data))
    except (ValueError, TypeError, OverflowError):
        return  # a value the validator cannot hold (a huge number): the readers refuse it in their words
    problems = [problem for error in errors for problem in _explained(error, data, schema_for(definition))]
    if not problems:
        return
    _, path, message = min(problems, key=lambda p: _place(lines, p[0]))
    raise ScenarioError(file, line_of(lines, path), path, message)


LAST = 3  # the rank of a problem said after every other one


def _place(lines: dict, anchor: tuple[str, int]) -> tuple[int, int, int]:
    """Where a reader going down the file meets a problem: a mapping's unknown keys, then
    its missing ones, at the mapping; any other problem at its value."""
    path, rank = anchor
    if rank == LAST:
        return (sys.maxsize, 0, rank)
    line = line_of(lines, path)
    if line is None:
        return (0, 0, rank)
    return (int(line), getattr(line, "column", None) or 0, rank)


def _explained(error, data: Any, root: dict) -> list[tuple[tuple[str, int], str, str]]:
    """An error in the schema's words; in the validator's own where the schema has none that
    fit (validation must refuse with a ScenarioError, never fail itself)."""
    try:
        problems = _explain(error, data, root)
    except (KeyError, IndexError, TypeError, ValueError):
        path = _path(list(error.instance_path))
        problems = [((path, 2), path, shorten(str(error.message)))]
    if list(error.schema_path)[:1] == ["allOf"]:
        # A rule between the file's parts (a board ask needs both players' Active
        # Pokémon): said once every part is right in itself, as the readers did.
        problems = [((anchor[0], LAST), path, message) for anchor, path, message in problems]
    return problems


def unknown_key(message: str, key: str, allowed: list[str]) -> str:
    """An unknown key's message: with a key close to it ("type" for "types"), "did you mean"
    it instead of every allowed key."""
    from difflib import get_close_matches

    close = get_close_matches(key, allowed, n=1, cutoff=0.6) if isinstance(key, str) else []
    if not close:
        return message
    return f"{message.split(';', 1)[0]}; did you mean {close[0]!r}?"


def _explain(error, data: Any, root: dict) -> list[tuple[tuple[str, int], str, str]]:
    steps = list(error.instance_path)
    value = _at(data, steps)
    path = _path(steps)
    schema_path = list(error.schema_path)
    keyword = schema_path[-1] if schema_path else ""
    node = _node(root, schema_path[:-1])
    details = error.kind.as_dict()
    if keyword == "additionalProperties":
        allowed = ", ".join(node.get("properties", {}))
        template = node.get("x-unknown-key", "unknown key {key!r}; allowed keys: " + allowed)
        return [((path, 0), _join(path, key), unknown_key(template.format(key=shorten(key)), key,
                                                          list(node.get("properties", {}))))
                for key in details.get("unexpected", ()) if isinstance(key, str)]
    if keyword == "required":
        key = details.get("property")
        return [((path, 1), path, node.get("x-required", "missing required key {key!r}").format(key=key))]
    if keyword == "propertyNames":
        return [((where, 2), where, message) for where, message in _property_names(node, value, path)]
    return [((path, 2), path, _message(node, keyword, value))]


def _message(node: dict, keyword: str, value: Any) -> str:
    fields = {"got": describe(value), "shape": shape(value),
              "count": len(value) if isinstance(value, (list, dict)) else 0,
              "keys": ", ".join(map(str, value)) if isinstance(value, dict) else ""}
    if value is None and keyword == "type" and "x-null" in node:
        return node["x-null"]
    message = _worded(node, keyword, fields)
    hint = number_hint(value) if isinstance(value, str) and _wants_number(node) else ""
    return f"{message}: {hint}" if hint else message


def _wants_number(node: dict) -> bool:
    kinds = node.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return "integer" in kinds or "number" in kinds or any(type(v) is int for v in node.get("enum", ()))


def _worded(node: dict, keyword: str, fields: dict) -> str:
    template = node.get("x-messages", {}).get(keyword) or node.get("x-message")
    if template:
        return template.format(**fields)
    if keyword == "type" or "x-expected" not in node:
        kind = node.get("type")
        kind = next((k for k in kind if k != "null"), None) if isinstance(kind, list) else kind
        return f"expected {TYPE_WORDS.get(kind, 'something else')}, got {fields['got']}"
    return f"expected {node['x-expected']}, got {fields['got']}"


def _property_names(node: dict, value: Any, path: str) -> list[tuple[str, str]]:
    """A mapping keyed by positions: which keys are not one."""
    import jsonschema_rs

    names = node["propertyNames"]
    target = definitions()[names["$ref"].rsplit("/", 1)[1]] if "$ref" in names else names
    check = jsonschema_rs.Draft7Validator({**names, "definitions": definitions()})
    return [(_join(path, key), _message(target, "pattern", key))
            for key in (value or {}) if not check.is_valid(key)]


MESSAGE_KEYS = ("x-message", "x-messages", "x-expected")


def _node(root: dict, steps: list) -> dict:
    """The schema node at a schema path. A branch of `if` (then/else) is the same value:
    it keeps the messages of the node it belongs to where it has none of its own."""
    node: Any = root
    for step in steps:
        parent, node = node, node[step]
        if step in ("then", "else") and isinstance(node, dict) and not any(k in node for k in MESSAGE_KEYS):
            node = {**node, **{k: parent[k] for k in MESSAGE_KEYS if k in parent}}
    return node if isinstance(node, dict) else {}


def _at(data: Any, steps: list) -> Any:
    for step in steps:
        data = data[step]
    return data


def _path(steps: list) -> str:
    path = ""
    for step in steps:
        path = f"{path}[{step}]" if isinstance(step, int) else _join(path, step)
    return path


def _join(path: str, key: str) -> str:
    key = key_label(key)
    return f"{path}.{key}" if path else key
