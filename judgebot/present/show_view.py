"""Human rendering of one corpus record for `judgebot show`.

Headings, bullets and steps read like the rulebook; 【FAQ】 blocks and 【文例】
example cards are set apart in panels; references and equivalents are listed as
citations with their titles, so a judge can follow them with `judgebot show`.
"""

from __future__ import annotations

import re

from rich.console import Console, Group
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


def _sub_record_panel(record: Record) -> Panel:
    style = "cyan" if record.kind == "faq" else "magenta"
    return Panel(
        Text(record.text),
        title=KIND_LABEL[record.kind],
        subtitle=record.id,
        title_align="left",
        subtitle_align="right",
        border_style=style,
    )


def record_body(record: Record, corpus: Corpus) -> list:
    """The renderables of a record's body, in reading order."""
    if not record.blocks:
        return [Text(record.text)]
    parts: list = []
    for block in record.blocks:
        ref = block.get("ref")
        if block.get("type") in ("faq", "example") and ref in corpus.by_id:
            parts.append(_sub_record_panel(corpus.by_id[ref]))
        else:
            parts.append(_block_text(block))
    return parts


def note_lines(record: Record) -> list[Text]:
    """judgebot's own annotations: set apart, dim and labelled, never as rule text."""
    if not record.notes:
        return []
    from judgebot.i18n import msg, render

    label = render(msg("corpus.note_label"), record.lang)
    lines = [Text(""), Text(f"[{label}]", style="dim bold")]
    lines += [Text(note, style="dim italic", overflow="fold") for note in record.notes]
    return lines


def _citation_lines(label: str, citations: list[str], corpus: Corpus) -> list[Text]:
    if not citations:
        return []
    lines = [Text(label, style="bold")]
    for citation in citations:
        target = corpus.by_id.get(citation)
        title = target.title if target else ""
        line = Text("  ")
        line.append(citation, style="green")
        line.append(f"  {title}")
        lines.append(line)
    return lines


def render_record(record: Record, corpus: Corpus, console: Console) -> None:
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
    renderables.append(Text(""))
    renderables += record_body(record, corpus)
    renderables += note_lines(record)
    footer: list[Text] = []
    footer += _citation_lines("Sections", record.children, corpus)
    if not record.blocks:  # sub-records are inline in the blocks otherwise
        footer += _citation_lines("FAQs", record.faqs, corpus)
        footer += _citation_lines("Examples", record.examples, corpus)
    footer += _citation_lines("References", record.refs, corpus)
    footer += _citation_lines("Equivalents", record.equivalents, corpus)
    if footer:
        renderables.append(Text(""))
        renderables += footer
    console.print(Group(*renderables))
