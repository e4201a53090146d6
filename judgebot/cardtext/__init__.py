"""Card text → rules: a card's printed text read into the engine's own Format 2
vocabulary (SCENARIOS.md "Format 2" and "Real cards", Text), by the templates the cards
are printed with, in English and Japanese.

    read(text, lang, part, name=…, damage=…, cost=…, kind=…) -> Reading

`part` is attack | ability | trainer | energy; for an attack give its printed `damage`
("180+", "30×", 60 or None) and `cost` (types); for a Trainer its `kind` (item |
supporter | stadium | tool). The `Reading` says:

- APPLIED: every sentence was read; `format2` is what a scenario would write inline for
  that part (an attack's `damage` formula, `do`, `effects`, `bench_damage`,
  `self_damage` …; an Ability's `effect`/`do`; a Trainer's `effects`/`do`; an Energy's
  `provides`/`effects`), to be merged with the printed entry key by key. Sentences that
  only read the deck or a hand are in `listed`, not applied, with why.
- NOT_APPLIED: the text only reads cards the scenario does not describe (`listed`).
- NOT_MODELLED: a sentence that changes the board and that no template reads
  (`unread`); nothing of the text is applied.

This package imports nothing of the engine, search or web: it makes plain data that
the engine's readers validate like any scenario file.
"""

from __future__ import annotations

from judgebot.cardtext.reading import APPLIED, NOT_APPLIED, NOT_MODELLED, Listed, NotRead, Reading

LANGUAGES = ("en", "ja")


def read(text: str, lang: str, part: str, *, name: str = "", damage=None, cost=(), kind: str | None = None) -> Reading:
    # The templates are imported on the first reading: a scenario's readings usually come
    # from the user cache (engine.format.printed_text), and the engine need not load them.
    from judgebot.cardtext import assemble, english, english_passive, japanese, japanese_passive
    from judgebot.cardtext.vocab import Context, use_ability

    languages = {"en": english, "ja": japanese}
    passive = {"en": english_passive, "ja": japanese_passive}
    if lang not in languages:
        raise ValueError(f"no templates for language {lang!r}; read: {', '.join(LANGUAGES)}")
    if part not in ("attack", "ability", "trainer", "energy"):
        raise ValueError(f"unknown part {part!r}")
    ctx = Context(part=part, lang=lang, name=name, damage=damage, cost=tuple(cost or ()), kind=kind)
    text = text or ""
    try:
        language = languages[lang]
        head = None
        body = text
        if part == "ability":
            head = passive[lang].ability(language.normalize(text), ctx)
            if head is not None:
                head, body = head
        pieces, notes = language.read(body, ctx)
        if head is not None:
            pieces = use_ability(head, pieces, [language.does_of_listed(s) for s, _ in notes], ctx)
        listed = tuple(Listed(s, why, decides_damage=language.decides_damage(s)) for s, why in notes)
        if part == "attack" and any(item.decides_damage for item in listed):
            # The damage counts what a deck or hand reading finds: listed; a ruling needs `found`.
            return Reading(part, lang, text, NOT_APPLIED, listed=listed, templates=tuple(ctx.templates))
        if part == "attack":
            format2 = assemble.attack(pieces, damage)
        else:
            format2 = assemble.PARTS[part](pieces)
    except NotRead as exc:
        return Reading(part, lang, text, NOT_MODELLED, unread=str(exc), templates=tuple(ctx.templates))
    if not format2 and listed:
        return Reading(part, lang, text, NOT_APPLIED, listed=listed, templates=tuple(ctx.templates))
    if part == "trainer" and "do" not in format2:
        # A Trainer whose text is a cost and a deck reading (Ultra Ball: "discard 2 other cards
        # … Search your deck …"): its deck reading's `does` words, for the nothing-would-happen
        # check (Ⅰ-B-01 step 1), as an Ability's (use_ability).
        words = sorted({w for w in (language.does_of_listed(s) for s, _ in notes) if w})
        if words:
            format2 = {**format2, "does": words}
    return Reading(part, lang, text, APPLIED, format2=format2, listed=listed, templates=tuple(ctx.templates))


__all__ = ["APPLIED", "NOT_APPLIED", "NOT_MODELLED", "Listed", "Reading", "read"]
