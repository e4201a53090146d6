"""Library results shaped for the templates: highlighted snippets, record bodies,
the verdict of a ruling, the lines of a scenario. Plain data only: the templates
escape every text they print."""

from __future__ import annotations

import re

from judgebot.corpus.model import DOC_LANG, DOCS, Corpus, Record
from judgebot.errors import JudgebotError, ScenarioError
from judgebot.i18n import msg, render

LANG_NAMES = {"ja": "日本語", "zh": "中文", "ko": "한국어", "en": "English"}
KIND_LABEL = {"faq": "FAQ", "example": "Example", "section": ""}
# The search page's choice (`lang` of /api/search): which documents, or for "en", how
# the query is read. No document is in English: an English query is answered from
# every document, through the glossary's English names, the guide-ja edition shown.
SEARCH_LANG_LABELS = {
    "all": ("All documents", "en"),
    "ja": ("日本語の文書", "ja"),
    "zh": ("中文文档", "zh"),
    "ko": ("한국어 문서", "ko"),
    "en": ("English query (all documents)", "en"),
}
# Where a citation starts in a list typed into the cards form: a document prefix or a
# bare section ID. Anything else continues the citation before it (headings with spaces:
# rules-ko:기술의 데미지 계산의 순서).
_CITATION_START = re.compile(
    r"(?i)^(?:(?:" + "|".join(map(re.escape, DOCS)) + r"):|(?:i{1,3}|[ⅰⅱⅲⅠⅡⅢ])-[a-h](?:$|[-/])|[a-h]-\d)"
)


def doc_lang(citation: str) -> str:
    """The language a citation's document is written in (ja, zh, ko)."""
    return DOC_LANG.get(citation.split(":", 1)[0], "ja")


def split_citations(text: str) -> list[str]:
    """The citations of the cards form's field: separated by commas or spaces, where a
    word that cannot start a citation belongs to the one before it."""
    out: list[str] = []
    for part in text.split(","):
        for i, word in enumerate(part.split()):
            if i > 0 and not _CITATION_START.match(word):
                out[-1] += " " + word
            else:
                out.append(word)
    return out


def chapters(corpus: Corpus) -> list[dict]:
    """The guide's chapters (I-A … II-E), for the cards form: [{"id", "section", "title"}]."""
    return [{"id": r.id, "section": r.section, "title": r.title} for r in corpus
            if r.doc == "guide-ja" and r.kind == "section" and r.section.count("-") == 1]


def check_problem(error: JudgebotError, status: int) -> dict:
    """What the scenario editor shows above the scenario when it cannot rule."""
    if isinstance(error, ScenarioError):
        return {"title": "Invalid scenario", "line": error.line, "key": error.path, "message": error.detail}
    title = "Cannot rule now" if status == 503 else "Cannot rule on that"
    return {"title": title, "line": getattr(error, "line", None), "key": getattr(error, "path", ""),
            "message": getattr(error, "detail", None) or str(error)}


def snippet_pieces(snippet: str, matched: list[str]) -> list[tuple[str, bool]]:
    """The snippet cut into (text, highlighted) pieces."""
    from judgebot.search.highlight import highlight_spans

    pieces: list[tuple[str, bool]] = []
    at = 0
    for start, end in sorted(highlight_spans(snippet, matched or [])):
        if start < at:
            continue
        if start > at:
            pieces.append((snippet[at:start], False))
        pieces.append((snippet[start:end], True))
        at = end
    if at < len(snippet):
        pieces.append((snippet[at:], False))
    return pieces


def search_hits(result: dict) -> list[dict]:
    """Hits with their snippets cut into highlighted pieces; an English snippet (an
    English query reads the record's English rendering) keeps the original's too."""
    return [dict(hit, pieces=snippet_pieces(hit.get("snippet", ""), hit.get("matched") or []),
                 original_pieces=snippet_pieces(hit["snippet_original"], hit.get("matched_original") or [])
                 if hit.get("snippet_original") else None)
            for hit in result.get("hits", [])]


def linked(citations: list[str], corpus: Corpus) -> list[dict]:
    """Citations with their titles, for lists of links."""
    return [{"id": c, "title": corpus.by_id[c].title if c in corpus.by_id else "", "lang": doc_lang(c)}
            for c in citations]


def record_body(record: Record, corpus: Corpus, english: bool = False) -> list[dict]:
    """The record's blocks in reading order; FAQ/example blocks carry their sub-record.
    `english`: each block also carries its English rendering (`en`), shown above the
    original."""
    english = english and record.text_en is not None
    if not record.blocks:
        return [{"type": "para", "level": 0, "text": record.text, "en": record.text_en if english else None}]
    body = []
    renderings = record.blocks_en if english else None
    for i, block in enumerate(record.blocks):
        ref = block.get("ref")
        item = {"type": block.get("type", "para"), "level": int(block.get("level") or 0),
                "text": block.get("text", ""), "en": renderings[i] if renderings else None}
        if item["type"] in ("faq", "example") and ref in corpus.by_id:
            sub = corpus.by_id[ref]
            item.update(ref=ref, label=KIND_LABEL[sub.kind], text=sub.text)
        body.append(item)
    return body


def language_switch(record: Record, english: bool = False) -> list[dict]:
    """One entry per language the item exists in: the current one, and the others
    through its equivalents (the switch follows the item into that edition); then
    English, the record's own rendering beside its original."""
    langs = {record.lang: record.id}
    for eq in record.equivalents:
        lang = DOC_LANG.get(eq.split(":", 1)[0])
        if lang and lang not in langs:
            langs[lang] = eq
    switch = [{"lang": lang, "name": LANG_NAMES[lang], "current": lang == record.lang and not english,
               "target": target, "query": ""}
              for lang, target in sorted(langs.items(), key=lambda kv: "jazhko".find(kv[0]))]
    if record.text_en is not None:
        switch.append({"lang": "en", "name": LANG_NAMES["en"], "current": english, "target": record.id,
                       "query": "?lang=en"})
    return switch


def superseded(record: Record, corpus: Corpus) -> dict | None:
    """An older document's rule the current guide changed: what differs and where the
    current rule is, shown before the text."""
    if not record.superseded_by:
        return None
    return {"label": render(msg("corpus.superseded_label"), "en"), "differs": record.differs,
            "current_label": render(msg("corpus.current_rule"), "en"),
            "current": linked(record.superseded_by, corpus)}


def record_page(record: Record, corpus: Corpus, english: bool = False) -> dict:
    """What the record page shows; `english`: the English rendering above the original
    of each block, said to be unofficial."""
    attribution = corpus.documents[record.doc].attribution
    parent = corpus.by_id.get(record.parent) if record.parent else None
    english = english and record.text_en is not None
    return {
        "record": record,
        "english": english,
        "english_notice": render(msg("corpus.english_label"), "en") if english else None,
        "superseded": superseded(record, corpus),
        "label": KIND_LABEL.get(record.kind, ""),
        "source": " ".join(str(attribution[k]) for k in ("title", "version") if attribution.get(k)),
        "parent": {"id": parent.id, "title": parent.title, "lang": parent.lang} if parent else None,
        "body": record_body(record, corpus, english),
        "children": linked(record.children, corpus),
        "faqs": linked(record.faqs, corpus) if not record.blocks else [],
        "examples": linked(record.examples, corpus) if not record.blocks else [],
        "refs": linked(record.refs, corpus),
        "equivalents": linked(record.equivalents, corpus),
        "langs": language_switch(record, english),
        "notes": list(record.notes),
        "notes_label": render(msg("corpus.note_label"), record.lang),
    }


def verdict(ruling: dict, lang: str = "en") -> str:
    """The answer in one line, first thing a judge reads, in the judge's language."""
    from judgebot.present.ruling_view import verdict as verdict_line

    return verdict_line(ruling, lang)[0]


def outcomes(ruling: dict, lang: str = "en") -> list[str]:
    """What the ruling decided that applies to the question (cost, damage, Knock Outs,
    Prizes …), a line each, in the judge's language."""
    from judgebot.present.ruling_view import outcome_rows

    return [text for _, text in outcome_rows(ruling, lang)]


def steps(ruling: dict, lang: str = "en") -> list[dict]:
    """Each step with its head (the guide's name for it, position, value) and text."""
    from judgebot.present.ruling_view import step_head

    return [{"head": step_head(step, str(ruling["ask"]), lang), "text": step["text"], "cite": step["cite"]}
            for step in ruling.get("steps") or []]


def plain(value) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


def scenario_lines(text: str, bad_line: int | None) -> list[dict]:
    """The submitted scenario, numbered, with the line an error points at marked."""
    return [{"number": n, "text": line, "bad": n == bad_line}
            for n, line in enumerate(text.splitlines() or [""], start=1)]
