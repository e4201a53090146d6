"""`check --json` for several files, written as the rulings come: the same bytes as
`json.dumps({"rulings": [...], "errors": [...]}, ensure_ascii=False, indent=2)`,
with one ruling in memory at a time (`dumps`: the caller's json.dumps(obj, indent=2),
e.g. with its own escaping). `errors` is read after the rulings are
consumed, so a producer may fill it while they are produced."""

from __future__ import annotations

import json
from typing import Callable, Iterable, TextIO

_ITEM_INDENT = "\n    "


def _indented(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)


def _items(out: TextIO, objects: Iterable, dumps: Callable[[object], str]) -> None:
    first = True
    for obj in objects:
        out.write(("\n    " if first else ",\n    ") + dumps(obj).replace("\n", _ITEM_INDENT))
        first = False
    out.write("]" if first else "\n  ]")


def write_batch(out: TextIO, rulings: Iterable[dict], errors: list[dict],
                dumps: Callable[[object], str] = _indented) -> None:
    out.write('{\n  "rulings": [')
    _items(out, rulings, dumps)
    out.write(',\n  "errors": [')
    _items(out, errors, dumps)
    out.write("\n}\n")
