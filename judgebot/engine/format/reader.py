"""Strict readers for the pieces of the scenario format (SCENARIOS.md) that the
scenario files and the card catalog share: types, filters, primitive effects,
Abilities, attacks, Energy and Tools.

Every problem is a ScenarioError naming the file, the line and the key path:
`rulings/x.yaml:12: you.bench[2].hp: expected a positive multiple of 10, got 95`.

Additive extensions to SCENARIOS.md (nothing the spec allows changes meaning):
- filter key `has_ability: true|false` — has an Ability in force now (after no_abilities);
- effect key `when: <filter>` on any primitive — it works only while the Pokémon it is
  on matches (ブレイブバングル "（「ルールを持つポケモン」をのぞく）");
- `damage_dealt` field `attack: NAME` — only for that attack (エコーボイス);
- attack key `conditions: [...]` — Special Conditions it gives its targets (step 5);
- `bench_damage` entry key `weakness_resistance: true` — "unless stated" (Ⅱ-B-08);
- an attack may be `{card: NAME, ...}` (catalog attack with the fields given inline);
- `stadium` may be a catalog name, `{card, owner}` or `{name, owner, effects}`;
- a position index inside a flow collection (`{target: opponent.bench[0]}`) is read
  as the spec writes it (yaml_lines.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Protocol

from judgebot.engine.board.model import (CONDITIONS, RULES, STAGES, TAGS, TYPES, Ability,
                                   Attack, BenchHit, Choice, Effect, Energy, Filter, Provision, Tool, line_of)
from judgebot.engine.format.format2 import Format2Reader, does_of
from judgebot.engine.format.schema import (ABILITY, ATTACK, BENCH_HIT, CARD_KINDS, CITATION_RE,
                                           CONDITION_ALIASES, DOES_WORDS, EFFECT_ONE_OF, EFFECT_REQUIRED,
                                           EFFECT_PER, EFFECT_PER_KINDS, EFFECT_TESTS, EFFECTS, ENERGY_CARD, FILTER, MAX_COUNT, MAX_DAMAGE, MAX_HP,
                                           PAY_WORDS, POSITION_FILTERS, POSITION_RE, PROVISION, SIDE_FILTERS,
                                           TOOL, TYPE_ALIASES, keys)
from judgebot.engine.format.validate import describe, unknown_key
from judgebot.engine.format.yaml_lines import key_label
from judgebot.errors import NotModelledError, ScenarioError, shorten

class CatalogLookup(Protocol):
    """What the reader needs of the card catalog (judgebot.engine.format.catalog.Catalog): a
    card by name or alias, or None. A protocol, so that the reader never imports the
    catalog (the catalog is read with this reader)."""

    def lookup(self, name: str) -> Any: ...

EFFECT_FIELDS: dict[str, dict[str, str]] = {kind: {key: reader for key, (reader, _) in fields.items()}
                                             for kind, (_, fields) in EFFECTS.items()}
REQUIRED_FIELDS = EFFECT_REQUIRED
ONE_OF_FIELDS = EFFECT_ONE_OF
FILTER_KEYS = keys(FILTER)
ATTACK_KEYS = keys(ATTACK)
ABILITY_KEYS = keys(ABILITY)


class Reader(Format2Reader):
    """Reads one YAML document (data + key-path lines) into model objects."""

    type_aliases = TYPE_ALIASES

    def __init__(self, file: str, lines: dict[str, int], catalog: CatalogLookup | None = None):
        self.file = file
        self.lines = lines
        self.catalog = catalog

    # -- errors ----------------------------------------------------------------
    def line(self, path: str) -> int | None:
        return line_of(self.lines, path)

    def fail(self, path: str, message: str) -> None:
        raise ScenarioError(self.file, self.line(path), path, message)

    def not_modelled(self, path: str, message: str) -> None:
        raise NotModelledError(message, self.file, self.line(path), path)

    # -- shapes ----------------------------------------------------------------
    def mapping(self, value: Any, path: str, allowed: tuple[str, ...],
                required: tuple[str, ...] = ()) -> dict:
        if value is None:
            value = {}
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, got {describe(value)}")
        if not _key_set(allowed).issuperset(value):
            for key in value:
                if key not in allowed:
                    self.fail(_join(path, key), unknown_key(f"unknown key {shorten(key)!r}; allowed keys: "
                                                            f"{', '.join(allowed)}", key, list(allowed)))
        for key in required:
            if key not in value:
                self.fail(path, f"missing required key {key!r}")
        return value

    def list_of(self, value: Any, path: str, item: Callable[[Any, str], Any],
                what: str = "a list") -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(path, f"expected {what}, got {describe(value)}")
        return [item(v, f"{path}[{i}]") for i, v in enumerate(value)]

    def list_or_one(self, value: Any, path: str, item: Callable[[Any, str], Any]) -> list:
        """A list, or a single value standing for a list of one."""
        if isinstance(value, list):
            return self.list_of(value, path, item)
        return [item(value, path)]

    # -- scalars ---------------------------------------------------------------
    def text(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"expected text, got {describe(value)}")
        return value.strip()

    def optional_text(self, value: Any, path: str) -> str | None:
        return None if value is None else self.text(value, path)

    def bool(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            self.fail(path, f"expected true or false, got {describe(value)}")
        return value

    def true(self, value: Any, path: str) -> bool:
        if value is not True:
            self.fail(path, f"expected true, got {describe(value)}")
        return True

    def integer(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected a whole number, got {describe(value)}")
        return value

    def count(self, value: Any, path: str) -> int:
        return self.ranged(value, path, 0, MAX_COUNT)

    def positive(self, value: Any, path: str) -> int:
        return self.ranged(value, path, 1, MAX_COUNT)

    def ranged(self, value: Any, path: str, low: int, high: int) -> int:
        value = self.integer(value, path)
        if not low <= value <= high:
            self.fail(path, f"expected a whole number from {low} to {high}, got {describe(value)}")
        return value

    def hp(self, value: Any, path: str) -> int:
        value = self.integer(value, path)
        if not 0 < value <= MAX_HP or value % 10:
            self.fail(path, f"expected a positive multiple of 10 up to {MAX_HP}, got {describe(value)}")
        return value

    def damage(self, value: Any, path: str) -> int:
        value = self.integer(value, path)
        if not 0 <= value <= MAX_DAMAGE or value % 10:
            self.fail(path, f"expected a multiple of 10 from 0 to {MAX_DAMAGE}, got {describe(value)}")
        return value

    def signed_damage(self, value: Any, path: str) -> int:
        value = self.integer(value, path)
        if value == 0 or value % 10 or abs(value) > MAX_DAMAGE:
            self.fail(path, f"expected a non-zero multiple of 10 (+N or -N) up to {MAX_DAMAGE}, "
                            f"got {describe(value)}")
        return value

    def delta(self, value: Any, path: str) -> int:
        value = self.integer(value, path)
        if value == 0 or abs(value) > MAX_COUNT:
            self.fail(path, f"expected a non-zero whole number (+N or -N) up to {MAX_COUNT}, "
                            f"got {describe(value)}")
        return value

    def choice(self, value: Any, path: str, options: tuple[str, ...], what: str) -> str:
        if not isinstance(value, str) or value not in options:
            self.fail(path, f"unknown {what} {describe(value)}; expected one of {', '.join(options)}")
        return value

    def type(self, value: Any, path: str) -> str:
        if isinstance(value, str):
            key = value.strip()
            key = TYPE_ALIASES.get(key, key.lower())
            if key in TYPES:
                return key
        self.fail(path, f"unknown type {describe(value)}; expected one of {', '.join(TYPES)} "
                        "(or their Japanese, Chinese or Korean names)")

    def types(self, value: Any, path: str, low: int = 1, high: int = 2) -> tuple[str, ...]:
        result = tuple(self.list_or_one(value, path, self.type))
        if not low <= len(result) <= high:
            self.fail(path, f"expected {low} to {high} types, got {len(result)}")
        return result

    def energy_types(self, value: Any, path: str) -> tuple[str, ...]:
        """Types an Energy provides: types, or `any` (every type at once, Ⅱ-D-08)."""
        def one(v, p):
            return "any" if v == "any" else self.type(v, p)
        result = tuple(self.list_or_one(value, path, one))
        if not result:
            self.fail(path, "expected at least one type")
        return result

    def cost(self, value: Any, path: str) -> tuple[str, ...]:
        return tuple(self.list_of(value, path, self.type, "a list of types"))

    def condition(self, value: Any, path: str) -> str:
        if isinstance(value, str):
            key = CONDITION_ALIASES.get(value.strip(), value.strip().lower())
            if key in CONDITIONS:
                return key
        self.fail(path, f"unknown Special Condition {describe(value)}; expected one of {', '.join(CONDITIONS)}")

    def stage(self, value: Any, path: str) -> str:
        return self.choice(value, path, STAGES, "stage")

    def rule(self, value: Any, path: str) -> str:
        return self.choice(value, path, RULES, "rule")

    def card_kind(self, value: Any, path: str) -> str:
        return self.choice(value, path, CARD_KINDS, "card kind")

    def citation(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not CITATION_RE.fullmatch(value.strip()):
            self.fail(path, f"expected a citation such as guide-ja:I-A-01, got {describe(value)}")
        return value.strip()

    def weakness_value(self, value: Any, path: str) -> tuple[int | None, int | None]:
        """`x2` (×2) or `+N` (older cards): (multiply, add)."""
        if isinstance(value, str) and re.fullmatch(r"[x×*]\s*2", value.strip()):
            return 2, None
        if isinstance(value, str) and re.fullmatch(r"\+\s*[1-9][0-9]?0", value.strip()):
            value = int(value.strip()[1:])
        if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_DAMAGE and value % 10 == 0:
            return None, value
        self.fail(path, f"expected x2 or +N (a multiple of 10 up to {MAX_DAMAGE}), got {describe(value)}")

    # -- filters and effects ------------------------------------------------------
    def filter(self, value: Any, path: str) -> Filter:
        raw = self.mapping(value, path, FILTER_KEYS)

        def many(key, item):
            return tuple(self.list_or_one(raw[key], _join(path, key), item)) if key in raw else None

        def rule_value(v, p):
            return v if v in ("any", "none") else self.rule(v, p)

        return Filter(
            side=self.choice(raw["side"], _join(path, "side"), SIDE_FILTERS, "side") if "side" in raw else None,
            types=many("types", self.type),
            stage=many("stage", self.stage),
            rule=many("rule", rule_value),
            position=(self.choice(raw["position"], _join(path, "position"), POSITION_FILTERS, "position")
                      if "position" in raw else None),
            name=many("name", self.text),
            evolved=self.bool(raw["evolved"], _join(path, "evolved")) if "evolved" in raw else None,
            has_ability=self.bool(raw["has_ability"], _join(path, "has_ability")) if "has_ability" in raw else None,
            evolved_from_this_turn=many("evolved_from_this_turn", self.text),
            name_prefix=many("name_prefix", self.text),
            moved_to_active_this_turn=self.bool(raw["moved_to_active_this_turn"], _join(path, "moved_to_active_this_turn"))
            if "moved_to_active_this_turn" in raw else None,
            healed_this_turn=self.bool(raw["healed_this_turn"], _join(path, "healed_this_turn"))
            if "healed_this_turn" in raw else None,
            has_tool=self.bool(raw["has_tool"], _join(path, "has_tool")) if "has_tool" in raw else None,
            has_energy=many("has_energy", self.type),
            not_types=many("not_types", self.type),
            damaged=self.bool(raw["damaged"], _join(path, "damaged")) if "damaged" in raw else None,
            conditions=many("conditions", self.filter_condition),
            hp_left_at_most=self.ranged(raw["hp_left_at_most"], _join(path, "hp_left_at_most"), 0, 990)
            if "hp_left_at_most" in raw else None,
            has_attack=many("has_attack", self.text),
            has_energy_card=many("has_energy_card", self.text),
            tag=many("tag", self.tag),
        )

    def tag(self, value: Any, path: str) -> str:
        return self.choice(value, path, TAGS, "tag")

    def filter_condition(self, value: Any, path: str) -> str:
        """A Special Condition in a filter, or `any` ("affected by a Special Condition")."""
        if isinstance(value, str) and value.strip().lower() == "any":
            return "any"
        return self.condition(value, path)

    def primitive(self, value: Any, path: str, source: str = "", origin: str = "",
                  cites: tuple[str, ...] = (), card: str | None = None) -> Effect:
        if not isinstance(value, dict):
            self.fail(path, f"expected an effect ({{kind: …}} or {{card: NAME}}), got {describe(value)}")
        if "kind" not in value:
            self.fail(path, "missing required key 'kind' (or give a catalog card as {card: NAME})")
        raw = value
        kind = self.choice(raw["kind"], _join(path, "kind"), tuple(EFFECT_FIELDS), "effect kind")
        allowed = ("kind",) + tuple(EFFECT_FIELDS[kind]) + ("applies_to", "when", "holder", "if", "per")
        self.mapping(raw, path, allowed)
        fields: dict[str, Any] = {}
        from_ = None
        for key, reader in EFFECT_FIELDS[kind].items():
            if key not in raw:
                continue
            parsed = getattr(self, reader)(raw[key], _join(path, key))
            if key == "from":
                from_ = parsed
            else:
                fields[key] = parsed
        for key in REQUIRED_FIELDS.get(kind, ()):
            if key not in raw:
                self.fail(path, f"missing required key {key!r} for kind {kind}")
        one_of = ONE_OF_FIELDS.get(kind)
        if one_of and sum(key in raw for key in one_of) != 1:
            self.fail(path, f"kind {kind} needs exactly one of {' or '.join(one_of)}")
        if kind == "weakness":
            fields.setdefault("value", (2, None))
        if kind in ("prizes_reduced", "extra_prizes"):
            fields.setdefault("amount", 1)
        if kind == "survive":
            fields.setdefault("hp", 10)
        if kind == "provides":
            fields.setdefault("units", 1)
        if "when" in raw and "when" not in fields:
            fields["when"] = self.filter(raw["when"], _join(path, "when"))
        if "holder" in raw:
            fields["holder"] = self.filter(raw["holder"], _join(path, "holder"))
        if "if" in raw:
            if kind in ("types", "provides", "trigger"):
                self.fail(_join(path, "if"), f"an effect of kind {kind} takes no `if`")
            fields["if"] = self.effect_test(raw["if"], _join(path, "if"))
        if "per" in raw:
            fields["per"] = self.effect_per(raw["per"], _join(path, "per"), kind)
        applies_to = self.filter(raw["applies_to"], _join(path, "applies_to")) if "applies_to" in raw else None
        return Effect(kind=kind, fields=fields, applies_to=applies_to, from_=from_, source=source or path,
                      origin=origin, cites=cites, card=card)

    def effect_test(self, value: Any, path: str) -> dict:
        """An effect's `if` (extension): a test on the board as it is whenever the effect is
        asked about; a Pokémon it names is `self` (the Pokémon the effect is on)."""
        test = self.test(value, path)
        if test["kind"] not in EFFECT_TESTS:
            self.fail(path, f"an effect's `if` tests one of {', '.join(EFFECT_TESTS)}")
        if test.get("of") not in (None, "self"):
            self.fail(_join(path, test["kind"]), "an effect's `if` tests the Pokémon it is on: self")
        return test

    def effect_per(self, value: Any, path: str, kind: str) -> tuple:
        """An effect's `per` (extension): its amount or delta for each of what it counts."""
        if kind not in EFFECT_PER_KINDS:
            self.fail(path, f"`per` goes with an effect that has an amount or a delta: {', '.join(EFFECT_PER_KINDS)}")
        per = self.per(value, path)
        if per[0] not in EFFECT_PER:
            self.fail(path, f"an effect's `per` counts one of {', '.join(EFFECT_PER)}")
        if per[0] == "discard" and "kind" in per[2]:
            self.fail(_join(path, "kind"), "an effect's `per` counts discarded cards by `name`")
        if per[0] in ("energy", "counters") and per[1] != "self":
            self.fail(_join(path, per[0]), "an effect's `per` counts on the Pokémon it is on: self")
        return per

    def effect_list(self, value: Any, path: str, origin: str) -> tuple[Effect, ...]:
        """A list of effects: primitives, or catalog cards `{card: NAME}`."""
        result: list[Effect] = []
        for index, item in enumerate(self.list_of(value, path, lambda v, p: v)):
            item_path = f"{path}[{index}]"
            result.extend(self.effect_item(item, item_path, origin))
        return tuple(result)

    def effect_item(self, value: Any, path: str, origin: str) -> list[Effect]:
        if isinstance(value, str):
            value = {"card": value}  # a bare name is short for {card: NAME}
        if isinstance(value, dict) and "card" in value:
            raw = self.mapping(value, path, ("card",))
            entry = self.entry(raw["card"], _join(path, "card"), None)
            effects = self.entry_effects(entry, _join(path, "card"))
            return [_reorigin(e, origin) for e in effects]
        return [self.primitive(value, path, origin=origin)]

    def one_or_more_effects(self, value: Any, path: str, origin: str) -> list[Effect]:
        """`effect:` as one effect or a list of them (an Ability's, a Tool's)."""
        if value is None:
            return []
        if isinstance(value, list):
            return list(self.effect_list(value, path, origin))
        return self.effect_item(value, path, origin)

    # -- catalog -------------------------------------------------------------------
    def entry(self, value: Any, path: str, categories: tuple[str, ...] | None) -> Any:
        name = self.text(value, path)
        if self.catalog is None:
            self.fail(path, f"{key_label(name)}: a catalog card cannot be used here; give the primitive effect")
        entry = self.catalog.lookup(name)
        if entry is None:
            self.not_modelled(path, f"{key_label(name)}: not in the card catalog — not modelled: give its effect "
                                    "inline ({kind: …})")
        if categories and entry.category not in categories:
            self.fail(path, f"{key_label(name)} is a card of category {entry.category}, expected {' or '.join(categories)}")
        if not entry.modelled:
            self.not_modelled(path, f"{entry.name}: not modelled: {entry.why or 'the engine has no primitive for it'}"
                                    " — give its effect inline ({kind: …})")
        return entry

    def catalog_sections(self, name: str, category: str) -> tuple[str, ...]:
        """An attack or Ability written inline under a catalog card's name is that card: its
        sections are what discusses it (citations); its meaning is what the file gives."""
        known = self.catalog.lookup(name) if self.catalog is not None else None
        return tuple(known.sections) if known is not None and known.category == category else ()

    def entry_effects(self, entry: Any, path: str) -> tuple[Effect, ...]:
        effects = entry.all_effects()
        if not effects:
            self.not_modelled(path, f"{entry.name}: the catalog gives it no effect in force — "
                                    "give its effect inline ({kind: …})")
        return effects

    # -- abilities, attacks, Energy, Tools ---------------------------------------------
    def ability(self, value: Any, path: str, name: str | None = None, cites: tuple[str, ...] = ()) -> Ability:
        if isinstance(value, str):
            entry = self.entry(value, path, ("ability",))
            return entry.ability
        raw = self.mapping(value, path, ABILITY_KEYS, required=() if name else ("name",))
        name = self.text(raw["name"], _join(path, "name")) if "name" in raw else name
        cites = cites or self.catalog_sections(name, "ability")
        effects = tuple(_resource(e, f"Ability {name}", "ability", cites)
                        for e in self.one_or_more_effects(raw.get("effect"), _join(path, "effect"), "ability"))
        if "stacks" in raw and not self.bool(raw["stacks"], _join(path, "stacks")):
            # 「この特性の効果は重ならない」 (Ⅱ-E-15): however many Pokémon have it, it counts once.
            from dataclasses import replace

            effects = tuple(replace(e, fields={**e.fields, "no_stack": name}) for e in effects)

        def flag(key, default):
            return self.bool(raw[key], _join(path, key)) if key in raw else default

        do = self.actions(raw["do"], _join(path, "do")) if "do" in raw else ()
        return Ability(
            name=name,
            declared=flag("declared", not effects),
            once_per_turn=flag("once_per_turn", True),
            exclusive=flag("exclusive", False),
            active_only=flag("active_only", False),
            does=tuple(self.list_of(raw.get("does"), _join(path, "does"), self.does_word)) if "does" in raw
            else does_of(do),
            pay=tuple(self.list_of(raw.get("pay"), _join(path, "pay"), self.pay_item)),
            effects=effects,
            cites=cites,
            do=do,
        )

    def does_word(self, value: Any, path: str) -> str:
        return self.choice(value, path, DOES_WORDS, "`does` word")

    def pay_item(self, value: Any, path: str) -> dict:
        raw = self.mapping(value, path, PAY_WORDS)
        if len(raw) != 1:
            self.fail(path, f"expected exactly one of {', '.join(PAY_WORDS)}")
        key = next(iter(raw))
        return {key: self.positive(raw[key], _join(path, key))}

    def attack(self, value: Any, path: str, name: str | None = None, cites: tuple[str, ...] = ()) -> Attack:
        if isinstance(value, str):
            return self.entry(value, path, ("attack",)).attack
        base: Attack | None = None
        if isinstance(value, dict) and "card" in value:
            base_entry = self.entry(value["card"], _join(path, "card"), ("attack",))
            base = base_entry.attack
            value = {k: v for k, v in value.items() if k != "card"}
        raw = self.mapping(value, path, ATTACK_KEYS, required=() if (name or base) else ("name",))
        name = self.text(raw["name"], _join(path, "name")) if "name" in raw else (name or base.name)
        if base is None:
            cites = cites or self.catalog_sections(name, "attack")

        def flag(key):
            return self.bool(raw[key], _join(path, key)) if key in raw else getattr(base, key, False)

        effects = self.effect_list(raw["effects"], _join(path, "effects"), "attack") if "effects" in raw \
            else (base.effects if base else ())
        effects = tuple(_resource(e, f"attack {name}", "attack", cites) for e in effects)
        damage = raw.get("damage", base.damage if base else None)
        if "damage" in raw and isinstance(raw["damage"], dict):
            damage = self.formula(raw["damage"], _join(path, "damage"))
        elif "damage" in raw and raw["damage"] is not None:
            damage = self.damage(raw["damage"], _join(path, "damage"))
        return Attack(
            name=name,
            cost=self.cost(raw["cost"], _join(path, "cost")) if "cost" in raw else (base.cost if base else ()),
            damage=damage,
            ignore_weakness_resistance=flag("ignore_weakness_resistance"),
            ignore_defender_effects=flag("ignore_defender_effects"),
            ignore_weakness=flag("ignore_weakness"),
            ignore_resistance=flag("ignore_resistance"),
            self_damage=(self.damage(raw["self_damage"], _join(path, "self_damage")) if "self_damage" in raw
                         else (base.self_damage if base else 0)),
            bench_damage=(tuple(self.list_of(raw["bench_damage"], _join(path, "bench_damage"), self.bench_hit))
                          if "bench_damage" in raw else (base.bench_damage if base else ())),
            fails_on_tails=flag("fails_on_tails"),
            alt_cost=(None if raw.get("alt_cost") is None else self.cost(raw["alt_cost"], _join(path, "alt_cost")))
            if "alt_cost" in raw else (base.alt_cost if base else None),
            usable_from_bench=flag("usable_from_bench"),
            usable_first_turn=flag("usable_first_turn"),
            effects=effects,
            conditions=(tuple(self.list_of(raw["conditions"], _join(path, "conditions"), self.condition))
                        if "conditions" in raw else (base.conditions if base else ())),
            do=self.actions(raw["do"], _join(path, "do")) if "do" in raw else (base.do if base else ()),
            cites=tuple(dict.fromkeys(cites + (base.cites if base else ()))),
            missing=() if "cost" in raw else (base.missing if base else ("cost",)),
        )

    def bench_hit(self, value: Any, path: str) -> BenchHit:
        raw = self.mapping(value, path, keys(BENCH_HIT), required=("target", "amount"))
        target = (self.choice_target(raw["target"], _join(path, "target")) if isinstance(raw["target"], dict)
                  else self.position_text(raw["target"], _join(path, "target")))
        return BenchHit(target=target, amount=self.damage(raw["amount"], _join(path, "amount")),
                        weakness_resistance=self.bool(raw["weakness_resistance"], _join(path, "weakness_resistance"))
                        if "weakness_resistance" in raw else False)

    def choice_target(self, value: Any, path: str) -> Choice:
        """`{choose: FILTER}` or `{each: FILTER}` (extension: a choice card text gives)."""
        raw = self.mapping(value, path, ("choose", "each"))
        if len(raw) != 1:
            self.fail(path, "expected {choose: FILTER} or {each: FILTER}")
        how = next(iter(raw))
        return Choice(how, self.filter(raw[how], _join(path, how)))

    def position_text(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not POSITION_RE.fullmatch(value.strip()):
            self.fail(path, f"expected a position such as you.active or opponent.bench[0], got {describe(value)}")
        return value.strip()

    def provision(self, value: Any, path: str) -> Provision:
        raw = self.mapping(value, path, keys(PROVISION), required=("types",))
        return Provision(
            types=self.energy_types(raw["types"], _join(path, "types")),
            units=self.positive(raw["units"], _join(path, "units")) if "units" in raw else 1,
            when=self.filter(raw["when"], _join(path, "when")) if "when" in raw else None,
        )

    def energy(self, value: Any, path: str) -> Energy:
        if isinstance(value, str):
            key = TYPE_ALIASES.get(value.strip(), value.strip().lower())
            if key in TYPES:
                return Energy(name=key, basic=True, provides=(Provision((key,), 1),))
            entry = self.entry(value, path, ("special_energy",))
            return entry.energy
        raw = self.mapping(value, path, keys(ENERGY_CARD), required=("name", "provides"))
        name = self.text(raw["name"], _join(path, "name"))
        effects = self.effect_list(raw.get("effects"), _join(path, "effects"), "energy")
        return Energy(
            only_on=self.filter(raw["only_on"], _join(path, "only_on")) if "only_on" in raw else None,
            name=name, basic=False,
            provides=(Provision(self.energy_types(raw["provides"], _join(path, "provides")),
                                self.positive(raw["units"], _join(path, "units")) if "units" in raw else 1),),
            effects=tuple(_resource(e, name, "energy", ()) for e in effects),
        )

    def tool(self, value: Any, path: str) -> Tool | None:
        if value is None:
            return None
        if isinstance(value, str):
            return self.entry(value, path, ("tool",)).tool
        raw = self.mapping(value, path, keys(TOOL), required=("name",))
        name = self.text(raw["name"], _join(path, "name"))
        effects = self.one_or_more_effects(raw.get("effect"), _join(path, "effect"), "tool")
        effects += self.effect_list(raw.get("effects"), _join(path, "effects"), "tool")
        return Tool(name=name, effects=tuple(_resource(e, name, "tool", ()) for e in effects))


@lru_cache(maxsize=256)
def _key_set(allowed: tuple[str, ...]) -> frozenset[str]:
    return frozenset(allowed)


@lru_cache(maxsize=8192)  # the same few hundred paths in every scenario of a batch
def _join(path: str, key: str) -> str:
    key = key_label(key)
    return f"{path}.{key}" if path else key


def _reorigin(effect: Effect, origin: str) -> Effect:
    from dataclasses import replace

    return replace(effect, origin=origin)


def _resource(effect: Effect, source: str, origin: str, cites: tuple[str, ...]) -> Effect:
    """The effect as carried by a named thing (an Ability, an attack, a Tool, an Energy)."""
    from dataclasses import replace

    return replace(effect, source=effect.card or source, origin=origin,
                   cites=tuple(dict.fromkeys(effect.cites + cites)))

