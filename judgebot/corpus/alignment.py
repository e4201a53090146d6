"""Equivalents across documents, from the curated data/alignment.yaml.

Format::

    guides:            # every guide-ja section -> the guide-zh section with the same
      I-A-01: I-A-01   # content (chapter Ⅱ-E numbering diverges from E-16 on)
      II-E-17: II-E-28
    merged:            # guide-zh sections whose content guide-ja merged into one
      II-E-28: II-E-16 #   section that already has its own counterpart (zh -> ja)
    rules:             # play-rule / wiki sections -> guide-ja sections on the same rule
      rules-ko:B-12: [I-F]
      rules-ja:B-14: [I-F]
    items:             # guide-ja FAQs / examples -> the guide-zh one with the same ruling
      II-C-05/faq-1: II-C-05/faq-1

Equivalence is by content, so it is data a person curated, not a numbering rule.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterator, Protocol

from judgebot.yaml_data import YAMLError, load_yaml

from judgebot.errors import InputError
from judgebot.paths import data_dir

class Records(Protocol):
    """What this module needs of a corpus (judgebot.corpus.model.Corpus): its records in
    order and by ID. A protocol, so that this module never imports the model."""

    by_id: dict

    def __iter__(self) -> Iterator: ...


def load_alignment() -> dict:
    """data/alignment.yaml, read from the user cache while it is unchanged (judgebot.derived)."""
    from judgebot.derived import cached

    path = data_dir() / "alignment.yaml"
    if not path.exists():
        return _read_alignment(path)
    return cached("alignment", [path], [], lambda: _read_alignment(path))


def _read_alignment(path) -> dict:
    if not path.exists():
        return {"guides": {}, "merged": {}, "rules": {}, "items": {}}
    try:
        raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    except YAMLError as exc:
        raise InputError(f"{path}: not valid YAML: {exc}") from None
    return {
        "guides": raw.get("guides") or {},
        "merged": raw.get("merged") or {},
        "rules": raw.get("rules") or {},
        "items": raw.get("items") or {},
    }


def equivalence_pairs(alignment: dict) -> list[tuple[str, str]]:
    """Undirected citation pairs that name the same item."""
    pairs: list[tuple[str, str]] = []
    for ja, zh in alignment["guides"].items():
        pairs.append((f"guide-ja:{ja}", f"guide-zh:{zh}"))
    for zh, ja in alignment["merged"].items():
        pairs.append((f"guide-ja:{ja}", f"guide-zh:{zh}"))
    for rule, targets in alignment["rules"].items():
        for target in targets if isinstance(targets, list) else [targets]:
            pairs.append((rule, target if ":" in target else f"guide-ja:{target}"))
    return pairs


def guide_ja_counterparts(alignment: dict) -> dict[str, str]:
    """guide-zh section -> the guide-ja section with its content (a counterpart, or the
    section a guide-zh item was merged into)."""
    pairs = {f"guide-zh:{zh}": f"guide-ja:{ja}" for ja, zh in alignment["guides"].items()}
    pairs.update({f"guide-zh:{zh}": f"guide-ja:{ja}" for zh, ja in alignment["merged"].items()})
    return pairs


def attach_equivalents(corpus: Records) -> None:
    """Fill Record.equivalents: the guide counterpart, and for a guide section the
    play-rule sections on the same rule (and the reverse); for a FAQ or example, the
    other guide's FAQ or example with the same ruling (`items`)."""
    alignment = load_alignment()
    ja_to_zh = {f"guide-ja:{k}": f"guide-zh:{v}" for k, v in alignment["guides"].items()}
    zh_to_ja = guide_ja_counterparts(alignment)
    merged_into: dict[str, list[str]] = defaultdict(list)  # guide-ja id -> merged zh ids
    for zh, ja in alignment["merged"].items():
        merged_into[f"guide-ja:{ja}"].append(f"guide-zh:{zh}")
    rules_of: dict[str, set[str]] = defaultdict(set)  # guide-ja id -> rule ids
    targets_of: dict[str, set[str]] = defaultdict(set)  # rule id -> guide-ja ids
    for a, b in equivalence_pairs(alignment):
        if a.startswith("guide-ja:") and b.startswith("guide-zh:"):
            continue
        rules_of[b].add(a)
        targets_of[a].add(b)

    items = {f"guide-ja:{k}": f"guide-zh:{v}" for k, v in alignment["items"].items()}
    items.update({zh: ja for ja, zh in list(items.items())})
    for record in corpus:
        if record.kind != "section":
            counterpart = items.get(record.id)
            record.equivalents = [counterpart] if counterpart in corpus.by_id else []
            continue
        eq: list[str] = []
        if record.doc == "guide-ja":
            eq += [ja_to_zh[record.id]] if record.id in ja_to_zh else []
            eq += merged_into.get(record.id, [])  # after the main counterpart: follow() picks that
            eq += sorted(rules_of.get(record.id, ()))
        elif record.doc == "guide-zh":
            ja = zh_to_ja.get(record.id)
            if ja:
                eq += [ja] + sorted(rules_of.get(ja, ()))
        else:
            for ja in sorted(targets_of.get(record.id, ())):
                eq += [ja] + ([ja_to_zh[ja]] if ja in ja_to_zh else []) + merged_into.get(ja, [])
        record.equivalents = [c for c in dict.fromkeys(eq) if c in corpus.by_id and c != record.id]
