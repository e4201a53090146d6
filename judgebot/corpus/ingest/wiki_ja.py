"""wiki-ja: Wikipedia ポケモンカードゲーム (a 2024 text snapshot) -> sections.

A heading is the line just before a ``[編集]`` line; the section ID is the heading
text (a repeated heading gets " (2)", " (3)" …). The lead — the text between the
article title and the first heading — is a section whose ID is the article title.
The snapshot lost the heading levels, so sections are flat (parent null) rather than
nested by guesswork. Page chrome (skip link, language menu, the "出典: フリー百科事典"
line, ``[編集]`` links) is dropped; short label lines inside a section (definition
terms such as 草タイプ(くさタイプ)) become heading blocks.
"""

from __future__ import annotations

import re

from judgebot.corpus.ingest.common import SectionDraft
from judgebot.corpus.ingest.repairs import RepairLog

EDIT = "[編集]"
CHROME = (
    re.compile(r"^コンテンツにスキップ$"),
    re.compile(r"^出典: フリー百科事典"),
    re.compile(r"^\S+ \| \S+( \| \S+)*$"),  # language / site menu
)
BULLET = re.compile(r"^[•・*]\s*(.*)$")
STEP = re.compile(r"^(\d+)\.\s+(.*)$")
SENTENCE_END = re.compile(r"[。.．!?！？]$")


def parse(text: str, log: RepairLog) -> list[SectionDraft]:
    raw_lines = [l.rstrip() for l in text.splitlines() if l.strip()]
    lines = [l for l in raw_lines if not any(p.match(l.strip()) for p in CHROME)]
    headings = {i - 1 for i, l in enumerate(lines) if l.strip() == EDIT and i > 0}

    sections: list[SectionDraft] = []
    seen: dict[str, int] = {}
    current: SectionDraft | None = None
    for i, raw in enumerate(lines):
        line = raw.strip()
        if line == EDIT:
            continue
        if current is None:  # the article title opens the lead section
            current = SectionDraft(line, line, None)
            sections.append(current)
            seen[line] = 1
            continue
        if i in headings:
            seen[line] = seen.get(line, 0) + 1
            sid = line if seen[line] == 1 else f"{line} ({seen[line]})"
            current = SectionDraft(sid, line, None)
            sections.append(current)
            continue
        _block(current, raw, line)
    return sections


def _block(section: SectionDraft, raw: str, line: str) -> None:
    indent = len(raw) - len(raw.lstrip())
    level = 1 if indent >= 4 else 0
    m = BULLET.match(line)
    if m:
        section.add("bullet", m.group(1), level)
        return
    m = STEP.match(line)
    if m:
        section.add("step", f"{m.group(1)}. {m.group(2)}", level)
        return
    if len(line) <= 24 and not SENTENCE_END.search(line) and "[" not in line:
        section.add("heading", line, 1)
        return
    section.add("para", line, level)
