"""Library results shaped for the templates: highlighted snippets, record bodies,
the verdict of a ruling, the lines of a scenario. Plain data only: the templates
escape every text they print."""

from __future__ import annotations

from judgebot.corpus.model import DOC_LANG, Corpus, Record
from judgebot.i18n import msg, render

LANG_NAMES = {"ja": "日本語", "zh": "中文", "ko": "한국어", "en": "English"}
KIND_LABEL = {"faq": "FAQ", "example": "Example", "section": ""}


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
    return [dict(hit, pieces=snippet_pieces(hit.get("snippet", ""), hit.get("matched") or []))
            for hit in result.get("hits", [])]


def linked(citations: list[str], corpus: Corpus) -> list[dict]:
    """Citations with their titles, for lists of links."""
    return [{"id": c, "title": corpus.by_id[c].title if c in corpus.by_id else ""} for c in citations]


def record_body(record: Record, corpus: Corpus) -> list[dict]:
    """The record's blocks in reading order; FAQ/example blocks carry their sub-record."""
    if not record.blocks:
        return [{"type": "para", "level": 0, "text": record.text}]
    body = []
    for block in record.blocks:
        ref = block.get("ref")
        item = {"type": block.get("type", "para"), "level": int(block.get("level") or 0),
                "text": block.get("text", "")}
        if item["type"] in ("faq", "example") and ref in corpus.by_id:
            sub = corpus.by_id[ref]
            item.update(ref=ref, label=KIND_LABEL[sub.kind], text=sub.text)
        body.append(item)
    return body


def language_switch(record: Record) -> list[dict]:
    """One entry per language the item exists in: the current one, and the others
    through its equivalents (the switch follows the item into that edition)."""
    langs = {record.lang: record.id}
    for eq in record.equivalents:
        lang = DOC_LANG.get(eq.split(":", 1)[0])
        if lang and lang not in langs:
            langs[lang] = eq
    return [{"lang": lang, "name": LANG_NAMES[lang], "current": lang == record.lang,
             "target": target} for lang, target in sorted(langs.items(), key=lambda kv: "jazhko".find(kv[0]))]


def record_page(record: Record, corpus: Corpus) -> dict:
    attribution = corpus.documents[record.doc].attribution
    parent = corpus.by_id.get(record.parent) if record.parent else None
    return {
        "record": record,
        "label": KIND_LABEL.get(record.kind, ""),
        "source": " ".join(str(attribution[k]) for k in ("title", "version") if attribution.get(k)),
        "parent": {"id": parent.id, "title": parent.title} if parent else None,
        "body": record_body(record, corpus),
        "children": linked(record.children, corpus),
        "faqs": linked(record.faqs, corpus) if not record.blocks else [],
        "examples": linked(record.examples, corpus) if not record.blocks else [],
        "refs": linked(record.refs, corpus),
        "equivalents": linked(record.equivalents, corpus),
        "langs": language_switch(record),
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
