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

import re
from functools import lru_cache
from typing import Iterable, TextIO

from judgebot.corpus.model import Corpus
from judgebot.i18n import DEFAULT, Joined, Pos, Term, catalog, msg, render
from judgebot.present.fixed_width import wrap
from judgebot.present.safe import visible

WIDTH = 80
STEP_INDENT = "    "
CITE_INDENT = "      "

Line = tuple[str, str]  # (text, rich style or "")


def _say(key: str, lang: str, **params) -> str:
    return render(msg(key, **params), lang)


def _word(value, lang: str):
    """A value of a step or an outcome in the guides' words where it is a game word
    (a type, a Special Condition, a coin side), else as it is."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        for kind in ("type", "condition", "coin"):
            if f"{kind}.{value}" in catalog(lang):
                return Term(f"{kind}.{value}")
    return str(value)


def _where(place: str):
    """A board position or a side, said as people say them."""
    return Term(f"side.{place}") if place in ("you", "opponent") else Pos(place)


def _pairs(mapping: dict, lang: str, said=str) -> str:
    return render(msg("list.items", items=Joined(tuple(
        msg("view.pair", what=_where(place), value=said(value)) for place, value in mapping.items()))), lang)


def verdict(ruling: dict, lang: str = DEFAULT) -> Line:
    kind = str(ruling["ask"])
    ask = _say(f"view.ask.{kind}", lang) if f"view.ask.{kind}" in catalog(lang) else visible(kind)
    allowed = ruling.get("allowed")
    if allowed is False:
        text, style = _say("view.not_allowed", lang, ask=ask), "bold red"
    elif allowed is True:
        text, style = _say("view.allowed", lang, ask=ask), "bold green"
        if ruling.get("failed"):
            text, style = text + _say("view.failed", lang), "bold yellow"
    else:
        text, style = _say("view.ruling", lang, ask=ask), "bold"
    if ruling.get("winner") in ("you", "opponent", "draw"):
        text += _say(f"view.game_over.{ruling['winner']}", lang)
    if ruling.get("verified") is True:
        text += _say("view.verified.yes", lang)
    elif ruling.get("verified") is False:
        text, style = text + _say("view.verified.no", lang), "bold red"
    return text, style


def outcome_rows(ruling: dict, lang: str = DEFAULT) -> list[tuple[str, str]]:
    """What happened, as (message id, text) rows in the judge's language: the cost, damage,
    counters, Special Conditions, Knock Outs, Prizes and extra draws that apply."""
    rows: list[tuple[str, str]] = []
    if ruling.get("cost") is not None:
        cost = ruling["cost"]
        if isinstance(cost, list):
            cost = render(Joined(tuple(_word(c, lang) for c in cost)), lang) if cost else _say("view.none", lang)
        rows.append(("view.cost", _say("view.cost", lang, cost=cost)))
    if ruling.get("damage"):
        rows.append(("view.damage", _say("view.damage", lang, items=_pairs(ruling["damage"], lang))))
    if ruling.get("counters"):
        rows.append(("view.counters", _say("view.counters", lang, items=_pairs(ruling["counters"], lang))))
    if ruling.get("conditions"):
        rows.append(("view.conditions", _say("view.conditions", lang, items=_pairs(ruling["conditions"], lang, lambda c: render(
            Joined(tuple(_word(x, lang) for x in c)), lang) if c else _say("view.none", lang)))))
    if ruling.get("knocked_out"):
        rows.append(("view.knocked_out", _say("view.knocked_out", lang, items=render(
            Joined(tuple(_where(p) for p in ruling["knocked_out"])), lang))))
    prizes = ruling.get("prizes_taken") or {}
    if any(prizes.values()):
        rows.append(("view.prizes", _say("view.prizes", lang, items=_pairs({s: n for s, n in prizes.items() if n}, lang))))
    if ruling.get("extra_draws"):
        rows.append(("view.extra_draws", _say("view.extra_draws", lang, items=_pairs(ruling["extra_draws"], lang))))
    return rows


def outcome(ruling: dict, width: int, lang: str = DEFAULT) -> list[Line]:
    """What happened, after the verdict line, in the judge's language."""
    lines: list[Line] = []

    def add(text: str, style: str = "", indent: str = "  ", first: str = "") -> None:
        lines.extend((line, style) for line in wrap(visible(text), width, indent, first))

    add(str(ruling["file"]) + (f" — {ruling['title']}" if ruling.get("title") else ""), "dim")
    for m in ruling.get("mismatches") or []:
        extra = f" (missing {', '.join(m['missing'])})" if m.get("missing") else ""
        add(f"{m['key']}: expected {m['expected']!r}, got {m['actual']!r}{extra}", "red", "    ", "  • ")
    for reason in ruling.get("reasons") or []:
        add(f"{reason['text']}  [{', '.join(reason['cite'])}]", "", "    ", "  • ")
    for key, text in outcome_rows(ruling, lang):
        add(text, "bold" if key == "view.knocked_out" else "")
    for warning in ruling.get("warnings") or []:
        add(warning, "yellow", "    ", "  ! ")
    lines += card_lines(ruling, width, lang)
    return lines


def card_lines(ruling: dict, width: int, lang: str = DEFAULT) -> list[Line]:
    """The real cards the scenario used: "(printed: OBF 125)", and each text the ruling
    met, quoted by name, applied or not (SCENARIOS.md "Where numbers came from")."""
    lines: list[Line] = []
    if not ruling.get("cards"):
        return lines
    lines += [(line, "dim") for line in wrap(_say("card.view.heading", lang), width, "  ", "  ")]
    for used in ruling["cards"]:
        at = render(_where(used["at"]), lang) if used["at"].startswith(("you.", "opponent.")) \
            else _say(f"card.at.{used['at']}", lang)
        text = _say("card.view.card", lang, at=at, name=used["name"], print=used["print"])
        lines += [(line, "") for line in wrap(visible(text), width, "      ", "    ")]
        for met in used["text"]:
            key = "card.view.applied" if met["applied"] else "card.view.not_applied"
            said = _say(key, lang, part=_say(f"card.part.{met['part']}", lang), name=met["name"], why=met["why"])
            lines += [(line, "dim") for line in wrap(visible(said), width, "        ", "      ")]
            if met.get("quote"):
                lines += [(line, "dim") for line in wrap(visible(f"“{met['quote']}”"), width, "         ", "        ")]
    return lines


_NUMBERED = re.compile(r"^(?:\d+\.|[①-⑳])\s*")
# Steps whose value the text itself says (the winner of a game_end step: "you win"):
# shown again in the head it would read "you: you win".
_VALUE_IN_TEXT = ("game_end",)


@lru_cache(maxsize=1024)  # the same few dozen steps in every ruling of a batch
def _label(ask: str, key: str, lang: str) -> str | None:
    """The step's name in the guide's procedure (ワザ: 弱点, にげる: …), when it has one.
    A step of the damage calculation carries its number after the name — 「弱点の計算
    （ダメージ計算の手順3）」 — never before it, where it would read as a second step number."""
    from judgebot.engine.procedures.steps import PROCEDURES

    order = [ask] + [name for name in PROCEDURES if name != ask]
    for name in order:
        for number, step in enumerate(PROCEDURES.get(name, ()), 1):
            if step.key == key:
                label = step.label(lang)
                if name == "damage":
                    return _say("view.damage_step", lang, label=_NUMBERED.sub("", label), n=number)
                return label
    own = f"view.step.{key}"  # a step no printed procedure lists (a copied attack)
    return _say(own, lang) if own in catalog(lang) else None


def step_head(step: dict, ask: str, lang: str = DEFAULT) -> str:
    """A step's name as the guide's procedure names it, the position it is about, its
    value and change: 「3. 弱点の計算 — 相手のバトルポケモン = 120 (×2)」."""
    head = _label(ask, str(step["step"]), lang) or ""
    if step.get("target"):
        where = render(_where(step["target"]), lang)
        if not str(step.get("text", "")).startswith(where):  # the text names it first: not twice
            head += (" — " if head else "") + where
    value = step.get("value") if step["step"] not in _VALUE_IN_TEXT else None
    shown = None
    if isinstance(value, list):
        shown = render(Joined(tuple(_word(v, lang) for v in value)), lang) if value else None
    elif value is not None:
        word = _word(value, lang)
        shown = render(word, lang) if word is not None else None
    if shown:
        head += f" = {shown}"
    if step.get("change"):
        head += f" ({step['change']})"
    return head


def step_lines(number: int, step: dict, corpus: Corpus, width: int, lang: str = DEFAULT, ask: str = "") -> list[Line]:
    head = step_head(step, ask, lang)
    text = f"{head}: {step['text']}" if head else str(step["text"])
    lines: list[Line] = [(line, "") for line in wrap(visible(text), width, STEP_INDENT, f"{number:>2}. ")]
    for citation in step.get("cite") or []:
        lines += cite_lines(citation, corpus, width)
    return lines


def cite_lines(citation: str, corpus: Corpus, width: int) -> list[Line]:
    record = corpus.get(citation)  # an unknown citation raises: it is a bug, never printed bare
    first = f"{CITE_INDENT}{visible(citation)}  "
    return [(line, "cyan") for line in wrap(visible(record.title), width, CITE_INDENT + "  ", first)]


def _step_asks(ruling: dict) -> list[str]:
    """The ask each step belongs to: a sequence's steps are its entries' steps, in order,
    each named after its own procedure (an Ability's "declare" is not the attack's)."""
    steps = ruling.get("steps") or []
    asks = [str(entry["ask"]) for entry in ruling.get("sequence") or [] for _ in entry.get("steps") or []]
    return asks if len(asks) == len(steps) else [str(ruling["ask"])] * len(steps)


def ruling_lines(ruling: dict, corpus: Corpus, width: int = WIDTH, lang: str = DEFAULT) -> list[Line]:
    lines = [verdict(ruling, lang)] + outcome(ruling, width, lang)
    steps = ruling.get("steps") or []
    cited: set[str] = set()
    for number, (step, ask) in enumerate(zip(steps, _step_asks(ruling)), 1):
        lines += step_lines(number, step, corpus, width, lang, ask)
        cited.update(step.get("cite") or [])
    rest = [c for c in ruling.get("citations") or [] if c not in cited]
    if rest:
        lines.append((_say("view.rules", lang), "bold"))
        for citation in rest:
            lines += cite_lines(citation, corpus, width)
    return lines


def summary_line(good: int, verified: int, lang: str = DEFAULT) -> Line:
    return _say("view.summary", lang, good=good, verified=verified), "bold " + ("green" if good == verified else "red")


class RulingWriter:
    """Writes rulings as they come: plain text to a stream, or styled through rich."""

    def __init__(self, corpus: Corpus, out: TextIO | None = None, console=None, width: int = WIDTH,
                 lang: str = DEFAULT):
        self.corpus, self.out, self.console, self.width, self.lang = corpus, out, console, width, lang
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
        lines = ruling_lines(ruling, self.corpus, self.width, self.lang)
        self._emit(([("", "")] if self.count else []) + lines)
        self.count += 1
        if ruling.get("verified") is not None:
            self.verified += 1
            self.good += bool(ruling["verified"])

    def finish(self) -> None:
        if self.count > 1 and self.verified:
            self._emit([("", ""), summary_line(self.good, self.verified, self.lang)])


def render_rulings(rulings: Iterable[dict], corpus: Corpus, out: TextIO | None = None, console=None,
                   lang: str = DEFAULT) -> None:
    writer = RulingWriter(corpus, out, console, lang=lang)
    for ruling in rulings:
        writer.write(ruling)
    writer.finish()
