"""From a query string to concepts: glossary terms (expanded into the languages of the
documents searched) and the rest of the query as it was typed.

"does weakness apply to benched pokemon" → concepts 弱点/약점 (Weakness) and
ベンチポケモン/备战宝可梦/벤치 포켓몬 (Benched Pokémon); "does", "apply", "to" are
English words no document contains and are dropped. English typos of glossary words
("weaknes", "retreet") are corrected against the glossary's English vocabulary first.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache

from judgebot.search.analysis import (
    ENGLISH_STOPWORDS,
    cjk_grams,
    english_stem,
    english_terms,
    normalize,
    normalize_with_offsets,
    runs,
)

QUERY_LANGS = ("ja", "zh", "ko", "en")
MAX_CONCEPTS = 24
# A word or run no glossary term covers weighs less than a game term.
TYPED_WORD_WEIGHT = 0.5  # a Latin word (matched in the English renderings)
TYPED_RUN_WEIGHT = 0.7  # a CJK run (matched by its bigrams in the original)

# English function words and question words: never searched on their own (the
# English renderings' stop words, and a few words every question has).
STOPWORDS = ENGLISH_STOPWORDS | frozenset(
    """apply applies applied any up many much allowed allow able way ways mean means meaning
    work works working need needs thing things possible really actually know want like even
    ok okay something anything happened""".split()
)
# Particles and question endings that are whole residual runs after the glossary
# terms are taken out of a CJK query ("ベンチポケモン|に|弱点" , "벤치 포켓몬|에게").
CJK_FUNCTION_WORDS = frozenset(
    """は が を に で の と も へ や か ね よ から まで より って には では とは ですか
    ますか する します される できる できますか どう なに なぜ いつ どこ
    的 了 吗 呢 吧 么 是 在 和 与 及 或 会 能 可以 要 时 什么 怎么 如何 为什么 哪些
    은 는 이 가 을 를 에 에게 에서 의 도 로 으로 와 과 한테 까지 부터 만 나요 인가요
    되나요 있나요 어떻게 무엇 언제 왜""".split()
)


class Concept:
    """Something the query asks about: `forms` are normalized strings any of which
    counts as a mention of it. A glossary concept has `en`; a typed concept is a
    CJK run or a Latin word of the query that no glossary term covered.

    (A plain class: a dataclass costs every `judgebot search` its class-building at
    import.)"""

    def __init__(self, source: str, forms: list[str], en: str | None = None, glossary: bool = False,
                 weight: float = 1.0, labels: list[str] | None = None, sections: frozenset[str] = frozenset(),
                 position: int = 0, english: list[tuple[str, ...]] | None = None, kind: str = ""):
        self.source = source
        self.forms = forms
        self.en = en
        self.glossary = glossary
        self.weight = weight
        self.labels = labels if labels is not None else []  # the forms as the glossary writes them
        self.sections = sections  # where the glossary says the term is defined
        self.position = position  # where it starts in the query (concepts are kept in query order)
        # the English forms as the English renderings are indexed (stemmed content
        # words): any one form whose words are all in a passage's English text is a mention
        self.english = english if english is not None else []
        self.kind = kind  # the glossary entry's kind (card_name: a card the guides quote)
        # a typed Japanese run's words (expand.japanese_words): searched instead of the run
        # when no passage has enough of the run as typed
        self.words: list["Concept"] = []

    def __repr__(self) -> str:
        return f"Concept({self.source!r}, en={self.en!r}, glossary={self.glossary}, weight={self.weight})"

    @cached_property
    def matchers(self) -> list[tuple["Literal | Pieces", list[str]]]:
        """For each form: the regex that finds it in normalized text, and its pieces
        (what is highlighted)."""
        pairs = [(form, form_pieces(form)) for form in self.forms]
        return [(form_regex(form), pieces) for form, pieces in pairs if pieces]


class Expansion:
    def __init__(self, query: str, normalized: str, concepts: list[Concept] | None = None,
                 corrections: dict[str, str] | None = None, typed_langs: dict[str, int] | None = None):
        self.query = query
        self.normalized = normalized
        self.concepts = concepts if concepts is not None else []
        self.corrections = corrections if corrections is not None else {}
        self.typed_langs = typed_langs if typed_langs is not None else {}  # glossary terms typed per language

    def language(self) -> str:
        """The language the query is written in: Hangul is Korean, kana Japanese,
        Latin English; Han characters alone are Japanese when more of the glossary
        terms found are written the Japanese way, else Chinese."""
        text = self.query
        if any("\uac00" <= c <= "\ud7af" or "\u1100" <= c <= "\u11ff" for c in text):
            return "ko"
        if any("\u3040" <= c <= "\u30ff" for c in text):
            return "ja"
        if any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in text):
            ja, zh = self.typed_langs.get("ja", 0), self.typed_langs.get("zh", 0)
            return "ja" if ja > zh else "zh"
        return "en"

    def describe(self) -> list[dict]:
        """The expansion used, for the JSON's additive `expanded` key."""
        return [
            {"term": self.as_typed(c.source), "en": c.en, "forms": c.labels or c.forms}
            for c in self.concepts
            if c.glossary
        ]

    def as_typed(self, source: str) -> str:
        """A normalized piece of the query as the user typed it (ニゲル, not にげる)."""
        norm, offsets = normalize_with_offsets(self.query)
        typed = []
        for part in source.split():
            at = norm.find(part)
            typed.append(part if at < 0 else self.query[offsets[at] : offsets[at + len(part) - 1] + 1])
        return " ".join(typed)


def _glossary():
    from judgebot import glossary

    return glossary


def english_vocabulary() -> tuple[str, ...]:
    """Every English word of the glossary, normalized (for typo correction); kept in the
    compiled glossary."""
    return _glossary().glossary().english_words


# A typo is one slip of the finger (two in a long word): "weaknes", "retreet". A word
# further from a glossary word is a word of its own: "drag" is not "dragon", "start"
# is not "vstar".
LONG_WORD = 8


def edits(a: str, b: str) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions and
    swaps of two neighbours ("chekup" → "checkup" is 1)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, previous2[j - 2] + 1)
            current.append(cost)
        previous2, previous = previous, current
    return previous[-1]


def correct_english(text: str, in_corpus=None) -> tuple[str, dict[str, str]]:
    """Replace English words that are not glossary words but are close to one
    ("weaknes" → "weakness"). A word of the English renderings (`in_corpus(stem)`
    true: "sleeving" is not a slip for "sleeping") is a word, not a typo. Returns the
    corrected text and the corrections."""
    known = set(english_vocabulary())
    # Only correct towards real content words: "four" must not become "for".
    targets = [w for w in known if len(w) >= 4 and w not in STOPWORDS]
    corrections: dict[str, str] = {}

    def fix(match: re.Match) -> str:
        word = match.group()
        if word in known or word in STOPWORDS or len(word) < 4:
            return word
        if any(stem in known for stem in _glossary().singulars(word)):
            return word  # an inflection ("attacks"): the glossary matches it as is
        if in_corpus is not None and in_corpus(english_stem(word)):
            return word
        limit = 1 if len(word) < LONG_WORD else 2
        from difflib import get_close_matches

        close = [c for c in get_close_matches(word, targets, n=3, cutoff=0.8) if edits(word, c) <= limit]
        if close:
            corrections[word] = close[0]
            return close[0]
        return word

    return re.sub(r"[a-z]+", fix, text), corrections


def target_langs(lang: str, doc_lang: str | None) -> tuple[str, ...]:
    """The languages the query is expanded into: those of the documents searched."""
    if doc_lang:
        return (doc_lang,)
    if lang in ("all", "en"):
        return ("ja", "zh", "ko")
    return (lang,)


def _entry_forms(entry, langs) -> tuple[list[str], list[str]]:
    """The entry's forms in `langs`: normalized (for searching) and as written. A form
    the glossary says is too ambiguous in running text (`text_exclude`: Marnie's Korean
    name 마리 is also the counter of Pokémon, "1마리") is not searched for in the records."""
    forms: list[str] = []
    labels: list[str] = []
    excluded = getattr(entry, "text_exclude", ())
    if excluded:
        from judgebot.glossary import fold
    for lang in langs:
        for form in entry.forms(lang) or []:
            if excluded and fold(form) in excluded:
                continue
            norm = normalize(form).strip()
            if norm and norm not in forms:
                forms.append(norm)
                labels.append(form.strip())
    return forms, labels


def form_pieces(form: str) -> list[str]:
    """The searchable pieces of a normalized form: its CJK runs and Latin words, without
    the placeholders and brackets of rule phrases ("相手のポケモン●●匹に" → 相手のぽけもん,
    匹に)."""
    return [run for _, run, _ in runs(form)]


# Between the pieces of a form ("벤치 포켓몬", "相手のポケモン●●匹に"): a space or a
# short value in the same sentence, never a sentence boundary.
GAP_CHARS = 8
SENTENCE_ENDS = frozenset("。．.!?！？\n")


def _is_word_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


class Literal:
    """A plain string with the part of re.Pattern's interface search uses (search,
    finditer, match objects with start/end/span): forms and their pieces are found with
    str.find, and a search compiles none of the few hundred patterns they would be.
    A Latin piece matches whole words only."""

    __slots__ = ("text", "word")

    def __init__(self, text: str):
        self.text = text
        self.word = text.isascii()

    def find(self, within: str, pos: int = 0, before: int | None = None) -> int:
        """Where the piece next occurs at or after `pos` (starting at or before `before`),
        or -1."""
        piece = self.text
        while True:
            at = within.find(piece, pos)
            if at < 0 or (before is not None and at > before):
                return -1
            end = at + len(piece)
            if self.word and ((at > 0 and _is_word_char(within[at - 1]))
                              or (end < len(within) and _is_word_char(within[end]))):
                pos = at + 1
                continue
            return at

    def search(self, within: str, pos: int = 0) -> "_Found | None":
        at = self.find(within, pos)
        return None if at < 0 else _Found(at, at + len(self.text))

    def finditer(self, within: str):
        found = self.search(within)
        while found is not None:
            yield found
            found = self.search(within, found.end())


class Pieces:
    """A form of several pieces ("벤치 포켓몬"): each piece in order, at most GAP_CHARS
    apart and within one sentence (what the form means in running text)."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: list[str]):
        self.pieces = [Literal(piece) for piece in pieces]

    def search(self, within: str, pos: int = 0) -> "_Found | None":
        first, rest = self.pieces[0], self.pieces[1:]
        while True:
            start = first.find(within, pos)
            if start < 0:
                return None
            end = start + len(first.text)
            for piece in rest:
                at = piece.find(within, end, end + GAP_CHARS)
                if at < 0 or any(c in SENTENCE_ENDS for c in within[end:at]):
                    break
                end = at + len(piece.text)
            else:
                return _Found(start, end)
            pos = start + 1

    def finditer(self, within: str):
        found = self.search(within)
        while found is not None:
            yield found
            found = self.search(within, found.end())


class _Found:
    __slots__ = ("_start", "_end")

    def __init__(self, start: int, end: int):
        self._start, self._end = start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def span(self) -> tuple[int, int]:
        return self._start, self._end


@lru_cache(maxsize=4096)
def form_regex(form: str) -> "Literal | Pieces":
    """The pieces of a normalized form in order, close together (whole words for
    Latin pieces)."""
    pieces = form_pieces(form)
    return Literal(pieces[0]) if len(pieces) == 1 else Pieces(pieces)


class Inflected:
    """A Latin word of a glossary form as typed in a query, with English inflections:
    bench → benched, energy → energies, evolve → evolving (the word's stem followed by
    the rest of the word or by 1–3 letters, as a whole word)."""

    __slots__ = ("stem", "rest")

    def __init__(self, piece: str):
        self.stem = piece[:-1] if piece[-1:] in ("y", "e") and len(piece) > 3 else piece
        self.rest = piece[len(self.stem):]

    def search(self, within: str) -> "_Found | None":
        stem, pos, size = self.stem, 0, len(within)
        while True:
            at = within.find(stem, pos)
            if at < 0:
                return None
            pos = at + 1
            if at > 0 and _is_word_char(within[at - 1]):
                continue
            tail = end = at + len(stem)
            while end < size and _is_word_char(within[end]):
                end += 1
            extra = within[tail:end]
            if not extra or extra == self.rest or (len(extra) <= 3 and extra.isalpha()):
                return _Found(at, end)


@lru_cache(maxsize=4096)
def _piece_pattern(piece: str) -> "Literal | Inflected":
    return Literal(piece) if not piece.isascii() else Inflected(piece)


def _locate(form: str, text: str) -> list[tuple[int, int]] | None:
    """Spans of every piece of `form` in `text`, or None if a piece is missing."""
    spans = []
    for piece in form_pieces(form):
        match = _piece_pattern(piece).search(text)
        if not match:
            return None
        spans.append(match.span())
    return spans or None


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _english_forms(entry) -> list[tuple[str, ...]]:
    forms: list[tuple[str, ...]] = []
    for form in entry.forms("en") or []:
        terms = tuple(english_terms(form.replace("●", " ")))
        if terms and terms not in forms:
            forms.append(terms)
    return forms


def expand(query: str, lang: str = "all", doc_lang: str | None = None, in_corpus=None) -> Expansion:
    """`in_corpus(stem)`: whether an English stem occurs in the English renderings
    (such words are never "corrected" into glossary words)."""
    normalized = normalize(query)
    corrected, corrections = correct_english(normalized, in_corpus)
    expansion = Expansion(query, corrected, corrections=corrections)
    langs = target_langs(lang, doc_lang)
    residual = corrected

    entries = _glossary().find_terms(corrected)
    # Where each entry occurs in the query; longest first, so "benched pokemon" is
    # taken before "pokemon".
    found: list[tuple[int, str, list[tuple[int, int]], object]] = []
    for entry in entries:
        best = None
        written_in: set[str] = set()  # the languages whose form of the entry was typed
        for query_lang in QUERY_LANGS:
            for form in entry.forms(query_lang) or []:
                norm = normalize(form).strip()
                spans = _locate(norm, corrected)
                if spans and (best is None or len(norm) > len(best[0])):
                    best = (norm, spans)
                    written_in = {query_lang}
                elif spans and len(norm) == len(best[0]):
                    written_in.add(query_lang)
        for query_lang in written_in:
            expansion.typed_langs[query_lang] = expansion.typed_langs.get(query_lang, 0) + 1
        if best:
            found.append((len(best[0]), best[0], best[1], entry))
        else:  # matched by the glossary's own rules (punctuation, placeholders): keep it
            found.append((0, normalize(entry.forms("en")[0]), [], entry))
    for _, surface, spans, entry in sorted(found, key=lambda f: -f[0]):
        if spans and all(residual[s:e].strip() == "" for s, e in spans):
            continue  # inside a longer term already taken
        residual = _blank(residual, spans)
        forms, labels = _entry_forms(entry, langs)
        if not forms:
            continue
        # The words as typed count too when they are in a searched language.
        if not surface.isascii() and surface not in forms and _is_target_script(surface, langs):
            forms.append(surface)
            labels.append(surface)
        source = " ".join(corrected[s:e] for s, e in spans) or surface
        expansion.concepts.append(
            Concept(
                source=source,
                forms=forms,
                en=getattr(entry, "en", None) or None,
                glossary=True,
                labels=labels,
                sections=frozenset(getattr(entry, "sections", ()) or ()),
                position=min((s for s, _ in spans), default=len(corrected)),
                english=_english_forms(entry),
                kind=getattr(entry, "kind", ""),
            )
        )

    chinese = expansion.language() == "zh"
    scripts = _original_scripts(query, corrected) if expansion.language() == "ja" else None
    for kind, run, start in runs(residual):
        if kind == "word":
            if run not in STOPWORDS and (len(run) > 1 or run.isdigit()):
                expansion.concepts.append(Concept(run, [run], weight=TYPED_WORD_WEIGHT, position=start,
                                                  english=[(english_stem(run),)]))
            continue
        run = _korean_stem(run, chinese)
        if run not in CJK_FUNCTION_WORDS and (len(run) > 1 or _is_han(run)):
            concept = Concept(run, [run], weight=TYPED_RUN_WEIGHT, position=start)
            if scripts is not None and len(run) > JAPANESE_LONG_RUN:
                concept.words = [Concept(word, [word], weight=TYPED_RUN_WEIGHT, position=at)
                                 for word, at in japanese_words(run, scripts[start:start + len(run)], start)
                                 if word not in CJK_FUNCTION_WORDS and word != run]
            expansion.concepts.append(concept)
    _keep_main_concepts(expansion)
    expansion.concepts.sort(key=lambda c: c.position)
    return expansion


# Korean writes its particles and endings onto the word (포켓몬은, 마리까지, 나오면):
# they are taken off a typed word when two syllables or more are left.
_KOREAN_ENDINGS = sorted(
    """은 는 이 가 을 를 에 의 도 로 와 과 만 나 면 요 에서 에게 으로 까지 부터 처럼 보다
    마다 한테 이나 라도 에서는 에게는 으로는 까지는 에는 에도 으로도 이라도 이면 하면
    나요 가요 하나요 되나요 있나요 없나요 인가요 한가요 ㄴ가요 습니까 합니까 해도 돼도
    되면 하고 해서 하는 되는 된 한""".split(),
    key=len, reverse=True,
)


# A Chinese question ends and joins its words with particles (吗, 呢, 的, 了 …) and
# auxiliaries (可以, 能, 会 …): they are taken off either end of a typed run.
_CHINESE_EDGES = sorted(
    """吗 呢 吧 么 嘛 啊 的 了 是 在 也 还 都 就 会 能 要 可以 可 把 被 给 和 与 或 该 得 着 过
    什么 怎么 怎样 如何 为什么 哪些 哪个 多少 几""".split(),
    key=len, reverse=True,
)


def _korean_stem(run: str, chinese: bool = False) -> str:
    """A typed run without its grammar: Korean particles and endings, or (in a Chinese
    query) the particles at the ends of a Han run."""
    if not any("\uac00" <= c <= "\ud7af" for c in run):
        return _chinese_core(run) if chinese and _is_han(run) else run
    for ending in _KOREAN_ENDINGS:
        if run.endswith(ending) and len(run) - len(ending) >= 2:
            return run[: -len(ending)]
    return run


def _chinese_core(run: str) -> str:
    """A Han run without the particles and auxiliaries at its ends (two characters or
    more are kept)."""
    changed = True
    while changed and len(run) > 2:
        changed = False
        for edge in _CHINESE_EDGES:
            if len(run) - len(edge) < 2:
                continue
            if run.endswith(edge):
                run, changed = run[: -len(edge)], True
                break
            if run.startswith(edge):
                run, changed = run[len(edge):], True
                break
    return run



# A Japanese question writes its words without spaces, joined by particles and ending in
# a polite question ("対戦のはじめのあいさつと握手はルールに入っていますか"): what is left of it
# after the glossary terms can be one long run, whose bigrams no passage has a third of.
# Such a run is also cut into its words by script (kanji, katakana and hiragana words, the
# particles between them and the endings dropped); when the run as typed is found nowhere,
# its words are searched instead (judgebot.search.score). A run that is found keeps its
# phrase ("自分の番に何回でも使える" is a heading).
JAPANESE_LONG_RUN = 2
_PARTICLES = frozenset("のはがをにでともへやかね")
_JAPANESE_ENDINGS = sorted(
    """ですか ますか ていますか でしょうか ますが ません ない たい たら れば
    ている ています てもいい てもいいですか てもよい ても ては ては ってる って ったら
    する します した して できる できます できますか される されます られる だけ など
    ことがありますか ことがあり ことがある ことはできますか ことはできる ことができる ことは こと
    ありますか あります ある あり なる なります ないといけない しないといけない なければ
    から まで より には では とは について いい よい の は が を に で と も へ や か ね よ""".split(),
    key=len, reverse=True,
)


def _original_scripts(query: str, normalized: str) -> str | None:
    """For each character of the normalized query, its script before katakana was folded
    into hiragana: K kanji, T katakana, H hiragana, - anything else. None when the
    normalized query is not character for character the typed one (an English word was
    corrected into another length)."""
    import unicodedata

    typed = unicodedata.normalize("NFKC", query).lower()
    if len(typed) != len(normalized):
        return None
    out = []
    for char in typed:
        if "\u30a0" <= char <= "\u30ff":
            out.append("T")
        elif "\u3040" <= char <= "\u309f":
            out.append("H")
        elif _is_han(char) or char in "々〆〇":
            out.append("K")
        else:
            out.append("-")
    return "".join(out)


def _strip_japanese_grammar(word: str) -> str:
    """A hiragana stretch without the particle it starts with and the endings it ends with."""
    changed = True
    while changed and word:
        changed = False
        for ending in _JAPANESE_ENDINGS:
            if word.endswith(ending) and len(word) > len(ending) - 1:
                word, changed = word[: -len(ending)], True
                break
    return word


def japanese_words(run: str, scripts: str, start: int) -> list[tuple[str, int]]:
    """The words of a Japanese run (normalized text, its scripts as _original_scripts
    gives them): each kanji or katakana stretch (a single kanji keeps the kana after it,
    入って → 入っ); a hiragana stretch without the particle that follows a word and the
    endings, split at の and と where both sides are words. (word, position) pairs."""
    pieces: list[tuple[str, int]] = []
    i = 0
    while i < len(run):
        kind = scripts[i]
        j = i
        while j < len(run) and scripts[j] == kind:
            j += 1
        text = run[i:j]
        if kind in "KT":
            if kind == "K" and len(text) == 1 and j < len(run) and scripts[j] == "H" \
                    and run[j] not in _PARTICLES:
                text = run[i:j + 1]
                j += 1  # the kana is the word's; the hiragana stretch starts after it
            if len(text) > 1 or j - i == len(run):  # a lone kanji between particles says little
                pieces.append((text, start + i))
        elif kind == "H":
            offset = i
            if (i > 0 or start > 0) and len(text) > 1 and text[0] in _PARTICLES:
                text, offset = text[1:], i + 1
            text = _strip_japanese_grammar(text)
            parts = _split_at_particles(text)
            at = offset
            for part in parts:
                if len(part) >= 2 and part not in _JAPANESE_ENDINGS:
                    pieces.append((part, start + at))
                at += len(part) + 1
        i = j
    return pieces or [(run, start)]


def _split_at_particles(text: str) -> list[str]:
    """Split hiragana at の and と when the words on both sides are 2 characters or more."""
    parts, begin = [], 0
    for k, char in enumerate(text):
        if char in "のと" and k - begin >= 2 and len(text) - k - 1 >= 2:
            parts.append(_strip_japanese_grammar(text[begin:k]))
            begin = k + 1
    parts.append(text[begin:])
    return parts


def _keep_main_concepts(expansion: Expansion) -> None:
    """A question has a handful of concepts; a pasted paragraph has hundreds. Keep
    MAX_CONCEPTS (glossary terms first, then the longest typed runs), so that search
    time stays linear in the query's length."""
    concepts = expansion.concepts
    if len(concepts) <= MAX_CONCEPTS:
        return
    ranked = sorted(concepts, key=lambda c: (not c.glossary, -len(c.source), c.position))
    keep = {id(c) for c in ranked[:MAX_CONCEPTS]}
    expansion.concepts = [c for c in concepts if id(c) in keep]


def _is_han(text: str) -> bool:
    return all("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in text)


def _is_target_script(text: str, langs) -> bool:
    """Whether typed CJK text can occur in the documents searched (Hangul only in
    Korean documents, kana only in Japanese ones)."""
    has_hangul = any("\uac00" <= c <= "\ud7af" for c in text)
    has_kana = any("\u3040" <= c <= "\u30ff" for c in text)
    if has_hangul:
        return "ko" in langs
    if has_kana:
        return "ja" in langs
    return "ja" in langs or "zh" in langs


@lru_cache(maxsize=8192)
def concept_grams(form: str) -> tuple[str, ...]:
    """The index terms a form is looked up with (all must be present)."""
    grams: list[str] = []
    for kind, run, _ in runs(form):
        grams += [run] if kind == "word" else [g for g, _ in cjk_grams(run, unigrams=False)]
    return tuple(grams)
