"""Real cards in scenarios (SCENARIOS.md "Real cards"): `card:` filled from the card database.

A Pokémon spot, a Tool, a Stadium, a special Energy, an effect's card and an
evolve/bench/play ask's card may name a real card (judgebot.carddb): its printed values
become the scenario's keys, written next to `card:` keys win, and the scenario is then
read as if the judge had typed them. The guide's card catalog and the database are one
lookup: a catalog entry that is a real card (アイアンディフェンダー is Iron Defender)
brings its modelled meaning (`links`, reviewed in data/carddb/catalog.yaml).

A printed text the engine does not apply is never skipped: an attack's text when the
attack is asked, an Ability's when it is in force or used, a Trainer's or Energy's when
it is in play or played — each either has a meaning (the catalog's, or the file's own
keys for it) or the file is refused with `not modelled`, quoting the text and saying how
to give it by hand. A value no print gives (Weakness of most White Flare cards) is
asked for only where the ruling needs it (`Pokemon.unknown`).

What is used is recorded for the ruling's `cards` key: the card, the name as written,
the print, and every text met, applied or not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from judgebot.carddb import lookup
from judgebot.carddb.normalize import name_key, text_key
from judgebot.engine.board.model import Formula
from judgebot.cardtext import ability_events
from judgebot.engine.format import printed_text
from judgebot.engine.format.yaml_lines import key_label
from judgebot.errors import NotModelledError, ScenarioError, shorten
from judgebot.i18n import msg

# An old informational `card:` beside `name:` on a Pokémon: a set code with no number.
SET_CODE = re.compile(r"^[A-Z]{1,4}(?:-[A-Z]+)?(?:[0-9][0-9A-Za-z.\-]*)?$")
PRINTED_KEYS = ("name", "stage", "evolves_from", "rule", "types", "hp", "weakness", "resistance", "retreat",
                "attacks", "abilities", "line")
UNKNOWN_AT_READ = ("hp", "types", "stage")  # needed by every ruling: asked for at once
UNKNOWN_LATER = ("weakness", "resistance", "retreat", "evolves_from")
IN_PLAY = re.compile(r"^(?:you|opponent)\.(?:active|bench)")  # a Pokémon in play (not one in a hand)
TRAINER_KINDS = {"item": "item", "supporter": "supporter", "stadium": "stadium", "tool": "tool"}
# Keys of an attack or Ability entry that give its effect by hand (beyond naming it).
BY_HAND_ATTACK = ("damage", "do", "effects", "conditions", "bench_damage", "self_damage", "fails_on_tails",
                  "ignore_weakness_resistance", "ignore_defender_effects", "usable_from_bench", "alt_cost")
BY_HAND_ABILITY = ("effect", "do", "does", "pay", "declared")


# -- the catalog and the database: one lookup ------------------------------------------------------

@dataclass(frozen=True)
class Link:
    entry: str  # the catalog entry's name
    card: str  # the card id
    part: str  # attack | ability | trainer | energy
    index: int
    same_text: bool


CATEGORY_PART = {"ability": "ability", "attack": "attack", "item": "trainer", "supporter": "trainer",
                 "stadium": "trainer", "tool": "trainer", "special_energy": "energy"}


def link_candidates(catalog: Any) -> list[tuple[Any, str, str, int, str]]:
    """(entry, card id, part, index, the part's Japanese text) for every catalog entry
    and every real card part of the same kind that bears one of its names."""
    db = lookup.database()
    out = []
    for entry in catalog.entries.values():
        part = CATEGORY_PART[entry.category]
        seen = set()
        for name in (entry.name,) + entry.aliases:
            key = name_key(name)
            if part in ("attack", "ability"):
                rows = [(card, p, i) for card, p, i in db.by_part(key) if p == part]
            else:
                rows = [(card, part, 0) for _, _, card in db.by_name(key)]
            for card_id, p, index in rows:
                if (card_id, p, index) in seen:
                    continue
                card = db.card(card_id)
                if not _kind_fits(card, entry.category):
                    continue
                seen.add((card_id, p, index))
                text = _part_text(card, p, index).get("ja", "")
                out.append((entry, card_id, p, index, text))
    return out


def _kind_fits(card: dict, category: str) -> bool:
    if category in ("ability", "attack"):
        return True
    if category == "special_energy":
        return card["category"] == "energy" and card.get("energy_type") == "special"
    return card["category"] == "trainer" and card.get("trainer_type") == category


def _part_text(card: dict, part: str, index: int) -> dict:
    if part == "attack":
        return card["attacks"][index]["text"]
    if part == "ability":
        return card["abilities"][index]["text"]
    return card.get("text") or {}


def review() -> dict:
    """data/carddb/catalog.yaml: entry -> card id -> {link: bool, why}."""
    import yaml

    from judgebot.paths import data_dir

    path = data_dir() / "carddb" / "catalog.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        return {}
    return data.get("links") or {}


def compute_links(catalog: Any) -> tuple[list[Link], list[tuple[str, str]]]:
    """The links of the catalog's entries to real cards: where the texts agree, by
    themselves; where they differ, as the review decided. Also the (entry, card) pairs
    whose texts differ and that the review has not decided (a test lists them)."""
    decided = review()
    links, undecided = [], []
    for entry, card_id, part, index, text in link_candidates(catalog):
        same = bool(entry.text) and text_key(entry.text) == text_key(text)
        if same:
            links.append(Link(entry.name, card_id, part, index, True))
            continue
        decision = (decided.get(entry.name) or {}).get(card_id)
        if decision is None:
            undecided.append((entry.name, card_id))
        elif decision.get("link"):
            links.append(Link(entry.name, card_id, part, index, False))
    return links, undecided


_LINKS: dict[int, tuple[Any, dict]] = {}


def _links(catalog: Any) -> dict:
    known = _LINKS.get(id(catalog))
    if known is not None and known[0] is catalog:
        return known[1]
    links = _cached_links(catalog)
    by_part = {(l.card, l.part, l.index): l for l in links}
    by_entry: dict[str, list[Link]] = {}
    for l in links:
        by_entry.setdefault(l.entry, []).append(l)
    # A link gives a part its meaning only when the catalog models the entry; an entry the
    # guide leaves unmodelled (its printed damage not in the guide) is read from the card.
    meaning = {key: l for key, l in by_part.items()
               if catalog.lookup(l.entry) is not None and catalog.lookup(l.entry).modelled}
    result = {"part": by_part, "entry": by_entry, "meaning": meaning}
    _LINKS.clear()  # one catalog at a time (it is reread only when its files change)
    _LINKS[id(catalog)] = (catalog, result)
    return result


def _cached_links(catalog: Any) -> list[Link]:
    """The links, kept in the user cache (judgebot.derived) while the catalog files, the
    review, the card database and this code are unchanged."""
    from pathlib import Path

    from judgebot.derived import cached
    from judgebot.engine.format.catalog import catalog_dir
    from judgebot.paths import data_dir

    db = lookup.database_path()
    try:
        stat = db.stat()
        files = sorted(catalog_dir().glob("*.yaml")) + [p for p in [data_dir() / "carddb" / "catalog.yaml"]
                                                       if p.exists()]
    except OSError:
        return compute_links(catalog)[0]
    name = f"catalog-links-{stat.st_size}-{stat.st_mtime_ns}"
    return cached(name, files, [Path(__file__)], lambda: compute_links(catalog)[0])


def links(catalog: Any) -> dict:
    """The catalog's links to real cards: by (card id, part, index) (`part`; `meaning`:
    those whose entry the catalog models) and by entry name."""
    return _links(catalog)


# -- what a scenario used --------------------------------------------------------------------------

@dataclass
class CardUse:
    """One real card a scenario used: the ruling's `cards` entry."""

    at: str
    card: dict
    written: str
    print: dict
    lang: str  # the language the file named it in (texts are quoted in it, else English)
    texts: list[dict] = field(default_factory=list)  # {part, index, name, applied, why}

    def met(self, part: str, index: int, name: str, applied: bool, why: Any) -> None:
        if not any(t["part"] == part and t["index"] == index for t in self.texts):
            self.texts.append({"part": part, "index": index, "name": name, "applied": applied, "why": why})

    def to_dict(self, lang: str = "en") -> dict:
        """The ruling's `cards` entry (SCENARIOS.md "Where numbers came from"), its
        `why` in `lang`."""
        from judgebot.i18n import render

        return {"at": self.at, "card": self.card["id"], "name": self.written,
                "print": lookup.print_label(self.print),
                "text": [{"part": t["part"], "name": t["name"], "applied": t["applied"],
                          "why": render(t["why"], lang),
                          "quote": quote(_part_text(self.card, t["part"], t["index"]), self.lang)}
                         for t in self.texts]}


def first_print(card: dict) -> dict:
    return next((p for p in card["prints"] if p["lang"] == "en"), card["prints"][0])


def query_lang(found: lookup.Found, card: dict) -> str:
    """The language the file named the card in: that of the name it matched, else the
    pinned print's."""
    if found.names:
        lang = found.names[0][0]
        return "zh" if lang == "zh-tw" else lang
    if found.print is not None:
        return found.print["lang"] if found.print["lang"] in ("en", "ja") else "en"
    return "en"


def in_lang(names: dict, lang: str) -> str | None:
    """A part's or card's name in `lang`, else English, else Japanese."""
    if not names:
        return None
    return names.get(lang) or names.get("en") or names.get("ja") or next(iter(names.values()))


def quote(text: dict, lang: str) -> str:
    value = text.get(lang) or text.get("en") or text.get("ja") or ""
    return shorten(value, 160)


@dataclass(frozen=True)
class Unapplied:
    """A printed text the engine has no meaning for, with where the file named its card:
    raised as `not modelled` when the ruling meets it (the message is written then)."""

    message: Callable[[], str]
    file: str
    line: Any
    path: str

    def error(self) -> NotModelledError:
        return NotModelledError(self.message(), self.file, self.line, self.path)


@dataclass(frozen=True)
class Unknown:
    """A value no print of the card gives: asked for where the ruling needs it."""

    key: str
    message: str
    file: str
    line: Any
    path: str

    def error(self) -> ScenarioError:
        return ScenarioError(self.file, self.line, self.path, self.message)


def not_modelled_message(written: str, what: str, text: dict, lang: str, how: str) -> str:
    return (f"{written}: {what} is not modelled: \"{quote(text, lang)}\" — give it by hand: {how}")


HOW_BY_HAND = {
    "attack": "attacks: [{{name: {name}, do: [...]}}] (and `damage:` as a formula when the text changes it)",
    "ability": "abilities: [{{name: {name}, effect: {{kind: …}}}}] or `do:`",
}


def _refusal(written: str, part: str, name: str, text: dict, lang: str, found: Any) -> str:
    """Why a printed text is refused: the sentence no template reads, or (an attack) the
    damage counting what a deck reading finds."""
    what = f"the text of its attack {name}" if part == "attack" else f"its Ability {name}"
    how = HOW_BY_HAND[part].format(name=name)
    if found is not None and printed_text.damage_needs_hand(found):
        sentence = next(item.text for item in found.listed if item.decides_damage)
        return (f"{written}: the damage of its attack {name} counts what \"{shorten(sentence, 120)}\" finds, and "
                f"the file does not describe the deck or hand it reads — give the damage by hand: "
                f"attacks: [{{name: {name}, damage: N}}]")
    message = not_modelled_message(written, what, text, lang, how)
    if found is not None and found.unread:
        message += f" (no template reads \"{shorten(found.unread, 120)}\")"
    return message


# -- the reader ------------------------------------------------------------------------------------

POSITION_WORDS = {"active": "the Active Pokémon", "bench": "a Benched Pokémon"}


class RealCardReader:
    """Mixed into ScenarioReader: `card:` on a Pokémon spot, and real cards where the
    catalog has no entry (Tools, Stadiums, special Energy, effects, played cards)."""

    raw_root: dict | None = None

    # -- finding the card -----------------------------------------------------------------------
    def resolve_card(self, query: str, where: str, attacks=(), abilities=(), values=None) -> tuple[dict, Any]:
        found = lookup.find(query)
        if found.mismatch is not None:
            m = found.mismatch
            self.fail(where, f"{lookup.print_label(m['print'])} is {lookup.name_in(m['card'], 'en')}, "
                             f"not {m['name']!r}")
        if not found.cards:
            self.fail(where, f"unknown card {query!r}" + did_you_mean(found.nearest))
        cards = lookup.narrow(found.cards, attacks, abilities, values)
        if len(cards) > 1:
            self.fail(where, f"{query!r} names {len(cards)} different cards: {lookup.candidates_line(cards)}; "
                             "pin one with its set code and number (e.g. "
                             f"{lookup.name_in(cards[0], 'en')} {lookup.print_label(first_print(cards[0]))})")
        return cards[0], found

    def use(self, at: str, card: dict, written: str, found: Any) -> CardUse:
        printed = found.print or first_print(card)
        use = CardUse(at=_at(at), card=card, written=written, print=printed, lang=query_lang(found, card))
        self.uses.append(use)
        return use

    @property
    def uses(self) -> list[CardUse]:
        if not hasattr(self, "_uses"):
            self._uses = []
        return self._uses

    @property
    def warnings(self) -> list[str]:
        if not hasattr(self, "_warnings"):
            self._warnings = []
        return self._warnings

    def warn(self, path: str, message: str) -> None:
        from judgebot.errors import where as place

        line = self.line(path)
        self.warnings.append(f"{place(self.file, line, getattr(line, 'column', None))}: {path}: {message}")

    # -- a Pokémon spot --------------------------------------------------------------------------
    def real_pokemon(self, value: Any, path: str, hand: bool = False) -> tuple[dict, dict | None]:
        """The mapping to read for a Pokémon written with `card:` (or as a bare name):
        the card's printed keys, the file's own keys over them. Also what `finish_real`
        needs afterwards (None when `card:` is the old informational set code)."""
        raw = {"card": value} if isinstance(value, str) else dict(value)
        where = path if isinstance(value, str) else f"{path}.card"
        query = self.text(raw["card"], where)
        if "name" in raw and SET_CODE.fullmatch(query) and not lookup.find(query).cards:
            self.warn(where, f"`card: {query}` beside `name:` is read as the set the card is from; write "
                             f"`set: {query}` (`card:` names a real card)")
            raw["set"] = raw.pop("card")
            return raw, None
        attacks, abilities = self._named_parts(raw, path)
        values = {k: raw[k] for k in ("hp", "stage", "rule") if k in raw}
        card, found = self.resolve_card(query, where, attacks, abilities, values)
        if card["category"] != "pokemon":
            kind = card.get("trainer_type") or (f"{card.get('energy_type')} Energy" if card["category"] == "energy"
                                                 else card["category"])
            spot = "a Pokémon card in the hand" if hand else POSITION_WORDS["bench" if "bench" in path else "active"]
            self.fail(where, f"{query!r} is a {'Trainer' if card['category'] == 'trainer' else 'Energy'} card "
                             f"({kind}), not a Pokémon: it cannot be {spot}")
        lang = query_lang(found, card)
        printed = self.printed_pokemon(card, lang)
        written = raw.get("name") or (found.names[0][1] if found.names else in_lang(card["name"], lang))
        self._current_card = card
        merged, by_hand = self.merge_printed(printed, raw, path)
        merged["name"] = written
        merged.pop("card", None)
        use = self.use(path, card, query, found)
        for key in UNKNOWN_AT_READ:
            if key in card["unknown"] and key not in raw:
                self.fail(where, f"{query}: the card data give no {key} ({lookup.print_label(use.print)}): "
                                 f"write `{key}:` beside `card:`")
        info = {"card": card, "lang": lang, "use": use, "where": where, "by_hand": by_hand, "raw": raw,
                "query": query}
        return merged, info

    def names_real_pokemon(self, value: str) -> bool:
        """A bare name on an evolve or bench ask is a real card when it names real
        Pokémon cards (and only Pokémon); otherwise it stays a plain name, as before."""
        found = lookup.find(value)
        return bool(found.cards) and all(card["category"] == "pokemon" for card in found.cards)

    def _named_parts(self, raw: dict, path: str) -> tuple[list[str], list[str]]:
        """Attack and Ability names the file gives for this Pokémon (its own entries, and
        the ask's when it asks about this Pokémon): they narrow the candidates."""
        attacks = [a["name"] for a in raw.get("attacks") or () if isinstance(a, dict) and isinstance(a.get("name"), str)]
        attacks += [a for a in raw.get("attacks") or () if isinstance(a, str)]
        abilities = [a["name"] for a in raw.get("abilities") or ()
                     if isinstance(a, dict) and isinstance(a.get("name"), str)]
        abilities += [a for a in raw.get("abilities") or () if isinstance(a, str)]
        for kind, name in self._asked(path):
            (attacks if kind == "attack" else abilities).append(name)
        return attacks, abilities

    def _asked(self, path: str) -> list[tuple[str, str]]:
        ask = (self.raw_root or {}).get("ask")
        if not isinstance(ask, dict):
            return []
        asks = []
        if isinstance(ask.get("sequence"), list):
            asks = [entry for entry in ask["sequence"] if isinstance(entry, dict)]
        else:
            asks = [ask]
        out = []
        for entry in asks:
            for kind in ("attack", "ability"):
                body = entry.get(kind)
                if isinstance(body, str):
                    body = {"name": body}
                if isinstance(body, dict) and isinstance(body.get("name"), str) \
                        and body.get("by", "you.active") == path:
                    out.append((kind, body["name"]))
        return out

    def printed_pokemon(self, card: dict, lang: str) -> dict:
        """The card's printed values as scenario keys (what a judge would have typed)."""
        from judgebot.engine.format.catalog import load_catalog

        raw = _printed(card["id"], lang, load_catalog())
        return {**raw, "attacks": [dict(a) for a in raw["attacks"]],
                "abilities": [a if isinstance(a, str) else dict(a) for a in raw["abilities"]]}

    def merge_printed(self, printed: dict, raw: dict, path: str) -> tuple[dict, dict]:
        """Explicit keys win; an `attacks:`/`abilities:` entry with the name of one of the
        card's is merged with it key by key, others are added. Also which printed parts
        the file gives by hand: {("attack", index): path}."""
        merged = dict(printed)
        by_hand: dict[tuple[str, int], str] = {}
        for key, value in raw.items():
            if key in ("attacks", "abilities") and isinstance(value, list):
                continue
            merged[key] = value
        for key, part in (("attacks", "attack"), ("abilities", "ability")):
            if not isinstance(raw.get(key), list):
                continue
            entries = list(printed.get(key) or ())
            names = self._part_names(key)
            for i, item in enumerate(raw[key]):
                name = item.get("name") if isinstance(item, dict) else item if isinstance(item, str) else None
                if isinstance(item, dict) and name is None and isinstance(item.get("card"), str):
                    name = item["card"]
                index = next((j for j, keys in enumerate(names) if name is not None and name_key(name) in keys),
                             None)
                if index is None or index >= len(entries):
                    entries.append(item)
                    continue
                base = entries[index]
                if isinstance(item, dict):
                    base = {"name": base} if isinstance(base, str) else dict(base)
                    if "card" in item and "card" not in base:
                        base.pop("name", None)
                    base.update(item)
                    if any(k in item for k in (BY_HAND_ATTACK if part == "attack" else BY_HAND_ABILITY)):
                        by_hand[(part, index)] = f"{path}.{key}[{i}]"
                else:
                    base = item
                entries[index] = base
            merged[key] = entries
        return merged, by_hand

    def _part_names(self, key: str) -> list[frozenset]:
        card = self._current_card
        return list(_part_keys(card["id"], key)) if card else []

    _current_card: dict | None = None

    def finish_real(self, mon: Any, info: dict | None, path: str) -> None:
        """After the Pokémon is read: each attack and Ability answers to every name of
        the card's; texts without a meaning are marked (`unapplied`) or, for an Ability
        in force, refused now; unknown values are marked for where they are needed."""
        if info is None:
            return
        card, lang, use, where = info["card"], info["lang"], info["use"], info["where"]
        mon.real = card["id"]
        from judgebot.engine.format.catalog import load_catalog

        linked = links(load_catalog())["meaning"]
        line = self.line(where)
        query = info["query"]
        for key, part in (("attacks", "attack"), ("abilities", "ability")):
            printed = card.get(key) or ()
            if not printed:
                continue
            keys = _part_keys(card["id"], key)
            for obj in getattr(mon, key):
                own = name_key(obj.name)
                index = next((i for i in range(len(printed))
                              if own in keys[i]
                              or (linked.get((card["id"], part, i)) and linked[(card["id"], part, i)].entry == obj.name)),
                             None)
                if index is None:
                    continue
                names = tuple(dict.fromkeys(n for n in printed[index]["name"].values() if n != obj.name))
                obj.aliases = names
                text = printed[index]["text"]
                given = info["by_hand"].get((part, index))
                name = in_lang(printed[index]["name"], lang)
                found = printed_text.reading(card["id"], part, index, name) if text else None
                if not text:
                    state = (True, msg("card.why.no_text"))
                elif (card["id"], part, index) in linked:
                    state = (True, msg("card.why.catalog", entry=linked[(card["id"], part, index)].entry))
                elif given:
                    state = (True, msg("card.why.by_hand"))
                elif printed_text.verdict(found) == "not_modelled":
                    state = (None, None)  # refused when the ruling meets it
                else:  # applied, or listed: not applied, and why
                    state = (printed_text.verdict(found) == "applied", printed_text.why(found))
                if part == "attack":
                    damage = card["attacks"][index].get("damage") or ""
                    if given and re.search(r"[+×-]$", damage) and "damage" not in self._given_keys(info, key, index) \
                            and not isinstance(obj.damage, Formula):
                        self.fail(given, f"{name}: the card prints {damage} damage, which its text completes: "
                                         "give `damage:` as a formula ({base, plus|minus|times, per|if})")
                    obj.unapplied = None if state[0] is not None else Unapplied(
                        lambda name=name, text=text, found=found: _refusal(query, "attack", name, text, lang, found),
                        self.file, line, where)
                    obj.met_info = (use, "attack", index, name, state)  # type: ignore[attr-defined]
                    continue
                timing = ability_events.ability_timing(text)
                if state[0] is None:
                    unapplied = Unapplied(lambda name=name, text=text, found=found: _refusal(
                        query, "ability", name, text, lang, found), self.file, line, where)
                    waits_for = ability_events.events(text) if IN_PLAY.match(path) else ()
                    if timing == "in_force" and text and not waits_for:
                        raise unapplied.error()
                    obj.unapplied = unapplied
                    if timing == "in_force":  # met when the ruling reaches what it speaks of
                        obj.met_on = waits_for
                        obj.on_unreached = lambda why, use=use, index=index, name=name: use.met(
                            "ability", index, name, False, why)
                elif timing == "in_force":
                    use.met("ability", index, name, state[0], state[1])
                obj.met_info = (use, "ability", index, name, state)  # type: ignore[attr-defined]
        if "tags" not in info["raw"]:  # no card data give the Ancient / Future mark
            mon.unknown["tags"] = Unknown(
                "tags", f"{info['query']}: the card data do not say whether it is an Ancient or a Future Pokémon "
                        "(the mark above its name), which a text here asks: write `tags: [ancient]`, "
                        "`tags: [future]` or `tags: []` beside `card:`", self.file, line, f"{path}.tags")
        for key in UNKNOWN_LATER:
            if key in card["unknown"] and key not in info["raw"]:
                mon.unknown[key] = Unknown(
                    key, f"{info['query']}: the card data give no {key.replace('_', ' ')} "
                         f"({lookup.print_label(use.print)}): write `{key}:` beside `card:`"
                         + (" (null for none)" if key in ("weakness", "resistance") else ""),
                    self.file, line, f"{path}.{key}")

    def _given_keys(self, info: dict, key: str, index: int) -> set[str]:
        card = info["card"]
        names = {name_key(n) for n in (card.get(key) or [])[index]["name"].values()}
        for item in info["raw"].get(key) or ():
            if isinstance(item, dict) and isinstance(item.get("name"), str) and name_key(item["name"]) in names:
                return set(item)
        return set()

    # -- met at the ask -----------------------------------------------------------------------------
    def meet(self, part_obj: Any) -> None:
        """The ruling meets this attack's or Ability's text: applied, or refused."""
        if getattr(part_obj, "unapplied", None) is not None:
            raise part_obj.unapplied.error()
        info = getattr(part_obj, "met_info", None)
        if info is not None:
            use, part, index, name, state = info
            use.met(part, index, name, state[0], state[1])

    @staticmethod
    def other_attacks_text(scenario: Any) -> None:
        """An attack its Pokémon does not print is asked: an unread text in play that lets
        Pokémon use other attacks (those of their previous Evolutions) would decide it."""
        for mon in scenario.all_pokemon():
            for ability in mon.abilities:
                if ability.unapplied is not None and "other_attacks" in ability.met_on:
                    raise ability.unapplied.error()

    # -- cards the catalog does not have ------------------------------------------------------------
    def entry(self, value: Any, path: str, categories: tuple[str, ...] | None) -> Any:
        """A card by name: the catalog's entry (as before) — and when it is a real card,
        that card is recorded for the ruling's `cards`; a name the catalog lacks is
        looked up in the card database (refused as not modelled, or unknown)."""
        name = self.text(value, path)
        if self.catalog is not None and self.catalog.lookup(name) is None:
            linked = linked_entry(self.catalog, name)
            if linked is None:
                return self.real_entry(name, path, categories)
            value = linked  # the real card's name in another language: its catalog entry
        entry = super().entry(value, path, categories)  # type: ignore[misc]
        self.record_entry(entry, name, path)
        return entry

    def record_entry(self, entry: Any, written: str, path: str) -> None:
        if entry.category in ("ability", "attack"):
            return  # a part of a Pokémon: recorded with the Pokémon, when it is a real card
        from judgebot.engine.format.catalog import load_catalog

        linked = [l for l in links(load_catalog())["entry"].get(entry.name, ()) if l.part in ("trainer", "energy")]
        if len(linked) != 1:
            return
        card = lookup.get(linked[0].card)
        found = lookup.find(written)
        use = CardUse(at=_at(path), card=card, written=written, print=found.print or first_print(card),
                      lang=query_lang(found, card) if found.cards else "ja")
        if not any(u.at == use.at and u.card["id"] == card["id"] for u in self.uses):
            self.uses.append(use)
        else:
            use = next(u for u in self.uses if u.at == use.at and u.card["id"] == card["id"])
        name = in_lang(card["name"], use.lang) or written
        use.met(linked[0].part, 0, name, True, msg("card.why.catalog", entry=entry.name))

    @staticmethod
    def linked_actions(entry: Any) -> tuple:
        """The actions of a catalog Item or Supporter that says what it does (`does`) but
        not as actions: those read from the printed text of the one real card it is
        linked to, when that text is read whole; else ()."""
        from judgebot.engine.format.catalog import load_catalog

        linked = [l for l in links(load_catalog())["entry"].get(entry.name, ()) if l.part == "trainer"]
        if len(linked) != 1:
            return ()
        card = lookup.get(linked[0].card)
        read, state, _unread = read_entry(card["id"], card_category(card), entry.name)
        return tuple(read.do) if read is not None and state and state[0] else ()

    def played_real_card(self, name: str, raw: dict, path: str) -> Any:
        """A `play` ask's card the catalog does not name: its catalog entry when it is a
        real card linked to one (Premium Power Pro is パワープロテイン); else, for a real
        Trainer, nothing — but its text is met when played, so the file must give what it
        does (`does`/`pay`, or `do`), or it is refused as not modelled."""
        linked = linked_entry(self.catalog, name)
        if linked is not None:
            entry = self.catalog.lookup(linked)
            self.record_entry(entry, name, "ask")
            return entry
        found = lookup.find(name, near=False)
        if len(found.cards) != 1 or found.cards[0]["category"] != "trainer":
            return None
        card = found.cards[0]
        use = self.use("ask", card, name, found)
        written = in_lang(card["name"], use.lang) or name
        if any(key in raw for key in ("does", "pay", "do")):
            use.met("trainer", 0, written, True, msg("card.why.by_hand"))
            return None
        entry, state, unread = read_entry(card["id"], card_category(card), name)
        if entry is None:
            message = not_modelled_message(name, "its text", card.get("text") or {}, use.lang,
                                           "`does` and `pay` on the ask (and `do` to carry it out)")
            self.not_modelled(path, message + (f" (no template reads \"{shorten(unread, 120)}\")" if unread else ""))
        use.met("trainer", 0, written, *state)
        return entry

    def real_trainer_kind(self, name: str) -> str | None:
        found = lookup.find(name, near=False)
        if len(found.cards) == 1 and found.cards[0]["category"] == "trainer":
            return TRAINER_KINDS.get(found.cards[0].get("trainer_type"))
        return None

    def real_entry(self, value: str, path: str, categories: tuple[str, ...] | None) -> Any:
        """A Tool, Stadium, special Energy, effect or played card named by a real card
        that the catalog does not model: refused as not modelled, quoting its text;
        a name that is no card: unknown, with the nearest names."""
        found = lookup.find(value)
        if not found.cards:
            nearest = found.nearest
            if categories:
                nearest = [n for n in lookup.nearest(value, limit=30)
                           if card_category(lookup.get(n[2])) in categories][:6]
            self.not_modelled(path, f"{key_label(value)}: not in the card catalog — not modelled: give its effect "
                                    "inline ({kind: …}); no real card has that name or number" + did_you_mean(nearest))
        card = found.cards[0] if len(found.cards) == 1 else None
        if card is None:
            self.fail(path, f"{value!r} names {len(found.cards)} different cards: "
                            f"{lookup.candidates_line(found.cards)}; pin one with its set code and number")
        kind = card_category(card)
        if categories and kind not in categories:
            self.fail(path, f"{key_label(value)} is a real card of category {kind}, expected {' or '.join(categories)}")
        lang = query_lang(found, card)
        entry, state, unread = read_entry(card["id"], kind, value)
        if entry is None:
            message = not_modelled_message(
                value, "its text", card.get("text") or {}, lang,
                "its effect inline ({kind: …}) — a Tool as {name, effect}, a Stadium as {name, effects}, a special "
                "Energy as {name, provides, effects}")
            self.not_modelled(path, message + (f" (no template reads \"{shorten(unread, 120)}\")" if unread else ""))
        use = self.use(path, card, value, found)
        use.met(CATEGORY_PART[kind], 0, in_lang(card["name"], lang) or value, *state)
        return entry


@lru_cache(maxsize=2048)
def read_entry(card_id: str, category: str, name: str) -> tuple[Any, tuple, str | None]:
    """A Trainer or special Energy the catalog does not model, as a catalog entry made
    from its printed text (printed_text): (entry, (applied, why), None); a text no
    template reads whole, or one whose reading this kind of card cannot hold:
    (None, (), the sentence not read)."""
    from judgebot.engine.format.catalog import CatalogReader

    found = printed_text.reading(card_id, CATEGORY_PART[category], 0, name)
    if found is None:
        return None, (), None
    said = printed_text.verdict(found)
    if said == "not_modelled":
        return None, (), found.unread
    keys = dict(found.format2) if said == "applied" else {}
    state = (said == "applied", printed_text.why(found))
    if category == "special_energy" and "provides" not in keys:
        return None, (), found.text
    reader = CatalogReader(f"the printed text of {name}", {})
    try:
        return reader.entry_of(name, {"category": category, **keys}), state, None
    except ScenarioError:
        return None, (), found.text  # a reading this kind of card cannot hold (e.g. `do` on a Tool)


@lru_cache(maxsize=1024)
def _at(path: str) -> str:
    """Where a card is, as the ruling's `cards` says it: a position, or stadium / effect / ask."""
    if path.startswith("stadium"):
        return "stadium"
    if path.startswith("ask"):
        return "ask"
    if ".effects" in path or path.split(".")[-1].startswith("effects"):
        return "effect"
    match = re.match(r"(you|opponent)\.(active|bench\[\d+\])", path)
    return match.group(0) if match else path


def linked_entry(catalog: Any, name: str) -> str | None:
    """The catalog entry a real card (or a real attack or Ability) of this name is linked
    to — Premium Power Pro is パワープロテイン, Metal Defender is メタルディフェンダー — when
    there is exactly one."""
    db = lookup.database()
    by_part = links(catalog)["part"]
    key = name_key(name)
    found = {by_part[(card, "trainer" if db.card(card)["category"] == "trainer" else "energy", 0)].entry
             for _, _, card in db.by_name(key)
             if (card, "trainer", 0) in by_part or (card, "energy", 0) in by_part}
    found |= {by_part[(card, part, index)].entry for card, part, index in db.by_part(key)
              if (card, part, index) in by_part}
    return found.pop() if len(found) == 1 else None


_PRINTED: dict[tuple[str, str], dict] = {}
_PRINTED_FOR: list[Any] = [None]


def _printed(card_id: str, lang: str, catalog: Any) -> dict:
    """The card's printed values as scenario keys, once per card and language while the
    catalog is the same (callers copy)."""
    if _PRINTED_FOR[0] is not catalog or len(_PRINTED) > 8192:
        _PRINTED.clear()
        _PRINTED_FOR[0] = catalog
    known = _PRINTED.get((card_id, lang))
    if known is None:
        known = _PRINTED[(card_id, lang)] = _printed_values(card_id, lang, catalog)
    return known


def _printed_values(card_id: str, lang: str, catalog: Any) -> dict:
    card = lookup.get(card_id)
    linked = links(catalog)["meaning"]
    raw: dict[str, Any] = {"types": card["types"], "hp": card["hp"], "stage": card["stage"], "rule": card["rule"]}
    if card.get("evolves_from"):
        raw["evolves_from"] = in_lang(card["evolves_from"], lang)
    if card.get("line"):
        raw["line"] = [in_lang(n, lang) for n in card["line"]]
    if card.get("weakness") is not None:
        raw["weakness"] = [{"type": w["type"], "value": w["value"]} for w in card["weakness"]]
    if card.get("resistance") is not None:
        raw["resistance"] = [{"type": r["type"], "value": int(r["value"])} for r in card["resistance"]]
    if card.get("retreat") is not None:
        raw["retreat"] = card["retreat"]
    raw["attacks"] = []
    for index, attack in enumerate(card.get("attacks") or ()):
        entry: dict[str, Any] = {"name": in_lang(attack["name"], lang), "cost": list(attack["cost"])}
        damage = attack.get("damage")
        if damage:
            entry["damage"] = int(re.match(r"\d+", damage).group())
        link = linked.get((card["id"], "attack", index))
        if link is not None:
            entry = {"card": link.entry, **entry}
        else:
            entry.update(_read_keys(card["id"], "attack", index, entry["name"]))
        raw["attacks"].append(entry)
    raw["abilities"] = []
    for index, ability in enumerate(card.get("abilities") or ()):
        link = linked.get((card["id"], "ability", index))
        if link is not None:
            raw["abilities"].append(link.entry)
            continue
        name = in_lang(ability["name"], lang)
        raw["abilities"].append({"name": name, **_read_keys(card["id"], "ability", index, name)})
    return raw


def _read_keys(card_id: str, part: str, index: int, name: str) -> dict:
    """The Format 2 keys its printed text reads to (printed_text), when it is read whole."""
    found = printed_text.reading(card_id, part, index, name)
    return dict(found.format2) if found is not None and printed_text.verdict(found) == "applied" else {}


@lru_cache(maxsize=8192)
def _part_keys(card_id: str, kind: str) -> tuple[frozenset, ...]:
    card = lookup.get(card_id)
    return tuple(frozenset(name_key(n) for n in p["name"].values()) for p in card.get(kind) or ())


def card_category(card: dict) -> str:
    if card["category"] == "trainer":
        return card.get("trainer_type") or "trainer"
    if card["category"] == "energy":
        return "special_energy" if card.get("energy_type") == "special" else "basic_energy"
    return "pokemon"


def did_you_mean(nearest: list[tuple[str, str, str]]) -> str:
    if not nearest:
        return ""
    names = [f"{name} ({lang})" for lang, name, _ in nearest[:6]]
    return "; did you mean: " + ", ".join(names)
