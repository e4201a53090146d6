"""Human rendering of rulings for `judgebot check`, 80 columns, the verdict first.

Per ruling: one verdict line (allowed or not, failed, verified ✓/✗), the file and the
scenario's title, the outcome (cost, damage, Knock Outs, Prizes, winner), then the
steps, wrapped, each followed by the rules it cites with their corpus titles. Card
names are shown as the scenario gives them. A citation that does not resolve is a bug
in the engine: it raises rather than print a bare ID.

The layout is plain lines (text, style). When stdout is not a terminal they are
written as fixed-width text, one write per ruling; on a terminal they go through rich
as one styled Text per ruling (no tables: their layout cost dominated `check`).
Every text shown passes through `safe.visible`.
"""

from __future__ import annotations

from typing import Iterable, TextIO

from judgebot.corpus.model import Corpus
from judgebot.present.fixed_width import wrap
from judgebot.present.safe import visible

WIDTH = 80
STEP_INDENT = "    "
CITE_INDENT = "      "

Line = tuple[str, str]  # (text, rich style or "")


def verdict(ruling: dict) -> Line:
    ask = visible(str(ruling["ask"]))
    allowed = ruling.get("allowed")
    if allowed is False:
        text, style = f"✗ NOT ALLOWED ({ask})", "bold red"
    elif allowed is True:
        text, style = f"✓ ALLOWED ({ask})", "bold green"
        if ruling.get("failed"):
            text, style = text + " — but it FAILED", "bold yellow"
    else:
        text, style = f"= RULING ({ask})", "bold"
    if ruling.get("winner"):
        winner = ruling["winner"]
        text += " — GAME OVER: " + ("a draw" if winner == "draw" else f"{winner} win" + ("s" if winner == "opponent" else ""))
    if ruling.get("verified") is True:
        text += " — verified ✓"
    elif ruling.get("verified") is False:
        text, style = text + " — verified ✗ (does not match expect)", "bold red"
    return text, style


def _joined(mapping: dict) -> str:
    return ", ".join(f"{key} {value}" for key, value in mapping.items())


def outcome(ruling: dict, width: int) -> list[Line]:
    """What happened, after the verdict line."""
    lines: list[Line] = []

    def add(text: str, style: str = "", indent: str = "  ", first: str = "") -> None:
        lines.extend((line, style) for line in wrap(visible(text), width, indent, first))

    add(str(ruling["file"]) + (f" — {ruling['title']}" if ruling.get("title") else ""), "dim")
    for m in ruling.get("mismatches") or []:
        extra = f" (missing {', '.join(m['missing'])})" if m.get("missing") else ""
        add(f"{m['key']}: expected {m['expected']!r}, got {m['actual']!r}{extra}", "red", "    ", "  • ")
    for reason in ruling.get("reasons") or []:
        add(f"{reason['text']}  [{', '.join(reason['cite'])}]", "", "    ", "  • ")
    if ruling.get("cost") is not None:
        cost = ruling["cost"]
        add("cost: " + ((", ".join(cost) if isinstance(cost, list) else str(cost)) or "none"))
    if ruling.get("damage"):
        add("damage: " + _joined(ruling["damage"]))
    if ruling.get("counters"):
        add("damage counters now: " + _joined(ruling["counters"]))
    if ruling.get("conditions"):
        add("Special Conditions now: " + ", ".join(
            f"{pos} {', '.join(c) or 'none'}" for pos, c in ruling["conditions"].items()))
    if ruling.get("knocked_out"):
        add("Knocked Out: " + ", ".join(ruling["knocked_out"]), "bold")
    prizes = ruling.get("prizes_taken") or {}
    if any(prizes.values()):
        add("Prizes taken: " + _joined({side: n for side, n in prizes.items() if n}))
    if ruling.get("extra_draws"):
        add("extra draws: " + _joined(ruling["extra_draws"]))
    return lines


def step_lines(number: int, step: dict, corpus: Corpus, width: int) -> list[Line]:
    head = str(step["step"])
    if step.get("target"):
        head += f" {step['target']}"
    value = step.get("value")
    if value is not None:
        head += " = " + (", ".join(str(v) for v in value) if isinstance(value, list) else str(value))
    if step.get("change"):
        head += f" ({step['change']})"
    lines: list[Line] = [(line, "") for line in wrap(visible(f"{head}: {step['text']}"), width, STEP_INDENT,
                                                        f"{number:>2}. ")]
    for citation in step.get("cite") or []:
        lines += cite_lines(citation, corpus, width)
    return lines


def cite_lines(citation: str, corpus: Corpus, width: int) -> list[Line]:
    record = corpus.get(citation)  # an unknown citation raises: it is a bug, never printed bare
    first = f"{CITE_INDENT}{visible(citation)}  "
    return [(line, "cyan") for line in wrap(visible(record.title), width, CITE_INDENT + "  ", first)]


def ruling_lines(ruling: dict, corpus: Corpus, width: int = WIDTH) -> list[Line]:
    lines = [verdict(ruling)] + outcome(ruling, width)
    steps = ruling.get("steps") or []
    cited: set[str] = set()
    for number, step in enumerate(steps, 1):
        lines += step_lines(number, step, corpus, width)
        cited.update(step.get("cite") or [])
    rest = [c for c in ruling.get("citations") or [] if c not in cited]
    if rest:
        lines.append(("rules:", "bold"))
        for citation in rest:
            lines += cite_lines(citation, corpus, width)
    return lines


def summary_line(good: int, verified: int) -> Line:
    return f"{good}/{verified} rulings match their expectations", "bold " + ("green" if good == verified else "red")


class RulingWriter:
    """Writes rulings as they come: plain text to a stream, or styled through rich."""

    def __init__(self, corpus: Corpus, out: TextIO | None = None, console=None, width: int = WIDTH):
        self.corpus, self.out, self.console, self.width = corpus, out, console, width
        self.count = self.verified = self.good = 0

    def _emit(self, lines: list[Line]) -> None:
        if self.console is None:
            self.out.write("".join(text + "\n" for text, _ in lines))
            return
        from rich.text import Text

        styled = Text()
        for text, style in lines:
            styled.append(text + "\n", style=style or None)
        self.console.print(styled, end="", soft_wrap=True, highlight=False, markup=False)

    def write(self, ruling: dict) -> None:
        lines = ruling_lines(ruling, self.corpus, self.width)
        self._emit(([("", "")] if self.count else []) + lines)
        self.count += 1
        if ruling.get("verified") is not None:
            self.verified += 1
            self.good += bool(ruling["verified"])

    def finish(self) -> None:
        if self.count > 1 and self.verified:
            self._emit([("", ""), summary_line(self.good, self.verified)])


def render_rulings(rulings: Iterable[dict], corpus: Corpus, out: TextIO | None = None, console=None) -> None:
    writer = RulingWriter(corpus, out, console)
    for ruling in rulings:
        writer.write(ruling)
    writer.finish()
