"""Which sections a ruling step may cite: the reviewed table in data/citations.yaml.

The table maps a step kind (`ask.step`, or `ask.reason` for a reason) to the sections
that can decide it, each checked against the guide's text. A step's candidate
citations (its procedure, the effects and cards in play) are kept only when the table
lists them for that kind, then ordered decisive first — the FAQ that answers the case,
then the item (Ⅱ) that states the rule, then the procedure (Ⅰ, play rules). A kind
the table does not list keeps its candidates in that order; the
test suite fails on it (tests/engine/test_citation_table.py), so the table is where a
new step kind is reviewed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from judgebot.yaml_data import YAMLError, load_yaml

from judgebot.errors import InputError
from judgebot.paths import data_dir



@lru_cache(maxsize=1)
def table() -> dict[str, tuple[str, ...]]:
    path = data_dir() / "citations.yaml"
    try:
        raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    except (OSError, YAMLError) as exc:
        raise InputError(f"{path}: cannot read the citation table: {exc}") from None
    return {kind: tuple(cites or ()) for kind, cites in (raw.get("kinds") or {}).items()}


def rank(citation: str) -> int:
    """0 a FAQ, 1 an item of chapter Ⅱ, 2 a procedure (chapter Ⅰ) or a play-rule section."""
    section = citation.split(":", 1)[-1]
    if "/faq-" in section:
        return 0
    return 1 if section.startswith("II-") else 2


def decide(kind: str, candidates: Iterable[str]) -> list[str]:
    cites = list(dict.fromkeys(candidates))
    allowed = table().get(kind)
    if allowed is not None:
        cites = [c for c in cites if c in allowed]
    return sorted(cites, key=rank)


# Languages whose own edition a ruling cites where it has the rule (CONTRACT.md, check
# --lang): zh guide-zh; ko rules-ko, else the guide-ja section. ja and en cite the table's
# own sections (guide-ja first; guide-zh where only guide-zh states the rule).
LOCALIZED = ("zh", "ko")


@lru_cache(maxsize=1)
def _play_rule_sections() -> dict[str, list[str]]:
    """guide-ja section -> the rules-ko sections whose main subject it is (the first guide
    section data/alignment.yaml lists for them), most specific first."""
    from judgebot.corpus.alignment import load_alignment

    found: dict[str, list[tuple[int, str]]] = {}
    for rule, targets in load_alignment()["rules"].items():
        targets = targets if isinstance(targets, list) else [targets]
        if rule.startswith("rules-ko:") and targets:
            first = targets[0] if ":" in targets[0] else f"guide-ja:{targets[0]}"
            found.setdefault(first, []).append((len(targets), rule))
    return {ja: [rule for _, rule in sorted(rules)] for ja, rules in found.items()}


def _equivalent(corpus, cite: str, lang: str, cited: list[str]) -> str | None:
    """The same rule in `lang`'s edition: zh the guide-zh counterpart (for a FAQ, the
    counterpart of its section, whose text holds it); ko the rules-ko section whose main
    subject it is, one the step cites already first."""
    record = corpus.get(cite)
    if lang == "ko":
        ja = cite if record.doc == "guide-ja" else next((e for e in record.equivalents if e.startswith("guide-ja:")), None)
        options = _play_rule_sections().get(ja or "", [])
        return sorted(options, key=lambda r: r not in cited)[0] if options else None
    for candidate in (record, corpus.get(cite.split("/", 1)[0]) if "/" in cite else None):
        if candidate is None:
            continue
        try:
            return corpus.follow(candidate, lang).id
        except InputError:
            continue
    return None


def localize(cites: Iterable[str], lang: str) -> list[str]:
    """Each citation in the edition of `lang` where it has the rule (see _equivalent)."""
    from judgebot.corpus import load_corpus

    corpus = load_corpus()
    cites = list(cites)
    out: list[str] = []
    for cite in cites:
        if corpus.get(cite).lang != lang:
            cite = _equivalent(corpus, cite, lang, cites) or cite
        out.append(cite)
    return list(dict.fromkeys(out))
