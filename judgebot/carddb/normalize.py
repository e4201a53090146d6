"""Spelling, written one way: the keys names and texts are compared by.

Used by the importer (to tell prints of one card from different cards) and at run time
(to match what a judge types). Nothing here decides what a card says.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Marks that do not make a name different: blanks, hyphens and dashes, dots, apostrophes,
# the Japanese middle dot. (SCENARIOS.md "Real cards": case, full/half width, spaces and
# hyphens are ignored; `chien pao ex` = Chien-Pao ex, `무쇠손 ex` = 무쇠손ex.)
_NAME_MARKS = re.compile(r"[\s\-‐‑‒–—―・·'’‘`.．:：]+")
_LATIN = str.maketrans("éèêëáàâäíìîïóòôöúùûüçñ", "eeeeaaaaiiiioooouuuucn")


class LazyPattern:
    """A regular expression compiled on first use: the name keys every search computes
    need none of the text patterns below (their compiling cost every search ~1 ms)."""

    def __init__(self, pattern: str):
        self.pattern, self.compiled = pattern, None

    def __getattr__(self, name: str):
        if self.compiled is None:
            self.compiled = re.compile(self.pattern)
        return getattr(self.compiled, name)



@lru_cache(maxsize=65536)  # the same few thousand names in a batch of scenarios
def name_key(name: str) -> str:
    """A name as it is compared: NFKC (full/half width), case folded, Latin accents
    dropped (Pokémon = Pokemon), ♀/♂ as f/m, blanks, hyphens, dots and apostrophes
    removed. The long vowel mark ー is kept (it spells a different Japanese name)."""
    text = unicodedata.normalize("NFKC", name).casefold().translate(_LATIN)
    text = text.replace("♀", "f").replace("♂", "m")
    return _NAME_MARKS.sub("", text)


_NUMBER = re.compile(r"^([A-Za-z][A-Za-z0-9.\-]*?)[\s\-_/]*0*(\d+)$")


def print_key(set_code: str, number: str) -> str:
    """A printed set code and number as compared: `OBF 125`, `obf125`, `PAR 70` =
    `PAR 070`; the set code case-free, hyphens in it ignored (`SV-P` = `SVP`) only where
    the two spellings name the same set (`print_keys` decides)."""
    number = number.strip()
    digits = re.fullmatch(r"0*(\d+)", number)
    number = digits.group(1) if digits else number.upper()
    return f"{set_code.upper()} {number}"


# -- texts ------------------------------------------------------------------------------------

# The Energy symbols as TCGdex writes them in Japanese ([R]) — some files use the type's
# kanji in the brackets; written the one way ([N] for Dragon, as the English files do).
JA_SYMBOLS = {"[竜]": "[N]", "[雷]": "[L]", "[無]": "[C]", "[超]": "[P]", "[草]": "[G]", "[炎]": "[R]",
              "[水]": "[W]", "[闘]": "[F]", "[悪]": "[D]", "[鋼]": "[M]"}
_SYMBOL = LazyPattern(r"\[[A-Z]\]|\{[A-Z]\}|【(?:草|火|水|雷|超|鬥|惡|鋼|龍|無|妖)】")
_TEXT_MARKS = LazyPattern(r"[\s'’‘`\"“”「」『』.,、。!！?？:：;；()（）\[\]［］【】{}<>＜＞\-‐‑–—・]+")


def spell_text(text: str) -> str:
    """A card text with its spelling written one way (what is stored): Energy symbols in
    the one notation, blanks collapsed."""
    for old, new in JA_SYMBOLS.items():
        text = text.replace(old, new)
    return re.sub(r"\s+", " ", text).strip()


def symbols(text: str) -> list[str]:
    """The Energy symbols a text prints, in order ({R}, [R], 【火】)."""
    return _SYMBOL.findall(text or "")


# Texts that spell a type in words where other prints print its symbol (基本超エネルギー,
# Basic Fire Energy): compared as the symbol.
_JA_TYPE = {"草": "[G]", "炎": "[R]", "水": "[W]", "雷": "[L]", "超": "[P]", "闘": "[F]", "悪": "[D]",
            "鋼": "[M]", "無色": "[C]"}
_JA_TYPE_WORD = LazyPattern(r"(無色|草|炎|水|雷|超|闘|悪|鋼)(?=\s*(?:エネルギー|ポケモン|タイプ))")
_EN_TYPE = {"Grass": "{G}", "Fire": "{R}", "Water": "{W}", "Lightning": "{L}", "Psychic": "{P}",
            "Fighting": "{F}", "Darkness": "{D}", "Metal": "{M}", "Dragon": "{N}", "Colorless": "{C}"}
_EN_TYPE_WORD = LazyPattern(r"\b(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal)(?= Energy| Pokémon)")


def type_words_as_symbols(text: str) -> str:
    """基本超エネルギー → 基本[P]エネルギー, Basic Fire Energy → Basic {R} Energy (for comparing)."""
    text = _JA_TYPE_WORD.sub(lambda m: _JA_TYPE[m.group(1)], text)
    return _EN_TYPE_WORD.sub(lambda m: _EN_TYPE[m.group(1)], text)


def text_key(text: str | None, keep_symbols: bool = True) -> str:
    """A text as compared between prints: NFKC, case folded, punctuation and blanks
    removed; without its Energy symbols when `keep_symbols` is false (a print that
    dropped one is still the same text)."""
    if not text:
        return ""
    text = type_words_as_symbols(unicodedata.normalize("NFKC", spell_text(text)))
    if not keep_symbols:
        text = _SYMBOL.sub("", text)
    return _TEXT_MARKS.sub("", text.casefold().translate(_LATIN))
