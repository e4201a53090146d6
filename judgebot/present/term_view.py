"""Human rendering of `judgebot term`: one panel per glossary entry.

Each panel shows the term in the four languages (with their aliases), its kind, and
the sections that define it as citations with their titles, so a judge can open
them with `judgebot show`.
"""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from judgebot.errors import JudgebotError

LANG_LABEL = {"ja": "日本語", "zh": "中文", "ko": "한국어", "en": "English"}
KIND_LABEL = {
    "game_term": "game term",
    "zone": "zone",
    "card_kind": "card kind",
    "special_condition": "Special Condition",
    "type": "type",
    "action": "action",
    "rule_phrase": "rule phrase (card text)",
    "rule_box": "Rule Box",
    "card_name": "card name",
}

MATCH_NOTE = {
    "contains": "no exact match; terms containing it or contained in it",
    "close": "no exact match; closest spellings",
}


def _titles() -> dict[str, str]:
    """Citation → section title, when the corpus loads (the glossary works without it)."""
    try:
        from judgebot.corpus import load_corpus

        corpus = load_corpus()
    except JudgebotError:
        return {}
    return {record.id: record.title for record in corpus}


def _words_table(entry: dict) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    aliases = entry.get("aliases") or {}
    for lang, label in LANG_LABEL.items():
        line = Text(entry.get(lang, ""), style="bold")
        others = aliases.get(lang) or []
        if others:
            line.append("  (" + ", ".join(others) + ")", style="dim")
        table.add_row(label, line)
    return table


def _sections_table(sections: list[str], titles: dict[str, str]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="green", no_wrap=True)
    table.add_column()
    for citation in sections:
        table.add_row(citation, titles.get(citation, ""))
    return table


def entry_panel(entry: dict, titles: dict[str, str]) -> Panel:
    parts = [_words_table(entry)]
    if entry.get("sections"):
        parts += [Text(""), Text("Defined in", style="bold"), _sections_table(entry["sections"], titles)]
    kind = KIND_LABEL.get(entry.get("kind", ""), entry.get("kind", ""))
    return Panel(
        Group(*parts),
        title=f"{entry.get('ja', '')} / {entry.get('en', '')}",
        title_align="left",
        subtitle=kind,
        subtitle_align="right",
        border_style="blue",
    )


def render_terms(result: dict, console: Console) -> None:
    entries = result.get("entries") or []
    titles = _titles() if entries else {}
    plural = "entry" if len(entries) == 1 else "entries"
    header = Text(f"{result.get('query', '')}: {len(entries)} glossary {plural}", style="bold")
    note = MATCH_NOTE.get(result.get("match", "exact"))
    if note:
        header.append(f" ({note})", style="yellow")
    console.print(header)
    for entry in entries:
        console.print(entry_panel(entry, titles))
