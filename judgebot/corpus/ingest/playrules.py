"""Shared parser for the two play-rule documents (rules-ko, rules-ja).

Both print their items as ``B-09 자신의 차례에 할 수 있는 것`` / ``B-10 自分の番にできること``
and continue, after the last numbered item, with unnumbered per-condition sections
(독 / どく …). Item numbers are read *in sequence*: a line opens the next item only
when its letter is the current chapter and its number is the next one, so a
garbled number (``A-이``, ``B-II``) is recognised by position, repaired to the number
it must have, and logged.

The unnumbered trailing headings are listed per document (``trailing``): they were
read off the whole text, and parsing fails loudly if one of them is missing, so the
list cannot silently drift from the source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgebot.corpus.ingest.common import SectionDraft
from judgebot.corpus.ingest.repairs import RepairLog

ITEM = re.compile(r"^([AB])\s*-\s*(\S{1,3})\s+(\S.*)$")
CHAPTER = re.compile(r"^([AB]):\s*(\S.*)$")
BULLET = re.compile(r"^(?:-\s*)?([◆○•*])\s*(.*)$")
SUB_BULLET = re.compile(r"^(?:-|o|·)\s+(.*)$")
HEADING_MARK = re.compile(r"^([●▶▼])\s*(.*)$")
BRACKETED = re.compile(r"^(\[[^\]]+\]?|【[^】]+】|<[^>]+>|〈[^〉]+〉|《[^》]+》|〔[^〕]+〕)$")
STEP = re.compile(r"^(?:(\d+)\.?\s+|([①②③④⑤⑥⑦⑧⑨]))\s*(.*)$")
REF = re.compile(r"[(（]([AB]-\d{2})[)）]")
SENTENCE_END = re.compile(r"[.。．!?！？)）]$|[다요]$")


@dataclass
class PlayRulesSpec:
    doc: str
    chapters: bool  # rules-ko has "A: 게임 용어" / "B: 플레이 룰" chapter lines
    last_item: str  # the trailing headings come after this item
    trailing: list[str]  # unnumbered headings after the last item, in order
    trailing_groups: dict[str, list[str]] = field(default_factory=dict)  # group -> children
    stop_at: str | None = None  # first line of page chrome to drop (e.g. a comment box)
    id_why: str = ""
    text_fixes: dict[str, tuple[str, str]] = field(default_factory=dict)  # regex -> (replacement, why)


class PlayRulesParser:
    def __init__(self, spec: PlayRulesSpec, log: RepairLog):
        self.spec = spec
        self.log = log
        self.sections: list[SectionDraft] = []
        self.current: SectionDraft | None = None
        self.chapter: str | None = None
        self.expected: dict[str, int] = {}
        self.trailing_mode = False
        self.group_of = {c: g for g, cs in spec.trailing_groups.items() for c in cs}
        self.raw: dict[int, list[str]] = {}

    def parse(self, text: str) -> list[SectionDraft]:
        lines = [l.rstrip() for l in text.splitlines() if l.strip()]
        if self.spec.stop_at is not None:
            cut = [i for i, l in enumerate(lines) if l.strip() == self.spec.stop_at]
            if cut:
                lines = lines[: cut[-1]]
        missing = [h for h in self.spec.trailing if h not in {l.strip() for l in lines}]
        if missing:
            raise ValueError(f"{self.spec.doc}: headings not found in the source: {missing}")
        pending = list(self.spec.trailing)
        for raw in lines:
            line = raw.strip()
            if self._structure(line, pending):
                continue
            if self.current is None:
                continue  # title and preface before the first section
            self._body(raw, line)
        self._resolve()
        return self.sections

    # -- structure ---------------------------------------------------------------------
    def _open(self, sid: str, title: str, parent: str | None) -> None:
        self.current = SectionDraft(sid, title, parent)
        self.sections.append(self.current)

    def _structure(self, line: str, pending: list[str]) -> bool:
        if self.trailing_mode or (pending and self.current is not None and self.current.sid == self.spec.last_item):
            if pending and line == pending[0]:
                pending.pop(0)
                self.trailing_mode = True
                self._open(line, line, self.group_of.get(line))
                return True
        if self.trailing_mode:
            return False
        m = CHAPTER.match(line)
        if self.spec.chapters and m and m.group(1) not in self.expected:
            self.chapter = m.group(1)
            self.expected[self.chapter] = 0
            self._open(self.chapter, m.group(2).strip(), None)
            return True
        m = ITEM.match(line)
        if m:
            letter, number, title = m.groups()
            if not self.spec.chapters and letter not in self.expected:
                self.chapter = letter
                self.expected[letter] = int(number) if number.isdigit() else 0
            if letter == self.chapter and self._is_next(number, letter):
                sid = f"{letter}-{self.expected[letter]:02d}"
                if number != f"{self.expected[letter]:02d}":
                    self.log.record(self.spec.doc, sid, f"{letter}-{number} {title}", f"{sid} {title}", self.spec.id_why)
                self.expected[letter] += 1
                self._open(sid, title.strip(), self.chapter if self.spec.chapters else None)
                return True
        return False

    def _is_next(self, number: str, letter: str) -> bool:
        want = self.expected[letter]
        if number.isdigit():
            return int(number) == want
        # a garbled number: accepted only where the sequence needs an item and the
        # token is not a word (at most 2 characters, no Latin letters beyond I/l/O)
        return len(number) <= 2 and bool(re.fullmatch(r"[이일IlO0-9]+", number))

    # -- body ------------------------------------------------------------------------------
    def _body(self, raw: str, line: str) -> None:
        section = self.current
        for before, (after, why) in self.spec.text_fixes.items():
            line = self.log.fix_re(self.spec.doc, section.sid, line, before, after, why)
        self.raw.setdefault(id(section), []).append(line)
        indent = len(raw) - len(raw.lstrip())
        if "\t" in line:
            self._table_row(line)
            return
        if line.startswith("※") or line.startswith("- ※"):
            section.add("note", line.lstrip("- ").strip(), 0)
            return
        m = HEADING_MARK.match(line)
        if m:
            section.add("heading", m.group(2), 1)
            return
        if BRACKETED.match(line):
            section.add("heading", line, 1)
            return
        m = BULLET.match(line)
        if m:
            level = 0 if indent <= 4 else 1
            section.add("bullet", m.group(2), level)
            return
        m = SUB_BULLET.match(line)
        if m:
            section.add("bullet", m.group(1), 1 if indent <= 8 else 2)
            return
        m = STEP.match(line)
        if m and (m.group(2) or len(line) > 2):
            label = m.group(1) or m.group(2)
            section.add("step", f"{label}. {m.group(3)}" if m.group(1) else f"{label} {m.group(3)}", 1)
            return
        if len(line) <= 16 and not SENTENCE_END.search(line):
            section.add("heading", line, 1)  # a label or sub-heading ("「どく」が回復するまで")
            return
        section.add("para", line, 0)

    def _table_row(self, line: str) -> None:
        row = " | ".join(c.strip() for c in line.split("\t"))
        blocks = self.current.blocks
        if blocks and blocks[-1]["type"] == "table":
            blocks[-1]["text"] += "\n" + row
        else:
            self.current.add("table", row, 0)

    # -- references -----------------------------------------------------------------------
    def _resolve(self) -> None:
        known = {s.sid for s in self.sections}
        for section in self.sections:
            refs = [m.group(1) for text in self.raw.get(id(section), []) for m in REF.finditer(text)]
            section.refs = [r for r in refs if r in known]
