"""Score every record for a query's concepts over the passage table
(judgebot.search.passages).

A concept is mentioned in a passage when one of its forms is there: a glossary term
in the original text (every bigram of one of its forms in the documents' languages) or
in the English rendering (every stemmed word of one of its English forms); a word of
the query no glossary term covers, typed in Latin letters, when its stem is in the
English rendering (or the word in the original: HP, ex, VSTAR); a typed CJK run by the
share of its bigrams the passage has, rare bigrams weighing more.

Each concept weighs its weight × idf (rarer concepts say more). A record scores

    prior × (1 + defined bonus) × (best passage + HEADING × heading + BREADTH × record)
          × (0.2 + 0.8 × coverage)²

where "best passage" is the BM25 sum of the concepts in the record's best passage,
"heading" the weight of the concepts its heading (or English title) names, "record" the
weight of those its text mentions anywhere, and coverage the share of the query's weight
its best passage and heading cover together (RECORD_COVERAGE of it counts the whole
record's text): the paragraph that answers, not a long section that mentions each word
somewhere, ranks first. A record's questions (judgebot.corpus.questions) count through
their own passages only, never in "record": two words asked about in two of its questions
are not a mention of both (golden set: "does weakness apply to benched pokemon" was
answered by the attack procedure, which has a question on benching after an attack and
others on Weakness, rather than by the rule on damage to the Bench).
"""

from __future__ import annotations

import math
import threading
from bisect import bisect_left

from judgebot.search.analysis import cjk_grams, runs
from judgebot.search.expand import Concept, Expansion, concept_grams
from judgebot.search.passages import Table

K1 = 1.2
B = 0.75
HEADING = 1.5
# The share of the coverage that counts the whole record rather than its best passage
# (a rule stated over two paragraphs).
RECORD_COVERAGE = 0.35
BREADTH = 0.25
DEFINED_BONUS = 0.5
# A card the query names helps find the rule about it; unless the query is only about
# the card, it weighs less than the rule's words, so the card's FAQs do not outrank
# the rule the question is about.
CARD_WEIGHT = 0.5
# Everyday verbs ("attach", "look at", "search your deck") and card-text phrases: where
# the glossary says they are defined is where the card text is explained, not where a
# question using the word is answered.
UNDEFINING_KINDS = ("action", "rule_phrase")
HEADLESS_KINDS = ("action",)
# A typed CJK run counts in a passage only where this share of it (by weight) is there.
MIN_SHARE = 0.34
# Coverage is measured against what a record's text can hold: its language and those of
# its search renderings and questions (a Korean question's Hangul words cannot be in
# guide-zh, which has neither). A Japanese question is the exception: Japanese is the
# language of the authority (guide-ja) and of three of the five documents, where its
# kana words are checked, so a Chinese or Korean record is judged against the whole
# question, not let off the words it cannot hold (golden set: Japanese hit@5 0.939 →
# 0.982). A Korean question too, now that every record but guide-zh's and rules-ja's has
# Korean text to be searched in (search renderings, questions): the allowance let only
# those two off its Hangul words, and guide-zh's rules are guide-ja's, which hold them
# (the golden set's batches from real questions: MRR 0.834 → 0.843; the translated
# Korean queries 0.833 → 0.837; golden Korean 0.880 → 0.877). For Chinese ones it lets
# no record off, since every document is searchable by Han characters.
WHOLE_QUESTION_LANGS = ("ja", "ko")
# A passage of what players ask (judgebot.corpus.questions) against one of the record's
# own text: a question worded as people ask, matched, says a little more about what the
# record answers than its text's words do (golden set, 582 queries, one passage of
# questions per language: MRR 0.915 at 1.0, 0.916 at 1.3 and 1.6; 742 queries, four
# questions to a passage: 0.887 at 1.0, 0.892 at 1.3, 0.893 at 1.6, 0.891 at 2.0).
ASKED_WEIGHT = 1.6


class Mentions:
    """Where one concept is mentioned: passage → (strength 0..1, tf original, tf
    English); records whose heading names it → strength."""

    __slots__ = ("weight", "passages", "headings", "idf")

    def __init__(self, weight: float):
        self.weight = weight
        self.passages: dict[int, tuple[float, int, int]] = {}
        self.headings: dict[int, float] = {}
        self.idf = 0.0


class Scored:
    """A record's score: its number in the table (Whoosh's docnum) and its best passage."""

    __slots__ = ("number", "score", "passage")

    def __init__(self, number: int, score: float, passage: int | None):
        self.number = number
        self.score = score
        self.passage = passage


# The passages a form is found in, kept for the forms asked for since the cache was last
# emptied: the same game terms (ポケモン, 벤치, retreat) come back in question after
# question. Emptied when it holds this many passages in all (some 25 MB; the golden set's
# 742 questions fill 70,000). Read-only results, so threads may share them; adding one
# is locked, so that the count of what it holds stays exact under `serve`'s threads.
ALL_OF_CACHE_UNITS = 250_000
_FORM_CACHE_LOCK = threading.Lock()


class _Postings:
    """The postings a query asks for (the table decodes each once per process)."""

    def __init__(self, table: Table):
        self.table = table
        self.get = table.postings

    def all_of(self, fieldname: str, terms) -> dict[int, int]:
        """unit → the smallest frequency among `terms`, for units that have them all
        (the caller must not change it: it is shared)."""
        key = (fieldname, *terms)
        table = self.table
        found = table.form_cache.get(key)
        if found is None:
            found = self._all_of(fieldname, terms)
            with _FORM_CACHE_LOCK:
                if key not in table.form_cache:
                    if table.form_cache_units + len(found) > ALL_OF_CACHE_UNITS:
                        table.form_cache = {}
                        table.form_cache_units = 0
                    table.form_cache[key] = found
                    table.form_cache_units += len(found)
        return found

    def _all_of(self, fieldname: str, terms) -> dict[int, int]:
        lists = []
        for term in terms:
            postings = self.get(fieldname, term)
            if postings is None:
                return {}
            lists.append(postings)
        if not lists:
            return {}
        if len(lists) > 1:
            lists.sort(key=lambda p: len(p[0]))
        ids, tfs = lists[0]
        found = dict(zip(ids, tfs))
        for other_ids, other_tfs in lists[1:]:
            kept = {}
            size = len(other_ids)
            for unit, tf in found.items():
                i = bisect_left(other_ids, unit)
                if i < size and other_ids[i] == unit:
                    kept[unit] = min(tf, other_tfs[i])
            found = kept
            if not found:
                break
        return found


def _idf(df: float, n: int) -> float:
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def _strict(concept: Concept, postings: _Postings) -> Mentions:
    """A glossary term or a typed Latin word: every piece of one form present."""
    found = Mentions(concept.weight)
    orig: dict[int, int] = {}
    heads: set[int] = set()
    for form in concept.forms:
        grams = concept_grams(form)
        if not grams:
            continue
        for unit, tf in postings.all_of("p", grams).items():
            if tf > orig.get(unit, 0):
                orig[unit] = tf
        heads.update(postings.all_of("h", grams))
    english: dict[int, int] = {}
    for terms in concept.english:
        for unit, tf in postings.all_of("e", terms).items():
            if tf > english.get(unit, 0):
                english[unit] = tf
        heads.update(postings.all_of("t", terms))
    for unit in orig.keys() | english.keys():
        found.passages[unit] = (1.0, orig.get(unit, 0), english.get(unit, 0))
    found.headings = {number: 1.0 for number in heads}
    found.idf = _idf(len(found.passages), postings.table.passages) if found.passages or heads else 0.0
    return found


def _soft(concept: Concept, postings: _Postings) -> Mentions:
    """A typed CJK run: the share of its bigrams (by idf) a passage has."""
    found = Mentions(concept.weight)
    grams = []
    for kind, run, _ in runs(concept.source):
        grams += [run] if kind == "word" else [g for g, _ in cjk_grams(run, unigrams=False)]
    grams = list(dict.fromkeys(grams))
    n = postings.table.passages
    weights = {}
    for gram in grams:
        got = postings.get("p", gram)
        weights[gram] = _idf(len(got[0]), n) if got is not None else 0.0
    total = sum(weights.values())
    if not total:
        return found
    shares: dict[int, float] = {}
    head_shares: dict[int, float] = {}
    for gram, weight in weights.items():
        if not weight:
            continue
        ids, _ = postings.get("p", gram)
        for unit in ids:
            shares[unit] = shares.get(unit, 0.0) + weight / total
        head = postings.get("h", gram)
        if head is not None:
            for number in head[0]:
                head_shares[number] = head_shares.get(number, 0.0) + weight / total
    found.passages = {u: (min(1.0, s), 1, 0) for u, s in shares.items() if s >= MIN_SHARE}
    found.headings = {r: min(1.0, s) for r, s in head_shares.items() if s >= MIN_SHARE}
    # the run's weight: its bigrams' idf, the rare ones counting most
    found.idf = sum(w * w for w in weights.values()) / total if found.passages or found.headings else 0.0
    return found


def _words_for_unfound_runs(expansion: Expansion, postings: _Postings) -> None:
    """A typed Japanese run that no passage or heading has enough of is replaced, in the
    expansion, by its words (expand.japanese_words), each searched on its own."""
    concepts = []
    for concept in expansion.concepts:
        if concept.words and not concept.glossary and not _soft(concept, postings).idf:
            concepts.extend(concept.words)
        else:
            concepts.append(concept)
    expansion.concepts = concepts


def mentions(expansion: Expansion, table: Table) -> list[Mentions]:
    postings = _Postings(table)
    _words_for_unfound_runs(expansion, postings)
    concepts = expansion.concepts
    only_cards = all(c.kind == "card_name" for c in concepts if c.glossary)
    out = []
    for concept in concepts:
        strict = concept.glossary or concept.source.isascii()
        found = _strict(concept, postings) if strict else _soft(concept, postings)
        if concept.kind in HEADLESS_KINDS:
            found.headings = {}
        if concept.kind == "card_name" and not only_cards:
            found.weight *= CARD_WEIGHT
        out.append(found)
    return out


DOC_LANGS = ("ja", "zh", "ko")


def reachable(concept: Concept) -> tuple[str, ...]:
    """The languages of text a concept can be found in: a glossary term or a Latin word
    everywhere (every record has an English rendering); a typed Hangul word only in
    Korean text (a Korean record, or a search rendering into Korean), kana only in
    Japanese, Han characters in Japanese and Chinese."""
    if concept.glossary or concept.source.isascii():
        return DOC_LANGS
    source = concept.source
    if any("\uac00" <= c <= "\ud7af" for c in source):
        return ("ko",)
    if any("\u3040" <= c <= "\u30ff" for c in source):
        return ("ja",)
    return ("ja", "zh")


def score_records(expansion: Expansion, table: Table, allowed=None, prior=None) -> list[Scored]:
    """Every record that mentions a concept, best first. `allowed(number)`: whether a
    record may be a hit (the --lang/--doc filter); `prior(number)`: its prior.

    Coverage is measured against what a record's text can hold (a record without Korean
    text is not short of the Hangul words typed in a question), except for a Japanese
    or Korean question, judged whole against every record (WHOLE_QUESTION_LANGS)."""
    found = mentions(expansion, table)
    concepts = expansion.concepts
    live = [(i, m) for i, m in enumerate(found) if m.idf > 0]
    if not live:
        return []
    reach = [(reachable(concepts[i]), m.weight * m.idf) for i, m in live]
    total_in: dict[tuple, float] = {}

    def total_for(langs: tuple) -> float:
        """The query's weight a record searchable in `langs` (its own language and its
        search renderings') can hold."""
        found = total_in.get(langs)
        if found is None:
            found = total_in[langs] = sum(w for where, w in reach if any(lang in where for lang in langs))
        return found

    total = max(total_for((lang,)) for lang in DOC_LANGS)
    if total <= 0:
        return []
    passage_record = table.passage_record
    lengths, lengths_en = table.passage_len, table.passage_len_en
    norm = K1 * B / (table.avg_len or 1.0)
    norm_en = K1 * B / (table.avg_len_en or 1.0)
    floor = K1 * (1 - B)

    # per passage: BM25 sum, covered weight, concepts (bits); per record: concepts
    # anywhere, concepts its heading names (bits) and their weight. Lists indexed by
    # passage and record number: cheaper than dicts for the thousand postings a
    # question's concepts have.
    units = table.passages
    records = len(table.ids)
    passage_score = [0.0] * units
    passage_mass = [0.0] * units
    passage_bits = [0] * units
    record_bits = [0] * records  # concepts its text mentions
    heading_bits = [0] * records
    heading_mass = [0.0] * records
    touched_units: set[int] = set()
    named: set[int] = set()  # records whose heading names a concept
    weights: dict[int, float] = {}
    k1_plus = K1 + 1
    asked = table.passage_asked
    for i, m in live:
        bit = 1 << i
        weight = weights[i] = m.weight * m.idf
        items = m.passages.items()
        if allowed is not None:
            items = [(u, v) for u, v in items if allowed(passage_record[u])]
        for unit, (strength, tf, tf_en) in items:
            bm25 = tf * k1_plus / (tf + floor + norm * lengths[unit]) if tf else 0.0
            if tf_en:
                english = tf_en * k1_plus / (tf_en + floor + norm_en * lengths_en[unit])
                if english > bm25:
                    bm25 = english
            passage_score[unit] += weight * strength * bm25
            passage_mass[unit] += weight * strength
            passage_bits[unit] |= bit
            if not asked[unit]:  # a record's questions count through their own passages only
                record_bits[passage_record[unit]] |= bit
        touched_units.update(u for u, _ in items)
        for number, strength in m.headings.items():
            if allowed is not None and not allowed(number):
                continue
            heading_bits[number] |= bit
            heading_mass[number] += weight * strength
            named.add(number)

    best: dict[int, tuple[float, int]] = {}
    best_text: dict[int, tuple[float, int]] = {}  # the snippet's passage: text, not questions
    # A term looked up alone is answered where the rules' own text states it; what players
    # ask speaks to questions (the one term "やけど" is the Burn rule, not a question on
    # the poison counters of a card that also mentions Burn).
    asked_weight = ASKED_WEIGHT if len(live) > 1 else 0.0
    for unit in sorted(touched_units):  # in order: of equal passages the first is the best
        value = passage_score[unit]
        number = passage_record[unit]
        if asked[unit]:
            value *= asked_weight
        elif number not in best_text or value > best_text[number][0]:
            best_text[number] = (value, unit)
        if number not in best or value > best[number][0]:
            best[number] = (value, unit)

    bit_weight = [(1 << i, w) for i, w in weights.items()]
    masses: dict[int, float] = {0: 0.0}

    def mass(bits: int) -> float:
        found = masses.get(bits)
        if found is None:
            found = masses[bits] = sum(w for bit, w in bit_weight if bits & bit)
        return found

    defined_weight: dict[str, float] = {}  # record → the weight of the concepts the glossary says it defines
    for i, _ in live:
        if concepts[i].sections and (len(live) == 1 or (
                concepts[i].kind != "card_name" and concepts[i].kind not in UNDEFINING_KINDS)):
            for record_id in concepts[i].sections:
                defined_weight[record_id] = defined_weight.get(record_id, 0.0) + weights[i]
    ids, meta = table.ids, table.meta
    whole_question = expansion.language() in WHOLE_QUESTION_LANGS
    no_best = (0.0, None)
    out = []
    for number in best.keys() | named:
        heads = heading_bits[number]
        anywhere = record_bits[number]
        best_value, unit = best.get(number, no_best)
        if unit is None:
            covered = mass(heads)
        else:
            covered = passage_mass[unit] + mass(heads & ~passage_bits[unit])
        within = total if whole_question else (total_for(meta[number][6]) or total)
        coverage = covered / within
        breadth = mass(anywhere | heads)
        if RECORD_COVERAGE:
            coverage = (1 - RECORD_COVERAGE) * coverage + RECORD_COVERAGE * breadth / within
        if coverage > 1.0:
            coverage = 1.0
        base = best_value + HEADING * heading_mass[number] + BREADTH * breadth
        score = base * (0.2 + 0.8 * coverage) ** 2
        if defined_weight:
            defined = defined_weight.get(ids[number])
            if defined:
                score *= 1.0 + DEFINED_BONUS * defined / total
        if prior is not None:
            score *= prior(number)
        if unit is not None and asked[unit]:
            unit = best_text.get(number, no_best)[1]
        out.append(Scored(number, score, unit))
    out.sort(key=lambda s: (-s.score, s.number))
    return out
