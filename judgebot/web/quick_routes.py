"""`judgebot serve`: the quick ruling page `/quick` and `GET /api/quick` (docs/CLI.md).

A thin front end over judgebot.quick: the request's fields are read by `quick.read_form`,
the scenario is made by `quick.plan`, ruled by the server's ruling workers exactly as
`judgebot check` rules that YAML, and what the engine asks for is turned into a field by
`quick.asked_for`. This module only shapes that for the template (labels in the page's
language, links that fill a field in). A plain HTML form (GET, so a ruling is a link
that can be shared or bookmarked); app.js adds suggestions and live updates.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from judgebot.errors import InputError, JudgebotError

CONDITION_ORDER = ("poisoned", "burned", "asleep", "confused", "paralyzed")


class Labels:
    """The page's texts by key, as `t.title` or `t["attack.none"]` in the template (not a
    dict: `t.copy` would be the dict's method)."""

    def __init__(self, texts: dict[str, str]):
        self._texts = texts

    def __getitem__(self, key: str) -> str:
        return self._texts[key]

    def __getattr__(self, key: str) -> str:
        try:
            return self._texts[key]
        except KeyError:
            raise AttributeError(key) from None


@lru_cache(maxsize=8)
def labels(lang: str) -> Labels:
    """Every `quick.ui.*` text of the page in `lang` (key without the prefix)."""
    from judgebot.i18n import catalog, msg, render

    return Labels({key[len("quick.ui."):]: render(msg(key), lang) for key in catalog("en")
                   if key.startswith("quick.ui.")})


def _say(message: Any, lang: str) -> str:
    from judgebot.i18n import render

    return render(message, lang)


def _term(key: str, lang: str) -> str:
    from judgebot.i18n import Term, render

    return render(Term(key), lang)


def _fill_url(request: Request, field: str, value: str) -> str:
    """This page with one field set to `value` (a suggested or pinned card name)."""
    params = [(k, v) for k, v in request.query_params.multi_items() if k != field]
    return "/quick?" + urlencode(params + [(field, value)])


def _rule_on_it(ruling: dict | None, lang: str) -> list[dict]:
    """The real cards the ruling used, with each text it met (applied or why not)."""
    from judgebot.i18n import Pos

    out = []
    for used in (ruling or {}).get("cards") or ():
        at = _say(Pos(used["at"]), lang) if used["at"].startswith(("you.", "opponent.")) \
            else _say_key(f"card.at.{used['at']}", lang)
        texts = [{"text": _say_key("card.view.applied" if met["applied"] else "card.view.not_applied", lang,
                                   part=_say_key(f"card.part.{met['part']}", lang), name=met["name"], why=met["why"]),
                  "quote": met.get("quote") or ""} for met in used["text"]]
        out.append({"text": _say_key("card.view.card", lang, at=at, name=used["name"], print=used["print"]),
                    "card": used["card"], "texts": texts})
    return out


def _say_key(key: str, lang: str, **params) -> str:
    from judgebot.i18n import msg, render

    return render(msg(key, **params), lang)


def _problem(error: Exception) -> str:
    """The engine's refusal as the page shows it: `line N: key: message` (the YAML shown
    below is the file it speaks of)."""
    import re

    from judgebot.web.service import SCENARIO_NAME

    line = getattr(error, "line", None)
    detail = getattr(error, "detail", None)
    if detail is not None:  # a ScenarioError: its place apart
        key = getattr(error, "path", "")
        return (f"line {int(line)}: " if line else "") + (f"{key}: " if key else "") + detail
    text = str(error)  # a not-modelled text refused in a worker: the place is in the message
    return re.sub(rf"^{re.escape(SCENARIO_NAME)}:(\d+)(?::\d+)?: ", r"line \1: ", text)


def context(request: Request, answer: Any, status_problem: str | None = None) -> dict:
    """What quick.html shows for an answer (judgebot.quick.Answer)."""
    from judgebot.quick.plan import positions
    from judgebot.web import views

    plan = answer.plan
    form = plan.form
    lang = form.lang
    t = labels(lang)
    ruling = answer.ruling
    fields = answer.fields  # what the question needs shown: judgebot.quick.needs, nowhere else
    chosen_attack = next((o for o in plan.attacks if o.value == form.attack), None)
    chosen_ability = next((o for o in plan.abilities if o.value == form.ability), None)
    problem = None
    if answer.error is not None:
        problem = _problem(answer.error)
    if status_problem:
        problem = status_problem
    picks = {}
    for key, pick in (("you", plan.you), ("opp", plan.opp), ("trainer", plan.trainer)):
        if pick is None:
            continue
        picks[key] = {
            "problem": _say(pick.problem, lang) if pick.problem is not None and pick.card is None else None,
            "candidates": [{"label": o.label, "value": o.value, "url": _fill_url(request, key, o.value)}
                           for o in pick.candidates],
            "nearest": [{"label": o.label, "value": o.value, "lang": o.lang, "url": _fill_url(request, key, o.value)}
                        for o in pick.nearest],
            "card": pick.card["id"] if pick.card else None,
        }
    side_open = {}
    for key in ("you", "opp"):
        side = form.side(key)
        side_open[key] = bool(side.counters or side.conditions or side.tool or side.effects
                              or (key == "you" and side.prizes != 6)
                              or (side.energy and side.energy != plan.energy_prefill)
                              or (key == "opp" and side.energy)
                              or answer.need in (f"{key}_bench",))
    summaries = {}
    for key in ("you", "opp"):  # what a folded side holds, on its summary line
        side = form.side(key)
        colon = "：" if lang in ("ja", "zh") else ": "
        bits = [f"{t.energy}{colon}{side.energy}"] if side.energy else []
        bits += [f"{t.counters}{colon}{side.counters}"] if side.counters else []
        bits += [", ".join(_term(f"condition.{c}", lang) for c in side.conditions)] if side.conditions else []
        bits += [side.tool] if side.tool else []
        summaries[key] = " · ".join(bits)
    # What decides the question is not folded away: your Energy and Special Conditions to
    # retreat, both Actives' at a Checkup, the turn for a Trainer.
    side_open["you"] = side_open["you"] or form.ask in ("retreat", "checkup")
    side_open["opp"] = side_open["opp"] or form.ask == "checkup"
    verdict = views.verdict(ruling, lang) if ruling else None
    status = verdict or problem or (_say(plan.missing[0], lang) if plan.missing else "")
    return {
        "lang": lang, "t": t, "form": form, "plan": plan, "ruling": ruling, "fields": fields,
        "why": {k: _say(v, lang) if v is not None else "" for k, v in fields.items()},
        "need": answer.need, "problem": problem, "picks": picks, "status_line": status,
        "missing": [_say(m, lang) for m in plan.missing],
        "attack": chosen_attack, "ability": chosen_ability,
        "asks": [(a, t[f"ask.{a}"]) for a in ("attack", "retreat", "ability", "play", "checkup")],
        "turns": [(v, t[f"turn.{v}"]) for v in ("later", "1", "2")],
        "done_flags": [(v, t[f"done.{v}"]) for v in ("energy_attached", "supporter_played", "retreated",
                                                        "stadium_played") + (("ability_used",) if form.ask == "ability"
                                                                             else ())],
        "conditions": [(c, _term(f"condition.{c}", lang)) for c in CONDITION_ORDER],
        "choices": positions(form, lang),
        "bench_positions": [(f"you.bench[{i}]", n) for i, n in enumerate(form.you.bench)],
        "side_open": side_open, "summaries": summaries,
        "board_open": bool(form.stadium or form.turn != "later" or form.done) or form.ask in ("play", "ability"),
        "verdict": verdict,
        "outcomes": views.outcomes(ruling, lang) if ruling else [],
        "steps": views.steps(ruling, lang) if ruling else [],
        "cards_used": _rule_on_it(ruling, lang),
        "yaml_rows": min(16, (plan.yaml or "").count("\n") + 1),
        "fresh": not (form.you.name or form.opp.name),  # the first field has the focus on an empty page
    }


async def _answer(request: Request) -> Any:
    """The quick answer for this request: the plan, and its ruling from the server's
    ruling workers (the wait and the work within the request's deadline)."""
    from judgebot.quick import Answer, asked_for, plan, read_form
    from starlette.concurrency import run_in_threadpool

    form = read_form(request.query_params.multi_items())
    result = await run_in_threadpool(plan, form)
    if not result.ready:
        return Answer(result)
    try:
        ruling = await request.app.state.rulings.rule(result.yaml, form.lang)
    except InputError as exc:
        return Answer(result, error=exc, need=asked_for(getattr(exc, "path", None), str(exc)))
    return Answer(result, ruling=ruling)


def routes(page: Callable[..., Response]) -> list[Route]:
    async def quick_page(request: Request) -> Response:
        from judgebot.quick import Answer, plan, read_form
        from judgebot.web.service import Unavailable

        try:
            answer = await _answer(request)
        except Unavailable:
            raise
        except JudgebotError as exc:  # a field the form cannot take: the form again, empty, with why
            lang = request.query_params.get("lang") if request.query_params.get("lang") in ("ja", "zh", "ko") else "en"
            empty = Answer(plan(read_form([("lang", lang)])))
            return page("quick.html", status=400, **context(request, empty, str(exc)))
        return page("quick.html", **context(request, answer))

    async def api_quick(request: Request) -> Response:
        answer = await _answer(request)
        return JSONResponse(answer.to_json())

    return [Route("/quick", quick_page, name="quick"), Route("/api/quick", api_quick)]
