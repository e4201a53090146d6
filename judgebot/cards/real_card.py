"""A real card's rulings sheet (`judgebot cards --card NAME`): the card's printed text
with whether the engine applies each part, the FAQs and examples about it, and one
worked ruling from the packaged rulings that use it, in the chosen language.

The card comes from the card database (judgebot.card_answer, as `judgebot card` shows
it); the FAQs from the corpus records the database links to the card (data/carddb/
mentions.json); the worked ruling is one of those packaged rulings, ruled by the engine
now in the sheet's language. Each is one CardItem; the layout splits a long one over
several physical cards as for any record.
"""

from __future__ import annotations

from judgebot.card_answer import verdict_key
from judgebot.cards.content import Block, CardItem
from judgebot.errors import InputError
from judgebot.i18n import Term, msg, render

MAX_RECORDS = 6  # FAQs and examples about one card on its sheet


def _say(key: str, lang: str, **params) -> str:
    return render(msg(key, **params), lang)


def _in(texts: dict | None, lang: str) -> str:
    texts = texts or {}
    return texts.get(lang) or (texts.get("zh-tw") if lang == "zh" else None) or texts.get("en") or texts.get("ja") or ""


def sheet_lang(query: str, lang: str | None) -> str:
    """The sheet's language: as asked, else the language the card was named in."""
    if lang:
        return lang
    from judgebot.carddb import lookup

    found = lookup.find(query, near=False)
    if found.names:
        written = found.names[0][0]
        return "zh" if written == "zh-tw" else written
    return "en"


def card_items(query: str, lang: str | None, corpus) -> list[CardItem]:
    """The sheet of the card `query` names: the card, the FAQs about it, a worked ruling."""
    from judgebot.card_answer import card_document

    lang = sheet_lang(query, lang)
    doc = card_document(query, lang)
    items = [card_item(doc, lang)]
    items += faq_items(doc, lang, corpus)
    items.append(worked_ruling_item(doc, lang, corpus))
    return items


def card_item(doc: dict, lang: str) -> CardItem:
    title = _in(doc["name"], lang) or doc["id"]
    others = [doc["name"][code] for code in ("en", "ja", "zh", "ko") if doc["name"].get(code) not in (None, title)]
    blocks: list[Block] = []
    if doc.get("corrected"):  # a typo corrected to the one clearly nearest card, as `judgebot card` does
        blocks.append(Block("note", text=_say("card.show.corrected", lang, query=doc["corrected"]["query"],
                                              name=doc["corrected"]["name"])))
    if others:
        blocks.append(Block("note", label=_say("quick.card.names", lang) + ":", text=" · ".join(others)))
    if doc["category"] == "pokemon":
        stage = _say(f"evolve.stage.{doc['stage']}", lang) if doc.get("stage") else "?"
        rule = _say(f"rule.{doc['rule']}", lang) if doc.get("rule") not in (None, "none") else ""
        types = "/".join(render(Term(f"type.{t}"), lang) for t in doc.get("types") or ())
        blocks.append(Block("para", " · ".join(p for p in (stage, rule, types, f"HP {doc.get('hp') or '?'}") if p)))
        for ability in doc.get("abilities") or ():
            blocks += _part(_say("card.show.ability", lang), ability, lang)
        for attack in doc.get("attacks") or ():
            blocks += _part(_say("card.show.attack", lang), attack, lang)
        blocks.append(Block("para", " · ".join([
            f"{_say('card.show.weakness', lang)} {_defence(doc.get('weakness'), lang)}",
            f"{_say('card.show.resistance', lang)} {_defence(doc.get('resistance'), lang)}",
            f"{_say('card.show.retreat', lang)} {doc['retreat'] if doc.get('retreat') is not None else '?'}"])))
    else:
        kind = doc.get("trainer_type") or doc.get("energy_type") or doc["category"]
        word = render(Term(f"card_kind.{kind}"), lang) if kind in ("item", "supporter", "stadium", "tool") \
            else _say(f"quick.card.kind.{doc['category']}", lang)
        blocks.append(Block("para", word))
        if doc.get("text"):
            blocks.append(Block("para", _in(doc["text"], lang)))
            blocks.append(_applied(doc, lang))
        for attack in doc.get("attacks") or ():
            blocks += _part(_say("card.show.attack", lang), attack, lang)
    marks = ", ".join(doc.get("marks") or ()) or "—"
    blocks.append(Block("note", text=_say("card.show.legal" if doc.get("standard") else "card.show.not_legal",
                                          lang, marks=marks)))
    prints = [f"{p['set']} {p['number']}" for p in doc["prints"]]
    blocks.append(Block("note", label=_say("quick.card.prints", lang) + ":",
                        text=", ".join(prints[:10]) + (" …" if len(prints) > 10 else "")))
    return CardItem(key=f"card:{doc['id']}", kind="card", lang=lang,
                    kicker=f"{_say('quick.card.sheet', lang)} · {doc['id']}", title=title, blocks=blocks,
                    source=_say("quick.card.source", lang), citations=[])


def _part(kind: str, part: dict, lang: str) -> list[Block]:
    head = f"{kind}: {_in(part['name'], lang)}"
    if "cost" in part:
        cost = " ".join(render(Term(f"type.{t}"), lang) for t in part["cost"]) or "—"
        head += f"  [{cost}]" + (f"  {part['damage']}" if part.get("damage") else "")
    blocks = [Block("heading", head)]
    text = _in(part.get("text"), lang)
    if text:
        blocks.append(Block("para", text))
    blocks.append(_applied(part, lang))
    return blocks


def _applied(part: dict, lang: str) -> Block:
    return Block("note", text="→ " + _say(verdict_key(part), lang))


def _defence(values: list | None, lang: str) -> str:
    if values is None:
        return "?"
    if not values:
        return _say("card.show.none", lang)
    return ", ".join(f"{render(Term('type.' + v['type']), lang)} {v['value']}" for v in values)


def faq_items(doc: dict, lang: str, corpus) -> list[CardItem]:
    """The FAQs and examples about the card, each in the sheet's language's edition where
    it has one (English: its rendering, else the original)."""
    from judgebot.cards.select import record_item, resolve_citation

    out = []
    for rid in doc.get("records") or ():
        if rid not in corpus or corpus.get(rid).kind not in ("faq", "example"):
            continue
        record = resolve_citation(corpus, rid, lang if lang in ("ja", "zh", "ko") else None)
        english = lang == "en" and record.text_en is not None
        out.append(record_item(record, corpus, english=english))
        if len(out) >= MAX_RECORDS:
            break
    return out


def worked_ruling_item(doc: dict, lang: str, corpus) -> CardItem:
    """One packaged ruling that uses the card — one naming it by its real name first (the
    rulings of rulings/standard) — ruled now in the sheet's language: the question, the
    verdict, what it decided, each step with the rule it applies."""
    from judgebot.engine import check_file
    from judgebot.examples import find
    from judgebot.present.ruling_view import outcome_rows, step_head, verdict

    names = sorted(doc.get("rulings") or (), key=lambda n: (not n.startswith("rulings/standard/"), n))
    title = _in(doc["name"], lang) or doc["id"]
    for name in names:
        try:
            example = find([name])[0]
            ruling = check_file(example.path, display=example.display, lang=lang)
        except InputError:
            continue
        blocks = [Block("para", example.title() or example.display), Block("heading", verdict(ruling, lang)[0])]
        blocks += [Block("bullet", text) for _, text in outcome_rows(ruling, lang)]
        for reason in ruling.get("reasons") or ():
            blocks.append(Block("bullet", reason["text"], cite=tuple(c for c in reason["cite"] if c in corpus)))
        for number, step in enumerate(ruling.get("steps") or (), start=1):
            head = step_head(step, str(ruling["ask"]), lang)
            text = f"{head}: {step['text']}" if head else step["text"]
            blocks.append(Block("step", text=text, label=str(number), cite=tuple(c for c in step["cite"] if c in corpus)))
        return CardItem(key=f"ruling:{example.display}", kind="ruling", lang=lang,
                        kicker=f"{_say('quick.card.worked', lang)} · {title}", title=example.title() or example.display,
                        blocks=blocks, source=f"judgebot check {example.display} --lang {lang}",
                        citations=list(dict.fromkeys(c for c in ruling.get("citations") or () if c in corpus)))
    return CardItem(key=f"ruling:{doc['id']}", kind="ruling", lang=lang, kicker=_say("quick.card.worked", lang),
                    title=title, blocks=[Block("para", _say("quick.card.no_ruling", lang))],
                    source="judgebot serve: /quick", citations=[])

