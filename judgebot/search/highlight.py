"""Which of the query's concepts a record mentions, and the snippet that shows them."""

from __future__ import annotations

import re
from collections import deque
from functools import lru_cache

from judgebot.search.analysis import NUMBER_WORDS, english_term, fold_one_to_one, normalize
from judgebot.search.expand import Literal

SNIPPET_CHARS = 160
_LEAD = 40  # characters of context before the first match in the window


def _pieces_found(run: str, norm: str, bigrams: set[str] | None = None) -> list[str]:
    """Greedy maximal substrings of a typed CJK run (two characters or more) that the
    text contains: "ねむりのポケモン" against a text with "ねむり" and "ぽけもん".

    Linear in the run (up to a log factor): a piece can only extend over characters
    whose bigrams the text has, so a position whose bigram is absent is skipped in
    O(1), and the longest piece within a stretch of present bigrams is found by
    binary search (a prefix of a contained string is contained)."""
    if len(run) < 2:
        return []
    if bigrams is None:
        bigrams = text_bigrams(norm)
    present = [run[k : k + 2] in bigrams for k in range(len(run) - 1)]
    # reach[k]: the end of the stretch of present bigrams starting at k
    reach = [0] * (len(run) + 1)
    for k in range(len(run) - 2, -1, -1):
        if present[k]:
            reach[k] = reach[k + 1] or k + 2
    found: list[str] = []
    i = 0
    while i < len(run) - 1:
        if not present[i]:
            i += 1
            continue
        low, high = i + 2, reach[i]  # run[i:low] is in norm; the answer is ≤ high
        if run[i:low] not in norm:
            i += 1
            continue
        while low < high:
            mid = (low + high + 1) // 2
            if run[i:mid] in norm:
                low = mid
            else:
                high = mid - 1
        found.append(run[i:low])
        i = low
    return found


def text_bigrams(norm: str) -> set[str]:
    return {norm[k : k + 2] for k in range(len(norm) - 1)}


def find_matches(norm: str, concepts) -> dict[int, list[str]]:
    """{concept index: the normalized strings of it found in `norm`}."""
    matches: dict[int, list[str]] = {}
    bigrams = None
    for i, concept in enumerate(concepts):
        if concept.glossary or concept.source.isascii():
            found = []
            for regex, pieces in concept.matchers:
                if regex.search(norm):
                    found += [p for p in pieces if p not in found]
        else:
            if bigrams is None:
                bigrams = text_bigrams(norm)
            found = _pieces_found(concept.source, norm, bigrams)
        if found:
            matches[i] = found
    return matches


_ENGLISH_WORD = re.compile(r"[0-9a-z]+")


def english_matches(text: str, concepts) -> dict[int, list[str]]:
    """{concept index: the words of English `text` (normalized) that mention it}: every
    word of one of the concept's English forms, by stem ("benched" for "bench")."""
    # Porter stemming is slow in pure Python: only words that begin like a stem the
    # concepts look for are stemmed (a stem keeps its word's first two letters).
    heads = {term[:2] for concept in concepts for form in concept.english for term in form}
    by_stem: dict[str, list[str]] = {}
    for word in dict.fromkeys(_ENGLISH_WORD.findall(fold_one_to_one(text))):  # in text order
        if word[:2] in heads or word in NUMBER_WORDS:
            term = english_term(word)
            if term is not None:
                by_stem.setdefault(term, []).append(word)
    matches: dict[int, list[str]] = {}
    for i, concept in enumerate(concepts):
        found: list[str] = []
        for form in concept.english:
            if all(term in by_stem for term in form):
                found += [w for term in form for w in by_stem[term] if w not in found]
        if found:
            matches[i] = found
    return matches


@lru_cache(maxsize=4096)
def _term_pattern(term: str) -> Literal:
    return Literal(term)  # whole words for a Latin term


def term_spans(text: str, terms) -> list[tuple[int, int, str]]:
    """(start, end, term) of every occurrence of the normalized `terms` in the original
    `text`, found through normalization (so ベンチ matches べんち, ＨＰ matches hp)."""
    folded = fold_one_to_one(text)
    spans = []
    for term in {t for t in terms if t}:
        spans += [(m.start(), m.end(), term) for m in _term_pattern(term).finditer(folded)]
    spans.sort()
    return spans


def _best_window(spans: list[tuple[int, int, str]], term_concept: dict[str, int]) -> int:
    """Start offset of the snippet: around the tightest cluster of matches that shows
    the most distinct concepts (a rule sentence naming them all, rather than the same
    words scattered over the examples)."""
    best_start, best_key = 0, None
    for i, (anchor, _, _) in enumerate(spans):
        seen: set[int] = set()
        extent = 0
        for start, end, term in spans[i:]:
            if end - anchor > SNIPPET_CHARS - _LEAD:
                break
            if term_concept[term] not in seen:
                seen.add(term_concept[term])
                extent = end - anchor
        key = (len(seen), -extent)
        if best_key is None or key > best_key:
            best_start, best_key = max(0, anchor - _LEAD), key
    return best_start


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def make_snippet(text: str, title: str, matches: dict[int, list[str]]) -> tuple[str, list[str]]:
    """The snippet (plain text around the best cluster of matches) and the matched
    terms as they are written in the record."""
    term_concept = {t: i for i, found in matches.items() for t in found}
    spans = term_spans(text, term_concept)
    start = _best_window(spans, term_concept) if spans else 0
    window = text[start : start + SNIPPET_CHARS]
    snippet = ("…" if start > 0 else "") + _clean(window)
    if start + SNIPPET_CHARS < len(text):
        snippet += "…"

    surfaces: dict[str, str] = {}
    for s, e, term in spans:
        surfaces.setdefault(term, text[s:e])
    for s, e, term in term_spans(title, term_concept):
        surfaces.setdefault(term, title[s:e])
    ordered = [surfaces[t] for i in sorted(matches) for t in matches[i] if t in surfaces]
    return snippet, list(dict.fromkeys(ordered))


def highlight_spans(snippet: str, matched: list[str]) -> list[tuple[int, int]]:
    """Where the matched terms occur in a snippet (for the human view)."""
    return [(s, e) for s, e, _ in term_spans(snippet, [normalize(m) for m in matched])]


def closest_window(norm: str, concepts, matches: dict[int, list[str]]) -> int | None:
    """Length of the shortest stretch of `norm` that mentions every matched concept
    (None when fewer than two concepts matched): "ベンチポケモンへのダメージは弱点" is
    closer to the question than ベンチ and 弱点 in different paragraphs."""
    if len(matches) < 2:
        return None
    events: list[tuple[int, int, int]] = []  # (start, end, concept)
    for i in matches:
        concept = concepts[i]
        if concept.glossary or concept.source.isascii():
            for regex, _ in concept.matchers:
                events += [(m.start(), m.end(), i) for m in regex.finditer(norm)]
        else:
            for piece in matches[i]:
                start = norm.find(piece)
                while start >= 0:
                    events.append((start, start + len(piece), i))
                    start = norm.find(piece, start + 1)
    events.sort()
    need = len(matches)
    counts: dict[int, int] = {}
    best = None
    left = 0
    ends: deque[int] = deque()  # indexes into events, their ends decreasing: ends[0] is the max
    for right, (_, end, concept) in enumerate(events):
        counts[concept] = counts.get(concept, 0) + 1
        while ends and events[ends[-1]][1] <= end:
            ends.pop()
        ends.append(right)
        while len(counts) == need:
            window = events[ends[0]][1] - events[left][0]
            best = window if best is None else min(best, window)
            gone = events[left][2]
            counts[gone] -= 1
            if not counts[gone]:
                del counts[gone]
            left += 1
            if ends[0] < left:
                ends.popleft()
    return best
