"""Readers for the keys Format 2 adds (SCENARIOS.md, "Format 2"): `do` action lists,
triggers, damage formulas and their tests. A mixin of format.reader.Reader: every
problem is a ScenarioError with file, line and key path, as for format 1.
"""

from __future__ import annotations

from typing import Any

from judgebot.engine.board.model import TYPES, Action, Formula
from judgebot.engine.format.schema import (ACTION_COMMON, ACTION_REQUIRED, ACTIONS, CAUSES, MAX_COUNT, MAX_HP,
                                           DISCARD_KINDS, EVENTS, FORMULA, ONCE, PER_KEYS, RELATIVE_TARGETS,
                                           SIDES_FROM_CARD, TEST_KINDS, ZONES, keys)
from judgebot.engine.format.validate import shape as _shape
from judgebot.engine.format.yaml_lines import key_label

# action -> {field: reader}; `at` (before_damage), `first` and `you_may` are allowed on every action.
ACTION_FIELDS: dict[str, dict[str, str]] = {kind: {key: reader for key, (reader, _) in fields.items()}
                                            for kind, (_, fields) in ACTIONS.items()}
# Exactly one of these (which cards an Energy action takes, how much a heal removes…).
ACTION_ONE_OF = {
    "attach_energy": ("energy", "count"),
    "heal": ("amount", "all", "damage_done"), "move_energy": ("energy", "count"),
    "discard_energy": ("energy", "count", "all"), "place_counters": ("count", "until_hp"),
    "move_counters": ("count", "all"),
}
ACTION_SOME_OF = {"condition": ("add", "remove")}
# `pokemon: SIDE` (extension): that side's Pokémon in play, `match` narrowing them (Ⅱ-D-13 FAQ 2).
PER_OPTIONS = {"energy": ("type", "cards"), "discard": ("name", "kind"), "pokemon": ("match",),
               "found": ("kind", "type", "discarded")}
# `side` words of `per: {pokemon: …}` and of the `pokemon` test: both sides may be counted.
BOTH_SIDES = SIDES_FROM_CARD + ("both",)
FORMULA_KEYS = keys(FORMULA)


# `does` words (the "nothing would happen" check) of the actions that have one: a text with
# `do` and no `does` gets them from its actions (SCENARIOS.md, settled points).
DOES_OF_ACTION = {"heal": "heal", "draw": "draw", "attach_energy": "attach_energy", "move_counters": "move_damage",
                  "move_energy": "move_energy"}


def does_of(actions) -> tuple[str, ...]:
    words = []
    for action in actions:
        word = DOES_OF_ACTION.get(action.kind)
        if action.kind == "switch":
            word = "switch_own" if action.get("side") == "own" else "switch_opponent"
        if word and word not in words:
            words.append(word)
    return tuple(words)


def _join(path: str, key: str) -> str:
    key = key_label(key)
    return f"{path}.{key}" if path else key


class Format2Reader:
    """Needs the Reader's fail / mapping / list_of / text / type / … (format.reader)."""

    # -- actions ------------------------------------------------------------------
    def actions(self, value: Any, path: str) -> tuple[Action, ...]:
        return tuple(self.list_of(value, path, self.action, "a list of actions ({place_counters: …}, …)"))

    def action(self, value: Any, path: str) -> Action:
        if value == "fail":
            return Action("fail", {}, path)
        if not isinstance(value, dict) or len(value) != 1:
            self.fail(path, f"expected one action as a one-key mapping ({', '.join(ACTION_FIELDS)}), "
                            f"got {_shape(value)}")
        kind = next(iter(value))
        if kind not in ACTION_FIELDS:
            self.fail(_join(path, str(kind)), f"unknown action {key_label(str(kind))!r}; expected one of "
                                              f"{', '.join(ACTION_FIELDS)}")
        where = _join(path, kind)
        raw = self.mapping(value[kind], where, tuple(ACTION_FIELDS[kind]) + keys(ACTION_COMMON))
        args: dict[str, Any] = {}
        for key, reader in ACTION_FIELDS[kind].items():
            if key in raw:
                if reader == "effect_list":  # effects an action puts in force, as an attack's
                    args[key] = self.effect_list(raw[key], _join(where, key), "attack")
                    continue
                args[key] = getattr(self, reader)(raw[key], _join(where, key))
        for key in ACTION_REQUIRED.get(kind, ()):
            if key not in raw:
                self.fail(where, f"missing required key {key!r} for action {kind}")
        one_of = ACTION_ONE_OF.get(kind)
        if one_of and sum(key in raw for key in one_of) != 1:
            self.fail(where, f"action {kind} needs exactly one of {', '.join(one_of)}")
        if "type" in raw and "energy" in raw:
            self.fail(_join(where, "type"), "`type` narrows `count` or `all`; `energy` names the cards already")
        some_of = ACTION_SOME_OF.get(kind)
        if some_of and not any(key in raw for key in some_of):
            self.fail(where, f"action {kind} needs {' or '.join(some_of)}")
        at = self.choice(raw["at"], _join(where, "at"), ("before_damage",), "`at`") if "at" in raw else None
        if "you_may" in raw:
            # Extension: 「のぞむなら」 (Ⅱ-E-10) — the player's choice, stated by the file.
            args["you_may"] = self.bool(raw["you_may"], _join(where, "you_may"))
        if "first" in raw:
            # Extension: the text after its 「その後」 (Ⅱ-E-20) — the rest of the attack, its
            # damage included — is done only if this action was.
            args["first"] = self.true(raw["first"], _join(where, "first"))
        return Action(kind, args, where, at)

    def target(self, value: Any, path: str):
        if isinstance(value, str) and value.strip() in RELATIVE_TARGETS:
            return value.strip()
        if isinstance(value, dict):
            return self.choice_target(value, path)
        if not isinstance(value, str):
            self.fail(path, f"expected self, defending, attacker or a position such as opponent.bench[0], "
                            f"got {_shape(value)}")
        return self.position_text(value, path)

    def names(self, value: Any, path: str) -> tuple[str, ...]:
        return tuple(self.list_or_one(value, path, self.text)) if value != [] else ()

    def card_side(self, value: Any, path: str) -> str:
        return self.choice(value, path, SIDES_FROM_CARD, "side (seen from the card: own or opponent)")

    def zone(self, value: Any, path: str) -> str:
        return self.choice(value, path, ZONES, "place")

    def devolve_zone(self, value: Any, path: str) -> str:
        return self.choice(value, path, ("hand", "deck"), "place")

    def condition_list(self, value: Any, path: str) -> tuple[str, ...]:
        return tuple(self.list_or_one(value, path, self.condition))

    def energy_cards(self, value: Any, path: str) -> tuple:
        return tuple(self.list_or_one(value, path, self.energy))

    def energy_names(self, value: Any, path: str) -> tuple[str, ...]:
        """Energy as the board names it: a basic Energy by its type word, a special one by name."""
        def one(v, p):
            name = self.text(v, p)
            key = self.type_aliases.get(name, name.lower())
            return key if key in TYPES else name

        return tuple(self.list_or_one(value, path, one))

    # -- triggers -----------------------------------------------------------------
    def event(self, value: Any, path: str) -> str:
        return self.choice(value, path, EVENTS, "event")

    def cause(self, value: Any, path: str) -> str:
        return self.choice(value, path, CAUSES, "cause")

    def once(self, value: Any, path: str) -> str:
        return self.choice(value, path, ONCE, "`once`")

    # -- damage formulas (step 1) ------------------------------------------------------
    def formula(self, value: Any, path: str) -> Formula:
        raw = self.mapping(value, path, FORMULA_KEYS)
        how = [key for key in ("plus", "minus", "times") if key in raw]
        if len(how) != 1:
            self.fail(path, "a damage formula needs exactly one of plus, minus, times")
        how = how[0]
        if ("per" in raw) == ("if" in raw):
            self.fail(path, "a damage formula needs exactly one of per (for each …) or if (a condition)")
        if "if" in raw and how != "plus":
            self.fail(_join(path, "if"), "a condition (`if`) goes with `plus`: {base, plus, if}")
        if how != "times" and "base" not in raw:
            self.fail(path, "missing required key 'base' (the printed number before + or -)")
        if how == "times" and "base" in raw:
            self.fail(_join(path, "base"), "a × attack has no base: {times: N, per: …}")
        amount = self.damage(raw[how], _join(path, how))
        if amount == 0:
            self.fail(_join(path, how), "expected a positive multiple of 10")
        return Formula(
            base=self.damage(raw["base"], _join(path, "base")) if "base" in raw else 0,
            **{how: amount},
            per=self.per(raw["per"], _join(path, "per")) if "per" in raw else (),
            test=self.test(raw["if"], _join(path, "if")) if "if" in raw else None,
            path=path,
        )

    def per(self, value: Any, path: str) -> tuple:
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping with one of {', '.join(PER_KEYS)}, got {_shape(value)}")
        what = [key for key in PER_KEYS if key in value]
        if len(what) != 1:
            self.fail(path, f"expected exactly one of {', '.join(PER_KEYS)} to count")
        what = what[0]
        raw = self.mapping(value, path, (what,) + PER_OPTIONS.get(what, ()))
        p = _join(path, what)
        if what in ("energy", "counters", "retreat", "conditions"):
            counted = self.target(raw[what], p)
        elif what == "heads":
            counted = self.coin_count(raw[what], p)
        elif what == "pokemon":
            counted = self.choice(raw[what], p, BOTH_SIDES, "side (seen from the card: own, opponent or both)")
        elif what == "found":
            counted = self.positive(raw[what], p)
        else:
            counted = self.card_side(raw[what], p)
        options: dict[str, Any] = {}
        if "type" in raw:
            options["type"] = self.type(raw["type"], _join(path, "type"))
        if "cards" in raw:
            options["cards"] = self.bool(raw["cards"], _join(path, "cards"))
        if "name" in raw:
            options["name"] = self.text(raw["name"], _join(path, "name"))
        if "kind" in raw:
            options["kind"] = self.choice(raw["kind"], _join(path, "kind"), DISCARD_KINDS, "kind of card")
        if "match" in raw:
            options["match"] = self.filter(raw["match"], _join(path, "match"))
        if "discarded" in raw:
            options["discarded"] = self.bool(raw["discarded"], _join(path, "discarded"))
        return (what, counted, options)

    def hp_bound(self, value: Any, path: str) -> int:
        return self.ranged(value, path, 0, MAX_HP)

    def coin_count(self, value: Any, path: str):
        """How many coins: N, `until_tails`, or a `per` (a coin for each of what it counts)."""
        if isinstance(value, str) and value.strip() == "until_tails":
            return "until_tails"
        if isinstance(value, dict):
            return self.per(value, path)
        return self.positive(value, path)

    def bounds(self, raw: dict, path: str, high: int) -> dict:
        """`at_least` and/or `at_most` (both: exactly, or a range)."""
        if "at_least" not in raw and "at_most" not in raw:
            self.fail(path, "a test needs at_least or at_most (or both)")
        return {bound: self.ranged(raw[bound], _join(path, bound), 0, high)
                for bound in ("at_least", "at_most") if bound in raw}

    def test(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            self.fail(path, f"expected a test ({{counters: POS, at_least: N}}, {{energy: POS, at_least: N}}, "
                            f"{{at: POS, match: FILTER}} or {{prizes: SIDE, at_most: N}}), got {_shape(value)}")
        kinds = [key for key in TEST_KINDS if key in value]
        if len(kinds) != 1:
            self.fail(path, f"expected exactly one of {', '.join(TEST_KINDS)}")
        kind = kinds[0]
        if kind == "heads":
            # Extension: "Flip 2 coins. If both of them are heads, …" — the coins are flipped when tested.
            raw = self.mapping(value, path, ("heads", "at_least", "at_most"))
            return {"kind": kind, "flips": self.positive(raw[kind], _join(path, kind)), **self.bounds(raw, path, 60)}
        if kind in ("prizes_vs", "energy_vs", "hand_vs"):
            # energy_vs (extension): Energy on the card's own Pokémon against the opponent's Active
            # ("the same amount of Energy attached"); hand_vs: the card's player's hand against the
            # opponent's ("the same number of cards in your hand as your opponent").
            raw = self.mapping(value, path, (kind,))
            return {"kind": kind, "want": self.choice(raw[kind], _join(path, kind), ("more", "fewer", "same"), "comparison")}
        if kind == "you_may":
            raw = self.mapping(value, path, (kind,))
            return {"kind": kind, "want": self.true(raw[kind], _join(path, kind))}
        if kind in ("supporter_played", "knocked_out_last_turn"):
            # Extensions: "if you played a Supporter from your hand during this turn" (Ⅱ-E-26);
            # "if any of your Pokémon were Knocked Out during your opponent's last turn" (Ⅱ-E-11).
            raw = self.mapping(value, path, (kind,))
            return {"kind": kind, "want": self.bool(raw[kind], _join(path, kind))}
        if kind == "hp_left":
            # Extension: the remaining HP of a Pokémon (Ⅱ-D-16): {hp_left: POS, at_most: N}.
            raw = self.mapping(value, path, ("hp_left", "at_most", "at_least"))
            if ("at_most" in raw) == ("at_least" in raw):
                self.fail(path, "an hp_left test needs exactly one of at_most, at_least")
            bound = "at_most" if "at_most" in raw else "at_least"
            return {"kind": kind, "of": self.target(raw[kind], _join(path, kind)),
                    bound: self.ranged(raw[bound], _join(path, bound), 0, 990)}
        if kind == "prizes":
            # Extension: the Prize cards a player has left ("自分のサイドの残り枚数が1枚なら");
            # both bounds: exactly ("exactly 1 Prize card remaining").
            raw = self.mapping(value, path, ("prizes", "at_most", "at_least"))
            return {"kind": "prizes", "side": self.card_side(raw["prizes"], _join(path, "prizes")),
                    **self.bounds(raw, path, 6)}
        if kind == "stadium":
            # Extension: "If a Stadium is in play" / "If there is no Stadium in play".
            raw = self.mapping(value, path, ("stadium",))
            return {"kind": kind, "want": self.bool(raw[kind], _join(path, kind))}
        if kind in ("hand", "deck"):
            # Extension: cards in a hand (needs the hand written) or a deck.
            raw = self.mapping(value, path, (kind, "at_most", "at_least"))
            return {"kind": kind, "side": self.card_side(raw[kind], _join(path, kind)), **self.bounds(raw, path, 60)}
        if kind == "pokemon":
            # Extension: "If you have any {M} Pokémon on your Bench", "If Illumise is on your Bench".
            raw = self.mapping(value, path, ("pokemon", "match", "at_most", "at_least"))
            test = {"kind": kind, "side": self.choice(raw[kind], _join(path, kind), BOTH_SIDES, "side"),
                    **self.bounds(raw, path, 12)}
            if "match" in raw:
                test["match"] = self.filter(raw["match"], _join(path, "match"))
            return test
        if kind == "at":
            raw = self.mapping(value, path, ("at", "match"), required=("match",))
            return {"kind": "at", "at": self.target(raw["at"], _join(path, "at")),
                    "match": self.filter(raw["match"], _join(path, "match"))}
        # retreat (extension): {C} in that Pokémon's Retreat Cost as it is now (Ⅱ-D-10), like counters.
        allowed = (kind, "at_least", "at_most") + (("type", "cards") if kind == "energy" else ())
        raw = self.mapping(value, path, allowed)
        # at_most: extension (0 counters: full HP); both: exactly ("exactly 3 damage counters").
        test = {"kind": kind, "of": self.target(raw[kind], _join(path, kind)), **self.bounds(raw, path, MAX_COUNT)}
        if "type" in raw:
            test["type"] = self.type(raw["type"], _join(path, "type"))
        if raw.get("cards") is not None:
            # Extension: "has any Energy attached" counts Energy cards, not Energy provided.
            test["cards"] = self.bool(raw["cards"], _join(path, "cards"))
        return test
