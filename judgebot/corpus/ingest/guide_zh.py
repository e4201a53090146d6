"""guide-zh: 进阶玩家向规则指南 (plain text) -> sections.

The text has one line per paragraph (blank lines between all of them), so the
structure comes from line shapes: ``I 玩法说明书的补充`` / ``II 卡牌说明文`` (parts),
``A 宝可梦`` (chapters), ``A-01 招式`` (items; accepted only in sequence within the
current chapter, so a stray "D-04 …" can never open a section), ``◆`` bullets,
``◆ 伤害计算步骤``-style short bullets as headings, ``1.`` / ``a.`` steps, tab-separated
table rows. The table of contents (everything before the second
``I 玩法说明书的补充``) is skipped. IDs keep this edition's own numbers (its Ⅱ-E
diverges from guide-ja from E-16 on).

Lines wrapped by the conversion (a long line cut mid-sentence) are joined back.

Sub-records: ``【FAQ】`` / ``【FAQ1】`` / ``【FAQ 2】`` start a FAQ; ``【文例】`` /
``【文例 1】`` / ``例)`` start an example (CONTRACT §1: 例) blocks count as examples).
With no quote markup, a block runs to the next structural line. An example is its
card line and card text: a following line that talks about the procedure
(伤害计算 / 宣告 / 步骤 / 前进至 / 说明文 — words card texts do not use) is guide
prose and ends it. Decision (as in guide-ja): every 【文例】 header starts its own
example record; in this edition no 【文例】 is quoted inside a FAQ (a FAQ ends at
the next ``●`` / ``◆`` / header line).

References: "参考 …" phrases (``参考 D-04 选择``, ``→参考 D【昏厥】``,
``参考 [伤害计算步骤](#)``, ``请参考I-C.能量``) and mentions of a named procedure
(``伤害计算步骤``, ``【昏厥】的处理步骤``) resolve to sections.
"""

from __future__ import annotations

import re

from judgebot.corpus.ingest import repairs as R
from judgebot.corpus.ingest.cards import card_name
from judgebot.corpus.ingest.common import GuideRefResolver, SectionDraft, SubDraft, dedupe, first_sentence
from judgebot.corpus.ingest.repairs import RepairLog

DOC = "guide-zh"
LANG = "zh"

PART = re.compile(r"^(I|II)\s+(\S.*)$")
CHAPTER = re.compile(r"^([A-H])\s+(\S.{0,24})$")
ITEM = re.compile(r"^([A-H])-(\d{2})\s*(\S.*)$")
FAQ_HEAD = re.compile(r"^【FAQ\s*\d*】\s*(.*)$")
EXAMPLE_HEAD = re.compile(r"^(?:【文例\s*\d*】|例\s*\d*[)）])\s*(.*)$")
NOTE_HEAD = re.compile(r"^【[^】]*例[^】]*】")
STEP = re.compile(r"^(\d+|[a-z])\.\s*(.*)$")
COIN = re.compile(r"^(正面|反面)\s*→")
GUIDE_PROSE = re.compile(r"伤害计算|宣告|步骤|前进至|前进到|说明文")
END_PUNCT = re.compile(r"[。！？」』）)\]】：:…]\s*$")
STRUCTURAL = re.compile(r"^(?:◆|●|※|【|例\s*\d*[)）]|→|\d+\.|[a-z]\.|正面|反面|- )")
LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")
PROCEDURE = re.compile(r"(\S{2,12}?步骤)")


def _clean(line: str) -> str:
    return re.sub(r"[ \u3000]+", " ", line).strip()


def _unwrap(lines: list[str]) -> list[str]:
    """Join lines the conversion cut mid-sentence back to their paragraph."""
    out: list[str] = []
    for line in lines:
        if out:
            prev = out[-1]
            body = line.lstrip("- ").strip()
            if (
                len(prev) >= 30
                and not END_PUNCT.search(prev)
                and "\t" not in prev
                and not STRUCTURAL.match(line)
                and not ITEM.match(line)
                and not CHAPTER.match(line)
                and not ITEM.match(prev)
            ):
                sep = " " if (prev[-1].isascii() and prev[-1].isalnum()) or (body[:1].isascii() and body[:1].isalnum()) else ""
                out[-1] = prev + sep + line
                continue
        out.append(line)
    return out


ICON_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")


def lost_icons(text: str) -> list[str]:
    """Places where a type icon was dropped (two spaces where it stood), with a few
    characters of context, as they read once spaces are normalised."""
    found = []
    for m in ICON_GAP.finditer(text):
        left = text[max(0, m.start() - 8) : m.start()].rsplit("\n", 1)[-1]
        right = text[m.end() : m.end() + 8].split("\n", 1)[0]
        found.append(_clean(left + " " + right))
    return found


def _body_lines(text: str) -> list[str]:
    lines = [_clean(l) for l in text.splitlines()]
    lines = [l for l in lines if l]
    starts = [i for i, l in enumerate(lines) if PART.match(l) and PART.match(l).group(1) == "I"]
    if len(starts) < 2:
        raise ValueError("guide-zh: cannot find the body after the table of contents")
    return _unwrap(lines[starts[1] :])


class _Parser:
    def __init__(self, log: RepairLog):
        self.log = log
        self.sections: list[SectionDraft] = []
        self.current: SectionDraft | None = None
        self.part = "I"
        self.chapter: str | None = None
        self.last_item = 0
        self.step_level: int | None = None  # level of the step the current text belongs to
        self.raw: dict[int, list[str]] = {}  # id(section|sub) -> texts that may refer
        self.procedures: dict[str, str] = {}

    def parse(self, text: str) -> list[SectionDraft]:
        lines = _body_lines(text)
        i = 0
        while i < len(lines):
            i = self._line(lines, i)
        self._resolve()
        self._flag_lost_icons(text)
        return self.sections

    def _flag_lost_icons(self, text: str) -> None:
        for gap in lost_icons(text):
            home = next((s for s in self.sections if any(gap in b["text"] for b in s.blocks)), None)
            if home is not None:
                self.log.record(DOC, home.sid, gap, gap, R.ZH_ICON_WHY)

    # -- structure -------------------------------------------------------------------
    def _open(self, sid: str, title: str, parent: str | None) -> None:
        self.step_level = None
        self.current = SectionDraft(sid, title.strip(), parent)
        self.sections.append(self.current)

    def _heading(self, line: str) -> bool:
        m = PART.match(line)
        if m and m.group(1) in ("I", "II") and (m.group(1) == "I" and not self.sections or m.group(1) == "II" and self.part == "I"):
            self.part = m.group(1)
            self.chapter = None
            self._open(self.part, m.group(2), None)
            return True
        m = ITEM.match(line)
        if m and self.chapter and m.group(1) == self.chapter[-1] and int(m.group(2)) == self.last_item + 1:
            self.last_item = int(m.group(2))
            self._open(f"{self.chapter}-{m.group(2)}", m.group(3), self.chapter)
            return True
        m = CHAPTER.match(line)
        if m and not END_PUNCT.search(line):
            letter = m.group(1)
            previous = self.chapter[-1] if self.chapter and self.chapter.startswith(self.part + "-") else None
            if previous is None and letter == "A" or previous and ord(letter) == ord(previous) + 1:
                self.chapter = f"{self.part}-{letter}"
                self.last_item = 0
                self._open(self.chapter, m.group(2), self.part)
                return True
        return False

    # -- lines -----------------------------------------------------------------------
    def _line(self, lines: list[str], i: int) -> int:
        line = lines[i]
        if self._heading(line):
            return i + 1
        section = self.current
        body = line[2:].strip() if line.startswith("- ") else line
        self.raw.setdefault(id(section), []).append(body)
        if FAQ_HEAD.match(body) or EXAMPLE_HEAD.match(body):
            return self._sub(lines, i, body)
        if NOTE_HEAD.match(body):
            return self._note(lines, i, body)
        if "\t" in line:
            return self._table(lines, i)
        step = STEP.match(body)
        self.step_level = (1 if step.group(1).isdigit() else 2) if step else self.step_level
        if body.startswith(("◆", "●", "※")):
            self.step_level = None
        if body.startswith("◆"):
            text = body.lstrip("◆").strip()
            if len(text) <= 24 and not END_PUNCT.search(text):
                section.add("heading", text, 0)
                if text.endswith("步骤"):
                    self.procedures[text] = section.sid
            else:
                section.add("bullet", text, 0)
        elif body.startswith("●"):
            section.add("heading", body.lstrip("●").strip(), 1)
        elif body.startswith("※"):
            section.add("note", body, 0)
        elif COIN.match(body):
            section.add("bullet", body, 2)
        elif STEP.match(body):
            m = STEP.match(body)
            level = 1 if m.group(1).isdigit() else 2
            step_text = LINK.sub(r"\1", m.group(2))
            section.add("step", f"{m.group(1)}. {step_text}", level)
        elif line.startswith("- "):
            section.add("bullet", body, 1)
        else:  # a paragraph under a step belongs to that step
            section.add("para", LINK.sub(r"\1", body), self._under_step())
        return i + 1

    def _under_step(self) -> int:
        return 0 if self.step_level is None else self.step_level + 1

    def _block_end(self, lines: list[str], i: int, stop_on_bullet_lines: bool) -> int:
        """Index of the first line after i that starts a new structural element."""
        j = i + 1
        while j < len(lines):
            nxt = lines[j]
            body = nxt[2:].strip() if nxt.startswith("- ") else nxt
            if ITEM.match(nxt) or CHAPTER.match(nxt) and not END_PUNCT.search(nxt) or PART.match(nxt):
                break
            if body.startswith(("◆", "※", "【")) or EXAMPLE_HEAD.match(body):
                break
            if stop_on_bullet_lines and (body.startswith("●") or STEP.match(body) or COIN.match(body)):
                break
            j += 1
        return j

    def _sub(self, lines: list[str], i: int, head_line: str) -> int:
        faq = FAQ_HEAD.match(head_line)
        kind = "faq" if faq else "example"
        head = (faq or EXAMPLE_HEAD.match(head_line)).group(1).strip()
        end = self._block_end(lines, i, stop_on_bullet_lines=True)
        raw_body = lines[i + 1 : end]
        body = [l[2:].strip() if l.startswith("- ") else l for l in raw_body]
        if kind == "example":
            for k, line in enumerate(body):
                if k >= 1 and (GUIDE_PROSE.search(line) or raw_body[k].startswith("- ")):
                    end = i + 1 + k
                    body = body[:k]
                    break
        text = "\n".join([head_line] + body)
        name = card_name(head, LANG)
        sub = SubDraft(kind, head if name else first_sentence(head), text)
        later = body if kind == "faq" else []
        sub.cards = dedupe([name] + [card_name(l, LANG) for l in later])
        self.raw[id(sub)] = [head_line] + body
        self.raw.setdefault(id(self.current), []).extend(body)
        self.current.add_sub(sub, max(1, self._under_step()))
        return end

    def _note(self, lines: list[str], i: int, head_line: str) -> int:
        end = i + 1
        while end < len(lines):
            body = lines[end][2:].strip() if lines[end].startswith("- ") else lines[end]
            if ITEM.match(lines[end]) or body.startswith(("◆", "※", "【")) or EXAMPLE_HEAD.match(body):
                break
            end += 1
        text = "\n".join(l[2:].strip() if l.startswith("- ") else l for l in lines[i:end])
        self.current.add("note", text, 1)
        self.raw.setdefault(id(self.current), []).extend(lines[i + 1 : end])
        return end

    def _table(self, lines: list[str], i: int) -> int:
        end = i
        rows = []
        while end < len(lines) and "\t" in lines[end]:
            rows.append(" | ".join(c.strip() for c in lines[end].split("\t")))
            end += 1
        self.current.add("table", "\n".join(rows), 0)
        return end

    # -- references --------------------------------------------------------------------
    def _refs(self, texts: list[str], resolver: GuideRefResolver, part: str) -> list[str]:
        found: list[str] = []
        for text in texts:
            for m in LINK.finditer(text):
                found += resolver.resolve_span(m.group(1), part)
            plain = LINK.sub("", text)
            for m in re.finditer("参考", plain):
                span = plain[m.end() : m.end() + 80].split("。")[0]
                found += resolver.resolve_span(span, part)
            for name, sid in self.procedures.items():
                if name in plain:
                    found.append(sid)
        return found

    def _resolve(self) -> None:
        titles = {s.sid: s.title for s in self.sections}
        resolver = GuideRefResolver(titles, self.procedures)
        for section in self.sections:
            part = section.sid.split("-")[0]
            section.refs = self._refs(self.raw.get(id(section), []), resolver, part)
            for sub in section.subs:
                sub.refs = self._refs(self.raw.get(id(sub), []), resolver, part)


def parse(text: str, log: RepairLog) -> list[SectionDraft]:
    return _Parser(log).parse(text)
