"""The quick ruling: name two cards, answer what is not printed, get the ruling.

The library behind the quick ruling page of `judgebot serve` (a thin front end: the page
reads the request's fields, calls these, and renders what they return):

    form = read_form(request_fields)           # form.py: the fields, checked
    result = plan(form)                        # plan.py: cards, choices, fields shown, the scenario
    result.yaml                                # the YAML a judge would have typed (yamltext.py)
    ruling = rule_text(result.yaml, form.lang) # the engine, as `judgebot check` of that YAML
    field = asked_for(error.path)              # needs.py: what the engine asked for, as a field
    shown = fields(form, result.texts, field)  # needs.py: every field the question needs shown

`answer(form)` does all of it in this process (tests, the CLI); the web app rules the
YAML in its worker pool instead and calls `asked_for` on the error it gets back. What a
question needs (the Bench, coin flips, choices) comes from needs.py alone:
the text's wording and the engine's own refusals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from judgebot.quick.form import QuickForm, read_form
from judgebot.quick.needs import asked_for, fields, text_needs
from judgebot.quick.plan import Option, Pick, Plan, plan
from judgebot.quick.yamltext import to_yaml

__all__ = ["Answer", "Option", "Pick", "Plan", "QuickForm", "answer", "asked_for", "fields", "plan", "read_form",
           "text_needs", "to_yaml"]


@dataclass
class Answer:
    plan: Plan
    ruling: dict | None = None
    error: Any = None  # the engine's refusal (an InputError), when it refused
    need: str | None = None  # the form's field for what it asked for

    @property
    def fields(self) -> dict:
        """Every field the question needs shown, with why (needs.fields)."""
        return fields(self.plan.form, self.plan.texts, self.need)

    def to_json(self) -> dict:
        """The answer of `GET /api/quick` (docs/CLI.md)."""
        p = self.plan
        error = None
        if self.error is not None:
            line = getattr(self.error, "line", None)
            error = {"line": int(line) if line is not None else None, "key": getattr(self.error, "path", "") or "",
                     "message": getattr(self.error, "detail", None) or str(self.error)}
        return {
            "scenario": p.yaml,
            "missing": [_text(m, p.form.lang) for m in p.missing],
            "cards": {k: _pick_json(getattr(p, k)) for k in ("you", "opp")},
            "attacks": [o.value for o in p.attacks],
            "abilities": [o.value for o in p.abilities],
            "fields": sorted(self.fields),
            "needs": self.need,
            "ruling": self.ruling,
            "error": error,
        }


def _text(message: Any, lang: str) -> str:
    from judgebot.i18n import render

    return render(message, lang)


def _pick_json(pick: Pick) -> dict:
    return {"query": pick.query or None, "card": pick.card["id"] if pick.card else None,
            "written": pick.written or None, "candidates": [o.value for o in pick.candidates],
            "nearest": [o.value for o in pick.nearest]}


def rule_here(text: str, lang: str) -> dict:
    """A ruling on scenario text in this process (as `judgebot check` gives it)."""
    from judgebot.engine import rule
    from judgebot.engine.format.scenario import load_scenario_text

    return rule(load_scenario_text(text, "quick.yaml")).to_dict(lang)


def answer(form: QuickForm, rule: Callable[[str, str], dict] = rule_here) -> Answer:
    """The plan, and when it has a scenario, its ruling or the engine's refusal with the
    field that answers it."""
    from judgebot.errors import InputError

    result = plan(form)
    if not result.ready:
        return Answer(result)
    try:
        return Answer(result, ruling=rule(result.yaml, form.lang))
    except InputError as exc:
        return Answer(result, error=exc, need=asked_for(getattr(exc, "path", None), str(exc)))
