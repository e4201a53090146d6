"""guide-ja: 上級プレイヤー用ルールガイド (Markdown) -> sections.

Structure: ``# Ⅰ …`` / ``# Ⅱ …`` are the parts (I, II), ``## A …`` the chapters
(I-A), ``### A-01 …`` the items (I-A-01); ``####`` headings stay inside their item
as heading blocks. The table of contents (``## 目次``) is skipped.

Sub-records: each blockquote item that starts with ``**【文例】**`` is an example,
each one that starts with ``**【FAQ】**`` a FAQ. Decision: a 【文例】 quoted *inside*
a FAQ blockquote (e.g. II-B-09's second FAQ) belongs to that FAQ — it is the card
the FAQ's answer is about, and splitting it off would cut the answer in two — so it
is part of the FAQ's text and cards, not an example record of its own. Blockquotes
that only list illustrative cards (``【「かかっている効果」の例】``) are note blocks.

References: Markdown links (``[D 【きぜつ】](#d-きぜつ)``) resolve by their anchor
(GitHub heading slugs), falling back to the label; plain "… 参照" phrases and
``Ⅰ-E`` style mentions resolve by code and title.
"""

from __future__ import annotations

import re

from judgebot.corpus.ingest import repairs as R
from judgebot.corpus.ingest.cards import card_name
from judgebot.corpus.ingest.common import (
    GuideRefResolver,
    SectionDraft,
    SubDraft,
    dedupe,
    first_sentence,
)
from judgebot.corpus.ingest.repairs import RepairLog

DOC = "guide-ja"
LANG = "ja"

HEADING = re.compile(r"^(#{1,4})\s+(.*?)\s*$")
PART = re.compile(r"^(Ⅰ|Ⅱ)\s+(.*)$")
CHAPTER = re.compile(r"^([A-H])\s+(.*)$")
ITEM = re.compile(r"^([A-H])-(\d{2})\s+(.*)$")
LINK = re.compile(r"\[([^\]]+)\]\(([^)]*)\)")
MARKER = re.compile(r"^(?P<pre>.*?)\*\*【(?P<kind>文例|FAQ)】\*\*\s*(?P<rest>.*)$")
EMBEDDED_EXAMPLE = re.compile(r"^.*?\*\*【文例】\*\*\s*")
BULLET = re.compile(r"^\*\s+(.*)$")
STEP = re.compile(r"^(\d+|[a-z])\.\s+(.*)$")
BOLD_ONLY = re.compile(r"^\*\*(.+)\*\*$")
PART_IDS = {"Ⅰ": "I", "Ⅱ": "II"}


def strip_md(text: str) -> str:
    text = LINK.sub(lambda m: m.group(1), text)
    text = text.replace("**", "").replace("<br>", "")
    return re.sub(r"[ \t]+", " ", text).strip()


def slug(text: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


class _Parser:
    def __init__(self, log: RepairLog):
        self.log = log
        self.sections: list[SectionDraft] = []
        self.current: SectionDraft | None = None
        self.part = "I"
        self.chapter: str | None = None
        self.quote: list[tuple[int, str]] = []
        self.table: list[str] = []
        self.slugs: dict[str, list[str]] = {}
        self.subheadings: dict[str, str] = {}
        # raw references per section: (kind, payload, part)
        self.raw_refs: dict[int, list[tuple[str, str, str, str]]] = {}

    # -- entry -----------------------------------------------------------------
    def parse(self, text: str) -> list[SectionDraft]:
        in_body = False
        for raw in text.splitlines():
            line = raw.rstrip()
            m = HEADING.match(line)
            if m:
                level, title = len(m.group(1)), m.group(2)
                if level == 1 and PART.match(title):
                    in_body = True
                if in_body:
                    self._flush()
                    self._heading(level, title)
                continue
            if not in_body:
                continue  # title block, preface and table of contents
            self._line(line)
        self._flush()
        self._resolve_refs()
        return self.sections

    # -- structure ---------------------------------------------------------------
    def _heading(self, level: int, title: str) -> None:
        shape = {1: PART, 2: CHAPTER, 3: ITEM}.get(level)
        m = shape.match(title) if shape else None
        if shape and not m:
            raise ValueError(f"guide-ja: heading {'#' * level} {title!r} is not a part/chapter/item heading")
        if level == 1:
            self.part = PART_IDS[m.group(1)]
            self._open(self.part, m.group(2), None, title)
        elif level == 2:
            self.chapter = f"{self.part}-{m.group(1)}"
            self._open(self.chapter, m.group(2), self.part, title)
        elif level == 3:
            sid = f"{self.part}-{m.group(1)}-{m.group(2)}"
            self._open(sid, m.group(3), self.chapter, title)
        else:
            self.subheadings[title] = self.current.sid
            self.slugs.setdefault(slug(title), []).append(self.current.sid)
            self.current.add("heading", title, 0)

    def _open(self, sid: str, title: str, parent: str | None, heading: str) -> None:
        title = self.log.fix_re(DOC, sid, title, R.GUIDE_JA_MINUS, r"\1-\2", R.MINUS_WHY)
        self.current = SectionDraft(sid, title, parent)
        self.sections.append(self.current)
        self.slugs.setdefault(slug(heading), []).append(sid)

    # -- lines -------------------------------------------------------------------
    def _line(self, line: str) -> None:
        sid = self.current.sid
        line = self.log.fix_re(DOC, sid, line, R.GUIDE_JA_MINUS, r"\1-\2", R.MINUS_WHY)
        line = self.log.fix(DOC, sid, line, R.OCR_NOTE, "", R.OCR_NOTE_WHY)
        stripped = line.strip()
        indent = len(line) - len(line.lstrip(" "))
        level = indent // 4
        if stripped.startswith(">"):
            if self.table:
                self._flush()
            self.quote.append((level, stripped[1:].strip()))
            return
        if stripped.startswith("|"):
            if self.quote:
                self._flush()
            self.table.append(stripped)
            return
        self._flush()
        if not stripped or stripped == "---":
            return
        self._collect_refs(stripped)
        m = BULLET.match(stripped)
        if m:
            body = m.group(1)
            bold = BOLD_ONLY.match(body)
            self.current.add("heading" if bold else "bullet", strip_md(body), level)
            return
        m = STEP.match(stripped)
        if m:
            self.current.add("step", f"{m.group(1)}. {strip_md(m.group(2))}", level)
            return
        if stripped.startswith("※"):
            self.current.add("note", strip_md(stripped), level)
            return
        self.current.add("para", strip_md(stripped), level)

    def _flush(self) -> None:
        if self.table:
            self._table()
        if self.quote:
            self._quote()

    def _table(self) -> None:
        rows = []
        for row in self.table:
            cells = [strip_md(c) for c in row.strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                continue
            rows.append(" | ".join(cells))
        self.table = []
        self.current.add("table", "\n".join(rows), 0)
        if self.current.sid == "I-E":
            self.current.notes.append(R.WIN_LOSS_NOTE)
            self.log.record(DOC, "I-E", "", R.WIN_LOSS_NOTE, R.WIN_LOSS_WHY)

    def _quote(self) -> None:
        lines, self.quote = self.quote, []
        level = lines[0][0]
        items: list[dict] = []
        for _, content in lines:
            m = MARKER.match(content)
            inside_faq = items and items[-1]["kind"] == "faq"
            if m and not (inside_faq and m.group("kind") == "文例"):
                kind = "faq" if m.group("kind") == "FAQ" else "example"
                first = f"{m.group('pre')}【{m.group('kind')}】{m.group('rest')}"
                items.append({"kind": kind, "head": m.group("rest"), "lines": [first]})
            elif not items:
                items.append({"kind": "note", "head": "", "lines": [content]})
            else:
                items[-1]["lines"].append(content)
        for item in items:
            raw_lines = [c for c in item["lines"] if c]
            self._note_type_icons("\n".join(raw_lines))
            for c in raw_lines:
                self._collect_refs(c)
            text_lines = [strip_md(re.sub(r"^\*\s+", "・", c)) for c in raw_lines]
            text = "\n".join(t for t in text_lines if t)
            if item["kind"] == "note":
                self.current.add("note", text, level)
                continue
            head = strip_md(item["head"])
            sub = SubDraft(item["kind"], "", text)
            name = card_name(head, LANG)
            sub.title = head if name else first_sentence(head)
            later = raw_lines[1:] if item["kind"] == "faq" else []
            names = [name] + [card_name(strip_md(EMBEDDED_EXAMPLE.sub("", c)), LANG) for c in later]
            sub.cards = dedupe([n for n in names if n])
            self.raw_refs.setdefault(id(sub), [])
            self.current.add_sub(sub, level)
            # references found in this item also belong to the sub-record
            for c in raw_lines:
                for ref in self._refs_in(c):
                    self.raw_refs[id(sub)].append(ref)

    def _note_type_icons(self, text: str) -> None:
        for m in re.finditer(r"[草炎水雷超闘悪鋼無]{2,}「[^」]+」", text):
            self.log.record(DOC, self.current.sid, m.group(0), m.group(0), R.TYPE_ICON_WHY)

    # -- references -----------------------------------------------------------------
    def _refs_in(self, text: str) -> list[tuple[str, str, str, str]]:
        found = []
        for m in LINK.finditer(text):
            found.append(("link", m.group(1), m.group(2).lstrip("#"), self.part))
        plain = LINK.sub("", text).replace("**", "")
        for m in re.finditer("参照", plain):
            before = plain[max(0, m.start() - 24) : m.start()]
            span = re.split(r"[→（(、。]", before)[-1]
            if span.strip():
                found.append(("span", span, "", self.part))
        for m in re.finditer(r"[ⅠⅡ]-[A-H](?:-\d{2})?", plain):
            found.append(("span", m.group(0), "", self.part))
        return found

    def _collect_refs(self, text: str) -> None:
        self.raw_refs.setdefault(id(self.current), []).extend(self._refs_in(text))

    def _resolve_refs(self) -> None:
        titles = {s.sid: s.title for s in self.sections}
        resolver = GuideRefResolver(titles, self.subheadings)

        def resolve(raw: list[tuple[str, str, str, str]]) -> list[str]:
            out: list[str] = []
            for kind, label, anchor, part in raw:
                if kind == "link":
                    targets = self.slugs.get(anchor, [])
                    same_part = [t for t in targets if t.split("-")[0] == part]
                    if targets:
                        out.append((same_part or targets)[0])
                        continue
                    out += resolver.resolve_span(strip_md(label), part)
                else:
                    out += resolver.resolve_span(label, part)
            return out

        for section in self.sections:
            section.refs = resolve(self.raw_refs.get(id(section), []))
            for sub in section.subs:
                sub.refs = resolve(self.raw_refs.get(id(sub), []))


def parse(text: str, log: RepairLog) -> list[SectionDraft]:
    return _Parser(log).parse(text)
