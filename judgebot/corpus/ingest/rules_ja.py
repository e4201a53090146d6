"""rules-ja: 基本ルール (DP-era official play rules, as quoted on a wiki page) -> sections.

Items B-00 … B-16 (no chapter line in this copy, so items have no parent), then the
special-condition sections: the group heading ``どく やけど ねむり マヒ こんらん`` with
children どく, やけど, ねむり, マヒ, こんらん (their 「どく」が回復するまで sub-headings stay
inside them). The wiki page's comment box (``コメント`` and after) is page chrome and
is dropped. Stray spaces inside brackets (「 どく」) and the typo ポモンチェック are
repaired and logged.
"""

from __future__ import annotations

from judgebot.corpus.ingest import repairs as R
from judgebot.corpus.ingest.common import SectionDraft
from judgebot.corpus.ingest.playrules import PlayRulesParser, PlayRulesSpec
from judgebot.corpus.ingest.repairs import RepairLog

CONDITIONS = ["どく", "やけど", "ねむり", "マヒ", "こんらん"]
GROUP = "どく やけど ねむり マヒ こんらん"

SPEC = PlayRulesSpec(
    doc="rules-ja",
    chapters=False,
    last_item="B-16",
    trailing=[GROUP, *CONDITIONS],
    trailing_groups={GROUP: CONDITIONS},
    stop_at="コメント",
    text_fixes=R.RULES_JA_FIXES,
)


def parse(text: str, log: RepairLog) -> list[SectionDraft]:
    return PlayRulesParser(SPEC, log).parse(text)
