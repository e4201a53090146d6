"""Human rendering of rulings for `judgebot check`.

Per ruling: a headline (allowed or not and why; damage; Knock Outs; Prizes; winner;
verified ✓/✗ with the mismatches), a table of the steps (step, value, change,
reason, citation), then the citations with their titles from the corpus. A citation
that does not resolve is a bug in the engine: it raises rather than print a bare ID.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from judgebot.corpus import load_corpus
from judgebot.corpus.model import Corpus


def render_rulings(rulings: list[dict], console: Console) -> None:
    corpus = load_corpus()
    for index, ruling in enumerate(rulings):
        if index:
            console.rule(style="dim")
        render_ruling(ruling, corpus, console)
    if len(rulings) > 1:
        verified = [r for r in rulings if r.get("verified") is not None]
        if verified:
            good = sum(1 for r in verified if r["verified"])
            style = "green" if good == len(verified) else "red"
            console.print(Text(f"{good}/{len(verified)} rulings match their expectations", style=f"bold {style}"))


def headline(ruling: dict) -> list[Text]:
    """The answer first: may it be done, what happened, who wins."""
    lines: list[Text] = []
    title = Text(f"{ruling['file']}", style="bold")
    if ruling.get("title"):
        title.append(f" — {ruling['title']}", style="")
    lines.append(title)
    ask = ruling["ask"]
    if ruling.get("allowed") is False:
        lines.append(Text(f"✗ NOT ALLOWED ({ask})", style="bold red"))
        for reason in ruling.get("reasons") or []:
            lines.append(Text(f"  • {reason['text']}  [{', '.join(reason['cite'])}]"))
    elif ruling.get("allowed") is True:
        text = Text(f"✓ ALLOWED ({ask})", style="bold green")
        if ruling.get("failed"):
            text.append(" — but it FAILED", style="bold yellow")
        lines.append(text)
    if ruling.get("cost") is not None:
        cost = ruling["cost"]
        shown = ", ".join(cost) if isinstance(cost, list) else str(cost)
        lines.append(Text(f"cost: {shown or 'none'}"))
    if ruling.get("damage"):
        lines.append(Text("damage: " + ", ".join(f"{pos} {amount}" for pos, amount in ruling["damage"].items())))
    if ruling.get("counters"):
        lines.append(Text("damage counters now: " + ", ".join(f"{pos} {n}" for pos, n in ruling["counters"].items())))
    if ruling.get("conditions"):
        lines.append(Text("Special Conditions now: " + ", ".join(
            f"{pos} {', '.join(c) or 'none'}" for pos, c in ruling["conditions"].items())))
    if ruling.get("knocked_out"):
        lines.append(Text("Knocked Out: " + ", ".join(ruling["knocked_out"]), style="bold"))
    prizes = ruling.get("prizes_taken") or {}
    if any(prizes.values()):
        lines.append(Text("Prizes taken: " + ", ".join(f"{side} {n}" for side, n in prizes.items() if n)))
    if ruling.get("extra_draws"):
        lines.append(Text("extra draws: " + ", ".join(f"{side} {n}" for side, n in ruling["extra_draws"].items())))
    if ruling.get("winner"):
        winner = ruling["winner"]
        lines.append(Text("GAME OVER: " + ("a draw" if winner == "draw" else f"{winner} win" + ("s" if winner == "opponent" else "")),
                          style="bold magenta"))
    if ruling.get("verified") is True:
        lines.append(Text("verified ✓ (matches expect)", style="green"))
    elif ruling.get("verified") is False:
        lines.append(Text("verified ✗ (does not match expect)", style="bold red"))
        for m in ruling.get("mismatches") or []:
            extra = f" (missing {', '.join(m['missing'])})" if m.get("missing") else ""
            lines.append(Text(f"  • {m['key']}: expected {m['expected']!r}, got {m['actual']!r}{extra}", style="red"))
    return lines


def steps_table(ruling: dict) -> Table:
    steps = ruling.get("steps") or []
    # Citations are what a judge reads out: never truncated. The reason takes what is left.
    widest_cite = max((len(c) for s in steps for c in s["cite"]), default=8)
    table = Table(show_header=True, header_style="bold", expand=True, show_lines=False)
    table.add_column("step", no_wrap=True)
    table.add_column("target", no_wrap=True, style="dim")
    table.add_column("value", justify="right", max_width=18, overflow="fold")
    table.add_column("change", justify="right", no_wrap=True)
    table.add_column("reason", ratio=1, min_width=20, overflow="fold")
    table.add_column("citation", style="cyan", no_wrap=True, min_width=widest_cite)
    for step in steps:
        value = step.get("value")
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        # Text cells: card text such as "[fighting]" must not be read as rich markup.
        table.add_row(Text(step["step"]), Text(step.get("target") or ""), Text("" if value is None else str(value)),
                      Text(step.get("change") or ""), Text(step["text"]), Text("\n".join(step["cite"])))
    return table


def citations_list(ruling: dict, corpus: Corpus) -> list[Text]:
    lines = [Text("rules:", style="bold")]
    for citation in ruling.get("citations") or []:
        record = corpus.get(citation)  # an unknown citation raises: it is a bug, never printed bare
        line = Text(f"  {citation}", style="cyan")
        line.append(f"  {record.title}")
        lines.append(line)
    return lines


def render_ruling(ruling: dict, corpus: Corpus, console: Console) -> None:
    for line in headline(ruling):
        console.print(line)
    if ruling.get("steps"):
        console.print(steps_table(ruling))
    for line in citations_list(ruling, corpus):
        console.print(line)
