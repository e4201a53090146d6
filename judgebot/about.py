"""What `judgebot --version` reports: the program's version and each document's."""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version

from judgebot.paths import corpus_dir


def program_version() -> str:
    try:
        return version("judgebot")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def document_versions() -> list[dict]:
    """doc id, title, version and date of every document in the corpus."""
    found = []
    for path in sorted(corpus_dir().glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "attribution" not in data:
            continue  # repairs.json
        attribution = data["attribution"]
        found.append({"doc": data["doc"], "title": attribution.get("title"),
                      "version": attribution.get("version"), "date": attribution.get("date")})
    return found
