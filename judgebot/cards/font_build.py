"""Cut the font subsets the wheel ships (`data/fonts/`): for each card language and
weight, Noto Sans CJK cut to every character of the packaged data, so that cards of
the packaged rules need no cutting at run time (`fonts.packaged_fonts`).

Run by `python3 dev.py fonts` when the data gains characters; a test fails until then.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import yaml

from judgebot.cards import fonts
from judgebot.cards.flowables import FIXED_CHARS
from judgebot.files import write_atomically
from judgebot.paths import packaged_data_dir

WEIGHTS = ("regular", "bold")


def packaged_charset(data: Path | None = None) -> set[str]:
    """Every printable character of the packaged data's JSON and YAML (keys and
    values), plus the characters every card may print."""
    data = data or packaged_data_dir()
    found: set[str] = set(FIXED_CHARS)
    for path in sorted(data.rglob("*")):
        if path.parent.name == "fonts":
            continue  # the manifest of the subsets themselves
        if path.suffix == ".json":
            _strings_into(json.loads(path.read_text(encoding="utf-8")), found)
        elif path.suffix == ".yaml":
            _strings_into(yaml.safe_load(path.read_text(encoding="utf-8")), found)
    return {c for c in found if fonts._printable(c)}


def _strings_into(value, found: set[str]) -> None:
    if isinstance(value, str):
        found.update(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _strings_into(key, found)
            _strings_into(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings_into(item, found)


def build(out: Path, charset: set[str]) -> dict:
    """Write the six subsets and their manifest into `out`; returns the manifest."""
    cmap = fonts._cmap("regular")
    drawn = "".join(sorted(c for c in charset if ord(c) in cmap))
    lacking = "".join(sorted(c for c in charset if ord(c) not in cmap))
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"source": fonts.FONT_LICENSE, "chars": drawn, "lacking": lacking, "fonts": {}}
    for lang in sorted(fonts.LOCL_TAGS):
        for weight in WEIGHTS:
            name = f"judgebot-{lang}-{weight}.ttf"
            body = fonts._cut_subset(weight, lang, [ord(c) for c in drawn],
                                     f"NotoSansCJK{lang}-{weight.title()}-judgebot")
            write_atomically(out / name, body)
            manifest["fonts"][f"{lang}-{weight}"] = {"file": name, "sha256": hashlib.sha256(body).hexdigest()}
    write_atomically(out / fonts.PACKAGED_MANIFEST,
                     (json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode())
    return manifest


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("data/fonts")
    result = build(target, packaged_charset(Path("data") if len(sys.argv) <= 2 else Path(sys.argv[2])))
    print(f"{target}: {len(result['fonts'])} subsets of {len(result['chars'])} characters "
          f"({len(result['lacking'])} without a glyph in Noto)")
