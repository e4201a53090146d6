"""Korean particles (조사) chosen from the noun before them.

A Korean message template writes a particle whose form depends on the noun before it in
its generic form — `{mon}은(는)`, `{energy}을(를)`, `{mon}이(가)`, `{a}와(과)`,
`{zone}(으)로` — because the noun is a parameter (a card name, a position, a number).
`attach_particles(text)` replaces each generic form, once the parameters are in the
text, by the one the noun takes: 은/이/을/과/으로 after a final consonant (받침), 는/가/
를/와/로 after a vowel, and 로 after ㄹ as after a vowel (the ㄹ rule of (으)로). No
generic form reaches the reader.

The noun is read as a Korean reader says it (`final_sound`):
- Hangul: the last syllable's final consonant;
- numbers: their Sino-Korean reading (1 일, 2 이, 10 십, 100 백, 1000 천 …);
- Japanese kana: as it is transcribed into Hangul (ン → ㄴ, ッ → ㅅ, every other kana ends
  in a vowel; ー takes the kana before it);
- Chinese characters (a Chinese or Japanese card name): their Korean reading (漢字音),
  from a table derived from the Unicode Han Database (data/hangul_finals.txt; `python -m
  judgebot.korean` rebuilds it);
- Latin letters: an abbreviation (ex, V, VMAX, HP) by its letters' names (엑스, 브이, 맥스,
  에이치피), a word by its last letter (l → ㄹ; m, n → a consonant; else a vowel);
- closing brackets and quotes are looked through (「はどうだん」 ends in ン), and a
  parenthesis after a word leaves the particle to the word (ヨクバリス (상대의 배틀 포켓몬)은
  follows ヨクバリス, as Korean writing does).

A noun whose last sound cannot be read this way (a symbol alone) takes the vowel forms.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

VOWEL, RIEUL, CONSONANT = "vowel", "rieul", "consonant"

# generic form -> (after a consonant, after a vowel, after ㄹ)
PARTICLES = {
    "은(는)": ("은", "는", "은"),
    "이(가)": ("이", "가", "이"),
    "을(를)": ("을", "를", "을"),
    "와(과)": ("과", "와", "과"),
    "과(와)": ("과", "와", "과"),
    "(으)로": ("으로", "로", "로"),
    "(이)": ("이", "", "이"),  # (이)다, (이)나, (이)라: the copula's 이 drops after a vowel
}
GENERIC = re.compile("|".join(re.escape(form) for form in sorted(PARTICLES, key=len, reverse=True)))

_SINO_DIGITS = {"0": CONSONANT, "1": RIEUL, "2": VOWEL, "3": CONSONANT, "4": VOWEL, "5": VOWEL, "6": CONSONANT,
                "7": RIEUL, "8": RIEUL, "9": VOWEL}
# The names of the Latin letters in Korean: L 엘, R 알 end in ㄹ; M 엠, N 엔 in a consonant.
_LETTER_NAMES = {"L": RIEUL, "R": RIEUL, "M": CONSONANT, "N": CONSONANT}
_CLOSERS = "」』）)]】〕〉》\"'”’»>"
_OPENERS = {"」": "「", "』": "『", "）": "（", ")": "(", "]": "[", "】": "【", "〕": "〔", "〉": "〈", "》": "《",
            "”": "“", "’": "‘", "»": "«", ">": "<"}


def _hangul(char: str) -> str:
    tail = (ord(char) - 0xAC00) % 28
    return VOWEL if tail == 0 else RIEUL if tail == 8 else CONSONANT


def _number(digits: str) -> str:
    """The Sino-Korean reading's last sound: a trailing zero is 십, 백, 천, 만 …, all
    ending in a consonant; otherwise the last digit's (일, 이, 삼 …)."""
    return CONSONANT if digits.endswith("0") else _SINO_DIGITS[digits[-1]]


# The game's own Latin words as Korean players say them (브이스타, 브이맥스, 태그 팀, 유니온).
_READINGS = {"vstar": VOWEL, "vmax": VOWEL, "v": VOWEL, "ex": VOWEL, "gx": VOWEL, "team": CONSONANT,
             "union": CONSONANT, "hp": VOWEL}


def _latin(word: str) -> str:
    if word.lower() in _READINGS:
        return _READINGS[word.lower()]
    if word.isupper() or len(word) <= 3:  # an abbreviation: ex, V, VMAX, HP, GX — said letter by letter
        return _LETTER_NAMES.get(word[-1].upper(), VOWEL)
    last = word[-1].lower()
    return RIEUL if last == "l" else CONSONANT if last in "mn" else VOWEL


_KANA_N = "ンん"
_KANA_TSU = "ッっ"
_KANA_LONG = "ー〜～"


@lru_cache(maxsize=1)
def _hanja_finals() -> dict[str, str]:
    from judgebot.paths import data_dir

    table: dict[str, str] = {}
    text = (data_dir() / "hangul_finals.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        sound, _, chars = line.partition(":")
        for char in chars.strip():
            table[char] = sound.strip()
    return table


def _is_han(char: str) -> bool:
    return unicodedata.name(char, "").startswith(("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH"))


def final_sound(text: str) -> str | None:
    """VOWEL, RIEUL or CONSONANT: how the last noun of `text` ends when a Korean reader
    says it; None when nothing in it can be read."""
    text = unicodedata.normalize("NFKC", text).rstrip()
    end = len(text)
    while end > 0:
        char = text[end - 1]
        if char.isspace():
            end -= 1
            continue
        if char in _OPENERS and char not in "」』\"'”’»":
            # A parenthesis after a word: the particle agrees with the word.
            start = text.rfind(_OPENERS[char], 0, end - 1)
            if start > 0 and text[:start].strip():
                end = start
                continue
        if char in _CLOSERS:
            end -= 1
            continue
        break
    for index in range(end - 1, -1, -1):
        char = text[index]
        if "\uac00" <= char <= "\ud7a3":
            return _hangul(char)
        if char.isdigit() and char.isascii():
            start = index
            while start > 0 and text[start - 1].isdigit():
                start -= 1
            return _number(text[start:index + 1])
        if char.isascii() and char.isalpha():
            start = index
            while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
                start -= 1
            return _latin(text[start:index + 1])
        if char in _KANA_N:
            return CONSONANT
        if char in _KANA_TSU:
            return CONSONANT
        if char in _KANA_LONG:
            continue  # a long vowel: the kana before it
        if "\u3041" <= char <= "\u30fa":
            return VOWEL
        if _is_han(char):
            found = _hanja_finals().get(char)
            if found is not None:
                return found
            return None
        # A symbol (◇, ☆, ・): the word before it.
    return None


def particle(noun: str, generic: str) -> str:
    """The form of `generic` (e.g. "은(는)") that follows `noun`."""
    after_consonant, after_vowel, after_rieul = PARTICLES[generic]
    sound = final_sound(noun)
    if sound == CONSONANT:
        return after_consonant
    if sound == RIEUL:
        return after_rieul
    return after_vowel


def attach_particles(text: str) -> str:
    """Every generic particle of `text` replaced by the form its noun takes."""
    if "(" not in text:
        return text
    out: list[str] = []
    last = 0
    for match in GENERIC.finditer(text):
        out.append(text[last:match.start()])
        before = "".join(out)
        out.append(particle(before, match.group(0)))
        last = match.end()
    out.append(text[last:])
    return "".join(out)


# -- the table of Chinese characters' Korean readings ------------------------------------------

def build_table(unihan_dir: str, out: str) -> int:
    """data/hangul_finals.txt from the Unicode Han Database (Unihan_Readings.txt and
    Unihan_Variants.txt, plain or .bz2, as Debian's unicode-data ships them): each
    character's Korean reading (kHangul, else kKorean), else that of a variant (a
    traditional, simplified, semantic or Z variant: 龙 reads as 龍, 룡), by its last sound."""
    import bz2
    from pathlib import Path

    def lines(name: str):
        for candidate in (Path(unihan_dir, name), Path(unihan_dir, name + ".bz2")):
            if candidate.is_file():
                opener = bz2.open if candidate.suffix == ".bz2" else open
                with opener(candidate, "rt", encoding="utf-8") as handle:
                    for line in handle:
                        if line.startswith("U+"):
                            yield line.rstrip("\n").split("\t")
                return
        raise FileNotFoundError(f"{unihan_dir}: no {name}")

    def char(code: str) -> str:
        return chr(int(code.split("<")[0][2:], 16))

    hangul: dict[str, str] = {}
    romanized: dict[str, str] = {}
    for code, field, value in lines("Unihan_Readings.txt"):
        if field == "kHangul":
            hangul[char(code)] = value.split()[0].split(":")[0]
        elif field == "kKorean":
            romanized[char(code)] = value.split()[0]
    variants: dict[str, list[str]] = {}
    for code, field, value in lines("Unihan_Variants.txt"):
        if field in ("kTraditionalVariant", "kSimplifiedVariant", "kSemanticVariant", "kZVariant",
                     "kSpecializedSemanticVariant"):
            variants.setdefault(char(code), []).extend(char(v) for v in value.split())

    def sound(ch: str, depth: int = 0) -> str | None:
        if ch in hangul:
            return _hangul(hangul[ch][-1])
        if ch in romanized:
            last = romanized[ch][-1].upper()
            return VOWEL if last in "AEIOUY" else RIEUL if last == "L" else CONSONANT
        if depth < 2:
            for other in variants.get(ch, ()):
                found = sound(other, depth + 1)
                if found is not None:
                    return found
        return None

    table: dict[str, list[str]] = {VOWEL: [], RIEUL: [], CONSONANT: []}
    every = set(hangul) | set(romanized) | set(variants)
    for ch in sorted(every):
        found = sound(ch)
        if found is not None:
            table[found].append(ch)
    header = ("# The last sound of each Chinese character's Korean reading (漢字音), for Korean particles\n"
              "# (judgebot/korean.py). Derived from the Unicode Han Database (Unihan: kHangul, kKorean and\n"
              "# the variant fields), © Unicode, Inc., Unicode License v3; rebuilt by\n"
              "# `python -m judgebot.korean UNIHAN_DIR data/hangul_finals.txt`.\n")
    body = "".join(f"{sound_}: {''.join(chars)}\n" for sound_, chars in table.items())
    Path(out).write_text(header + body, encoding="utf-8")
    return sum(len(chars) for chars in table.values())


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 3:
        sys.exit("usage: python -m judgebot.korean UNIHAN_DIR OUT (e.g. /usr/share/unicode data/hangul_finals.txt)")
    print(f"{build_table(sys.argv[1], sys.argv[2])} characters")
