"""`check --json` for several files, written as the rulings come: the same bytes as
`json.dumps({"rulings": [...], "errors": [...]}, ensure_ascii=False, indent=2)`,
with one ruling in memory at a time. `errors` is read after the rulings are
consumed, so a producer may fill it while they are produced."""

from __future__ import annotations

import json
from typing import Iterable, TextIO

_ITEM_INDENT = "\n    "


def _item(obj) -> str:
    return "    " + json.dumps(obj, ensure_ascii=False, indent=2).replace("\n", _ITEM_INDENT)


def _items(out: TextIO, objects: Iterable) -> None:
    first = True
    for obj in objects:
        out.write(("\n" if first else ",\n") + _item(obj))
        first = False
    out.write("]" if first else "\n  ]")


def write_batch(out: TextIO, rulings: Iterable[dict], errors: list[dict]) -> None:
    out.write('{\n  "rulings": [')
    _items(out, rulings)
    out.write(',\n  "errors": [')
    _items(out, errors)
    out.write("\n}\n")
