#!/usr/bin/env python3
"""Development only (not shipped, not used by tests): dump the texts of the TCGdex card
files into a JSON-lines file for developing judgebot.cardtext.

    python3 tools/cardtext_dump.py TCGDEX_DIR_OR_TAR OUT.jsonl

Each line is one card print: {id, set, abbr, number, lang_group (intl|asia), category,
trainerType, energyType, stage, suffix, hp, types, mark, name: {lang: …}, abilities:
[{name, effect}], attacks: [{name, cost, damage, effect}], effect: {lang: …}, dexId}.
The card files are TypeScript object literals; this reader is tolerant (keys bare or
quoted, trailing commas, comments, identifiers such as `Set` read as null). The card
database's importer (judgebot.carddb) has its own strict reader.
"""

from __future__ import annotations

import json
import re
import sys
import tarfile
from pathlib import Path

TOKEN = re.compile(r"""\s+|//[^\n]*|/\*.*?\*/|(?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)|"""
                   r"""(?P<num>-?\d+(?:\.\d+)?)|(?P<id>[A-Za-z_$][\w$]*)|(?P<p>[{}\[\]:,;().=<>|&?!+*-])""", re.S)


def tokens(text: str):
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"bad character at {pos}: {text[pos:pos + 20]!r}")
        pos = m.end()
        if m.lastgroup:
            yield m.lastgroup, m.group(m.lastgroup)


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}


def unquote(s: str) -> str:
    body, out, i = s[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt == "u":
                out.append(chr(int(body[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append(ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def parse_value(toks, i):
    kind, val = toks[i]
    if val == "{":
        out, i = {}, i + 1
        while toks[i][1] != "}":
            k_kind, key = toks[i]
            key = unquote(key) if k_kind == "str" else key
            assert toks[i + 1][1] == ":", (key, toks[i + 1])
            value, i = parse_value(toks, i + 2)
            out[key] = value
            if toks[i][1] == ",":
                i += 1
        return out, i + 1
    if val == "[":
        out, i = [], i + 1
        while toks[i][1] != "]":
            value, i = parse_value(toks, i)
            out.append(value)
            if toks[i][1] == ",":
                i += 1
        return out, i + 1
    if kind == "str":
        text, i = unquote(val), i + 1
        while toks[i][1] == "+" and toks[i + 1][0] == "str":  # "a" + "b"
            text, i = text + unquote(toks[i + 1][1]), i + 2
        return text, i
    if kind == "num":
        return (float(val) if "." in val else int(val)), i + 1
    if val in ("true", "false"):
        return val == "true", i + 1
    return None, i + 1  # identifiers (Set, serie, undefined …)


def literal(text: str, marker: str):
    start = text.index(marker)
    start = text.index("{", start)
    toks = list(tokens(text[start:]))
    value, _ = parse_value(toks, 0)
    return value


def files(source: Path):
    if source.is_dir():
        for p in sorted(source.rglob("*.ts")):
            yield str(p.relative_to(source)), p.read_text(encoding="utf-8")
    else:
        with tarfile.open(source) as tar:
            for m in sorted(tar.getmembers(), key=lambda m: m.name):
                if m.isfile() and m.name.endswith(".ts"):
                    yield m.name, tar.extractfile(m).read().decode("utf-8")


def cards(source: Path) -> list[dict]:
    """Every card print of the snapshot as a record (see the module docstring)."""
    everything = dict(files(Path(source)))
    sets = {}
    for path, text in everything.items():
        parts = path.split("/")
        if ("data" in parts or "data-asia" in parts) and "const set" in text:
            s = literal(text, "const set")
            sets[path[:-3]] = s
    records = []
    if True:
        for path, text in everything.items():
            if "const card" not in text:
                continue
            card = literal(text, "const card")
            folder = path.rsplit("/", 1)[0]
            s = sets.get(folder, {})
            number = path.rsplit("/", 1)[1][:-3]
            rec = {
                "id": f"{s.get('id')}-{number}", "set": s.get("id"), "number": number,
                "abbr": (s.get("abbreviations") or {}).get("official"),
                "group": "asia" if "data-asia" in path else "intl",
                "category": card.get("category"), "trainerType": card.get("trainerType"),
                "energyType": card.get("energyType"), "stage": card.get("stage"), "suffix": card.get("suffix"),
                "hp": card.get("hp"), "types": card.get("types"), "mark": card.get("regulationMark"),
                "name": card.get("name"), "effect": card.get("effect"), "dexId": card.get("dexId"),
                "retreat": card.get("retreat"),
                "abilities": [{"name": a.get("name"), "effect": a.get("effect"), "type": a.get("type")}
                              for a in card.get("abilities") or []],
                "attacks": [{"name": a.get("name"), "cost": a.get("cost"), "damage": a.get("damage"),
                             "effect": a.get("effect")} for a in card.get("attacks") or []],
                "item": card.get("item"),
            }
            records.append(rec)
    return records


def main(source: str, out: str) -> None:
    records = cards(Path(source))
    with open(out, "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"{len(records)} cards -> {out}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
