"""Human rendering of one corpus record for `judgebot show`.

Headings, bullets and steps read like the rulebook; 【FAQ】 blocks and 【文例】
example cards are set apart in panels; references and equivalents are listed as
citations with their titles, so a judge can follow them with `judgebot show`.
"""

from __future__ import annotations

import re

from rich.console import Console, Group
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from judgebot.corpus.model import Corpus, Record

KIND_LABEL = {"faq": "【FAQ】", "example": "【文例】", "section": ""}


STEP_MARKER = re.compile(r"^(\d+\.|[a-z]\.|[①-⑳]|\(\d+\))\s*")


def _hanging(marker: str, body: Text, level: int):
    """A marker with the text wrapped beside it (CJK text has no spaces to wrap at)."""
    grid = Table.grid(padding=(0, 1 if marker else 0))
    grid.add_column(width=2 * level + len(marker), no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    grid.add_row(" " * (2 * level) + marker, body)
    return grid


def _block_text(block: dict):
    level = int(block.get("level") or 0)
    kind = block.get("type", "para")
    body = block.get("text", "")
    if kind == "heading":
        return Text("  " * level + body, style="bold underline")
    if kind == "table":
        return Text(body, style="dim", overflow="fold")
    marker, style = "", ""
    if kind == "bullet":
        marker = "•"
    elif kind == "step":
        match = STEP_MARKER.match(body)
        if match:
            marker, body = match.group(1), body[match.end():]
        style = "bold" if level == 0 else ""
    elif kind == "note":
        marker, style = ("" if body.startswith("※") else "※"), "yellow"
    return _hanging(marker, Text(body, style=style, overflow="fold"), level)


def _sub_record_panel(record: Record, english: bool = False) -> Panel:
    style = "cyan" if record.kind == "faq" else "magenta"
    body = _beside(record.text_en, Text(record.text)) if english and record.text_en else Text(record.text)
    return Panel(
        body,
        title=KIND_LABEL[record.kind],
        subtitle=record.id,
        title_align="left",
        subtitle_align="right",
        border_style=style,
    )


def _beside(english: str, original) -> Group:
    """An English rendering with the original under it, dim: the judge reads the
    English, and the original (the authority) is right there."""
    return Group(Text(english, overflow="fold"), _dim(original))


def _dim(renderable):
    """The original under its rendering: the same layout, indented and dim (so that it
    stands apart in plain text too)."""
    if isinstance(renderable, Text):
        renderable.stylize("dim")
    elif isinstance(renderable, Table):
        renderable.style = "dim"
    return Padding(renderable, (0, 0, 0, 4))


def record_body(record: Record, corpus: Corpus, english: bool = False) -> list:
    """The renderables of a record's body, in reading order; `english`: each block's
    English rendering with the original under it (when the record has one)."""
    english = english and record.text_en is not None
    if not record.blocks:
        return [_beside(record.text_en, Text(record.text)) if english else Text(record.text)]
    parts: list = []
    renderings = record.blocks_en if english else None
    for i, block in enumerate(record.blocks):
        ref = block.get("ref")
        if block.get("type") in ("faq", "example") and ref in corpus.by_id:
            parts.append(_sub_record_panel(corpus.by_id[ref], english))
        elif renderings:
            original = _block_text({**block, "text": block.get("text", "")})
            parts.append(Group(_block_text({**block, "text": renderings[i]}), _dim(original)))
        else:
            parts.append(_block_text(block))
    return parts


def _label(message_id: str, lang: str, **params) -> str:
    from judgebot.i18n import msg, render

    return render(msg(message_id, **params), lang)


def superseded_lines(record: Record, corpus: Corpus, lang: str) -> list[Text]:
    """The mark of an older document's rule the current guide changed: said first,
    with what changed and where the current rule is."""
    if not record.superseded_by:
        return []
    lines = [Text(f"⚠ {_label('corpus.superseded_label', lang)}", style="bold yellow"),
             Text(f"  {record.differs}", style="yellow", overflow="fold")]
    for citation in record.superseded_by:
        current = corpus.by_id.get(citation)
        line = Text(f"  {_label('corpus.current_rule', lang)}: ", style="yellow")
        line.append(citation, style="green")
        if current is not None:
            line.append(f"  {current.title_en if lang == 'en' and current.title_en else current.title}")
        lines.append(line)
    return lines


def english_lines(record: Record, lang: str) -> list[Text]:
    if record.text_en is None:
        return [Text(_label("corpus.english_missing", lang), style="dim italic")]
    lines = [Text(_label("corpus.english_label", lang), style="dim italic", overflow="fold")]
    if record.text_en_from:
        lines.append(Text(_label("corpus.english_shared", lang, source=record.text_en_from), style="dim italic"))
    return lines


def note_lines(record: Record) -> list[Text]:
    """judgebot's own annotations: set apart, dim and labelled, never as rule text."""
    if not record.notes:
        return []
    from judgebot.i18n import msg, render

    label = render(msg("corpus.note_label"), record.lang)
    lines = [Text(""), Text(f"[{label}]", style="dim bold")]
    lines += [Text(note, style="dim italic", overflow="fold") for note in record.notes]
    return lines


def _citation_lines(label: str, citations: list[str], corpus: Corpus, english: bool = False) -> list[Text]:
    if not citations:
        return []
    lines = [Text(label, style="bold")]
    for citation in citations:
        target = corpus.by_id.get(citation)
        title = (target.title_en if english and target.title_en else target.title) if target else ""
        line = Text("  ")
        line.append(citation, style="green")
        line.append(f"  {title}")
        lines.append(line)
    return lines


def render_record(record: Record, corpus: Corpus, console: Console, english: bool = False) -> None:
    attribution = corpus.documents[record.doc].attribution
    source = " ".join(
        str(attribution[k]) for k in ("title", "version") if attribution.get(k)
    )
    header = Text()
    header.append(record.id, style="bold green")
    label = KIND_LABEL.get(record.kind, "")
    header.append(f"  {label}{record.title}", style="bold")
    renderables: list = [header]
    if record.title_en:
        renderables.append(Text(record.title_en, style="italic"))
    renderables.append(Text(source, style="dim"))
    if record.parent:
        parent = corpus.by_id.get(record.parent)
        renderables.append(Text(f"in {record.parent}  {parent.title if parent else ''}", style="dim"))
    view_lang = "en" if english else record.lang
    marks = superseded_lines(record, corpus, view_lang)
    if marks:
        renderables += [Text("")] + marks
    if english:
        renderables += [Text("")] + english_lines(record, view_lang)
    renderables.append(Text(""))
    renderables += record_body(record, corpus, english)
    renderables += note_lines(record)
    footer: list[Text] = []
    footer += _citation_lines("Sections", record.children, corpus, english)
    if not record.blocks:  # sub-records are inline in the blocks otherwise
        footer += _citation_lines("FAQs", record.faqs, corpus, english)
        footer += _citation_lines("Examples", record.examples, corpus, english)
    footer += _citation_lines("References", record.refs, corpus, english)
    footer += _citation_lines("Equivalents", record.equivalents, corpus, english)
    if footer:
        renderables.append(Text(""))
        renderables += footer
    console.print(Group(*renderables))
