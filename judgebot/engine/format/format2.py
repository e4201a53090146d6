"""Readers for the keys Format 2 adds (SCENARIOS.md, "Format 2"): `do` action lists,
triggers, damage formulas and their tests. A mixin of format.reader.Reader: every
problem is a ScenarioError with file, line and key path, as for format 1.
"""

from __future__ import annotations

from typing import Any

from judgebot.engine.board.model import TYPES, Action, Formula
from judgebot.engine.format.yaml_lines import key_label

# Where a target or source may be: a position of the board, or relative to the card.
RELATIVE_TARGETS = ("self", "defending", "attacker")
SIDES_FROM_CARD = ("own", "opponent")
ZONES = ("hand", "deck", "discard")
EVENTS = ("attached", "evolved", "benched", "before_damage", "damaged", "knocked_out", "checkup",
          "end_of_turn", "prize_taken")
CAUSES = ("attack_damage", "attack", "any")
ONCE = ("turn", "game")
# action -> {field: reader}; `at` (before_damage) is allowed on every action.
ACTION_FIELDS: dict[str, dict[str, str]] = {
    "place_counters": {"target": "target", "count": "positive"},
    "move_counters": {"from": "target", "to": "target", "count": "positive"},
    "heal": {"target": "target", "amount": "damage", "all": "true"},
    "condition": {"target": "target", "add": "condition_list", "remove": "condition_list"},
    "switch": {"side": "card_side", "to": "target", "chosen_by": "card_side"},
    "attach_energy": {"to": "target", "energy": "energy_cards", "from": "zone", "match": "filter",
                      "up_to": "count", "any_number": "true"},
    # Extension: the Pokémon and every card attached go back to the hand or the deck (Ⅱ-C-02).
    "return_pokemon": {"target": "target", "to": "devolve_zone"},
    "move_energy": {"from": "target", "to": "target", "energy": "energy_names", "count": "positive",
                    "type": "type"},
    "discard_energy": {"from": "target", "energy": "energy_names", "count": "positive", "type": "type",
                       "all": "true"},
    "discard_pokemon": {"target": "target"},
    "discard_tool": {"target": "target"},
    # Extension: discard exactly N cards from the hand; none chosen means the text is not
    # followed and the attack fails ("2枚トラッシュできないなら、このワザは失敗", Ⅱ-E-33 FAQ 3).
    "discard_hand": {"cards": "names", "exactly": "positive"},
    "devolve": {"target": "target", "to": "devolve_zone"},
    "copy_attack": {"from": "target", "name": "text"},
    "draw": {"side": "card_side", "count": "positive"},
    "win_game": {"side": "card_side"},
    "coin": {"heads": "actions", "tails": "actions"},
    "fail": {},
    "if": {"test": "test", "then": "actions", "else": "actions"},
}
ACTION_REQUIRED = {
    "place_counters": ("target", "count"), "move_counters": ("from", "to", "count"), "heal": ("target",),
    "condition": ("target",), "switch": ("side",), "attach_energy": ("to", "energy"),
    "move_energy": ("from", "to"), "discard_energy": ("from",), "discard_pokemon": ("target",),
    "discard_tool": ("target",), "discard_hand": ("cards", "exactly"), "devolve": ("target",),
    "return_pokemon": ("target", "to"), "copy_attack": ("from", "name"),
    "draw": ("side", "count"), "win_game": ("side",), "if": ("test",),
}
# Exactly one of these (which cards an Energy action takes, how much a heal removes…).
ACTION_ONE_OF = {
    "heal": ("amount", "all"), "move_energy": ("energy", "count"),
    "discard_energy": ("energy", "count", "all"),
}
ACTION_SOME_OF = {"condition": ("add", "remove")}
PER_KEYS = ("energy", "counters", "bench", "heads", "prizes_taken", "hand", "discard", "pokemon")
# `pokemon: SIDE` (extension): that side's Pokémon in play, `match` narrowing them (Ⅱ-D-13 FAQ 2).
PER_OPTIONS = {"energy": ("type", "cards"), "discard": ("name", "kind"), "pokemon": ("match",)}
DISCARD_KINDS = ("pokemon", "energy", "basic_energy", "item", "supporter", "stadium", "tool")
FORMULA_KEYS = ("base", "plus", "minus", "times", "per", "if")
TEST_KINDS = ("counters", "energy", "at", "prizes", "supporter_played", "hp_left", "knocked_out_last_turn")


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
        raw = self.mapping(value[kind], where, tuple(ACTION_FIELDS[kind]) + ("at", "first", "you_may"))
        args: dict[str, Any] = {}
        for key, reader in ACTION_FIELDS[kind].items():
            if key in raw:
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

    def target(self, value: Any, path: str) -> str:
        if isinstance(value, str) and value.strip() in RELATIVE_TARGETS:
            return value.strip()
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
        if what in ("energy", "counters"):
            counted = self.target(raw[what], p)
        elif what == "heads":
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
        return (what, counted, options)

    def test(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            self.fail(path, f"expected a test ({{counters: POS, at_least: N}}, {{energy: POS, at_least: N}}, "
                            f"{{at: POS, match: FILTER}} or {{prizes: SIDE, at_most: N}}), got {_shape(value)}")
        kinds = [key for key in TEST_KINDS if key in value]
        if len(kinds) != 1:
            self.fail(path, f"expected exactly one of {', '.join(TEST_KINDS)}")
        kind = kinds[0]
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
            # Extension: the Prize cards a player has left ("自分のサイドの残り枚数が1枚なら").
            raw = self.mapping(value, path, ("prizes", "at_most", "at_least"))
            if ("at_most" in raw) == ("at_least" in raw):
                self.fail(path, "a prizes test needs exactly one of at_most, at_least")
            bound = "at_most" if "at_most" in raw else "at_least"
            return {"kind": "prizes", "side": self.card_side(raw["prizes"], _join(path, "prizes")),
                    bound: self.ranged(raw[bound], _join(path, bound), 0, 6)}
        if kind == "at":
            raw = self.mapping(value, path, ("at", "match"), required=("match",))
            return {"kind": "at", "at": self.target(raw["at"], _join(path, "at")),
                    "match": self.filter(raw["match"], _join(path, "match"))}
        allowed = (kind, "at_least", "at_most") + (("type",) if kind == "energy" else ())
        raw = self.mapping(value, path, allowed)
        if ("at_least" in raw) == ("at_most" in raw):
            self.fail(path, f"a {kind} test needs exactly one of at_least, at_most")
        bound = "at_least" if "at_least" in raw else "at_most"  # at_most: extension (0 counters: full HP)
        test = {"kind": kind, "of": self.target(raw[kind], _join(path, kind)),
                bound: self.count(raw[bound], _join(path, bound))}
        if "type" in raw:
            test["type"] = self.type(raw["type"], _join(path, "type"))
        return test


def _shape(value: Any) -> str:
    if isinstance(value, dict):
        return f"a mapping with {len(value)} keys" if len(value) != 1 else "a mapping"
    if isinstance(value, list):
        return "a list"
    return "nothing (null)" if value is None else repr(value)[:60]
