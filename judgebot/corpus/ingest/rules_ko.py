"""rules-ko: 포켓몬 카드 게임 오피셜 룰 Ver.3.0 -> sections.

Chapters ``A`` (게임 용어) and ``B`` (플레이 룰) with items A-00 … A-08, B-00 … B-14
(OCR-garbled numbers repaired by sequence: ``A-이`` -> A-01, ``B-II`` -> B-11), then the
unnumbered sections whose ID is their heading text. ``(B-12)`` mentions become refs;
page references such as ``(P024)`` point into the printed booklet and are left out.
"""

from __future__ import annotations

from judgebot.corpus.ingest import repairs as R
from judgebot.corpus.ingest.common import SectionDraft
from judgebot.corpus.ingest.playrules import PlayRulesParser, PlayRulesSpec
from judgebot.corpus.ingest.repairs import RepairLog

SPEC = PlayRulesSpec(
    doc="rules-ko",
    chapters=True,
    last_item="B-14",
    trailing=[
        "독",
        "화상",
        "잠듦",
        "마비",
        "혼란",
        "포켓몬 체크의 순서",
        "자신의 차례에 할 수 있는 것",
        "기술의 데미지 계산의 순서",
        "카드의 설명문에 대해",
    ],
    id_why=R.KO_ID_WHY,
    text_fixes={before: (after, R.KO_NUMBER_WHY) for before, after in R.KO_NUMBER_FIXES.items()},
)


def parse(text: str, log: RepairLog) -> list[SectionDraft]:
    return PlayRulesParser(SPEC, log).parse(text)
