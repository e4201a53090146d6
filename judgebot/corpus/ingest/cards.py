"""Recognising the card lines that 【文例】 / 【FAQ】 blocks quote, and the card names in them.

A card line names one card and, optionally, the attack or Ability quoted:
``フラージェス(SV1V)の特性「ブルームガーデン」``, ``グッズ「パワープロテイン」(M1L)``,
``「プリズムエネルギー」(SV11B)``; in guide-zh ``路卡利欧 ex (CSV1) 的招式「波导弹」``,
``宝可梦道具卡「道具妨碍器」`` (zh quotes trainer cards without a set code).
"""

from __future__ import annotations

import re

_SET = r"[(（]\s*(?:[A-Z][A-Za-z0-9.\-]*|\d{2,3})\s*[)）]"

_JA_CATEGORY = r"(?:グッズ|サポート|スタジアム|ポケモンのどうぐ|特殊エネルギー)"
_JA_LINE = re.compile(
    rf"^(?:{_JA_CATEGORY}\s*)?(?:「(?P<quoted>[^」]+)」|(?P<name>[^「」()（）\s][^「」()（）]*?))\s*{_SET}\s*"
    r"(?:の(?:ワザ|特性)\s*「[^」]*」|の「[^」]*」)?\s*$"
)

_ZH_CATEGORY = r"(?:物品卡|物品|支援者卡|支援者|竞技场卡|竞技场|宝可梦道具卡|宝可梦道具|特殊能量卡|特殊能量|能量卡)"
_ZH_LINE = re.compile(
    rf"^(?:{_ZH_CATEGORY}\s*「(?P<quoted>[^」]+)」\s*(?:{_SET})?"
    rf"|「?(?P<name>[^「」()（）\s][^「」()（）]*?)」?\s*{_SET}\s*(?:的?\s*(?:招式|特性)\s*「[^」]*」|的「[^」]*」)?)\s*$"
)


def card_name(line: str, lang: str) -> str | None:
    """The card a card line names, or None when the line is not a card line."""
    pattern = _ZH_LINE if lang == "zh" else _JA_LINE
    m = pattern.match(line.strip())
    if not m:
        return None
    name = (m.group("quoted") or m.group("name") or "").strip()
    return name or None
