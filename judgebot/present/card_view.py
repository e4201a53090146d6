"""Human rendering of `judgebot card`: what is printed, in the judge's language, with
the other languages' names, legality, prints, and which texts the engine applies."""

from __future__ import annotations

from judgebot.card_answer import verdict_key
from judgebot.i18n import Term, msg, render
from judgebot.present.fixed_width import wrap
from judgebot.present.safe import visible

WIDTH = 80
SYMBOL = {"grass": "G", "fire": "R", "water": "W", "lightning": "L", "psychic": "P", "fighting": "F",
          "darkness": "D", "metal": "M", "dragon": "N", "colorless": "C", "fairy": "Y"}

LANG_LABEL = {"en": "English", "ja": "日本語", "zh": "中文", "zh-tw": "中文(繁)", "ko": "한국어"}


def _say(key: str, lang: str, **params) -> str:
    return render(msg(f"card.show.{key}", **params), lang)


def _type(word: str, lang: str) -> str:
    return render(Term(f"type.{word}"), lang)


def _text(texts: dict, lang: str) -> str:
    return texts.get(lang) or texts.get("en") or texts.get("ja") or ""


def card_lines(doc: dict, lang: str = "en") -> list[str]:
    lines: list[str] = []
    names = doc["name"]
    title = names.get(lang) or names.get("en") or names.get("ja") or doc["id"]
    lines.append(f"{title}  [{doc['id']}]")
    if doc.get("corrected"):
        lines.append(_say("corrected", lang, query=doc["corrected"]["query"], name=doc["corrected"]["name"]))
    others = [f"{LANG_LABEL[k]}: {v}" for k, v in names.items() if v != title]
    if others:
        lines.append(f"  {_say('names', lang)}: " + " · ".join(others))
    if doc["category"] == "pokemon":
        stage = render(msg(f"evolve.stage.{doc['stage']}"), lang) if doc.get("stage") else "?"
        kind = stage + (f" ({doc['rule']})" if doc.get("rule") not in (None, "none") else "")
        types = "/".join(_type(t, lang) for t in doc.get("types") or ())
        lines.append(f"  {kind} · {types} · {_say('hp', lang)} {doc.get('hp')}")
        if doc.get("evolves_from"):
            lines.append(f"  {_say('evolves_from', lang)}: {doc['evolves_from']}")
        for ability in doc.get("abilities") or ():
            lines += _part(_say("ability", lang), ability, lang)
        for attack in doc.get("attacks") or ():
            lines += _part(_say("attack", lang), attack, lang)
        weakness = doc.get("weakness")
        resistance = doc.get("resistance")
        lines.append("  " + " · ".join([
            f"{_say('weakness', lang)}: " + (", ".join(f"{_type(w['type'], lang)} {w['value']}" for w in weakness)
                                              if weakness else _say("none", lang) if weakness == [] else "?"),
            f"{_say('resistance', lang)}: " + (", ".join(f"{_type(r['type'], lang)} {r['value']}" for r in resistance)
                                                if resistance else _say("none", lang) if resistance == [] else "?"),
            f"{_say('retreat', lang)}: " + (str(doc["retreat"]) if doc.get("retreat") is not None else "?")]))
    else:
        kind = doc.get("trainer_type") or doc.get("energy_type") or doc["category"]
        lines.append(f"  {kind}")
        if doc.get("text"):
            lines.append(f"  {_text(doc['text'], lang)}")
            lines.append("    → " + _say(verdict_key(doc).removeprefix("card.show."), lang))
        for attack in doc.get("attacks") or ():
            lines += _part(_say("attack", lang), attack, lang)
    if doc.get("unknown"):
        lines.append("  " + _say("unknown", lang, keys=", ".join(doc["unknown"])))
    marks = ", ".join(doc.get("marks") or ()) or "—"
    lines.append("  " + _say("legal" if doc.get("standard") else "not_legal", lang, marks=marks))
    prints = [f"{p['set']} {p['number']}" for p in doc["prints"]]
    lines.append(f"  {_say('prints', lang)}: " + ", ".join(prints[:12]) + (" …" if len(prints) > 12 else ""))
    if doc.get("records"):
        lines.append(f"  {_say('records', lang)}: " + ", ".join(doc["records"][:10]))
    if doc.get("rulings"):
        lines.append(f"  {_say('rulings', lang)}: " + ", ".join(doc["rulings"][:10]))
    return [visible(line) for line in lines]


def _part(label: str, part: dict, lang: str) -> list[str]:
    name = _text(part["name"], lang)
    head = f"  {label}: {name}"
    if "cost" in part:
        cost = "".join(SYMBOL[t] if lang in ("en", "ko") else render(Term(f"type.{t}"), lang)[:1]
                       for t in part["cost"]) or "—"
        head += f"  [{cost}]" + (f"  {part['damage']}" if part.get("damage") else "")
    lines = [head]
    text = _text(part.get("text") or {}, lang)
    if text:
        lines.append(f"    {text}")
    lines.append("    → " + _say(verdict_key(part).removeprefix("card.show."), lang))
    return lines


def render_card(doc: dict, console, lang: str = "en") -> None:
    for line in card_lines(doc, lang):
        indent = " " * (len(line) - len(line.lstrip(" ")))
        for part in wrap(line.strip(), WIDTH, indent + "  ", indent):
            console.print(part, markup=False, highlight=False, soft_wrap=True)
