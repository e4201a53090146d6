"""Run a search: validate the options, expand the query, score the records over the
passage table (judgebot.search.score), keep one hit per rule with the current rule
above any older rule it replaced, rank the first hits again with the written questions
worded most like the query (judgebot.search.asked), and shape the CONTRACT JSON from the
Whoosh index's stored fields.

Each record's score (score.py) is multiplied by its prior: the document (the guides are
the authority), the kind (a section states the rule, a FAQ rules on a case, an example
only quotes a card) and, with no --lang, the query's own language. An ID or citation
typed as the query is looked up exactly instead.
"""

from __future__ import annotations

import re
import unicodedata

from judgebot.search import whoosh_lean  # noqa: F401  (first: Whoosh without unused imports)
from whoosh import query as Q

from judgebot.corpus.model import DOC_LANG, DOCS, normalize_id
from judgebot.errors import InputError
from judgebot.search import asked
from judgebot.search.analysis import normalize
from judgebot.search.expand import Expansion, expand
from judgebot.search.highlight import SNIPPET_CHARS, english_matches, find_matches, make_snippet
from judgebot.search.limits import check_query
from judgebot.search.index import open_searcher
from judgebot.search.passages import Table, load_table
from judgebot.search.score import Scored, score_records

LANGS = ("ja", "zh", "ko", "en", "all")
CANDIDATES = 150
# Guides are the authority; the play rules come next; Wikipedia is background.
# rules-ko is XY-era, rules-ja DP-era (historical).
DOC_PRIOR = {"guide-ja": 1.0, "guide-zh": 1.0, "rules-ko": 0.8, "rules-ja": 0.5, "wiki-ja": 0.5}
# An older record whose rule the current guide changed is, in that part, out of date.
SUPERSEDED_PRIOR = 0.85
# Part Ⅱ of the guides explains card text, phrase by phrase; Part Ⅰ states the game's
# rules. A question about play is more often answered by the rule than by a phrase.
CARD_TEXT_PRIOR = 0.8
# A section states the rule; a FAQ rules on a case; an example only quotes a card.
KIND_PRIOR = {"section": 1.0, "faq": 0.9, "example": 0.5}
# A bare section ID as judges type it: II-B-08, ii-b-08, Ⅱ-B, B-12, A-01/faq-1.
_SECTION_ID = re.compile(
    r"(?i)^\s*(?:(?:i{1,2}|[ⅰⅱ])-[a-h](?:-\d{1,2})?|[a-h]-\d{1,2})(?:/(?:faq|ex)-\d+)?\s*$"
)
EXACT_ID_SCORE = 1000.0  # an ID or citation typed as the query ranks first
# With no --lang, records in the query's own language rank first (a Korean question
# is answered from rules-ko before guide-ja, other things equal). Every record is now
# searchable in Korean and Chinese too (search renderings, questions), so the boost only
# breaks near-ties: 1.5 → 1.25 raised the translated Korean and Chinese queries (MRR
# 0.810 → 0.821, 0.825 → 0.837) and the golden set (0.893 → 0.896).
OWN_LANGUAGE_BOOST = 1.25
DOC_LANGS = ("ja", "zh", "ko")
ENGLISH_EDITION = "guide-ja"  # the authority: shown for an English query
SHOWN_SHARE = 0.7
# The current rule is moved up above an older record that it replaced when it scores
# at least this share of the older one's score; else the older record moves down below it.
PROMOTE_CURRENT = 0.5
# A rule that several documents state (guide-ja, guide-zh, the play rules) and that
# the query finds in more than one of them is more likely the rule asked about than a
# record only one edition matches: a hit scores its best edition plus this share of
# its other editions' scores (golden set: MRR 0.893 → 0.903, every language up).
EDITION_SUPPORT = 0.25


def validate(query: str, lang: str | None, doc: str | None, limit: int) -> None:
    if not isinstance(query, str) or not query.strip():
        raise InputError("empty query")
    check_query(query)  # length and word count, before any work
    if lang is not None and lang not in LANGS:
        raise InputError(f"unknown --lang {lang!r}; choose one of: {', '.join(LANGS)}")
    if doc is not None and doc not in DOCS:
        raise InputError(f"unknown document {doc!r}; choose one of: {', '.join(DOCS)}")
    if doc is not None and lang not in (None, "all", "en") and DOC_LANG[doc] != lang:
        raise InputError(f"--doc {doc} is in {DOC_LANG[doc]!r}, not --lang {lang!r}")
    if not isinstance(limit, int) or limit < 1:
        raise InputError(f"--limit must be a positive number, not {limit!r}")


def _filter(lang: str, doc: str | None) -> Q.Query | None:
    if doc:
        return Q.Term("doc", doc)
    if lang in ("ja", "zh", "ko"):
        return Q.Term("lang", lang)
    return None


def _citations_typed(query: str) -> list[str] | None:
    """The citations a query names when it is an ID rather than words: a citation
    (guide-ja:II-B-08, wiki-ja:概要) or a bare section ID (II-B-08, ⅱ-b-08, B-12: in
    every document that has it). None for an ordinary query."""
    text = unicodedata.normalize("NFKC", query).strip()
    doc, sep, _ = text.partition(":")
    if sep and doc.strip().lower() in DOCS:
        exact = f"{doc.strip().lower()}:{text.partition(':')[2].strip()}"
        # Heading-text IDs keep their spaces (rules-ko:포켓몬 체크의 순서); others are
        # normalized as judges type them (guide-ja: ii-b-08).
        return list(dict.fromkeys([exact, normalize_id(exact)]))
    if _SECTION_ID.match(text):
        return [f"{d}:{normalize_id(text)}" for d in DOCS]
    return None


def _id_hits(searcher, table: Table, citations: list[str], flt) -> list[Scored]:
    found = searcher.search(Q.Or([Q.Term("id", c) for c in citations]), limit=None, filter=flt)
    numbers = [table.number_of[hit["id"]] for hit in found if hit["id"] in table.number_of]
    numbers.sort(key=lambda n: DOCS.index(table.meta[n][0]))
    return [Scored(n, EXACT_ID_SCORE, None) for n in numbers]


def _table(searcher) -> Table:
    return load_table(str(searcher.reader().storage().folder))


def run_search(query: str, lang: str | None = None, doc: str | None = None, limit: int = 10) -> dict:
    """lang None: every document, the query's own language first; "all": every
    document, no preference; ja/zh/ko: that language's documents; en: every document."""
    validate(query, lang, doc, limit)
    searcher = open_searcher()
    table = _table(searcher)
    expansion = expand(query, lang or "all", DOC_LANG.get(doc) if doc else None,
                       in_corpus=table.has_english)
    query_lang = expansion.language()

    citations = _citations_typed(query)
    if citations is not None:  # an ID is looked up, never matched as words
        ranked = _id_hits(searcher, table, citations, _filter(lang or "all", doc))
    else:
        ranked = score_records(expansion, table, _allowed(table, lang or "all", doc),
                               _prior(table, query_lang if lang is None and query_lang in DOC_LANGS else None))
    # The best CANDIDATES records are grouped into hits (and looked at for the current
    # rule of an older one among the first `limit`): the rest cannot reach a page.
    ranked = ranked[:max(CANDIDATES, 4 * limit)]
    groups = current_rule_first(one_hit_per_rule(ranked, table, query_lang), table, limit)
    if citations is None and not _only_card_names(expansion):  # what is asked in the query's words first
        groups = current_rule_first(asked.fuse(groups, query, table), table, limit)
    hits = [_hit(group, searcher, table, expansion, query_lang) for group in groups[:limit]]
    result = {"query": query, "hits": hits, "lang": lang or "auto", "doc": doc, "query_lang": query_lang}
    result["expanded"] = expansion.describe()
    if expansion.corrections:
        result["corrected"] = expansion.corrections
    if citations is None:  # a card's name, number or id gets a `kind: card` hit
        from judgebot.search.card_hits import with_card_hits

        result = with_card_hits(result, query, limit)
    return result


def _only_card_names(expansion: Expansion) -> bool:
    """A query that is only the names of cards asks about the cards, not a question the
    players' questions are worded like: "Energy Burn" or 에너지번 would be most like the
    questions on Energy, not the FAQ on the Ability."""
    return bool(expansion.concepts) and all(c.kind == "card_name" for c in expansion.concepts)


def _allowed(table: Table, lang: str, doc: str | None):
    if doc:
        return lambda number: table.meta[number][0] == doc
    if lang in DOC_LANGS:
        return lambda number: table.meta[number][2] == lang
    return None


def _prior(table: Table, prefer: str | None):
    """number → the record's prior: its document, its kind, a card-text phrase of the
    guides' Part Ⅱ, an older rule the guide changed, the query's own language. Worked out
    once per table and language (every record is scored on every search)."""
    priors = table.prior_cache.get(prefer)
    if priors is None:
        priors = table.prior_cache[prefer] = [_record_prior(table, number, prefer)
                                              for number in range(len(table.ids))]
    return priors.__getitem__


def _record_prior(table: Table, number: int, prefer: str | None) -> float:
    doc, kind, lang, _, superseded = table.meta[number][:5]
    value = DOC_PRIOR.get(doc, 1.0) * KIND_PRIOR.get(kind, 1.0)
    if doc in ("guide-ja", "guide-zh") and table.ids[number].partition(":")[2].startswith("II"):
        value *= CARD_TEXT_PRIOR
    if superseded:
        value *= SUPERSEDED_PRIOR
    return value * OWN_LANGUAGE_BOOST if prefer and lang == prefer else value


class Group:
    """One hit: the editions of one rule that matched, best first, and the one shown."""

    def __init__(self, members: list[Scored], shown: Scored):
        self.members = members
        self.shown = shown
        self.score = members[0].score + EDITION_SUPPORT * sum(m.score for m in members[1:])


def _shown_edition(members: list[Scored], table: Table, query_lang: str) -> Scored:
    """The edition a judge reads: the one in the query's language (for English,
    guide-ja, the authority, unless it scores under SHOWN_SHARE of the best edition:
    guide-zh 3.1 still states rules guide-ja 3.4 left out, such as the first turn's
    Supporter ban), else the best-scored."""
    for member in members:
        doc, _, lang = table.meta[member.number][:3]
        if lang == query_lang:
            return member
        if query_lang == "en" and doc == ENGLISH_EDITION:
            return member if member.score >= SHOWN_SHARE * members[0].score else members[0]
    return members[0]


def one_hit_per_rule(ranked: list[Scored], table: Table, query_lang: str) -> list[Group]:
    """One hit per rule: the editions of a rule (same `rule` key: a guide-ja section,
    its guide-zh counterpart, the play-rule sections on exactly that rule) become one
    hit, showing the edition in the query's language, ranked by its best edition's score
    and the support of the others (EDITION_SUPPORT); the others are listed in its
    `equivalents`."""
    groups: dict[str, list[Scored]] = {}
    for entry in ranked:
        groups.setdefault(table.meta[entry.number][3], []).append(entry)
    hits = [Group(members, _shown_edition(members, table, query_lang)) for members in groups.values()]
    hits.sort(key=lambda group: -group.score)  # stable: ties keep the best edition's order
    return hits


def current_rule_first(groups: list[Group], table: Table, limit: int) -> list[Group]:
    """A hit of an older record whose rule the current guide changed (`superseded_by`)
    never ranks above the current rule it differs from (CONTRACT.md): each record of
    that rule the query found below it moves up above it if it scores at least
    PROMOTE_CURRENT of it; if any is left below, the older hit moves down below the last
    of them. Only the first `limit` hits are shown, so only older records among them are
    looked at."""
    order = list(groups)
    k = 0
    while k < min(limit, len(order)):
        group = order[k]
        current = table.meta[group.shown.number][4]
        below = _below(order, k, current, table) if current else []
        if not below:
            k += 1
            continue
        for j in below:  # nearest first; each move shifts the rest down by one
            ahead = order[j]
            if ahead.score >= PROMOTE_CURRENT * group.score:
                order.insert(k, order.pop(j))
                ahead.score = max(ahead.score, group.score)
                k += 1
        left = _below(order, k, current, table)
        if left:
            last = left[-1]
            order.insert(last, order.pop(k))
            group.score = min(group.score, order[last - 1].score)
        # position k holds another hit now (or the older one, all its current rules above)
    return order


def _below(order: list[Group], k: int, current, table: Table) -> list[int]:
    """Positions after k of the hits that stand for a record of `current` (the record or
    an edition of its rule), nearest first."""
    rules = {table.meta[table.number_of[c]][3] for c in current if c in table.number_of}
    return [j for j in range(k + 1, len(order)) if table.meta[order[j].shown.number][3] in rules]


def _window(text: str, span: tuple[int, int] | None) -> tuple[str, int]:
    """The text a snippet is cut from: the best passage (at least a snippet long)."""
    if span is None:
        return text, 0
    start, end = span
    return text[start:max(end, start + SNIPPET_CHARS)], start


def _snippet(text: str, title: str, span, matches) -> tuple[str, list[str]]:
    window, start = _window(text, span)
    snippet, matched = make_snippet(window, title, matches)
    if start > 0 and snippet and not snippet.startswith("…"):
        snippet = "…" + snippet
    return snippet, matched


def _hit(group: Group, searcher, table: Table, expansion: Expansion, query_lang: str) -> dict:
    shown = group.shown
    fields = _stored(searcher, table, shown.number)
    unit = shown.passage
    span = table.span(unit) if unit is not None else None
    window, _ = _window(fields["text"], span)
    matches = find_matches(normalize(f"{fields['title']}\n{window}"), expansion.concepts)
    snippet, matched = _snippet(fields["text"], fields["title"], span, matches)
    hit = {
        "id": fields["id"],
        "doc": fields["doc"],
        "section": fields["section"],
        "lang": fields["lang"],
        "kind": fields["kind"],
        "title": fields["title"],
        "score": round(group.score, 3),
        "snippet": snippet,
        "matched": matched,
        "title_en": fields.get("title_en"),
        "equivalents": list(fields.get("equivalents") or []),
        "editions": list(fields.get("editions") or []),
        "matched_en": _glossary_names(matched, matches, expansion),
        "superseded_by": list(fields.get("superseded_by") or []) or None,
        "differs": fields.get("differs"),
    }
    text_en = fields.get("text_en") or ""
    if query_lang == "en" and text_en:
        # An English question reads the English rendering (unofficial: the original,
        # kept beside it, is the authority).
        span_en = table.span_en(unit) if unit is not None else None
        window, _ = _window(text_en, span_en)
        english, matched_english = _snippet(text_en, fields.get("title_en") or "", span_en,
                                            english_matches(window, expansion.concepts))
        hit.update(snippet=english, matched=matched_english, snippet_lang="en",
                   snippet_original=snippet, matched_original=matched)
    else:
        hit["snippet_lang"] = fields["lang"]
    return hit


def _stored(searcher, table: Table, number: int) -> dict:
    """A record's stored fields, read from Whoosh once per process: the index does not
    change under its table (a rebuilt index is another table), and a hit's fields are
    a tenth of a millisecond to decompress and unpickle each time."""
    cache = table.stored_cache
    fields = cache.get(number)
    if fields is None:
        fields = cache[number] = searcher.stored_fields(number)
    return fields


def _glossary_names(matched: list[str], matches: dict[int, list[str]], expansion: Expansion) -> dict[str, str]:
    """{matched term as the record writes it: its English glossary name}, so that an
    English-speaking judge can read the highlighted words of the original text."""
    by_norm = {normalize(surface): surface for surface in matched}
    names: dict[str, str] = {}
    for i, pieces in matches.items():
        concept = expansion.concepts[i]
        if not concept.en:
            continue
        for piece in pieces:
            surface = by_norm.get(piece)
            if surface and surface.lower() != concept.en.lower():
                names.setdefault(surface, concept.en)
    return names
