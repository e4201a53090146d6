"""Pieces (reading.Piece) → the Format 2 keys of one part of a card.

An attack's printed damage ("180+", "30×", "20-", 60 or nothing) and the formula its
text gives must agree (a "+" needs a "more damage" template, a "×" a "for each"
one); a text that would need two formulas, or pieces its part cannot carry, is not
read (NotRead) — the whole text is then refused, never half-applied.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from judgebot.cardtext.reading import NotRead, Piece

_PRINTED = re.compile(r"^\s*(\d+)\s*([+×x\-−]?)\s*$")


def printed_damage(value: Any) -> tuple[int | None, str]:
    """(number, sign) of a printed damage: 180+ → (180, "+"), 30× → (30, "×"), None → (None, "")."""
    if value is None or value == "":
        return None, ""
    if isinstance(value, int):
        return value, ""
    m = _PRINTED.match(unicodedata.normalize("NFKC", str(value)))
    if not m:
        raise NotRead(f"printed damage {value!r}")
    sign = {"x": "×", "−": "-"}.get(m.group(2), m.group(2))
    return int(m.group(1)), sign


def _formula(piece: dict, number: int | None, sign: str) -> dict:
    op = piece["op"]
    if op == "times":
        if sign not in ("×", ""):
            raise NotRead(f"a × formula on a damage printed {number}{sign}")
        return {"times": piece["amount"], "per": piece["per"]}
    if number is None:
        raise NotRead(f"a {op} formula with no printed damage")
    if sign == "×" or (sign and {"plus": "+", "minus": "-"}[op] != sign):
        raise NotRead(f"a {op} formula on a damage printed {number}{sign}")
    out = {"base": number, op: piece["amount"]}
    if "per" in piece:
        out["per"] = piece["per"]
    else:
        out["if"] = piece["if"]
    return out


def attack(pieces: list[Piece], damage: Any) -> dict:
    number, sign = printed_damage(damage)
    out: dict[str, Any] = {}
    formulas = [p for kind, p in pieces if kind == "formula"]
    if len(formulas) > 1:
        raise NotRead("two damage formulas")
    if formulas:
        out["damage"] = _formula(formulas[0], number, sign)
    elif sign:
        raise NotRead(f"the printed damage {number}{sign} needs a formula no template read")
    hits, do, effects = [], [], []
    for kind, payload in pieces:
        if kind == "key":
            name, value = payload
            if name in out and out[name] != value:
                raise NotRead(f"{name} given twice")
            out[name] = value
        elif kind == "hit":
            hits.append(payload)
        elif kind == "do":
            do.append(payload)
        elif kind == "effect":
            effects.append(payload)
        elif kind in ("listed", "note", "formula"):
            continue
        else:
            raise NotRead(f"{kind} in an attack's text")
    if hits:
        out["bench_damage"] = hits
    if effects:
        out["effects"] = effects
    if do:
        out["do"] = do
    return out


def ability(pieces: list[Piece]) -> dict:
    out: dict[str, Any] = {}
    effects, do = [], []
    for kind, payload in pieces:
        if kind == "ability":
            name, value = payload
            out[name] = value
        elif kind == "passive":
            effects.append(payload)
        elif kind == "do":
            do.append(payload)
        elif kind in ("listed", "note"):
            continue
        else:
            raise NotRead(f"{kind} in an Ability's text")
    if effects:
        out["effect"] = effects
        out.setdefault("declared", False)
    if do:
        out["do"] = do
    return out


def trainer(pieces: list[Piece]) -> dict:
    out: dict[str, Any] = {}
    effects, do = [], []
    for kind, payload in pieces:
        if kind == "passive":
            effects.append(payload)
        elif kind == "do":
            do.append(payload)
        elif kind == "trainer":
            name, value = payload
            out[name] = value
        elif kind in ("listed", "note"):
            continue
        else:
            raise NotRead(f"{kind} in a Trainer's text")
    if effects:
        out["effects"] = effects
    if do:
        out["do"] = do
    return out


def energy(pieces: list[Piece]) -> dict:
    out: dict[str, Any] = {}
    provides, effects = [], []
    for kind, payload in pieces:
        if kind == "provides":
            provides.append(payload)
        elif kind == "passive":
            effects.append(payload)
        elif kind == "energy":
            name, value = payload
            out[name] = value
        elif kind in ("listed", "note"):
            continue
        else:
            raise NotRead(f"{kind} in a special Energy's text")
    if provides:
        out["provides"] = provides
    if effects:
        out["effects"] = effects
    return out


PARTS = {"ability": ability, "trainer": trainer, "energy": energy}
