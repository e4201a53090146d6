"""Run a search: validate the options, expand the query, ask Whoosh for candidates,
re-rank them by how much of the question they cover, and shape the CONTRACT JSON.

Ranking: Whoosh BM25F over the section heading (weighted) and the record's own text
gives the candidates; each is then scored

    bm25 × document prior × kind prior × (1 + glossary-defined bonus)
         × (1 + proximity bonus) × (0.2 + 0.8 × coverage)²

where coverage is the weighted share of the query's concepts the record mentions
(what only its quoted cards mention counts half), the defined bonus applies where the
glossary says a query term is defined, and the proximity bonus where the concepts
occur within a sentence of each other. An ID or citation typed as the query is looked
up exactly instead.
"""

from __future__ import annotations

import re
import unicodedata

from judgebot.search import whoosh_lean  # noqa: F401  (first: Whoosh without unused imports)
from whoosh import query as Q

from judgebot.corpus.model import DOC_LANG, DOCS, normalize_id
from judgebot.errors import InputError
from judgebot.search.analysis import normalize
from judgebot.search.expand import Concept, Expansion, concept_grams, expand
from judgebot.search.highlight import closest_window, find_matches, make_snippet
from judgebot.search.limits import check_query
from judgebot.search.index import open_searcher

LANGS = ("ja", "zh", "ko", "en", "all")
TITLE_BOOST = 3.0
FIELD_BOOSTS = (("heading", TITLE_BOOST), ("body", 1.0))
QUOTED_CREDIT = 0.5
CANDIDATES = 50
# A typed run longer than a question (a pasted paragraph) is searched with its rarest
# grams only.
MAX_TYPED_GRAMS = 48
# Guides are the authority; the play rules come next; Wikipedia is background.
# rules-ko is XY-era, rules-ja DP-era (historical).
DOC_PRIOR = {"guide-ja": 1.0, "guide-zh": 1.0, "rules-ko": 0.85, "rules-ja": 0.7, "wiki-ja": 0.7}
# A record the glossary names as where a query term is defined ranks higher.
DEFINED_BONUS = 0.5
# Concepts within PROXIMITY_CHARS of each other (one sentence, roughly) are likely
# one statement about them together.
PROXIMITY_BONUS = 0.5
PROXIMITY_CHARS = 60
# A section states the rule; a FAQ rules on a case; an example only quotes a card.
KIND_PRIOR = {"section": 1.0, "faq": 0.9, "example": 0.5}
# A bare section ID as judges type it: II-B-08, ii-b-08, Ⅱ-B, B-12, A-01/faq-1.
_SECTION_ID = re.compile(
    r"(?i)^\s*(?:(?:i{1,2}|[ⅰⅱ])-[a-h](?:-\d{1,2})?|[a-h]-\d{1,2})(?:/(?:faq|ex)-\d+)?\s*$"
)
EXACT_ID_SCORE = 1000.0  # an ID or citation typed as the query ranks first
# With no --lang, records in the query's own language rank first (a Korean question
# is answered from rules-ko before guide-ja).
OWN_LANGUAGE_BOOST = 1.5
DOC_LANGS = ("ja", "zh", "ko")
ENGLISH_EDITION = "guide-ja"  # the authority: shown for an English query


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


class _Or(Q.Or):
    """Or that always merges its sub-matchers as a tree. On a small index Whoosh
    otherwise preloads every Or into per-document arrays (ArrayUnionMatcher), which
    is slower here and loses hits under top-N collection."""

    matcher_type = Q.Or.DEFAULT_MATCHER


def _rarest(grams: list[str], reader) -> list[str]:
    """At most MAX_TYPED_GRAMS of a typed run's grams: those fewest records contain
    (the informative ones), so a pasted paragraph costs what a sentence does."""
    if len(grams) <= MAX_TYPED_GRAMS or reader is None:
        return grams
    frequency = {g: reader.doc_frequency("body", g) for g in grams}
    kept = set(sorted((g for g in grams if frequency[g]), key=frequency.get)[:MAX_TYPED_GRAMS])
    return [g for g in grams if g in kept]


def _form_query(form: str, soft: bool, reader=None) -> Q.Query | None:
    grams = list(dict.fromkeys(concept_grams(form)))
    if soft:
        grams = _rarest(grams, reader)
    if not grams:
        return None
    per_field = []
    for field, boost in FIELD_BOOSTS:
        terms = [Q.Term(field, g) for g in grams]
        if len(terms) == 1:
            node = terms[0]
        else:
            node = _Or(terms) if soft else Q.And(terms)
        # Long forms have many bigrams; keep one concept from drowning the others.
        node.boost = boost / (len(terms) ** 0.5)
        per_field.append(node)
    return _Or(per_field)


def build_query(expansion: Expansion, reader=None) -> Q.Query | None:
    parts = []
    for concept in expansion.concepts:
        soft = not concept.glossary
        forms = [f for f in (_form_query(f, soft, reader) for f in concept.forms) if f]
        if forms:
            parts.append(_Or(forms, boost=concept.weight))
    return _Or(parts) if parts else None


def _filter(lang: str, doc: str | None) -> Q.Query | None:
    if doc:
        return Q.Term("doc", doc)
    if lang in ("ja", "zh", "ko"):
        return Q.Term("lang", lang)
    return None


def _coverage(concepts: list[Concept], matches: dict[int, list[str]]) -> float:
    """Weighted share of the query's concepts the record mentions (a typed run counts
    by the share of its characters found)."""
    total = sum(c.weight for c in concepts) or 1.0
    got = 0.0
    for i, concept in enumerate(concepts):
        found = matches.get(i)
        if not found:
            continue
        if concept.glossary:
            got += concept.weight
        else:
            share = min(1.0, sum(len(f) for f in found) / max(1, len(concept.source)))
            got += concept.weight * share
    return got / total


def _defined_here(concepts: list[Concept], citation: str) -> float:
    """Weighted share of the query's concepts the glossary says this record defines."""
    total = sum(c.weight for c in concepts) or 1.0
    return sum(c.weight for c in concepts if citation in c.sections) / total


def _proximity(norm: str, concepts: list[Concept], matches: dict[int, list[str]]) -> float:
    """Up to 1 + PROXIMITY_BONUS when the matched concepts occur close together."""
    window = closest_window(norm, concepts, matches)
    if window is None:
        return 1.0
    return 1.0 + PROXIMITY_BONUS * max(0.0, 1.0 - window / PROXIMITY_CHARS)


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


def _id_hits(searcher, citations: list[str], flt) -> list[dict]:
    found = searcher.search(Q.Or([Q.Term("id", c) for c in citations]), limit=None, filter=flt)
    records = [dict(hit.fields()) for hit in found]
    return sorted(records, key=lambda r: DOCS.index(r["doc"]))


def run_search(query: str, lang: str | None = None, doc: str | None = None, limit: int = 10) -> dict:
    """lang None: every document, the query's own language first; "all": every
    document, no preference; ja/zh/ko: that language's documents; en: every document."""
    validate(query, lang, doc, limit)
    expansion = expand(query, lang or "all", DOC_LANG.get(doc) if doc else None)
    query_lang = expansion.language()
    searcher = open_searcher()
    flt = _filter(lang or "all", doc)

    ranked: list[tuple[float, dict, dict[int, list[str]]]] = []
    citations = _citations_typed(query)
    if citations is not None:  # an ID is looked up, never matched as words
        ranked = [(EXACT_ID_SCORE, fields, {}) for fields in _id_hits(searcher, citations, flt)]

    whoosh_query = build_query(expansion, searcher.reader()) if citations is None else None
    if whoosh_query is not None:
        # limit=None: scoring every match is faster here than Whoosh's top-N pruning,
        # and that pruning combined with its preloading Or matcher (not used, see _Or)
        # dropped high-scoring documents (whoosh-reloaded 2.7.5: 13 of 88 golden
        # queries had a different top 50).
        results = searcher.search(whoosh_query, limit=None, filter=flt)
        prefer = query_lang if lang is None and query_lang in DOC_LANGS else None
        rescored = []
        for hit in results[:CANDIDATES]:
            fields = hit.fields()
            matches = find_matches(fields["norm"], expansion.concepts)
            own_matches = find_matches(fields["norm_own"], expansion.concepts)
            # What a section says itself counts fully; what only the cards it quotes
            # mention counts half (those FAQs/examples are hits of their own).
            own = _coverage(expansion.concepts, own_matches)
            coverage = own + QUOTED_CREDIT * (_coverage(expansion.concepts, matches) - own)
            prior = DOC_PRIOR.get(fields["doc"], 1.0) * KIND_PRIOR.get(fields["kind"], 1.0)
            if prefer and fields["lang"] == prefer:
                prior *= OWN_LANGUAGE_BOOST
            defined = 1.0 + DEFINED_BONUS * _defined_here(expansion.concepts, fields["id"])
            near = _proximity(fields["norm_own"], expansion.concepts, own_matches)
            score = hit.score * prior * defined * near * (0.2 + 0.8 * coverage) ** 2
            rescored.append((score, fields, matches))
        # Stable order on ties: reading order within a document, documents in DOCS order.
        rescored.sort(key=lambda r: (-r[0], DOCS.index(r[1]["doc"]), r[1]["order"]))
        ranked += rescored

    grouped = one_hit_per_rule(ranked, query_lang)
    hits = [_hit(score, fields, matches, expansion) for score, fields, matches in grouped[:limit]]
    result = {"query": query, "hits": hits, "lang": lang or "auto", "doc": doc, "query_lang": query_lang}
    result["expanded"] = expansion.describe()
    if expansion.corrections:
        result["corrected"] = expansion.corrections
    if citations is None:  # a card's name, number or id gets a `kind: card` hit
        from judgebot.search.card_hits import with_card_hits

        result = with_card_hits(result, query, limit)
    return result


def _shown_edition(members: list[tuple[float, dict, dict]], query_lang: str):
    """The edition a judge reads: the one in the query's language (for English,
    guide-ja, the authority), else the best-scored."""
    for member in members:
        fields = member[1]
        if fields["lang"] == query_lang or (query_lang == "en" and fields["doc"] == ENGLISH_EDITION):
            return member
    return members[0]


def one_hit_per_rule(ranked: list[tuple[float, dict, dict]], query_lang: str) -> list[tuple[float, dict, dict]]:
    """One hit per rule: the editions of a rule (same `rule` key: a guide-ja section,
    its guide-zh counterpart, the play-rule sections on exactly that rule) become one
    hit at the rank of the best of them, showing the edition in the query's language;
    the others are listed in its `equivalents`."""
    groups: dict[str, list[tuple[float, dict, dict]]] = {}
    for entry in ranked:
        groups.setdefault(entry[1].get("rule") or entry[1]["id"], []).append(entry)
    out = []
    for members in groups.values():  # dicts keep first-seen order: the best member's rank
        score, fields, matches = _shown_edition(members, query_lang)
        out.append((members[0][0], fields, matches))
    return out


def _hit(score: float, fields: dict, matches: dict[int, list[str]], expansion: Expansion) -> dict:
    snippet, matched = make_snippet(fields["text"], fields["title"], matches)
    return {
        "id": fields["id"],
        "doc": fields["doc"],
        "section": fields["section"],
        "lang": fields["lang"],
        "kind": fields["kind"],
        "title": fields["title"],
        "score": round(score, 3),
        "snippet": snippet,
        "matched": matched,
        "title_en": fields.get("title_en"),
        "equivalents": list(fields.get("equivalents") or []),
        "editions": list(fields.get("editions") or []),
        "matched_en": _glossary_names(matched, matches, expansion),
        "superseded_by": list(fields.get("superseded_by") or []) or None,
        "differs": fields.get("differs"),
    }


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
