"""The key reference (docs/SCENARIO-KEYS.md), written from the format's one definition.

Every table is read off the JSON Schema that `format.schema` builds, so the reference
cannot drift from what `judgebot check` accepts: `python3 dev.py schema-docs` rewrites the
file, and a test fails when it is not current.
"""

from __future__ import annotations

from typing import Any

from judgebot.engine.format.schema import BOARDLESS_ASKS, SCALARS, definitions, scenario_schema

HEADER = """# Scenario keys (reference)

Generated from the format's one definition (`judgebot/engine/format/schema.py`) by
`python3 dev.py schema-docs`; do not edit by hand. How to write a scenario, with examples:
[SCENARIOS.md](SCENARIOS.md). The same definition is published as a JSON Schema by
`judgebot schema` (editor completion and inline errors: SCENARIOS.md, "Editing with a schema").

A key marked **required** must be given; every other key may be left out (its default is
in its description). A key that is not listed is an error naming it. Every ask but
{boardless} is about a board: then `you` and `opponent` are required, each with an `active`.
"""


def key_reference() -> str:
    defs = definitions()
    header = HEADER.replace("{boardless}", " and ".join(f"`{kind}`" for kind in BOARDLESS_ASKS))
    parts = [header, _section("scenario", "The scenario file", scenario_schema(), defs)]
    for name, node in defs.items():
        if name in SCALARS or name.startswith("ask_") or name == "ask":
            continue
        parts.extend(_sections(name, node, defs))
    parts.append(_asks(defs))
    parts.append(_values())
    return "\n".join(part for part in parts if part).rstrip() + "\n"


def _sections(name: str, node: dict, defs: dict) -> list[str]:
    """The tables of one definition: its mapping, or a table per kind where a key (`kind`,
    an action's name, a catalog entry's `category`) decides the others."""
    if name == "effect":
        return [_group("effect", "Effects", node)] + [_section(f"effect-{_const(b)}", f"effect `kind: {_const(b)}`", b["then"], defs,
                         intro=b["then"]["properties"]["kind"].get("description", ""), level=3)
                for b in node["allOf"]]
    if name == "action":
        return [_group("action", "Actions", node)] + [_section(f"action-{kind}", f"action `{kind}`", sub, defs, intro=sub.get("description", ""), level=3)
                for kind, sub in node["else"]["properties"].items()]
    if name == "catalog_entry":
        return [_group("catalog_entry", "Catalog entries", node)] + [_section(f"catalog-{_const(b)}", f"catalog entry `category: {_const(b)}`", b["then"], defs, level=3)
                for b in node["allOf"]]
    mapping = _mapping_of(node)
    if mapping is None:
        return []
    return [_section(name, f"`{name}`", mapping, defs, intro=node.get("description", ""))]


def _group(anchor: str, title: str, node: dict) -> str:
    return f'<a id="{anchor}"></a>\n## {title}\n\n{_sentence(node.get("description", ""))}\n'


def _sentence(text: str) -> str:
    text = _cell(text)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def _asks(defs: dict) -> str:
    parts = ['<a id="ask"></a>\n## Asks\n\n`ask:` takes exactly one of these; a `sequence` is a list of them (Format 2). '
             '`ask: checkup` and `ask: retreat` are short for `{checkup: {}}` and `{retreat: {}}`.\n']
    for name, node in defs.items():
        if not name.startswith("ask_"):
            continue
        kind = name[4:]
        mapping = _mapping_of(node) if node.get("if", {}).get("type") == "string" else node
        if "properties" in mapping and mapping["properties"]:
            section = _section(name, f"ask `{kind}`", mapping, defs, intro=node.get("description", ""), level=3)
            if mapping is not node:  # the shorthand: a bare string for the key it stands for
                from judgebot.engine.format.schema import SHORT_ASKS

                key = SHORT_ASKS[kind]
                section += f"\nA bare string is short for `{key}`: `{kind}: NAME` is `{kind}: {{{key}: NAME}}`.\n"
            parts.append(section)
        else:
            parts.append(f'<a id="{name}"></a>\n### ask `{kind}`\n\n{_sentence(node.get("description", ""))} '
                         f"It takes {'no keys (write `{}`)' if 'properties' in node else _takes(node, defs)}.\n")
    return "\n".join(parts)


def _section(anchor: str, title: str, node: dict, defs: dict, intro: str = "", level: int = 2) -> str:
    required = set(node.get("required", ()))
    rows = [f"| `{key}` | {_takes(sub, defs)} | {'**required**' if key in required else ''} | "
            f"{_cell(sub.get('description', ''))} |"
            for key, sub in node.get("properties", {}).items()]
    if not rows:
        return ""
    head = f'<a id="{anchor}"></a>\n{"#" * level} {title}\n'
    lead = f"\n{_sentence(intro)}\n" if intro else ""
    return (head + lead + "\n| key | takes | | meaning |\n|---|---|---|---|\n" + "\n".join(rows) + "\n")


def _values() -> str:
    rows = [f'| <a id="{kind}"></a>`{kind}` | {_cell(words)} |' for kind, (_, words) in SCALARS.items()]
    return "## Values\n\nWhat each kind of value takes.\n\n| kind | takes |\n|---|---|\n" + "\n".join(rows) + "\n"


def _takes(node: dict, defs: dict) -> str:
    """What a key takes, in words, with links to the tables of its structures."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name in SCALARS:
            words = SCALARS[name][1]
            return _cell(words) if len(words) <= 48 else f"[{name}](#{name})"
        if name.startswith("ask_") or name == "ask":
            return f"[an ask](#{name})"
        if name in ("effect", "action", "catalog_entry") or _mapping_of(defs[name]) is not None:
            return f"[{name}](#{name})"
        return _takes(defs[name], defs)
    if "const" in node:
        return f"`{node['const']}`"
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    if "if" in node and node["if"].get("type") == "array":
        return f"{_takes(node['else'], defs)}, or a list of them"
    if "if" in node and node["if"].get("type") == "null":
        return f"{_takes(node['else'], defs)}, or null"
    if "if" in node and "then" in node and "else" in node:
        return f"{_takes(node['then'], defs)}, or {_takes(node['else'], defs)}"
    if "items" in node:
        return f"a list of {_takes(node['items'], defs)}"
    if "propertyNames" in node:
        return f"a mapping: position → {_takes(node['additionalProperties'], defs)}"
    return _cell(node.get("description", "see the schema"))


def _mapping_of(node: dict) -> dict | None:
    """The mapping form of a definition (some take a name or a mapping)."""
    if "properties" in node:
        return node
    for branch in ("else", "then"):
        sub = node.get(branch)
        if isinstance(sub, dict):
            found = _mapping_of(sub)
            if found is not None:
                return found
    return None


def _const(branch: dict) -> Any:
    return next(iter(branch["if"]["properties"].values()))["const"]


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


if __name__ == "__main__":
    import sys
    from pathlib import Path

    from judgebot.files import write_atomically

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/SCENARIO-KEYS.md")
    write_atomically(target, key_reference().encode("utf-8"))
    print(f"wrote {target}")
