"""The five source documents: how to recognise each seed file, and its attribution."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judgebot.errors import InputError


@dataclass(frozen=True)
class Source:
    doc: str
    prefix: str  # seed file-name prefix (seeds/README.md)
    signature: str  # text found near the top of the file
    lang: str
    title: str
    publisher: str
    version: str | None
    date: str | None
    note: str

    def attribution(self, file_name: str) -> dict:
        return {
            "title": self.title,
            "publisher": self.publisher,
            "version": self.version,
            "date": self.date,
            "lang": self.lang,
            "source": file_name,
            "note": self.note,
        }


SOURCES: dict[str, Source] = {
    s.doc: s
    for s in (
        Source(
            "guide-ja", "000_", "上級プレイヤー用ルールガイド", "ja",
            "ポケモンカードゲーム 上級プレイヤー用ルールガイド",
            "株式会社ポケモン (The Pokémon Company)", "Ver. 3.4", "2025-08-01",
            "Advanced Player Rule Guide, converted to Markdown. The current, authoritative rules "
            "text. OCR repairs are listed in repairs.json.",
        ),
        Source(
            "guide-zh", "001_", "进阶玩家向规则指南", "zh",
            "宝可梦集换式卡牌游戏 进阶玩家向规则指南",
            "The Pokémon Company (Simplified Chinese edition)", "Ver.3.1.0", None,
            "Simplified-Chinese edition of the Advanced Player Rule Guide, plain text. Chapter Ⅱ-E "
            "is numbered differently from E-16 on; IDs keep this edition's own numbers.",
        ),
        Source(
            "rules-ko", "002_", "오피셜 룰", "ko",
            "포켓몬 카드 게임 오피셜 룰",
            "(주)포켓몬코리아 (Pokémon Korea)", "Ver.3.0", None,
            "Official play rules for the XY series. OCR-damaged item numbers are repaired "
            "(see repairs.json).",
        ),
        Source(
            "rules-ja", "003_", "基本ルール", "ja",
            "ポケモンカードゲーム 基本ルール",
            "株式会社ポケモン (quoted from the official site on a fan wiki page)", None, None,
            "Older official play rules (DP era: Poké-Powers, LV.X, double battles). Historical; "
            "the page's comment box is not part of the rules and is dropped.",
        ),
        Source(
            "wiki-ja", "004_", "フリー百科事典", "ja",
            "ポケモンカードゲーム (Wikipedia 日本語版)",
            "Wikipedia contributors (CC BY-SA 4.0)", "2024 snapshot", "2024",
            "Background, not an authority. Page chrome (menus, edit links) is dropped.",
        ),
    )
}

_SNIFF_CHARS = 3000


def identify_seeds(seeds_dir: Path) -> dict[str, Path]:
    """doc id -> seed file. A file is matched by its prefix and must carry its
    document's signature; when prefixes were changed, the signature alone decides."""
    if not seeds_dir.is_dir():
        raise InputError(f"{seeds_dir}: not a folder with the source documents")
    candidates = sorted(p for p in seeds_dir.glob("*.txt") if p.is_file())
    heads = {p: p.read_text(encoding="utf-8", errors="replace")[:_SNIFF_CHARS] for p in candidates}
    found: dict[str, Path] = {}
    for doc, source in SOURCES.items():
        by_prefix = [p for p in candidates if p.name.startswith(source.prefix) and source.signature in heads[p]]
        by_content = [p for p in candidates if _sniff(heads[p]) == doc]
        match = by_prefix or by_content
        if not match:
            raise InputError(f"{seeds_dir}: no source file for {doc} (expected {source.prefix}*.txt containing {source.signature!r})")
        found[doc] = match[0]
    return found


def _sniff(head: str) -> str | None:
    """The document a file's opening text belongs to (wiki first: it quotes the others)."""
    order = ("wiki-ja", "guide-ja", "guide-zh", "rules-ko", "rules-ja")
    for doc in order:
        if SOURCES[doc].signature in head:
            return doc
    return None
