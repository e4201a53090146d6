"""Human output of `judgebot search`: ranked hits with citation, kind and title (and its
English title), a snippet with the matched terms highlighted (for an English query, the
English rendering's snippet, then the original's with the English glossary names of its
highlighted words), and the other editions of the same rule."""

from __future__ import annotations

from rich.text import Text

from judgebot.present.safe import visible
from judgebot.search.highlight import highlight_spans

KIND_STYLE = {"section": "cyan", "faq": "magenta", "example": "green"}


def _expansion_line(result: dict) -> Text | None:
    parts = []
    for term in result.get("expanded") or []:
        forms = " / ".join(term["forms"])
        label = term["term"] if not term.get("en") or term["en"].lower() == term["term"] else f"{term['term']} ({term['en']})"
        parts.append(f"{label} → {forms}")
    corrected = result.get("corrected") or {}
    if not parts and not corrected:
        return None
    line = Text("expanded: ", style="dim")
    line.append("; ".join(parts))
    if corrected:
        line.append("   (read " + ", ".join(f"{a!r} as {b!r}" for a, b in corrected.items()) + ")", style="dim")
    return line


def render_search(result: dict, console) -> None:
    expansion = _expansion_line(result)
    if expansion is not None:
        console.print(expansion)
    hits = result.get("hits") or []
    if not hits:
        query = result.get("query", "")
        console.print(Text(f"no hits for {query!r}", style="yellow"))
        if query.isascii() and not result.get("expanded"):
            console.print(Text(
                "no glossary term in this English query (the documents are in Japanese, "
                "Chinese and Korean); try `judgebot term WORD` or a keyword in ja/zh/ko",
                style="dim",
            ))
        return
    english = result.get("query_lang") == "en"
    for rank, hit in enumerate(hits, 1):
        head = Text(f"{rank:>2}. ")
        head.append(visible(hit["id"]), style="bold")
        head.append(f"  [{hit['kind']}]", style=KIND_STYLE.get(hit["kind"], ""))
        head.append(f"  {visible(hit['title'])}")
        if hit.get("title_en"):
            head.append(f"  — {visible(hit['title_en'])}", style="italic")
        head.append(f"  ({hit['score']:g})", style="dim")
        console.print(head)
        if hit.get("superseded_by"):
            console.print(Text(f"    ⚠ superseded: {visible(hit.get('differs') or '')} → "
                               + visible(", ".join(hit["superseded_by"])), style="yellow"))
        console.print(_snippet_line(hit["snippet"], hit.get("matched") or []))
        if hit.get("snippet_original"):
            # an English snippet is an unofficial rendering: the original follows it
            console.print(Text("    (unofficial English; original:)", style="dim"))
            console.print(_snippet_line(hit["snippet_original"], hit.get("matched_original") or [], "dim"))
        names = hit.get("matched_en") or {}
        if english and names:
            console.print(Text("    " + visible(", ".join(f"{k} = {v}" for k, v in names.items())), style="dim"))
        if hit.get("editions"):
            console.print(Text("    also: " + visible(", ".join(hit["editions"])), style="dim"))


def _snippet_line(text: str, matched: list[str], style: str = "") -> Text:
    shown = visible(text)
    line = Text("    " + shown, style=style)
    for start, end in highlight_spans(shown, matched):
        line.stylize("bold yellow", start + 4, end + 4)
    return line
