"""The card page (`/card?q=`): the `card --json` document shaped for card.html in the
page's language — what is printed, the other names, each text with whether the engine
applies it, legality, prints, the rule records and packaged rulings about the card, and
links that rule on the card in the quick ruling page. Plain data: the template escapes
every text it prints."""

from __future__ import annotations

from urllib.parse import urlencode

from judgebot.card_answer import verdict_key
from judgebot.i18n import Term, msg, render

NAME_LANGS = ("en", "ja", "zh", "zh-tw", "ko")
LANG_LABEL = {"en": "English", "ja": "日本語", "zh": "中文", "zh-tw": "中文(繁)", "ko": "한국어"}
SHOWN = 12  # rulings about a card listed on its page (the rest by count)


def _say(key: str, lang: str, **params) -> str:
    return render(msg(key, **params), lang)


def _in(texts: dict | None, lang: str) -> tuple[str, str]:
    """(text, its language): in `lang` where the card data have it, else English, else Japanese."""
    texts = texts or {}
    for code in (lang, "zh-tw" if lang == "zh" else None, "en", "ja"):
        if code and texts.get(code):
            return texts[code], "zh-Hant" if code == "zh-tw" else code
    return "", lang


def _quick(lang: str, **fields: str) -> str:
    return "/quick?" + urlencode({"lang": lang, **fields})


def card_name_for_quick(doc: dict, lang: str) -> str:
    """The card as the quick ruling page's field should name it: its name in `lang`, with
    a printed number when another card bears the same name."""
    from judgebot.carddb import lookup

    name, _ = _in(doc["name"], lang)
    found = lookup.find(name, near=False)
    if len(found.cards) > 1:
        printed = next((p for p in doc["prints"] if p["lang"] == ("ja" if lang == "ja" else "en")), doc["prints"][0])
        return f"{name} {printed['set']} {printed['number']}"
    return name


def _part(part: dict, kind: str, lang: str, quick: str | None) -> dict:
    name, name_lang = _in(part["name"], lang)
    text, text_lang = _in(part.get("text"), lang)
    cost = ""
    if "cost" in part:
        cost = " ".join(render(Term(f"type.{t}"), lang) for t in part["cost"]) or "—"
    return {"kind": _say(f"card.show.{kind}", lang), "name": name, "name_lang": name_lang, "cost": cost,
            "damage": part.get("damage") or "", "text": text, "text_lang": text_lang,
            "applied": bool(part.get("modelled")),
            "verdict": _say(verdict_key(part), lang),
            "quick": quick}


def _types(values: list | None, lang: str) -> str:
    return "/".join(render(Term(f"type.{t}"), lang) for t in values or ())


def _defence(values: list | None, lang: str) -> str:
    if values is None:
        return "?"
    if not values:
        return _say("card.show.none", lang)
    return ", ".join(f"{render(Term('type.' + v['type']), lang)} {v['value']}" for v in values)


def card_view(doc: dict, lang: str) -> dict:
    from judgebot.corpus import load_corpus
    from judgebot.web.views import doc_lang

    corpus = load_corpus()
    title, title_lang = _in(doc["name"], lang)
    others = [{"label": LANG_LABEL[code], "name": doc["name"][code], "lang": "zh-Hant" if code == "zh-tw" else code}
              for code in NAME_LANGS if doc["name"].get(code) and doc["name"][code] != title]
    facts: list[tuple[str, str]] = []
    parts: list[dict] = []
    quick_name = card_name_for_quick(doc, lang)
    actions: list[dict] = []
    if doc["category"] == "pokemon":
        stage = _say(f"evolve.stage.{doc['stage']}", lang) if doc.get("stage") else "?"
        rule = _say(f"rule.{doc['rule']}", lang) if doc.get("rule") not in (None, "none") else ""
        facts += [(_say("card.show.stage", lang), stage + (f" · {rule}" if rule else "")),
                  (_say("card.show.types", lang), _types(doc.get("types"), lang)),
                  (_say("card.show.hp", lang), str(doc.get("hp") or "?"))]
        if doc.get("evolves_from"):
            from judgebot.carddb import lookup

            said = lookup.localized_name(doc["evolves_from"], lang) or doc["evolves_from"]
            facts.append((_say("card.show.evolves_from", lang), said))
        for ability in doc.get("abilities") or ():
            name, _ = _in(ability["name"], lang)
            parts.append(_part(ability, "ability", lang, _quick(lang, ask="ability", you=quick_name, ability=name)))
        for attack in doc.get("attacks") or ():
            name, _ = _in(attack["name"], lang)
            parts.append(_part(attack, "attack", lang, _quick(lang, you=quick_name, attack=name)))
        facts += [(_say("card.show.weakness", lang), _defence(doc.get("weakness"), lang)),
                  (_say("card.show.resistance", lang), _defence(doc.get("resistance"), lang)),
                  (_say("card.show.retreat", lang), str(doc["retreat"]) if doc.get("retreat") is not None else "?")]
        actions = [{"label": _say("quick.card.rule_attacker", lang), "url": _quick(lang, you=quick_name)},
                   {"label": _say("quick.card.rule_defender", lang), "url": _quick(lang, opp=quick_name)},
                   {"label": _say("quick.card.retreat", lang), "url": _quick(lang, ask="retreat", you=quick_name)}]
    else:
        kind = doc.get("trainer_type") or doc.get("energy_type") or doc["category"]
        word = render(Term(f"card_kind.{kind}"), lang) if doc["category"] == "trainer" and kind in (
            "item", "supporter", "stadium", "tool") else _say(f"quick.card.kind.{doc['category']}", lang)
        facts.append((_say("quick.card.kind", lang), word))
        if doc.get("text"):
            parts.append(_part({"name": doc["name"], "text": doc["text"], "modelled": doc.get("modelled"),
                                "reading": doc.get("reading")},
                               "text", lang, None))
        for attack in doc.get("attacks") or ():
            parts.append(_part(attack, "attack", lang, None))
        if doc["category"] == "trainer":
            actions = [{"label": _say("quick.card.play", lang), "url": _quick(lang, ask="play", trainer=quick_name)}]
    if doc.get("unknown"):
        facts.append((_say("quick.card.unknown", lang), ", ".join(doc["unknown"])))
    marks = ", ".join(doc.get("marks") or ()) or "—"
    records = [{"id": rid, "title": corpus.by_id[rid].title if rid in corpus.by_id else "", "lang": doc_lang(rid)}
               for rid in doc.get("records") or ()]
    return {
        "title": title, "title_lang": title_lang, "others": others, "facts": facts, "parts": parts,
        "legal": _say("card.show.legal" if doc.get("standard") else "card.show.not_legal", lang, marks=marks),
        "prints": [{"label": f"{p['set']} {p['number']}", "lang": p["lang"]} for p in doc["prints"]],
        "records": records, "rulings": rulings_about(doc.get("rulings") or (), lang), "actions": actions,
        "labels": {key: _say(f"quick.card.{key}", lang) for key in
                   ("names", "prints", "records", "rulings", "open_check", "rule_on_it", "look_up", "query",
                    "rule_attack", "use_ability")},
        "more_rulings": _say("quick.card.more_rulings", lang, n=max(0, len(doc.get("rulings") or ()) - SHOWN)),
        "corrected": _say("card.show.corrected", lang, query=doc["corrected"]["query"], name=doc["corrected"]["name"])
        if doc.get("corrected") else None,
    }


def rulings_about(names: list[str] | tuple[str, ...], lang: str) -> dict:
    """The packaged rulings that use the card: title and scenario text (to open in the
    Check page), the first SHOWN of them."""
    from judgebot.errors import InputError
    from judgebot.examples import find

    shown = []
    for name in list(names)[:SHOWN]:
        try:
            example = find([name])[0]
        except InputError:
            continue
        shown.append({"file": example.display, "title": example.title() or example.display,
                      "text": example.path.read_text(encoding="utf-8")})
    return {"shown": shown, "more": max(0, len(names) - SHOWN), "lang": lang}
