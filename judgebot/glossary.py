"""The multilingual glossary (data/glossary.yaml): game terms in ja / zh / ko / en.

Each entry names one game term in the four languages, with optional aliases (other
spellings, older-era terms, plurals), a kind, and the sections that define or explain
it (citations that resolve in the corpus). Two uses:

- `lookup(word)` answers `judgebot term WORD` (the `term --json` object of CONTRACT.md);
- `find_terms(text)` names the entries a free-text query mentions, in any language,
  so search can expand "does weakness apply to benched pokemon" into 弱点 / 약점 / …

File format (a list of mappings)::

    - ja: にげる
      zh: 撤退
      ko: 후퇴
      en: Retreat
      kind: game_term
      sections: [guide-ja:I-A-03, guide-zh:I-A-03, rules-ko:B-09]
      aliases: {en: [retreats, retreating], ja: [逃げる]}
      in_text: false        # optional: found by lookup only, never by find_terms
                            # (for words so common they would match every query)
      text_exclude: [weak]  # optional: forms find_terms ignores (too ambiguous in
                            # running text), still found by lookup

In rule phrases, ●● ▲▲ ■■ stand for "some value" as in the guide's headings.
"""

from __future__ import annotations

import os
import re
import time
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judgebot.errors import InputError
from judgebot.paths import cache_dir, data_dir

LANGS = ("ja", "zh", "ko", "en")
KINDS = (
    "game_term",
    "zone",
    "card_kind",
    "special_condition",
    "type",
    "action",
    "rule_phrase",
    "rule_box",
    "card_name",
)
MAX_RESULTS = 12
# A file modified less than this long ago may change again within the same modification
# time: its digest is computed from its content, not taken from the kept signature.
SETTLED_SECONDS = 2.0
# DOC:SECTION[/faq-N|/ex-N]; wiki-ja and some rules-ko sections are named by heading.
class _Pattern:
    """A regular expression compiled on first use: a search (which only reads the compiled
    glossary) needs none of the ones parsing and building it use."""

    def __init__(self, pattern: str):
        self.pattern = pattern
        self.compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        if self.compiled is None:
            self.compiled = re.compile(self.pattern)
        return getattr(self.compiled, name)


_CITATION = _Pattern(r"^[a-z]+-[a-z]+:[^\s/:][^/:]*(/(faq|ex)-\d+)?$")


# -- normalization -------------------------------------------------------------

_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"'})
_PLACEHOLDER = _Pattern(r"[●▲■]+")
# Punctuation that carries no meaning in a term ("【きぜつ】", "「+●●」", "Pokémon-ex").
_NOISE = _Pattern(r"[\s【】「」『』\"'・·,，、。.!?！？:：;；()（）\[\]［］_/]+")
# A hyphen inside a word joins ("Pokémon-EX" = "Pokémon EX"); a sign before a
# number is meaning ("「-●●」" is not "「+●●」").
_JOINING_HYPHEN = _Pattern(r"(?<=[^\W_])[-‐–—](?=[^\W_])|(?<=\s)[-‐–—](?=\s)")


def fold(text: str) -> str:
    """Text as terms are compared: NFKC (full/half width), lower case, accents dropped
    from Latin letters (Pokémon → pokemon), katakana folded to hiragana (ニゲル =
    にげる), typographic quotes made plain, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_QUOTES)
    if not text.isascii():
        out = []
        for char in text:
            if "\u00c0" <= char <= "\u024f":
                char = unicodedata.normalize("NFD", char)[0]
            out.append(char)
        text = "".join(out).translate(_KATAKANA_TO_HIRAGANA)
    return " ".join(text.split())


def key(text: str) -> str:
    """The comparison key of a term: folded, without spaces, punctuation or the
    placeholders ●● ▲▲ ■■ (so "最大 HP" = "最大HP", "Pokémon ex" = "pokemonex")."""
    return _NOISE.sub("", _JOINING_HYPHEN.sub("", _PLACEHOLDER.sub("", fold(text))))


def _is_latin(text: str) -> bool:
    return all(c.isascii() or "\u00c0" <= c <= "\u024f" for c in text)


def _latin_words(text: str) -> str:
    """Latin text as space-separated folded words ("Pokémon-EX" → "pokemon ex")."""
    return " ".join(re.findall(r"[0-9a-z]+", _PLACEHOLDER.sub(" ", fold(text)).replace("'", "")))


def singulars(word_key: str) -> list[str]:
    """Keys an English plural / inflected key may stand for ("weaknesses" → "weakness",
    "energies" → "energy", "benched" → "bench")."""
    out = []
    if word_key.endswith("ies") and len(word_key) > 4:
        out.append(word_key[:-3] + "y")
    if word_key.endswith("es") and len(word_key) > 3:
        out.append(word_key[:-2])
    if word_key.endswith("s") and len(word_key) > 2:
        out.append(word_key[:-1])
    if word_key.endswith("ed") and len(word_key) > 4:
        out += [word_key[:-2], word_key[:-1]]
    if word_key.endswith("ing") and len(word_key) > 5:
        out += [word_key[:-3], word_key[:-3] + "e"]
    return out


# -- entries -------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    ja: str
    zh: str
    ko: str
    en: str
    kind: str
    sections: tuple[str, ...]
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, hash=False)
    in_text: bool = True
    text_exclude: frozenset[str] = field(default_factory=frozenset, compare=False, hash=False)
    line: int = 0

    def word(self, lang: str) -> str:
        return getattr(self, lang)

    def forms(self, lang: str) -> list[str]:
        """The main word in `lang` and its aliases."""
        return [self.word(lang), *self.aliases.get(lang, ())]

    def all_forms(self) -> list[tuple[str, str]]:
        return [(lang, form) for lang in LANGS for form in self.forms(lang)]

    def text_forms(self) -> list[tuple[str, str]]:
        """The (lang, form) pairs find_terms looks for in free text."""
        if not self.in_text:
            return []
        return [(lang, f) for lang, f in self.all_forms() if fold(f) not in self.text_exclude]

    def to_contract(self) -> dict:
        """One entry of the `term --json` object (plus additive keys)."""
        return {
            "ja": self.ja,
            "zh": self.zh,
            "ko": self.ko,
            "en": self.en,
            "sections": list(self.sections),
            "kind": self.kind,
            "aliases": {lang: list(self.aliases.get(lang, ())) for lang in LANGS},
        }


@lru_cache(maxsize=1)
def _line_loader():
    """Safe loader that records the line of every mapping (for error messages). Made
    on first parse: a search that finds the compiled glossary never imports yaml."""
    import yaml

    class LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass

    def construct_mapping(loader, node) -> dict:
        mapping = loader.construct_mapping(node, deep=True)
        mapping["__line__"] = node.start_mark.line + 1
        return mapping

    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return LineLoader


def glossary_path() -> Path:
    return data_dir() / "glossary.yaml"


def everyday_path() -> Path:
    """Everyday words of play and of the table in the four languages (face down,
    rock-paper-scissors, opening hand, time limit …): glossary entries of their own
    file, read with the glossary when the file is there."""
    return data_dir() / "glossary_everyday.yaml"


def glossary_files(path: Path) -> list[Path]:
    """The glossary file and, beside it, the everyday words' file if there is one."""
    everyday = path.with_name("glossary_everyday.yaml")
    return [path, *([everyday] if everyday.is_file() else [])]


def _entry_from(raw: object, path: Path, index: int) -> Entry:
    if not isinstance(raw, dict):
        raise InputError(f"{path}: entry {index + 1}: expected a mapping, got {type(raw).__name__}")
    line = raw.get("__line__", 0)
    where = f"{path}:{line}"
    words = {}
    for lang in LANGS:
        value = raw.get(lang)
        if not isinstance(value, str) or not value.strip():
            raise InputError(f"{where}: entry needs a non-empty {lang!r} word")
        words[lang] = value.strip()
    kind = raw.get("kind")
    if kind not in KINDS:
        raise InputError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    sections = raw.get("sections")
    if not isinstance(sections, list) or not sections:
        raise InputError(f"{where}: entry {words['ja']!r} needs a list of sections")
    for citation in sections:
        if not isinstance(citation, str) or not _CITATION.match(citation):
            raise InputError(f"{where}: {citation!r} is not a citation like guide-ja:I-A-03")
    aliases_raw = raw.get("aliases") or {}
    if not isinstance(aliases_raw, dict):
        raise InputError(f"{where}: aliases must map a language to a list of words")
    aliases: dict[str, tuple[str, ...]] = {}
    for lang, forms in aliases_raw.items():
        if lang == "__line__":
            continue
        if lang not in LANGS or not isinstance(forms, list):
            raise InputError(f"{where}: aliases must map ja/zh/ko/en to a list of words")
        cleaned = [str(f).strip() for f in forms if str(f).strip()]
        aliases[lang] = tuple(dict.fromkeys(f for f in cleaned if f != words[lang]))
    exclude = raw.get("text_exclude") or []
    if not isinstance(exclude, list):
        raise InputError(f"{where}: text_exclude must be a list of words")
    forms = {fold(f) for lang in LANGS for f in [words[lang], *aliases.get(lang, ())]}
    stray = [str(w) for w in exclude if fold(str(w)) not in forms]
    if stray:
        raise InputError(f"{where}: text_exclude names words the entry does not have: {', '.join(stray)}")
    unknown = set(raw) - {*LANGS, "kind", "sections", "aliases", "in_text", "text_exclude", "__line__"}
    if unknown:
        raise InputError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    return Entry(
        **words,
        kind=kind,
        sections=tuple(dict.fromkeys(sections)),
        aliases=aliases,
        in_text=bool(raw.get("in_text", True)),
        text_exclude=frozenset(fold(str(w)) for w in exclude),
        line=line,
    )


def _read_entries(path: Path) -> list[Entry]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the glossary: {exc.strerror or exc}") from None
    import yaml

    try:
        raw = yaml.load(text, Loader=_line_loader())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise InputError(f"{where}: not valid YAML: {problem}") from None
    if not isinstance(raw, list):
        raise InputError(f"{path}: expected a list of entries")
    return [_entry_from(item, path, i) for i, item in enumerate(raw)]


# -- the matcher ---------------------------------------------------------------

# A one-character CJK/Hangul form (草, 炎, 독 …) is too ambiguous to match inside
# running text on its own; it counts only before one of these words (草ポケモン,
# 물 에너지) or when it is the whole text.
_ONE_CHAR_CONTEXT = (
    "タイプ ポケモン エネルギー 状態 属性 宝可梦 能量 状态 타입 포켓몬 에너지 상태 마커 데미지"
).split()


_BRACKETS = str.maketrans("", "", "【】「」『』\"")


def _unbracket(text: str) -> str:
    """Quotes and brackets dropped: 「【きぜつ】」 reads as きぜつ in free text."""
    return text.translate(_BRACKETS)


_OPTIONAL = _Pattern(r"\([^()]*\)")
_SEPARATORS = frozenset(" -'")


def _text_form(form: str) -> tuple[str, bool]:
    """A folded form as find_terms reads it: brackets and optional parts
    "（それぞれ）" dropped, a run of placeholders ●● ▲▲ ■■ as one ●, and
    placeholders at either end dropped ("●●ダメージ追加" is found as ダメージ追加).
    The flag says whether a placeholder was dropped."""
    form = " ".join(_PLACEHOLDER.sub("●", _OPTIONAL.sub(" ", _unbracket(form))).split())
    trimmed = form.strip(" ●、,.+-−?")
    return " ".join(trimmed.split()), "●" in form.replace(trimmed, "", 1)


def _skeleton(text: str) -> tuple[str, list[int]]:
    """`text` without spaces, hyphens and apostrophes (so "benched pokemon",
    "tag-team" and "벤치포켓몬" match their spaced forms), and for each character
    kept its offset in `text`."""
    chars, offsets = [], []
    for i, char in enumerate(text):
        if char not in _SEPARATORS:
            chars.append(char)
            offsets.append(i)
    return "".join(chars), offsets


def _is_word_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _wildcard_pattern(form: str) -> str:
    """A regex for a form with a placeholder inside ("ダメカンを●個のせる" matches
    "ダメカンを3個のせる"): a placeholder stands for a short value."""
    pieces = []
    for part in re.split("(●)", form):
        if part == "●":
            pieces.append(r"[^\s。、,.]{1,8}?")
        else:
            pieces.append(re.escape(part).replace(r"\ ", r"[\s\-]?").replace("'", "'?"))
    return "".join(pieces)


def _required_literals(form: str) -> tuple[str, ...]:
    """The pieces of a placeholder form that any text it matches contains as written
    (the pattern lets spaces and apostrophes go: "this attack" also matches
    "this-attack")."""
    return tuple(piece for piece in re.split(r"[●\s']+", form) if piece)


@lru_cache(maxsize=256)
def _alternation(patterns: tuple[str, ...]) -> re.Pattern:
    return re.compile("|".join(f"({p})" for p in patterns))


def _english_variants(form: str) -> list[str]:
    """An English form and its inflections on the last word (attack → attacks,
    attacked, attacking; evolve → evolves, evolved, evolving; energy → energies)."""
    variants = [form]
    if not re.search(r"[a-z]$", form):
        return variants
    head, _, last = form.rpartition(" ")
    prefix = head + " " if head else ""
    if last.endswith("e"):
        inflected = [last + "s", last + "d", last[:-1] + "ing"]
    else:
        inflected = [last + "s", last + "es", last + "ed", last + "ing"]
    if last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
        inflected += [last[:-1] + "ies", last[:-1] + "ied"]
    return variants + [prefix + word for word in inflected]


class TextMatcher:
    """Finds glossary forms in free text: the longest form at each position wins,
    earlier positions first (最大HP before HP, "benched pokemon" before "pokemon").

    Literal forms are keys of one dict by their skeleton, tried at each position of the
    text's skeleton from the longest length down (a flat dict unpickles in a fraction of
    the time a character trie of the same forms takes: every search loads it); Latin
    forms must start and end on word boundaries; a one-character CJK/Hangul form needs
    a context word after it (see _ONE_CHAR_CONTEXT); forms with a placeholder inside
    are matched by one small regex."""

    def __init__(self, entries: list[Entry]):
        forms: dict[str, tuple[list[Entry], bool]] = {}
        self.forms = forms
        wildcards: dict[str, list[Entry]] = {}
        wildcard_forms: list[str] = []  # the form of each pattern, in the same order
        # A phrase whose placeholder was dropped must not become another entry's
        # word: "+●● damage" is not found as "damage".
        owner_of = {key(form): entry for entry in entries for _, form in entry.all_forms()}
        for entry in entries:
            for lang, form in entry.text_forms():
                folded, trimmed = _text_form(fold(form))
                if trimmed and owner_of.get(key(folded), entry) is not entry:
                    continue
                for variant in _english_variants(folded) if lang == "en" else [folded]:
                    if "●" in variant:
                        pattern = _wildcard_pattern(variant)
                        if pattern not in wildcards:
                            wildcard_forms.append(variant)
                        wildcards.setdefault(pattern, []).append(entry)
                    else:
                        self._add(variant, entry)
        # the lengths of the forms, longest first, and the first two characters of
        # every form longer than one (a position where none starts is passed over)
        self.lengths = sorted({len(form) for form in forms}, reverse=True)
        self.heads = frozenset(form[:2] for form in forms if len(form) > 1)
        # Kept as form → number of its group of owners (negative: a one-character form
        # that needs a context word), the groups once each: a flat dict of numbers
        # unpickles several times faster than one of (list, flag) pairs.
        groups: dict[tuple, int] = {}
        self.owners: list[tuple[Entry, ...]] = []
        self.forms = {}
        for form, (owners, one_char) in forms.items():
            group = tuple(owners)
            if group not in groups:
                groups[group] = len(self.owners)
                self.owners.append(group)
            self.forms[form] = -1 - groups[group] if one_char else groups[group]
        # One alternation of every placeholder form costs ~50 ms to compile, more than
        # the rest of a search: only the forms all of whose literal words occur in a text
        # are compiled (a pattern with a literal absent cannot match, so the result is
        # that of the whole alternation).
        self.wildcard_patterns = list(wildcards)
        self.wildcard_owners = [wildcards[p] for p in self.wildcard_patterns]
        self.wildcard_literals = [_required_literals(form) for form in wildcard_forms]

    def _add(self, variant: str, entry: Entry) -> None:
        skeleton, _ = _skeleton(variant)
        if not skeleton:
            return
        latin = all(_is_word_char(c) for c in skeleton)
        if latin and len(skeleton) < 2:
            return
        owners, _ = self.forms.setdefault(skeleton, ([], len(skeleton) == 1 and not latin))
        if entry not in owners:
            owners.append(entry)  # (while building: self.forms is then `forms` above)

    def spans(self, text: str) -> list[tuple[int, int, list[Entry]]]:
        """(start, end, entries) of every candidate match, in `text` offsets."""
        skeleton, offsets = _skeleton(text)
        size = len(skeleton)
        forms, heads = self.forms, self.heads
        found = []
        for i, char in enumerate(skeleton):
            if _is_word_char(char) and offsets[i] > 0 and _is_word_char(text[offsets[i] - 1]):
                continue  # a Latin form must start a word
            longer = skeleton[i:i + 2] in heads
            for length in self.lengths:
                if i + length > size or (length > 1 and not longer):
                    continue
                hit = forms.get(skeleton[i:i + length])
                if hit is not None and self._ends_well(text, offsets[i + length - 1] + 1,
                                                       skeleton[i + length - 1], hit < 0):
                    found.append((offsets[i], offsets[i + length - 1] + 1,
                                  list(self.owners[-1 - hit if hit < 0 else hit])))
                    break
        candidates = tuple(i for i, literals in enumerate(self.wildcard_literals)
                           if all(literal in text for literal in literals))
        if candidates:
            regex = _alternation(tuple(self.wildcard_patterns[i] for i in candidates))
            for match in regex.finditer(text):
                owners = self.wildcard_owners[candidates[match.lastindex - 1]]
                found.append((match.start(), match.end(), owners))
        return found

    @staticmethod
    def _ends_well(text: str, end: int, last: str, one_char: bool) -> bool:
        if _is_word_char(last) and end < len(text) and _is_word_char(text[end]):
            return False  # a Latin form must end a word
        if one_char:
            rest = text[end:].lstrip()
            whole = not text[: end - 1].strip() and not rest
            return whole or rest.startswith(_ONE_CHAR_CONTEXT_FOLDED)
        return True

    def find(self, text: str) -> list[Entry]:
        text = _unbracket(fold(text))
        chosen: list[Entry] = []
        last_end = -1
        for start, end, owners in sorted(self.spans(text), key=lambda s: (s[0], s[0] - s[1])):
            if start < last_end:
                continue
            last_end = end
            chosen += [e for e in owners if e not in chosen]
        return chosen


_ONE_CHAR_CONTEXT_FOLDED = tuple(fold(word) for word in _ONE_CHAR_CONTEXT)


class Glossary:
    def __init__(self, entries: list[Entry], cards: list[Entry] = ()):
        self.entries = entries
        # The quoted cards' names (card_entries): found in queries, not terms of their
        # own (`term` and the glossary cards list the glossary's entries only).
        # A card the glossary has already (きずぐすり, Potion) is the glossary's.
        known = {key(form) for entry in entries for _, form in entry.all_forms()}
        self.cards = [c for c in cards if not any(key(f) in known for _, f in c.all_forms() if f)]
        self._by_key: dict[str, list[Entry]] | None = None
        self._matcher: TextMatcher | None = None
        self._english: tuple[str, ...] | None = None
        self._cards_by_other_name: dict[str, Entry] | None = None

    @property
    def by_key(self) -> dict[str, list[Entry]]:
        """Entries by the key of each of their forms, built on first use (`term` needs
        it; a search never does)."""
        if self._by_key is None:
            by_key: dict[str, list[Entry]] = {}
            for entry in self.entries:
                for _, form in entry.all_forms():
                    bucket = by_key.setdefault(key(form), [])
                    if entry not in bucket:
                        bucket.append(entry)
            by_key.pop("", None)
            self._by_key = by_key
        return self._by_key

    @property
    def english_words(self) -> tuple[str, ...]:
        """Every English word of the searchable entries, folded, sorted (what a typo in
        an English query is corrected towards)."""
        if self._english is None:
            words: set[str] = set()
            for entry in self.searchable():
                for form in entry.forms("en"):
                    words.update(re.findall(r"[0-9a-z]+", fold(form)))
            self._english = tuple(sorted(words))
        return self._english

    @property
    def cards_by_other_name(self) -> dict[str, Entry]:
        """The quoted cards by the key of each of their Korean and Chinese names (built on
        first use: judgebot.glossary.other_card_names)."""
        if self._cards_by_other_name is None:
            self._cards_by_other_name = {key(form): card for card in self.cards
                                         for lang in ("ko", "zh") for form in card.forms(lang) if form}
        return self._cards_by_other_name

    def searchable(self) -> list[Entry]:
        """What a query is read against: the glossary's entries and the quoted cards."""
        return [*self.entries, *self.cards]

    @property
    def matcher(self) -> "TextMatcher":
        """Built on first use: `term` lookups never need it, only query expansion does."""
        if self._matcher is None:
            self._matcher = TextMatcher(self.searchable())
        return self._matcher

    def find_terms(self, text: str) -> list[Entry]:
        return self.matcher.find(text)

    # -- lookup -------------------------------------------------------------
    def exact(self, word: str) -> list[Entry]:
        k = key(word)
        hits = list(self.by_key.get(k, []))
        if not hits and _is_latin(fold(word)):
            for candidate in singulars(k):
                hits += [e for e in self.by_key.get(candidate, []) if e not in hits]
        return hits

    def containing(self, word: str) -> list[Entry]:
        """Entries whose word contains the query, closest length first (whole words
        for Latin text: "ex" finds "Pokémon ex", not "next turn")."""
        k = key(word)
        latin = _is_latin(fold(word))
        words = _latin_words(word)
        scored: list[tuple[int, int, Entry]] = []
        for entry in self.entries:
            distances = []
            for _, form in entry.all_forms():
                fk = key(form)
                if fk == k or k not in fk:
                    continue
                if latin and not (_is_latin(fold(form)) and f" {words} " in f" {_latin_words(form)} "):
                    continue
                distances.append(len(fk) - len(k))
            if distances:
                scored.append((min(distances), entry.line, entry))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [entry for _, _, entry in scored]

    def close(self, word: str, cutoff: float, langs=("en",), n: int = 5) -> list[Entry]:
        """Entries with a form spelled closely to `word` (typos)."""
        pool: dict[str, list[Entry]] = {}
        for entry in self.entries:
            for lang in langs:
                for form in entry.forms(lang):
                    pool.setdefault(key(form), []).append(entry)
        out: list[Entry] = []
        from difflib import get_close_matches

        for match in get_close_matches(key(word), list(pool), n=n, cutoff=cutoff):
            out += [e for e in pool[match] if e not in out]
        return out

    def lookup(self, word: str) -> dict:
        if not word or not word.strip() or not key(word):
            raise InputError("empty term")
        # Each step runs only if the ones before found nothing: the word itself, a
        # longer term containing it, a typo of an English term, the terms it contains.
        match = "exact"
        entries = self.exact(word)
        if not entries:
            match, entries = "contains", self.containing(word)
        if not entries and _is_latin(fold(word)):
            match, entries = "close", self.close(word, cutoff=0.8)
        if not entries:
            match, entries = "contains", self.find_terms(word)
        if not entries:
            suggestions = self.close(word, cutoff=0.5, langs=LANGS, n=8)[:5]
            message = f"no glossary entry for {word.strip()!r}"
            if suggestions:
                names = [self._suggestion_name(e, word) for e in suggestions]
                message += "; closest: " + ", ".join(names)
            raise InputError(message)
        # `match` (additive): how the entries matched — "exact" (a word or alias),
        # "contains" (part of a longer term, or a term inside the query) or "close"
        # (a spelling close to the query's: a typo) — so no answer hides a guess.
        return {
            "query": word,
            "entries": [e.to_contract() for e in entries[:MAX_RESULTS]],
            "match": match,
        }

    @staticmethod
    def _suggestion_name(entry: Entry, word: str) -> str:
        latin = _is_latin(fold(word))
        return entry.en if latin else f"{entry.ja} ({entry.en})"


@lru_cache(maxsize=4)
def _load(path: str, mtime_ns: tuple[int, ...]) -> Glossary:
    return _compiled(Path(path))


def _compiled(path: Path) -> Glossary:
    """The glossary with its matcher built, from the compiled copy in the user cache
    when there is one for this exact file and this code (keyed by their content hash),
    else parsed and compiled, and the copy written for the next process: a search
    then pays neither the YAML parse nor the matcher build. A missing, unreadable or
    damaged copy is rebuilt; a cache that cannot be written is not an error. (The
    copy is a pickle in the user's own cache directory, like the search index.)"""
    import hashlib
    import pickle

    inputs = [*glossary_files(path), *card_files(), Path(__file__)]
    try:
        stats = [(str(p), p.stat()) for p in inputs]
    except OSError as exc:
        raise InputError(f"{path}: cannot read the glossary: {exc.strerror or exc}") from None
    # The digest of these files is kept beside the copy under their names, sizes and
    # modification times (files left unchanged for SETTLED_SECONDS), so that a search
    # reads and hashes none of them.
    signature = repr([(name, st.st_mtime_ns, st.st_size) for name, st in stats]).encode()
    stat_key = hashlib.sha256(signature).hexdigest()[:20]
    settled = time.time() - max(st.st_mtime for _, st in stats) > SETTLED_SECONDS
    memo = cache_dir() / "glossary" / "signature"
    digest = None
    if settled:
        try:
            kept_key, kept_digest = memo.read_text(encoding="ascii").split()
            digest = kept_digest if kept_key == stat_key else None
        except (OSError, ValueError, UnicodeDecodeError):
            digest = None
    if digest is None:
        try:
            source = b"".join(p.read_bytes() for p in inputs)
        except OSError as exc:
            raise InputError(f"{path}: cannot read the glossary: {exc.strerror or exc}") from None
        digest = hashlib.sha256(source).hexdigest()[:20]
        if settled:
            try:
                memo.parent.mkdir(parents=True, exist_ok=True)
                tmp = memo.with_name(f".signature.{os.getpid()}")
                tmp.write_text(f"{stat_key} {digest}\n", encoding="ascii")
                os.replace(tmp, memo)
            except OSError:
                pass
    compiled = cache_dir() / "glossary" / f"{digest}.pickle"
    try:
        glossary = pickle.loads(compiled.read_bytes())
        if isinstance(glossary, Glossary):
            return glossary
    except Exception:  # absent, unreadable or damaged (any unpickling error): rebuild
        pass
    glossary = Glossary([e for p in glossary_files(path) for e in _read_entries(p)], card_entries())
    glossary.matcher  # noqa: B018 - compiled now, so that the copy holds it
    glossary.english_words  # noqa: B018 - likewise
    try:
        compiled.parent.mkdir(parents=True, exist_ok=True)
        for stale in compiled.parent.glob("*.pickle"):
            stale.unlink(missing_ok=True)
        tmp = compiled.with_name(f".{compiled.name}.{os.getpid()}")
        tmp.write_bytes(pickle.dumps(glossary, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, compiled)
    except OSError:
        pass
    return glossary


# -- the quoted cards' names -------------------------------------------------------


def card_names_path() -> Path:
    return data_dir() / "card_names.yaml"


def catalog_files() -> list[Path]:
    return sorted((data_dir() / "catalog").glob("*.yaml"))


def card_files() -> list[Path]:
    """The files card_entries reads (those that exist): the card catalog and
    data/card_names.yaml."""
    names = card_names_path()
    return [*catalog_files(), *([names] if names.is_file() else [])]


def _script_lang(name: str) -> tuple[str, ...]:
    """The languages a name can be written in, by its script (Han alone: ja or zh); the
    letters decide, not symbols (Thunder Mountain ◇ is English)."""
    if _is_latin("".join(c for c in fold(name) if c.isalnum())):
        return ("en",)
    if any("\uac00" <= c <= "\ud7af" for c in name):
        return ("ko",)
    if any("\u3040" <= c <= "\u30ff" for c in name):
        return ("ja",)
    return ("ja", "zh")


def card_entries() -> list[Entry]:
    """One card_name entry per card the guides quote, from the catalog (its name, its
    aliases, the sections that discuss it) and data/card_names.yaml (English names,
    and cards the catalog does not have), so that a query naming a card in any
    language finds the records that discuss it."""
    import yaml

    cards: dict[str, dict] = {}
    for path in catalog_files():
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except (OSError, yaml.YAMLError) as exc:
            raise InputError(f"{path}: cannot read the card catalog: {exc}") from None
        for name, entry in (data or {}).items():
            if isinstance(entry, dict):
                cards[str(name)] = {"names": [str(name), *map(str, entry.get("aliases") or [])],
                                    "sections": list(entry.get("sections") or [])}
    path = card_names_path()
    try:
        extra = {} if not path.is_file() else yaml.load(path.read_text(encoding="utf-8"), Loader=_line_loader()) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise InputError(f"{path}: cannot read the card names: {exc}") from None
    for name, raw in extra.items():
        if name == "__line__":
            continue
        where = f"{path}:{raw.get('__line__', 0) if isinstance(raw, dict) else 0}"
        names = _card_names(raw)
        if names is None:
            raise InputError(f"{where}: {name!r}: expected names {{en: NAME, ko: NAME or [NAMES], zh: NAME or "
                             f"[NAMES]}} and, for a card the catalog lacks, sections")
        card = cards.setdefault(str(name), {"names": [str(name)], "sections": []})
        card["names"] += names
        card["sections"] += raw.get("sections") or []
        if not card["sections"]:
            raise InputError(f"{where}: {name!r} is not in the catalog: give its sections")
    return [_card_entry(card) for card in _joined_by_name(list(cards.values())) if card["sections"]]


def other_card_names(text: str) -> list[str]:
    """The Japanese and English names of the card whose Korean or Chinese name `text` is
    (data/card_names.yaml, the catalog), for a card database that knows the card only
    by those: the snapshot has no Korean print of Hero's Cape (히어로 망토), its Japanese
    one is ヒーローマント. Empty when `text` is no such name."""
    entry = glossary().cards_by_other_name.get(key(text))
    return [*entry.forms("ja"), *entry.forms("en")] if entry else []


def _joined_by_name(cards: list[dict]) -> list[dict]:
    """Cards that share a name are one card to search: the attack Gastro Acid is いえき in
    guide-ja and 胃液 in guide-zh, and a query naming it asks about both."""
    joined: list[dict] = []
    for card in cards:
        keys = {key(name) for name in card["names"] if name.strip()}
        into = {"names": list(card["names"]), "sections": list(card["sections"]), "keys": keys}
        for other in [j for j in joined if j["keys"] & keys]:  # may join two that were apart
            joined.remove(other)
            into["names"] = other["names"] + [n for n in into["names"] if n not in other["names"]]
            into["sections"] = other["sections"] + [c for c in into["sections"] if c not in other["sections"]]
            into["keys"] |= other["keys"]
        joined.append(into)
    return joined


CARD_NAME_LANGS = ("en", "ko", "zh")
_NAME_SCRIPT = {"ko": ("ko",), "zh": ("ja", "zh")}


def _card_names(raw) -> list[str] | None:
    """The names an entry of data/card_names.yaml gives (`en` one name; `ko`, `zh` one or
    a list, the printed name first), or None when it is not such an entry."""
    if not isinstance(raw, dict) or set(raw) - {*CARD_NAME_LANGS, "sections", "__line__"}:
        return None
    if not any(lang in raw for lang in CARD_NAME_LANGS) or ("en" in raw and not isinstance(raw["en"], str)):
        return None
    names: list[str] = []
    for lang in CARD_NAME_LANGS:
        value = raw.get(lang)
        if value is None:
            continue
        forms = [value] if isinstance(value, str) else value
        if not isinstance(forms, list) or not forms or not all(isinstance(f, str) and f.strip() for f in forms):
            return None
        if lang != "en" and not all(_script_lang(f.strip()) == _NAME_SCRIPT[lang] for f in forms):
            return None  # a "Korean" name without Hangul, a "Chinese" one with kana or Hangul
        names += [f.strip() for f in forms]
    return names


def _card_entry(card: dict) -> Entry:
    by_lang: dict[str, list[str]] = {lang: [] for lang in LANGS}
    for name in dict.fromkeys(n.strip() for n in card["names"] if n.strip()):
        for lang in _script_lang(name):
            by_lang[lang].append(name)
    words = {lang: (forms[0] if forms else "") for lang, forms in by_lang.items()}
    aliases = {lang: tuple(forms[1:]) for lang, forms in by_lang.items() if len(forms) > 1}
    return Entry(**words, kind="card_name", sections=tuple(dict.fromkeys(card["sections"])), aliases=aliases)


def glossary() -> Glossary:
    """The glossary, loaded once (and again only if the file changed)."""
    path = glossary_path()
    try:
        mtimes = tuple(p.stat().st_mtime_ns for p in glossary_files(path))
    except OSError:
        raise InputError(f"{path}: glossary file not found") from None
    return _load(str(path), mtimes)


def lookup(word: str) -> dict:
    """The `term --json` object of CONTRACT.md for `word` (any of ja/zh/ko/en)."""
    return glossary().lookup(word)


def find_terms(text: str) -> list[Entry]:
    """The entries a free-text query mentions, in order of first mention."""
    return glossary().find_terms(text)


def all_entries() -> list[Entry]:
    return list(glossary().entries)
