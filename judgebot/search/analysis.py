"""Text analysis for Japanese, Chinese, Korean and English.

CJK text has no spaces between words, so a run of CJK characters is indexed as
overlapping character bigrams plus unigrams (so one-character words such as 毒 still
match). Queries use bigrams only for runs of two or more characters, which keeps
them precise. Latin text is split into lower-cased words. Before that, everything is
normalized: NFKC (full/half width), lower case, accents dropped from Latin letters
(Pokémon → pokemon), katakana folded to hiragana (ニゲル = にげる).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from collections import Counter

from judgebot.search import whoosh_lean  # noqa: F401  (first: Whoosh without unused imports)
from whoosh.analysis import Analyzer, Token, Tokenizer
from whoosh.formats import Frequency
from whoosh.system import pack_uint

_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}

# Scripts written without spaces between words, plus Hangul (Korean attaches its
# particles to words, so bigrams work better than whitespace words there too).
_CJK = (
    "\u3005\u3007\u303b"  # 々 〇 〻
    "\u3040-\u309f"  # hiragana
    "\u30a0-\u30ff"  # katakana (incl. ー)
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # han
    "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"  # hangul
)
_RUN = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[0-9a-z]+(?:['’][a-z]+)?)")


# Latin-1 supplement / extended letters to their base letter (é → e): one
# str.translate instead of a loop over every character of CJK text.
_LATIN_BASE = {code: unicodedata.normalize("NFD", chr(code))[0] for code in range(0x00C0, 0x0250)}


def strip_latin_accents(text: str) -> str:
    return text if text.isascii() else text.translate(_LATIN_BASE)


def normalize_char(char: str) -> str:
    """One character normalized (may become several, or none)."""
    text = unicodedata.normalize("NFKC", char).lower()
    return strip_latin_accents(text).translate(_KATAKANA_TO_HIRAGANA)


@lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    return strip_latin_accents(text).translate(_KATAKANA_TO_HIRAGANA)


class _OneToOne(dict):
    """str.translate table: each character to one normalized character (its first,
    when NFKC expands it, e.g. … → .), filled in on first sight."""

    def __missing__(self, code: int) -> str:
        out = normalize_char(chr(code))
        self[code] = value = out[0] if out else chr(code)
        return value


_ONE_TO_ONE = _OneToOne()


def fold_one_to_one(text: str) -> str:
    """Normalized text of exactly the same length as `text`, so an offset in one is
    the same offset in the other (for finding and highlighting terms)."""
    return text.translate(_ONE_TO_ONE)


def normalize_with_offsets(text: str) -> tuple[str, list[int]]:
    """The normalized text and, for each of its characters, the offset in `text`
    it came from (for mapping a short normalized piece back to what was typed)."""
    chars: list[str] = []
    offsets: list[int] = []
    for i, char in enumerate(text):
        for out in normalize_char(char):
            chars.append(out)
            offsets.append(i)
    return "".join(chars), offsets


def runs(text: str) -> list[tuple[str, str, int]]:
    """(kind, run, start) for each CJK run ("cjk") and Latin/digit word ("word") of
    normalized text."""
    return [(m.lastgroup, m.group(), m.start()) for m in _RUN.finditer(text)]


def cjk_grams(run: str, unigrams: bool) -> list[tuple[str, int]]:
    """(gram, offset) pairs: bigrams of a CJK run (and unigrams if asked). A run of one
    character is its own unigram."""
    if len(run) == 1:
        return [(run, 0)]
    grams = [(run[i : i + 2], i) for i in range(len(run) - 1)]
    if unigrams:
        grams += [(char, i) for i, char in enumerate(run)]
        grams.sort(key=lambda g: (g[1], len(g[0])))
    return grams


def index_terms(text: str) -> list[str]:
    """The terms a text is indexed under (what the analyzer emits at index time)."""
    return [t.text for t in CJKTokenizer()(normalize(text), mode="index")]


def index_term_list(text: str) -> list[str]:
    """The same terms as `index_terms`, in another order, built without Token objects
    (indexing counts them and nothing else)."""
    out: list[str] = []
    for match in _RUN.finditer(normalize(text)):
        run = match.group()
        if match.lastgroup == "word" or len(run) == 1:
            out.append(run)
        else:
            out.extend([run[i : i + 2] for i in range(len(run) - 1)])
            out.extend(run)
    return out


def query_terms(text: str) -> list[str]:
    """The terms a query string is searched with: bigrams for CJK runs, words for
    Latin text."""
    return [t.text for t in CJKTokenizer()(normalize(text), mode="query")]


class CJKTokenizer(Tokenizer):
    """Emits CJK bigrams (+ unigrams when indexing) and Latin words from text that
    is already normalized (CJKAnalyzer normalizes first)."""

    def __eq__(self, other):
        return type(self) is type(other)

    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        tokenize=True,
        mode="",
        **kwargs,
    ):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        with_unigrams = mode != "query"
        for kind, run, start in runs(value):
            pieces = [(run, 0)] if kind == "word" else cjk_grams(run, with_unigrams)
            for text, offset in pieces:
                token.text = text
                token.boost = 1.0
                token.stopped = False
                if keeporiginal:
                    token.original = text
                if positions:
                    token.pos = pos
                    pos += 1
                if chars:
                    token.startchar = start_char + start + offset
                    token.endchar = token.startchar + len(text)
                yield token


class CJKAnalyzer(Analyzer):
    """normalize() then CJKTokenizer, as one Whoosh analyzer. It is pickled into the
    index schema, so it lives at module level and holds no state."""

    def __call__(self, value, **kwargs):
        return CJKTokenizer()(normalize(value), **kwargs)


class CJKFrequency(Frequency):
    """Whoosh's Frequency postings, counted straight from `index_term_list` when the
    field's analyzer is CJKAnalyzer (every token has boost 1): the same postings as
    Frequency writes, without a Token per term and a generator per filter."""

    def word_values(self, value, analyzer, **kwargs):
        if not isinstance(analyzer, CJKAnalyzer) or kwargs.get("mode", "index") != "index" \
                or not isinstance(value, str):
            return super().word_values(value, analyzer, **kwargs)
        boost = self.field_boost
        return ((word, freq, freq * boost, pack_uint(freq)) for word, freq in Counter(index_term_list(value)).items())


# -- English (the renderings, data/text_en) -------------------------------------------

# Words that say nothing about a rule: the function and question words of a question
# ("can", "does", "what happens"), never searched nor indexed. Kept: words rules turn on
# ("same", "other", "before", "after", "during", "each").
ENGLISH_STOPWORDS = frozenset(
    """a an and are as at be been being but by can could did do does doing done for
    from had has have how i if in into is it its may me might must my of on or our
    should so than that the their them then there these they this those to was we were
    what when where which while who whom why will with would you your yours s d ll ve
    re t am im get gets got happen happens not no also still just""".split()
)
_ENGLISH_WORD = re.compile(r"[0-9a-z]+")


@lru_cache(maxsize=8192)
def english_stem(word: str) -> str:
    """The Porter stem of a normalized word ("benched" → "bench", "energies" →
    "energi"), as the English fields index it."""
    from whoosh.lang.porter import stem

    return stem(word)


# The renderings write numbers as digits ("attach only 1"); questions spell them out.
NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                 "seven": "7", "eight": "8", "nine": "9", "ten": "10", "once": "1", "twice": "2",
                 "single": "1"}


def english_words(text: str) -> list[str]:
    """The content words of English text, normalized (Pokémon → pokemon, one → 1), in
    order; "opponent's" is "opponent", "can't" is "can" + "t" (a stop word)."""
    return [NUMBER_WORDS.get(w, w) for w in _ENGLISH_WORD.findall(normalize(text)) if w not in ENGLISH_STOPWORDS]


def english_terms(text: str) -> list[str]:
    """The terms English text is indexed and searched under: content words, stemmed."""
    return [english_stem(w) for w in english_words(text)]


def english_term(word: str) -> str | None:
    """The term one normalized word is indexed under (None for a stop word)."""
    if word in ENGLISH_STOPWORDS:
        return None
    return english_stem(NUMBER_WORDS.get(word, word))


class EnglishAnalyzer(Analyzer):
    """normalize(), Latin words, stop words dropped, Porter stems: the English fields
    (the records' English renderings). Pickled into the schema, like CJKAnalyzer."""

    def __eq__(self, other):
        return type(self) is type(other)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, term in enumerate(english_terms(value), start_pos):
            token.text = term
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = term
            if positions:
                token.pos = pos
            yield token
