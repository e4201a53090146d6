"""Questions worded like the query: the questions players ask that a record answers
(judgebot.corpus.questions), compared with the query as whole sentences, as a second
opinion beside the passage scores (judgebot.search.score).

score.py weighs a query's concepts one by one (glossary terms, words, CJK runs). This
compares the whole question as written, by its pieces: English words and word pairs,
and two-character pieces of Japanese, Chinese and Korean text, weighted by
tf-idf over all the written questions, by cosine. Two questions that share most of their
wording ask the same thing, whatever glossary terms they hold ("can I retreat after I
attack?" / "retreat after attacking, is that allowed?"; "ベンチ0匹なのにいれかえ使える？").
A record's similarity is the mean of its TOP_QUESTIONS most similar questions (any
language); a rule's is that of its most similar record.

The first FUSED hits are then ranked by their score as a share of the first hit's, plus
ASKED_SHARE × their rule's similarity as a share of the most similar among them. Golden
set, 742 queries: MRR 0.898 → 0.917 (every language up); its batches written from real
questions 0.843 → 0.887; the translated Korean and Chinese queries 0.836 → 0.844 and
0.861 → 0.885 (README, "Questions worded like the query").

The pieces are kept in the passage table (field "k": piece → question numbers and
counts), with each question's record and vector length, written with the index.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left
from collections import Counter

from judgebot.search.analysis import strip_latin_accents

FIELD = "k"
TOP_QUESTIONS = 4
FUSED = 20
ASKED_SHARE = 0.7

_LATIN_WORD = re.compile(r"[a-z0-9]+")
# What is left between the runs of CJK (and other non-Latin) letters.
_NOT_RUN = re.compile(r"[\sa-z0-9\W_]+")


def _fold(text: str) -> str:
    """NFKC, lower case, Latin accents dropped (Pokémon → pokemon); kana as typed."""
    return strip_latin_accents(unicodedata.normalize("NFKC", text).lower())


def features(text: str) -> Counter:
    """The pieces of a question and how often each occurs."""
    text = _fold(text)
    out: Counter = Counter()
    words = [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in _LATIN_WORD.findall(text)]
    out.update("w:" + w for w in words)
    out.update(f"b:{a}_{b}" for a, b in zip(words, words[1:]))
    for run in _NOT_RUN.split(text):
        if len(run) == 1:
            out["1:" + run] += 1
        out.update("2:" + run[i:i + 2] for i in range(len(run) - 1))
    return out


def idf(df: int, questions: int) -> float:
    return math.log((questions + 1) / (df + 1)) + 1.0


def _tf(count: int) -> float:
    return 1.0 + math.log(count)


def build(records) -> tuple[dict[str, dict[int, int]], list[int], list[float]]:
    """(piece → {question number: count}, each question's record number, each
    question's vector length) for `records` (numbered as the index numbers them)."""
    postings: dict[str, dict[int, int]] = {}
    owner: list[int] = []
    counted: list[Counter] = []
    for number, record in enumerate(records):
        for questions in (getattr(record, "questions", None) or {}).values():
            for question in questions:
                pieces = features(question)
                for piece, count in pieces.items():
                    postings.setdefault(piece, {})[len(owner)] = count
                owner.append(number)
                counted.append(pieces)
    total = len(owner)
    weight = {piece: idf(len(found), total) for piece, found in postings.items()}
    lengths = [math.sqrt(sum((_tf(c) * weight[p]) ** 2 for p, c in pieces.items())) or 1.0
               for pieces in counted]
    return postings, owner, lengths


def similar(query: str, table, records: set[int] | None = None) -> dict[int, float]:
    """Record number → how like the query its most similar written questions are (0..1),
    for `records` (default: all)."""
    total = table.questions
    if not total:
        return {}
    pieces = []
    for piece, count in features(query).items():
        found = table.postings(FIELD, piece)
        if found is not None:
            weight = idf(len(found[0]), total)
            pieces.append((_tf(count) * weight, weight, found))
    norm = math.sqrt(sum(w * w for w, _, _ in pieces))
    if not norm:
        return {}
    owner, lengths = table.question_record, table.question_length
    # Only the questions of `records` are needed: each record's are one run of numbers
    # (written in record order), so each piece's postings are cut to those runs.
    runs = [(0, total)] if records is None else _runs(table, records)
    dots = [0.0] * total
    touched: set[int] = set()
    for query_weight, weight, (ids, counts) in pieces:
        scale = query_weight * weight
        for start, end in runs:
            i, j = bisect_left(ids, start), bisect_left(ids, end)
            if i == j:
                continue
            part = ids[i:j]
            touched.update(part)
            if max(counts[i:j]) == 1:
                for question in part:
                    dots[question] += scale
            else:
                for question, count in zip(part, counts[i:j]):
                    dots[question] += scale if count == 1 else scale * _tf(count)
    by_record: dict[int, list[float]] = {}
    for question in touched:
        by_record.setdefault(owner[question], []).append(dots[question] / (norm * lengths[question]))
    return {record: sum(sorted(sims, reverse=True)[:TOP_QUESTIONS]) / TOP_QUESTIONS
            for record, sims in by_record.items()}


def _runs(table, records: set[int]) -> list[tuple[int, int]]:
    """The question numbers of `records`, as (start, end) runs, joined where adjacent."""
    spans = sorted(table.question_span(record) for record in records)
    runs: list[tuple[int, int]] = []
    for start, end in spans:
        if start == end:
            continue
        if runs and runs[-1][1] == start:
            runs[-1] = (runs[-1][0], end)
        else:
            runs.append((start, end))
    return runs


def fuse(groups: list, query: str, table) -> list:
    """The hits (objects with `.score` and `.shown.number`, best first) with the first
    FUSED reranked by score share + ASKED_SHARE × similarity share (their scores become
    the fused ones, on the first hit's scale); the rest keep their order below."""
    head = groups[:FUSED]
    if len(head) < 2 or head[0].score <= 0:
        return groups
    rules = {table.meta[group.shown.number][3] for group in head}
    by_record = similar(query, table, {n for rule in rules for n in table.records_of(rule)})
    if not by_record:
        return groups
    by_rule: dict[str, float] = {}
    for number, value in by_record.items():
        rule = table.meta[number][3]
        by_rule[rule] = max(value, by_rule.get(rule, 0.0))
    alike = [by_rule.get(table.meta[group.shown.number][3], 0.0) for group in head]
    best_alike = max(alike)
    if best_alike <= 0:
        return groups
    top = head[0].score
    for group, value in zip(head, alike):
        group.score += ASKED_SHARE * top * value / best_alike
    return sorted(head, key=lambda group: -group.score) + groups[FUSED:]
