"""OCR repairs: every change made to the source text, recorded for data/corpus/repairs.json.

Parsers call ``RepairLog.fix`` (or ``RepairLog.note``) instead of editing text
silently, so the corpus can always say what differs from the source and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


CONTEXT = 12  # characters of context kept around a regex repair in the log


@dataclass
class RepairLog:
    entries: list[dict] = field(default_factory=list)

    def record(self, doc: str, section: str, before: str, after: str, why: str) -> None:
        entry = {"doc": doc, "section": section, "before": before, "after": after, "why": why}
        if entry not in self.entries:
            self.entries.append(entry)

    def fix(self, doc: str, section: str, text: str, before: str, after: str, why: str) -> str:
        """Replace every `before` in `text` with `after`, logging it when it occurs."""
        if before not in text:
            return text
        self.record(doc, section, before, after, why)
        return text.replace(before, after)

    def fix_re(self, doc: str, section: str, text: str, pattern: str, repl: str, why: str) -> str:
        """Regex replacement; each distinct matched text is logged with its result."""

        def sub(m: re.Match) -> str:
            after = m.expand(repl)
            left = text[max(0, m.start() - CONTEXT) : m.start()].lstrip()
            right = text[m.end() : m.end() + CONTEXT].rstrip()
            self.record(doc, section, left + m.group(0) + right, left + after + right, why)
            return after

        return re.sub(pattern, sub, text)


# -- guide-ja ---------------------------------------------------------------------

MINUS_WHY = (
    "ASCII '?' stands for a minus sign lost in conversion (known defect of this copy): "
    "damage modifiers are written 「-●●」, like the card texts quoted beside them"
)
# Every '?' in guide-ja sits in a place where the card symbol '-' belongs:
# 「?」 / 「?●●」 / 『?●●』 (the '-' damage mark and "damage is -●●").
GUIDE_JA_MINUS = r"([「『])\?([●\d]*[』」])"

OCR_NOTE = "（※OCR上の表記による）"
OCR_NOTE_WHY = "a conversion note, not part of the rule text"

WIN_LOSS_NOTE = (
    "【表の読みかた（修復注記）】この写しでは同時に勝ち負けの条件を満たしたときの表が崩れています"
    "（3行目と7行目が同じ内容で結果が異なる）。表が表しているルール：おたがいのプレイヤーが同時に"
    "勝ち負けの条件を満たした場合、「サイドをすべてとった」「相手がバトルポケモンを出せない」の2つの"
    "条件のうち、より多くを満たしたプレイヤーの勝ちになります。満たした数が同じなら引き分け"
    "（タイブレーク／サドンデス）です。rules-ko B-13 の表、wiki-ja の記述と一致します。"
)
WIN_LOSS_WHY = (
    "the simultaneous win/loss table is garbled in this copy (rows 3 and 7 identical with "
    "different results); the source rows are kept and a note states the rule they encode, "
    "consistent with rules-ko B-13 and wiki-ja"
)

ZH_ICON_WHY = (
    "a type icon was lost in conversion (two spaces where the icon stood); which type it "
    "was cannot be restored reliably from the text, so it is left as is and flagged here"
)

TYPE_ICON_WHY = (
    "type icons were lost in conversion; the Energy-cost icons of the attack cannot be "
    "restored reliably, so the text is kept as in the source and flagged here"
)

# -- rules-ko -----------------------------------------------------------------------

KO_ID_WHY = "OCR misread the item number ('이' for '01', 'II' for '11'); the sequence A-00…A-08, B-00…B-14 fixes it"
KO_NUMBER_FIXES = {"00이한": "0 이하인"}  # regex -> replacement
KO_NUMBER_WHY = "OCR garbled '0 이하인' (0 or less); the same rule is printed correctly in 포켓몬 체크의 순서"

# -- rules-ja -----------------------------------------------------------------------

JA_SPACING_WHY = "conversion put a stray space inside the opening bracket"
JA_TYPO_WHY = "a character was dropped in this copy (ポケモンチェック is spelled correctly everywhere else)"
JA_BRACKET_WHY = "the opening bracket of this quoted term was dropped in this copy"
# regex -> (replacement, why); applied line by line, each occurrence logged in context
RULES_JA_FIXES = {
    r"「 +": ("「", JA_SPACING_WHY),
    r"\[ +": ("[", JA_SPACING_WHY),
    r"ポモンチェック": ("ポケモンチェック", JA_TYPO_WHY),
    r"^(\*\s*)マヒ」": (r"\1「マヒ」", JA_BRACKET_WHY),
    r"^(\*\s*)バトル場に出せるポケモンがいないとき\]": (r"\1[バトル場に出せるポケモンがいないとき]", JA_BRACKET_WHY),
}
