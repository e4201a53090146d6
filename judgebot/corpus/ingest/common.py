"""Shared building blocks for the document parsers.

A parser turns one source file into a list of ``SectionDraft`` in reading order:
each with its own blocks (paragraphs, bullets, steps, tables, headings, notes) and
its sub-records (【FAQ】 / 【文例】 blocks) in place. ``build_records`` numbers the
sub-records, resolves references and produces the record dicts of
``judgebot.corpus.model`` in reading order (a section, then its sub-records).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

BLOCK_TYPES = ("para", "bullet", "step", "table", "heading", "note", "example", "faq")


@dataclass
class SubDraft:
    """A 【FAQ】 or 【文例】 block: its own record, cited as SECTION/faq-N or /ex-N."""

    kind: str  # "faq" | "example"
    title: str
    text: str
    cards: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)  # resolved section IDs


@dataclass
class SectionDraft:
    sid: str
    title: str
    parent: str | None
    blocks: list[dict] = field(default_factory=list)  # faq/example blocks carry "sub"
    refs: list[str] = field(default_factory=list)  # resolved section IDs
    notes: list[str] = field(default_factory=list)  # judgebot's annotations, never rule text

    def add(self, type_: str, text: str, level: int = 0) -> None:
        if type_ not in BLOCK_TYPES:
            raise ValueError(f"unknown block type {type_!r}")
        text = text.strip()
        if text:
            self.blocks.append({"type": type_, "text": text, "level": level})

    def add_sub(self, sub: SubDraft, level: int = 0) -> None:
        self.blocks.append({"type": sub.kind, "text": sub.text, "level": level, "sub": sub})

    @property
    def subs(self) -> list[SubDraft]:
        return [b["sub"] for b in self.blocks if "sub" in b]


def citation(doc: str, section: str) -> str:
    return f"{doc}:{section}"


def build_records(doc: str, lang: str, sections: list[SectionDraft]) -> list[dict]:
    """Record dicts in reading order; sub-records follow their section."""
    known = {s.sid for s in sections}
    children: dict[str, list[str]] = {}
    for s in sections:
        if s.parent is not None:
            children.setdefault(s.parent, []).append(s.sid)

    records: list[dict] = []
    for s in sections:
        cite = citation(doc, s.sid)
        counters = {"faq": 0, "example": 0}
        sub_records: list[dict] = []
        blocks: list[dict] = []
        section_refs = list(s.refs)
        for block in s.blocks:
            out = {"type": block["type"], "text": block["text"], "level": block["level"]}
            sub = block.get("sub")
            if sub is not None:
                counters[sub.kind] += 1
                suffix = "faq" if sub.kind == "faq" else "ex"
                sub_cite = f"{cite}/{suffix}-{counters[sub.kind]}"
                out["ref"] = sub_cite
                sub_refs = _clean_refs(doc, sub.refs, s.sid, known)
                section_refs += sub.refs
                sub_records.append(
                    {
                        "id": sub_cite,
                        "doc": doc,
                        "section": s.sid,
                        "kind": sub.kind,
                        "lang": lang,
                        "title": sub.title,
                        "text": sub.text,
                        "blocks": [{"type": "para", "text": line, "level": 0} for line in sub.text.split("\n") if line.strip()],
                        "parent": cite,
                        "children": [],
                        "faqs": [],
                        "examples": [],
                        "refs": sub_refs,
                        "cards": list(sub.cards),
                    }
                )
            blocks.append(out)
        record = {
            "id": cite,
            "doc": doc,
            "section": s.sid,
            "kind": "section",
            "lang": lang,
            "title": s.title,
            "text": "\n".join(b["text"] for b in blocks),
            "blocks": blocks,
            "parent": citation(doc, s.parent) if s.parent is not None else None,
            "children": [citation(doc, c) for c in children.get(s.sid, [])],
            "faqs": [r["id"] for r in sub_records if r["kind"] == "faq"],
            "examples": [r["id"] for r in sub_records if r["kind"] == "example"],
            "refs": _clean_refs(doc, section_refs, s.sid, known),
            "cards": [],
        }
        if s.notes:
            record["notes"] = list(s.notes)
        records.append(record)
        records.extend(sub_records)
    return records


def _clean_refs(doc: str, refs: list[str], own: str, known: set[str]) -> list[str]:
    """Deduplicated citations in first-mention order; never itself, never unresolved."""
    out: list[str] = []
    for sid in refs:
        if sid == own or sid not in known:
            continue
        cite = citation(doc, sid)
        if cite not in out:
            out.append(cite)
    return out


# -- text helpers -------------------------------------------------------------

SENTENCE_END = "。！？!?"


def first_sentence(text: str, limit: int = 40) -> str:
    """The first sentence of a prose block, shortened for use as a title."""
    line = text.strip().split("\n", 1)[0]
    for i, ch in enumerate(line):
        if ch in SENTENCE_END:
            line = line[: i + 1]
            break
    if len(line) > limit:
        line = line[: limit - 1].rstrip("、，,") + "…"
    return line


def dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(i for i in items if i))


def json_bytes(payload: object) -> bytes:
    """Deterministic JSON (UTF-8, ensure_ascii=False, indent=1, trailing newline)."""
    return (json.dumps(payload, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


# -- references ----------------------------------------------------------------

PART_GLYPHS = {"Ⅰ": "I", "Ⅱ": "II", "I": "I", "II": "II"}
CODE_RE = re.compile(r"(?:(Ⅰ|Ⅱ|II|I)\s*[-－.．]\s*)?(?<![A-Za-z])([A-H])(?:\s*-\s*(\d{2}))?(?![A-Za-z0-9])")


def _strip_title(text: str) -> str:
    return re.sub(r"[\s【】「」（）()．.・]", "", text)


class GuideRefResolver:
    """Turns what a guide section says it points to into section IDs.

    ``sections`` maps every section ID to its title; ``headings`` maps sub-heading
    texts (e.g. ダメージ計算の手順) to the section that holds them.
    """

    def __init__(self, titles: dict[str, str], headings: dict[str, str]):
        self.titles = titles
        self.headings = headings

    def resolve_span(self, span: str, current_part: str) -> list[str]:
        """Section IDs named in a reference phrase ("D-04 選び", "C エネルギー",
        "Ⅰ-E.勝ち負け", "ダメージ計算の手順")."""
        found: list[str] = []
        for m in CODE_RE.finditer(span):
            part = PART_GLYPHS.get(m.group(1) or "", None)
            letter, item = m.group(2), m.group(3)
            rest = _strip_title(span[m.end() : m.end() + 12])
            sid = self._pick(part, letter, item, rest, current_part)
            if sid:
                found.append(sid)
        if not found:
            for heading, sid in self.headings.items():
                if heading and heading in span:
                    found.append(sid)
        return found

    def _pick(self, part: str | None, letter: str, item: str | None, rest: str, current: str) -> str | None:
        suffix = f"{letter}-{item}" if item else letter
        parts = [part] if part else [current] + [p for p in ("I", "II") if p != current]
        candidates = [f"{p}-{suffix}" for p in parts if f"{p}-{suffix}" in self.titles]
        if not candidates:
            return None
        if not item and not part and rest:
            for sid in candidates:
                title = _strip_title(self.titles[sid])
                if title and (rest.startswith(title) or title.startswith(rest[: len(title)])):
                    return sid
        return candidates[0]
