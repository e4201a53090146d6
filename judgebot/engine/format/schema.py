"""The scenario format, defined once (SCENARIOS.md, format 1 and Format 2).

Every key of a scenario file and of a card-catalog entry is declared here with the kind
of value it takes and what it means. From this one definition come:

- the JSON Schema (draft-07) that `judgebot schema` prints and editors use for completion
  and inline errors (`# yaml-language-server: $schema=…`);
- the validation of every file (`format.validate`, with the jsonschema-rs validator), whose
  messages — `file:line:col: key.path: expected …, got …` — are written here beside the
  constraint they explain (`x-message` and friends, below);
- the allowed keys the readers (`format.reader`, `format.scenario`, `format.catalog`) build
  the model from, and the key reference in docs/SCENARIO-KEYS.md (`python3 dev.py schema-docs`).

What the schema cannot see stays with the readers: whether a position holds a Pokémon,
whether a name is in the card catalog, rules between keys (a formula's exactly one of
plus/minus/times, the turn number and `first`, Special Conditions that replace one another).

Message keywords (ignored by validators, read by `format.validate`):
- `x-message`: the message for any failure of this value (`{got}` the value as described
  in messages, `{shape}` its shape, `{count}` a list's length);
- `x-messages`: per JSON Schema keyword (`type`, `maxItems`, …), before `x-message`;
- `x-expected`: for a failed constraint (range, pattern): "expected <x-expected>, got {got}";
  a value of the wrong type gets "expected a whole number / text / a mapping / a list …";
- `x-unknown-key`, `x-required`: the messages of an unknown and of a missing key;
- `x-null`: the message for null where a mapping with required keys is expected.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from judgebot.engine.board.model import CONDITIONS, EFFECT_PER_KINDS, MAX_BENCH, RULES, SIDES, STAGES, TAGS, TYPES

SCHEMA_ID = "https://judgebot.invalid/schema/scenario.json"

# -- vocabulary -----------------------------------------------------------------------------
TYPE_ALIASES: dict[str, str] = {
    # ja
    "草": "grass", "炎": "fire", "水": "water", "雷": "lightning", "超": "psychic",
    "闘": "fighting", "悪": "darkness", "鋼": "metal", "ドラゴン": "dragon",
    "無色": "colorless", "フェアリー": "fairy",
    # zh (草 水 雷 超 are shared with ja)
    "火": "fire", "斗": "fighting", "恶": "darkness", "钢": "metal", "龙": "dragon",
    "无色": "colorless", "妖精": "fairy",
    # ko
    "풀": "grass", "불꽃": "fire", "물": "water", "번개": "lightning", "초": "psychic",
    "격투": "fighting", "악": "darkness", "강철": "metal", "드래곤": "dragon",
    "무색": "colorless", "페어리": "fairy",
}
CONDITION_ALIASES = {
    "ねむり": "asleep", "やけど": "burned", "こんらん": "confused", "マヒ": "paralyzed",
    "どく": "poisoned",
}
COIN_ALIASES = {"heads": "heads", "tails": "tails", "オモテ": "heads", "ウラ": "tails",
                "正面": "heads", "反面": "tails", "앞면": "heads", "뒷면": "tails"}
SIDE_FILTERS = ("own", "opponent", "both")
POSITION_FILTERS = ("active", "bench")
CARD_KINDS = ("item", "supporter", "stadium", "tool")
DOES_WORDS = ("heal", "draw", "search_deck", "bench_from_deck", "bench_from_discard",
              "switch_own", "switch_opponent", "attach_energy", "move_damage", "move_energy",
              "discard", "hands_to_deck")
PAY_WORDS = ("discard_hand", "discard_energy_from_hand")
RELATIVE_TARGETS = ("self", "defending", "attacker", "chosen")
SIDES_FROM_CARD = ("own", "opponent")
ZONES = ("hand", "deck", "discard")
EVENTS = ("attached", "evolved", "benched", "before_damage", "damaged", "knocked_out", "checkup",
          "end_of_turn", "prize_taken", "taken_as_prize")
CAUSES = ("attack_damage", "attack", "any")
ONCE = ("turn", "game")
DISCARD_KINDS = ("pokemon", "energy", "basic_energy", "item", "supporter", "stadium", "tool")
CATEGORIES = ("item", "supporter", "stadium", "tool", "special_energy", "ability", "attack")
POSITION_PATTERN = r"(you|opponent)\.(active|bench\[(\d+)\])"
POSITION_RE = re.compile(POSITION_PATTERN)
# A section ID is the documents' numbering (I-A-01, B-11) or, for wiki-ja and the play
# rules' unnumbered headings, the heading text (which may contain spaces).
CITATION_PATTERN = r"(guide-ja|guide-zh|rules-ko|rules-ja|wiki-ja):[^\s:/][^:/]*(/(faq|ex)-\d+)?"
CITATION_RE = re.compile(CITATION_PATTERN)

# Bounds of numbers, from the rules (docs/SCENARIO-LIMITS.md):
# - HP: printed HP has three digits (the largest printed so far is below 400); 990
#   leaves room for HP-raising effects and keeps every sum of damage small.
# - damage: what an attack, an effect or the counters on a Pokémon amount to; more
#   than 990 Knocks Out any Pokémon within MAX_HP, so nothing above it changes a ruling.
# - counts (cards, Energy, counters, Prizes, turns…): a deck has 60 cards (guide Ⅰ-G).
MAX_HP = 990
MAX_DAMAGE = 990
MAX_COUNT = 60
# Each player draws a card every turn from a deck of 60 (guide-ja Ⅰ-G): a game cannot
# last more than about twice that many turns.
MAX_TURN = 2 * MAX_COUNT
# Lists (docs/SCENARIO-LIMITS.md "Lists"): every list is bounded, so the work of a file
# is too. Cards in a hand, a discard pile or attached to one Pokémon come from a deck of
# 60; a list of anything else (Abilities, attacks, effects, actions, coin flips …) holds
# a handful on a real card and at most MAX_LIST here. A turn (`sequence`) is bounded by
# MAX_SEQUENCE: every entry but an Ability that can be used any number of times plays a
# card from a 60-card deck, so a real turn is far shorter; the bound keeps `check` of
# the longest one within about 2 s and 120 MB (benchmarks/README.md, `bench sequence`).
MAX_CARDS = MAX_COUNT
MAX_LIST = 100
MAX_SEQUENCE = 2_000
CARDS_WHY = f"a deck has {MAX_CARDS} cards"


def _ci(word: str) -> str:
    """A regular expression for `word` in any letter case (editors' JavaScript regular
    expressions have no inline (?i))."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() and c.isascii() else re.escape(c) for c in word)


def _words(canonical: tuple[str, ...], aliases: dict[str, str], extra: tuple[str, ...] = ()) -> str:
    """A whole value that is one of the words (any case) or an alias, blanks around allowed."""
    options = [_ci(w) for w in canonical + extra] + [re.escape(a) for a in aliases]
    return r"^\s*(" + "|".join(options) + r")\s*$"


# -- kinds of values --------------------------------------------------------------------------
# kind -> (JSON Schema, what it takes in words). The readers convert each kind with the
# method of the same name (Reader.hp, Reader.filter …).

def _literal(text: str) -> str:
    """Text put into a message template as it is (its braces are not fields)."""
    return text.replace("{", "{{").replace("}", "}}")


def _choice(options: tuple[str, ...], what: str) -> dict:
    return {"enum": list(options), "x-message": f"unknown {what} {{got}}; expected one of {', '.join(options)}"}


def _ranged(low: int, high: int) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high,
            "x-expected": f"a whole number from {low} to {high}"}


def _at_most(count: int, why: str = "") -> str:
    return f"expected at most {count:,} items" + (f" ({why})" if why else "") + ", got {count:,}"


def _list(item: dict, what: str = "a list", max_items: int = MAX_LIST, why: str = "", **more) -> dict:
    """A list (null reads as none) of at most `max_items` items (`why`: the reason for the bound)."""
    node = {"type": ["array", "null"], "items": item, "maxItems": max_items,
            "x-messages": {"type": f"expected {_literal(what)}, got {{got}}", "maxItems": _at_most(max_items, why)}}
    node.update(more)
    return node


def _one_or_list(item: dict, max_items: int = MAX_LIST, why: str = "", **array) -> dict:
    """One value, or a list of at most `max_items` of them."""
    then = {"type": "array", "items": item, "maxItems": max_items, **array}
    then["x-messages"] = {"maxItems": _at_most(max_items, why), **array.get("x-messages", {})}
    return {"if": {"type": "array"}, "then": then, "else": item}


def ref(kind: str) -> dict:
    return {"$ref": f"#/definitions/{kind}"}


def _nullable(node: dict) -> dict:
    """The value, or null (not given)."""
    return {"if": {"type": "null"}, "else": node}


TYPE_MESSAGE = (f"unknown type {{got}}; expected one of {', '.join(TYPES)} "
                "(or their Japanese, Chinese or Korean names)")
TARGET_SHAPE = "expected self, defending, attacker or a position such as opponent.bench[0], got {shape}"
POSITION_EXPECTED = "a position such as you.active or opponent.bench[0]"

SCALARS: dict[str, tuple[dict, str]] = {
    "text": ({"type": "string", "pattern": r"\S", "x-message": "expected text, got {got}"}, "text"),
    "optional_text": ({"type": ["string", "null"], "pattern": r"\S", "x-message": "expected text, got {got}"},
                      "text, or null"),
    "bool": ({"type": "boolean", "x-message": "expected true or false, got {got}"}, "true or false"),
    "true": ({"const": True, "x-message": "expected true, got {got}"}, "true"),
    "integer": ({"type": "integer"}, "a whole number"),
    "count": (_ranged(0, MAX_COUNT), f"a whole number from 0 to {MAX_COUNT}"),
    "positive": (_ranged(1, MAX_COUNT), f"a whole number from 1 to {MAX_COUNT}"),
    "prize_count": (_ranged(0, 6), "a whole number from 0 to 6"),
    "turn_number": (_ranged(1, MAX_TURN), f"a whole number from 1 to {MAX_TURN}"),
    "counter_count": (_ranged(0, MAX_HP // 10), f"a whole number of damage counters from 0 to {MAX_HP // 10}"),
    "hp_bound": (_ranged(0, MAX_HP), f"a whole number from 0 to {MAX_HP}"),
    "hp": ({"type": "integer", "minimum": 10, "maximum": MAX_HP, "multipleOf": 10,
            "x-expected": f"a positive multiple of 10 up to {MAX_HP}"}, f"a positive multiple of 10 up to {MAX_HP}"),
    "damage": ({"type": "integer", "minimum": 0, "maximum": MAX_DAMAGE, "multipleOf": 10,
                "x-expected": f"a multiple of 10 from 0 to {MAX_DAMAGE}"}, f"a multiple of 10 from 0 to {MAX_DAMAGE}"),
    "signed_damage": ({"type": "integer", "minimum": -MAX_DAMAGE, "maximum": MAX_DAMAGE, "multipleOf": 10,
                       "not": {"const": 0},
                       "x-expected": f"a non-zero multiple of 10 (+N or -N) up to {MAX_DAMAGE}"},
                      f"a non-zero multiple of 10 (+N or -N) up to {MAX_DAMAGE}"),
    "delta": ({"type": "integer", "minimum": -MAX_COUNT, "maximum": MAX_COUNT, "not": {"const": 0},
               "x-expected": f"a non-zero whole number (+N or -N) up to {MAX_COUNT}"},
              f"a non-zero whole number (+N or -N) up to {MAX_COUNT}"),
    "type": ({"type": "string", "pattern": _words(TYPES, TYPE_ALIASES), "x-message": TYPE_MESSAGE},
             f"a type: {', '.join(TYPES)}, or its Japanese, Chinese or Korean name (炎, 火, 불꽃 …)"),
    "energy_type": ({"type": "string", "pattern": _words(TYPES, TYPE_ALIASES, ("any",)), "x-message": TYPE_MESSAGE},
                    "a type, or any (every type at once, Ⅱ-D-08)"),
    "condition": ({"type": "string", "pattern": _words(CONDITIONS, CONDITION_ALIASES),
                   "x-message": f"unknown Special Condition {{got}}; expected one of {', '.join(CONDITIONS)}"},
                  f"a Special Condition: {', '.join(CONDITIONS)} (or ねむり, やけど, こんらん, マヒ, どく)"),
    "stage": (_choice(STAGES, "stage"), f"one of {', '.join(STAGES)}"),
    "rule": (_choice(RULES, "rule"), f"the Rule Box: one of {', '.join(RULES)}"),
    "tag": (_choice(TAGS, "tag"), f"a mark printed on the card: {', '.join(TAGS)}"),
    "filter_rule": (_choice(("any", "none") + RULES[1:], "rule") | {"x-message": f"unknown rule {{got}}; expected "
                                                                                f"one of {', '.join(RULES)}"},
                    "a Rule Box kind, any (has one) or none"),
    "card_kind": (_choice(CARD_KINDS, "card kind"), f"one of {', '.join(CARD_KINDS)}"),
    "you_or_opponent": (_choice(SIDES, "player"), "you or opponent"),
    "card_side": (_choice(SIDES_FROM_CARD, "side (seen from the card: own or opponent)"),
                  "own or opponent (seen from the card)"),
    "side_filter": (_choice(SIDE_FILTERS, "side"), "own, opponent or both (seen from the card)"),
    "position_filter": (_choice(POSITION_FILTERS, "position"), "active or bench"),
    "zone": (_choice(ZONES, "place"), "hand, deck or discard"),
    "devolve_zone": (_choice(("hand", "deck"), "place"), "hand or deck"),
    "event": (_choice(EVENTS, "event"), "an event: " + ", ".join(EVENTS)),
    "cause": (_choice(CAUSES, "cause"), "what caused the event: " + ", ".join(CAUSES)),
    "once": (_choice(ONCE, "`once`"), "turn or game"),
    "does_word": (_choice(DOES_WORDS, "`does` word"), "what the card does: " + ", ".join(DOES_WORDS)),
    "discard_kind": (_choice(DISCARD_KINDS, "kind of card"), ", ".join(DISCARD_KINDS)),
    "via": (_choice(("hand", "rare_candy", "effect"), "way to evolve"), "hand, rare_candy or effect"),
    "winner": ({"enum": ["you", "opponent", "draw", None],
                "x-message": "unknown winner {got}; expected one of you, opponent, draw"},
               "you, opponent, draw, or null (no winner yet)"),
    "category": (_choice(CATEGORIES, "category"), "the kind of card: " + ", ".join(CATEGORIES)),
    "citation": ({"type": "string", "pattern": r"^\s*" + CITATION_PATTERN + r"\s*$",
                  "x-message": "expected a citation such as guide-ja:I-A-01, got {got}"},
                 "a citation such as guide-ja:I-A-01 or guide-ja:II-C-18/faq-1"),
    "position": ({"type": "string", "pattern": r"^\s*" + POSITION_PATTERN + r"\s*$",
                  "x-message": f"expected {POSITION_EXPECTED}, got {{got}}"},
                 "a position: you.active, you.bench[0], opponent.active, opponent.bench[N]"),
    "target": ({"if": {"type": "object"}, "then": ref("choice"),
                "else": {"type": "string",
                         "pattern": r"^\s*(self|defending|attacker|chosen|" + POSITION_PATTERN + r")\s*$",
                         "x-messages": {"type": TARGET_SHAPE},
                         "x-message": f"expected {POSITION_EXPECTED}, got {{got}}"}},
               "self, defending, attacker, a position such as opponent.bench[0], or a choice the text gives: "
               "{choose: FILTER} or {each: FILTER}, and chosen: the Pokémon it chose last (extension)"),
    "hit_target": ({"if": {"type": "object"}, "then": ref("choice"),
                    "else": {"type": "string", "pattern": r"^\s*" + POSITION_PATTERN + r"\s*$",
                             "x-message": f"expected {POSITION_EXPECTED}, got {{got}}"}},
                   "a position, or a choice the text gives: {choose: FILTER} or {each: FILTER} (extension)"),
    "coin_count": ({"if": {"type": "integer"}, "then": _ranged(1, MAX_COUNT),
                    "else": {"if": {"type": "string"},
                             "then": {"const": "until_tails",
                                      "x-message": "expected a number of coins, until_tails or what is counted, "
                                                   "got {got}"},
                             "else": ref("per")}},
                   "how many coins: a number, until_tails (flip until tails) or what is counted "
                   "({energy: self}: a coin for each, extension)"),
    "filter_condition": ({"type": "string", "pattern": _words(CONDITIONS, CONDITION_ALIASES, ("any",)),
                          "x-message": f"unknown Special Condition {{got}}; expected one of {', '.join(CONDITIONS)} "
                                       "or any"},
                         "a Special Condition, or any"),
    "coin": ({"type": "string", "pattern": _words(("heads", "tails"), COIN_ALIASES),
              "x-message": "expected heads or tails, got {got}"}, "heads or tails (オモテ/ウラ, 正面/反面, 앞면/뒷면)"),
    "format": ({"enum": [1, 2], "x-message": "expected 1 or 2, got {got}"}, "1 or 2 (Format 2: SCENARIOS.md)"),
    # Every Weakness printed as a multiplier is ×2; older cards print +N. Bounded so that
    # the damage stays within MAX_DAMAGE's reach (x1000 gave 30,000 damage).
    "weakness_value": ({"if": {"type": "string"},
                        "then": {"type": "string", "pattern": r"^\s*([x×*]\s*2|\+\s*[1-9][0-9]?0)\s*$"},
                        "else": {"type": "integer", "minimum": 10, "maximum": MAX_DAMAGE, "multipleOf": 10},
                        "x-message": f"expected x2 or +N (a multiple of 10 up to {MAX_DAMAGE}), got {{got}}"},
                       f"x2 (×2), or +N (up to {MAX_DAMAGE}) for older cards"),
    "resistance_value": ({"type": "integer", "maximum": -10, "multipleOf": 10,
                          "x-expected": "a negative multiple of 10 such as -30"},
                         "a negative multiple of 10 such as -30"),
}


# -- structures -------------------------------------------------------------------------------
# A structure: {key: (kind, description)}; a kind is a SCALARS name, a structure name, or a
# JSON Schema node built here.
Field = tuple[Any, str]

FILTER: dict[str, Field] = {
    "side": ("side_filter", "whose Pokémon, seen from the card"),
    "types": (_one_or_list(ref("type")), "Pokémon of these types"),
    "stage": (_one_or_list(ref("stage")), "Pokémon of these stages"),
    "rule": (_one_or_list(ref("filter_rule")), "Pokémon with this Rule Box (any: with one, none: without)"),
    "position": ("position_filter", "Active or Benched Pokémon"),
    "name": (_one_or_list(ref("text")), "Pokémon of these names"),
    "evolved": ("bool", "evolved Pokémon (true) or not (false)"),
    "has_ability": ("bool", "Pokémon with an Ability in force now (extension)"),
    "evolved_from_this_turn": (_one_or_list(ref("text")), "Pokémon that evolved this turn from these (extension)"),
    "name_prefix": (_one_or_list(ref("text")), "Pokémon whose name starts with this, e.g. ロケット団の (extension)"),
    "moved_to_active_this_turn": ("bool", "moved from the Bench to the Active Spot this turn (extension)"),
    "healed_this_turn": ("bool", "healed this turn (extension)"),
    "has_tool": ("bool", "with a Pokémon Tool attached (extension)"),
    "has_energy": (_one_or_list(ref("type")), "with Energy of these types attached (extension)"),
    "not_types": (_one_or_list(ref("type")), "Pokémon of none of these types: \"non-{D} Pokémon\" (extension)"),
    "damaged": ("bool", "with damage counters on it (true) or none (false) (extension)"),
    "conditions": (_one_or_list(ref("filter_condition")),
                   "affected by one of these Special Conditions (any: by one) (extension)"),
    "hp_left_at_most": ("hp_bound", "with this much HP left or less (Ⅱ-D-16, extension)"),
    "has_attack": (_one_or_list(ref("text")), "with an attack of one of these names (Ⅱ-E-37, extension)"),
    "has_energy_card": (_one_or_list(ref("text")), "with one of these Energy cards attached (by name; special: any "
                                                    "special Energy) (Ⅰ-C, extension)"),
    "tag": (_one_or_list(ref("tag")), "Pokémon with this mark printed on the card: ancient or future (extension)"),
}

# Primitive effects: kind -> (what it does, {field: (kind, description)}). Every kind may
# also have `applies_to` (which Pokémon) and `when` (extension: it works only while the
# Pokémon it is on matches, e.g. ブレイブバングル "（「ルールを持つポケモン」をのぞく）"; for
# `provides` it picks the option).
EFFECTS: dict[str, tuple[str, dict[str, Field]]] = {
    "damage_dealt": ("the damage its attacks do changes (Ⅰ-A-01 step 2)", {
        "amount": ("signed_damage", "+N or -N"), "against": ("filter", "only against these Pokémon"),
        "attack": ("text", "only for the attack of this name (extension)")}),
    "damage_taken": ("the damage it takes from attacks changes (Ⅰ-A-01 step 4)", {
        "amount": ("signed_damage", "+N or -N"), "from": ("filter", "only from these attacking Pokémon"),
        "discard_tool": ("true", "once it has changed the damage, the Tool it comes from is discarded (extension)")}),
    "prevent_damage": ("prevents the damage of attacks (Ⅱ-C-17)", {
        "from": ("filter", "only from these"),
        "at_most": ("hp_bound", "only damage of this much or less (extension)"),
        "at_least": ("hp_bound", "only damage of this much or more (extension)")}),
    "prevent_effects": ("prevents the effects of attacks (Ⅱ-C-17)", {"from": ("filter", "only from these")}),
    "no_weakness": ("it has no Weakness", {}),
    "no_resistance": ("it has no Resistance", {}),
    "weakness": ("it has this Weakness", {"type": ("type", "the Weakness type"),
                                          "value": ("weakness_value", "x2 (default) or +N")}),
    "retreat_cost": ("its Retreat Cost changes", {"delta": ("delta", "+N or -N Energy"),
                                                   "none": ("true", "no Retreat Cost")}),
    "attack_cost": ("its attack costs change", {"delta": ("delta", "+N or -N Energy"),
                                                 "none": ("true", "attacks need no Energy"),
                                                 "no_colorless": ("true", "no Colorless Energy in the costs: \"ignore "
                                                                          "all {C} Energy in the costs\" (Ⅱ-D-13, "
                                                                          "extension)"),
                                                 "attack": ("text", "only this attack")}),
    "cant_retreat": ("it cannot retreat", {}),
    "cant_attack": ("it cannot attack", {"attack": ("text", "only this attack")}),
    "attack_coin_check": ("it flips a coin before attacking; tails, the attack fails", {}),
    "no_abilities": ("its Abilities have no effect (Ⅱ-D-13)", {}),
    "no_tool_effects": ("its Pokémon Tools have no effect", {}),
    "cant_play": ("the player cannot play cards of this kind", {"card_kind": ("card_kind", "item, supporter …")}),
    "poison_counters": ("Poison puts this many counters", {"set": ("count", "this many"),
                                                            "add": ("count", "this many more")}),
    "burn_counters": ("Burn puts this many counters", {"set": ("count", "this many"),
                                                        "add": ("count", "this many more")}),
    "prizes_reduced": ("the opponent takes fewer Prize cards for it", {
        "amount": ("positive", "this many fewer (default 1)"), "once_per_game": ("bool", "once per game")}),
    "max_hp": ("its maximum HP changes (Ⅱ-D-15)", {"amount": ("signed_damage", "+N or -N")}),
    "provides": ("a special Energy provides this", {
        "types": ("energy_types", "the types provided"), "units": ("positive", "how many Energy (default 1)"),
        "when": ("filter", "only when attached to these")}),
    # Extensions (Ⅱ-E-39): what attached basic Energy provides — `energy_units` for the
    # basic Energy of these names (type words), `energy_type` for every attached Energy.
    "energy_units": ("basic Energy of these names provide N each (Ⅱ-E-39, extension)", {
        "name": ("energy_names", "the basic Energy (type words)"), "units": ("positive", "Energy each")}),
    "energy_type": ("every attached Energy provides these types (Ⅱ-E-39, extension)", {
        "types": ("types", "the types")}),
    # Format 2: what happens when an event does (SCENARIOS.md "Triggers"); `from` narrows
    # the attacking Pokémon, `when` the Pokémon it is on.
    "trigger": ("when an event happens, do this (Format 2, Ⅱ-E)", {
        "name": ("text", "the Ability or card text's name"), "on": ("event", "the event"),
        "do": ("actions", "the actions"), "once": ("once", "at most once per turn or game"),
        "cause": ("cause", "only for events caused so"), "from": ("filter", "only for events from these Pokémon"),
        "energy": ("energy_names", "only when this Energy is attached"),
        "damage_at_least": ("hp_bound", "only when it took at least this much damage (extension)")}),
    # Extension (card text): "If your opponent's Pokémon is Knocked Out by damage from this
    # attack, take 1 more Prize card" — on the attacking Pokémon.
    "extra_prizes": ("its player takes more Prize cards for a Pokémon its attack's damage Knocks Out (extension)", {
        "amount": ("positive", "this many more (default 1)"), "against": ("filter", "only for these Pokémon"),
        "attack": ("text", "only for the attack of this name")}),
    # Extensions (card text): "would be Knocked Out … it is not Knocked Out, and its remaining HP
    # becomes 10"; "Prevent all damage counters from being placed … by effects of attacks and Abilities".
    "survive": ("it is not Knocked Out by attack damage: its remaining HP becomes `hp` (extension)", {
        "hp": ("hp_bound", "the HP it keeps (default 10)"), "full_hp": ("bool", "only if it had full HP"),
        "from": ("filter", "only against attacks from these"),
        "discard_tool": ("true", "then the Tool it comes from is discarded")}),
    "prevent_counters": ("no damage counters are put on it by effects of attacks or Abilities (extension)", {
        "from": ("filter", "only from these Pokémon's attacks and Abilities")}),
    "no_conditions": ("it recovers from all Special Conditions and cannot be affected by any (extension)", {
        "conditions": ("condition_list", "only these Special Conditions: \"can't be Confused\" (extension)")}),
    # Extensions (card text, Abilities in force on their own Pokémon): "it is {F} and {P} type",
    # "this Pokémon can use attacks during your first turn" (Ⅱ-E-28), "Damage from attacks used by
    # this Pokémon isn't affected by any effects on your opponent's Active Pokémon" (Ⅱ-B-07).
    "types": ("it is of these types (extension)", {"types": ("types", "the types")}),
    "usable_first_turn": ("its attacks may be used during the first player's first turn (Ⅱ-E-28, extension)", {}),
    "ignore_defender_effects": ("the damage of its attacks is not affected by effects on the opponent's Active "
                                "Pokémon (Ⅱ-B-07, extension)", {}),
}
# Extensions on any effect (card text): `if` — it works only while this test on the board holds
# (`self` is the Pokémon it is on; sides are seen from the card); `per` — its amount or delta is
# counted that many times ("for each Prize card your opponent has taken"). The tests and counts
# an effect may use:
EFFECT_TESTS = ("counters", "energy", "prizes", "stadium", "hand", "deck", "pokemon", "prizes_vs", "hand_vs")
EFFECT_PER = ("energy", "counters", "bench", "prizes_taken", "hand", "discard", "pokemon")

EFFECT_REQUIRED = {
    "damage_dealt": ("amount",), "damage_taken": ("amount",), "weakness": ("type",),
    "cant_play": ("card_kind",), "max_hp": ("amount",), "provides": ("types",), "types": ("types",),
    "trigger": ("name", "on", "do"),
    "energy_units": ("name", "units"), "energy_type": ("types",),
}
EFFECT_ONE_OF = {
    "retreat_cost": ("delta", "none"), "attack_cost": ("delta", "none", "no_colorless"),
    "poison_counters": ("set", "add"), "burn_counters": ("set", "add"),
}

# Format 2 actions: action -> (what it does, {field: (kind, description)}); `at`, `first`
# and `you_may` are allowed on every action.
ACTIONS: dict[str, tuple[str, dict[str, Field]]] = {
    "place_counters": ("put damage counters (not damage, Ⅱ-C-07)", {
        "target": ("target", "on which Pokémon"), "count": ("positive", "how many"),
        "until_hp": ("hp_bound", "until its remaining HP is this (extension)")}),
    "move_counters": ("move damage counters (Ⅱ-C-08)", {
        "from": ("target", "from which Pokémon"), "to": ("target", "to which"), "count": ("positive", "how many"),
        "all": ("true", "every damage counter on it (extension)")}),
    "heal": ("heal damage (Ⅱ-C-06)", {"target": ("target", "which Pokémon"), "amount": ("damage", "how much"),
                                      "all": ("true", "all of it"),
                                      "damage_done": ("true", "as much as the attack did to the Defending Pokémon "
                                                              "(extension)")}),
    "condition": ("give or remove Special Conditions (Ⅰ-F)", {
        "target": ("target", "which Pokémon"), "add": ("condition_list", "to give"),
        "remove": ("condition_list", "to remove")}),
    "switch": ("switch an Active Pokémon with a Benched one (Ⅱ-C-03/04/05)", {
        "side": ("card_side", "whose"), "to": ("target", "the Benched Pokémon that comes in"),
        "chosen_by": ("card_side", "who chooses")}),
    "attach_energy": ("attach Energy cards (Ⅱ-C-09)", {
        "to": ("target", "to which Pokémon"), "energy": ("energy_cards", "the Energy cards"),
        "from": ("zone", "from where"), "match": ("filter", "onto Pokémon like these"),
        "up_to": ("count", "at most this many (fewer, even none, allowed)"),
        "any_number": ("true", "any number of them"),
        "count": ("positive", "without `energy`: this many basic Energy cards from the place, the first in its list "
                              "(extension)"),
        "type": ("type", "without `energy`: basic Energy of this type (extension)")}),
    # Extension: cards from a hand into the deck, then the deck shuffled (Ⅱ-E-36).
    "return_to_deck": ("put cards from a hand into its owner's deck and shuffle it (Ⅱ-E-36, extension)", {
        "side": ("card_side", "whose hand"), "count": ("positive", "how many the text says"),
        "cards": ("names", "the cards chosen (needed when the hand has any)")}),
    # Extensions for text used before a Prize card is put into the hand (Ⅱ-E-31).
    "bench_self": ("put this card (a Prize card being taken) onto its owner's Bench, if there is room "
                   "(Ⅱ-E-31, extension)", {}),
    "take_prize": ("take more Prize cards, one at a time (Ⅱ-E-31, extension)", {
        "count": ("positive", "how many")}),
    # Extension: the Pokémon and every card attached go back to the hand or the deck (Ⅱ-C-02).
    "return_pokemon": ("return a Pokémon and its cards to the hand or deck (Ⅱ-C-02, extension)", {
        "target": ("target", "which Pokémon"), "to": ("devolve_zone", "hand or deck")}),
    "move_energy": ("move attached Energy (Ⅱ-C-10)", {
        "from": ("target", "from which Pokémon"), "to": ("target", "to which"),
        "energy": ("energy_names", "these Energy"), "count": ("positive", "how many"),
        "type": ("type", "of this type")}),
    "discard_energy": ("discard attached Energy (Ⅱ-C-01)", {
        "from": ("target", "from which Pokémon"), "energy": ("energy_names", "these Energy"),
        "count": ("positive", "how many"), "type": ("type", "of this type"), "all": ("true", "all of it"),
        "special": ("true", "only special Energy (extension)"),
        "to": ("devolve_zone", "into its owner's hand or deck instead of the discard pile (Ⅱ-C-02, extension)")}),
    # Extensions (card text): a Knock Out by an effect, the Stadium discarded, effects put in force.
    "knock_out": ("the Pokémon is Knocked Out (Ⅰ-D, extension)", {"target": ("target", "which Pokémon")}),
    "discard_stadium": ("the Stadium in play goes to its owner's discard pile (Ⅱ-C-01, extension)", {}),
    "add_effect": ("effects put in force on a Pokémon, as an attack's effects (extension)", {
        "target": ("target", "on which Pokémon"), "effects": ("effect_list", "the effects")}),
    "discard_pokemon": ("discard a Pokémon and its cards (Ⅱ-C-01)", {"target": ("target", "which Pokémon")}),
    "discard_tool": ("discard a Pokémon Tool (Ⅱ-C-01)", {"target": ("target", "from which Pokémon")}),
    # Extension: discard exactly N cards from the hand; none chosen means the text is not
    # followed and the attack fails ("2枚トラッシュできないなら、このワザは失敗", Ⅱ-E-33 FAQ 3).
    "discard_hand": ("discard exactly N cards from the hand (Ⅱ-E-33, extension)", {
        "cards": ("names", "the cards chosen ([] for none)"), "exactly": ("positive", "N")}),
    "devolve": ("devolve a Pokémon (Ⅱ-C-13)", {"target": ("target", "which Pokémon"),
                                               "to": ("devolve_zone", "where the Evolution cards go")}),
    "copy_attack": ("use another Pokémon's attack as this one (Ⅱ-C-18)", {
        "from": ("target", "whose attack"), "name": ("text", "the attack")}),
    "draw": ("draw cards", {"side": ("card_side", "who draws"), "count": ("positive", "how many")}),
    "win_game": ("a player wins the game (Ⅱ-E-38)", {"side": ("card_side", "who wins")}),
    "coin": ("flip a coin (the file's `coins`, in order)", {
        "heads": ("actions", "on heads"), "tails": ("actions", "on tails")}),
    "fail": ("the attack or text fails (Ⅱ-D-01)", {}),
    "if": ("do this only if a test holds", {"test": ("test", "the test"), "then": ("actions", "if it holds"),
                                            "else": ("actions", "if not")}),
}
ACTION_REQUIRED = {
    "place_counters": ("target",), "move_counters": ("from", "to"), "heal": ("target",),
    "condition": ("target",), "switch": ("side",), "attach_energy": ("to",),
    "move_energy": ("from", "to"), "discard_energy": ("from",), "discard_pokemon": ("target",),
    "discard_tool": ("target",), "discard_hand": ("cards", "exactly"), "devolve": ("target",),
    "return_pokemon": ("target", "to"), "copy_attack": ("from", "name"),
    "draw": ("side", "count"), "win_game": ("side",), "if": ("test",), "take_prize": ("count",), "return_to_deck": ("side", "count"),
    "knock_out": ("target",), "add_effect": ("target", "effects"),
}
# Actions that need one of some keys (the readers say which exactly: format2.ACTION_ONE_OF).
ACTION_ONE_OF_SCHEMA = {
    "attach_energy": {"anyOf": [{"required": ["energy"]}, {"required": ["count"]}],
                      "x-message": "action attach_energy needs energy or count"},
    "place_counters": {"anyOf": [{"required": ["count"]}, {"required": ["until_hp"]}],
                       "x-message": "action place_counters needs count or until_hp"},
    "move_counters": {"anyOf": [{"required": ["count"]}, {"required": ["all"]}],
                      "x-message": "action move_counters needs count or all"},
}
ACTION_COMMON: dict[str, Field] = {
    "at": ({"enum": ["before_damage"], "x-message": "unknown `at` {got}; expected one of before_damage"},
           "before_damage: done at step 3 of Ⅰ-A-01, before damage"),
    "first": ("true", "the rest of the text (after その後, Ⅱ-E-20) is done only if this was (extension)"),
    "you_may": ("bool", "the player chose to do it or not (のぞむなら, Ⅱ-E-10, extension)"),
}
PER_KEYS = ("energy", "counters", "bench", "heads", "prizes_taken", "hand", "discard", "pokemon", "retreat",
            "conditions", "found")
FORMULA: dict[str, Field] = {
    "base": ("damage", "the printed number before + or -"),
    "plus": ("damage", "+N for each … (or once, with `if`)"),
    "minus": ("damage", "-N for each …"),
    "times": ("damage", "N× for each …"),
    "per": ("per", "what is counted"),
    "if": ("test", "the condition of a + attack"),
}
PER: dict[str, Field] = {
    "energy": ("target", "Energy attached to this Pokémon"),
    "counters": ("target", "damage counters on this Pokémon"),
    "bench": ("card_side", "that side's Benched Pokémon"),
    "heads": ("coin_count", "heads of this many coin flips (until_tails; or a coin for each of what is counted)"),
    "prizes_taken": ("card_side", "Prize cards that side has taken"),
    "hand": ("card_side", "cards in that side's hand"),
    "discard": ("card_side", "cards in that side's discard pile"),
    "pokemon": ("side_filter", "that side's Pokémon in play, or both sides' (extension)"),
    "retreat": ("target", "{C} in this Pokémon's Retreat Cost (extension)"),
    "conditions": ("target", "Special Conditions affecting this Pokémon (extension)"),
    "found": ("positive", "the cards the attack finds among the top N cards of its player's deck: the ask's `found` "
                          "(Real cards)"),
    "type": ("type", "only Energy of this type"),
    "cards": ("bool", "count Energy cards, not Energy provided"),
    "name": ("text", "only cards of this name"),
    "kind": ("discard_kind", "only cards of this kind"),
    "match": ("filter", "only Pokémon like these"),
    "discarded": ("bool", "`found`: the cards found go to the discard pile before the damage (Real cards)"),
}
TEST: dict[str, Field] = {
    "counters": ("target", "damage counters on this Pokémon"),
    "energy": ("target", "Energy attached to this Pokémon"),
    "at": ("target", "the Pokémon at this place"),
    "prizes": ("card_side", "Prize cards that side has left (extension)"),
    "supporter_played": ("bool", "a Supporter was played this turn (extension, Ⅱ-E-26)"),
    "hp_left": ("target", "remaining HP of this Pokémon (extension, Ⅱ-D-16)"),
    "knocked_out_last_turn": ("bool", "a Pokémon of yours was Knocked Out last turn (extension, Ⅱ-E-11)"),
    "stadium": ("bool", "a Stadium is in play (true) or none (false) (extension)"),
    "hand": ("card_side", "cards in that side's hand (extension)"),
    "deck": ("card_side", "cards in that side's deck (extension)"),
    "pokemon": ("side_filter", "that side's Pokémon in play, narrowed by `match` (extension)"),
    "you_may": ("true", "the player chose to do what the text says they may (the ask's `you_may`, extension)"),
    "heads": ("positive", "flip this many coins (from `coins`) and count the heads (extension)"),
    "prizes_vs": (_choice(("more", "fewer", "same"), "comparison"),
                  "the card's player has more / fewer / as many Prize cards left as the opponent (extension)"),
    "energy_vs": (_choice(("more", "fewer", "same"), "comparison"),
                  "the card's own Pokémon has more / fewer / as much Energy attached as the opponent's Active "
                  "Pokémon (extension, Ⅱ-D-08)"),
    "hand_vs": (_choice(("more", "fewer", "same"), "comparison"),
                "the card's player has more / fewer / as many cards in their hand as the opponent (extension)"),
    "retreat": ("target", "{C} in this Pokémon's Retreat Cost, as it is now (extension, Ⅱ-D-10)"),
    "at_least": ("hp_bound", "at least this many"),
    "at_most": ("hp_bound", "at most this many"),
    "type": ("type", "only Energy of this type"),
    "cards": ("bool", "count Energy cards, not Energy provided (extension)"),
    "match": ("filter", "the Pokémon is like this"),
}
TEST_KINDS = ("counters", "energy", "at", "prizes", "supporter_played", "hp_left", "knocked_out_last_turn",
              "stadium", "hand", "deck", "pokemon", "you_may", "heads", "prizes_vs", "energy_vs", "hand_vs",
              "retreat")

ATTACK: dict[str, Field] = {
    "name": ("text", "the attack's name"),
    "cost": ("cost", "the Energy cost, e.g. [fire, colorless] ([] for none)"),
    "damage": ({"if": {"type": "object"}, "then": ref("formula"),
                "else": _nullable(ref("damage"))},
               "the printed damage, or a formula (Format 2): {base, plus, per} …"),
    "ignore_weakness_resistance": ("bool", "Weakness and Resistance are not applied"),
    "ignore_defender_effects": ("bool", "effects on the Defending Pokémon are not applied"),
    "ignore_weakness": ("bool", "Weakness is not applied (extension)"),
    "ignore_resistance": ("bool", "Resistance is not applied (extension)"),
    "self_damage": ("damage", "damage it does to itself"),
    "bench_damage": (_list(ref("bench_hit")), "damage to Benched Pokémon"),
    "fails_on_tails": ("bool", "flip a coin; tails, the attack fails"),
    "alt_cost": (_nullable(ref("cost")),
                 "another cost that may be paid instead (Ⅱ-E-32)"),
    "usable_from_bench": ("bool", "usable from the Bench"),
    "usable_first_turn": ("bool", "usable on the first player's first turn"),
    "effects": ("effect_list", "effects it leaves in force (step 5)"),
    "conditions": (_list(ref("condition")), "Special Conditions it gives its targets (extension)"),
    "do": ("actions", "what it does (Format 2, step 5; `at: before_damage` for step 3)"),
}
ABILITY: dict[str, Field] = {
    "name": ("text", "the Ability's name"),
    "declared": ("bool", "used by declaring it (default: true unless it has `effect`)"),
    "once_per_turn": ("bool", "once during each player's turn (default true)"),
    "exclusive": ("bool", "only one such Ability per turn"),
    "active_only": ("bool", "only while Active"),
    "does": (_list(ref("does_word")), "what it does (the nothing-would-happen check)"),
    "pay": (_list(ref("pay_item")), "what using it costs"),
    "effect": ({"if": {"type": "array"}, "then": ref("effect_list"), "else": ref("effect_item")},
               "effects in force while it is (one, or a list)"),
    "do": ("actions", "what it does when used (Format 2)"),
    "stacks": ("bool", "false: however many Pokémon have it, it counts once (Ⅱ-E-15, extension)"),
}
BENCH_HIT: dict[str, Field] = {
    "target": ("hit_target", "the Benched Pokémon (or one the text lets the player choose)"),
    "amount": ("damage", "the damage"),
    "weakness_resistance": ("bool", "Weakness and Resistance are applied (unless stated, they are not, Ⅱ-B-08)"),
}
ENERGY_CARD: dict[str, Field] = {
    "name": ("text", "the special Energy's name"),
    "provides": ("energy_types", "the types it provides"),
    "units": ("positive", "how many Energy it provides (default 1)"),
    "effects": ("effect_list", "effects in force while attached"),
    "only_on": ("filter", "it can be attached only to these (extension)"),
}
TOOL: dict[str, Field] = {
    "name": ("text", "the Pokémon Tool's name"),
    "effect": ({"if": {"type": "array"}, "then": ref("effect_list"), "else": ref("effect_item")},
               "its effect (one, or a list)"),
    "effects": ("effect_list", "its effects"),
}
PROVISION: dict[str, Field] = {
    "types": ("energy_types", "the types provided"),
    "units": ("positive", "how many Energy (default 1)"),
    "when": ("filter", "only when attached to these"),
}
WEAKNESS: dict[str, Field] = {"type": ("type", "the type"), "value": ("weakness_value", "x2 (default) or +N")}
RESISTANCE: dict[str, Field] = {"type": ("type", "the type"), "value": ("resistance_value", "-30 (default) or -N")}

REAL_CARD = ("a real card (SCENARIOS.md \"Real cards\"): a name in any language, SET NUMBER (OBF 125), "
             "a name with one, or a TCGdex id; its printed keys are filled in, keys written beside it win "
             "(beside `name:`, a set code alone is the older informational form: use `set:`)")
POKEMON: dict[str, Field] = {
    "name": ("text", "the Pokémon's name"),
    "card": ("optional_text", REAL_CARD),
    "set": ("optional_text", "the set code printed on the card (informational)"),
    "stage": ("stage", "basic (default), stage1 or stage2"),
    "evolves_from": ("optional_text", "the Pokémon it evolves from"),
    "rule": ("rule", "its Rule Box (default none)"),
    "types": ("types", "its type or types (1 or 2)"),
    "hp": ("hp", "its printed HP"),
    "weakness": (_nullable(_one_or_list(ref("weakness"))), "its Weakness (one or a list)"),
    "resistance": (_nullable(_one_or_list(ref("resistance"))), "its Resistance"),
    "retreat": ("count", "its Retreat Cost (Energy)"),
    "damage": ("damage", "damage on it (10 per damage counter)"),
    "energy": (_list(ref("energy"), max_items=MAX_CARDS, why=CARDS_WHY), "Energy attached: type words, or special Energy"),
    "tool": ("tool", "the Pokémon Tool attached"),
    "conditions": (_list(ref("condition")), "its Special Conditions (Active Pokémon only)"),
    "abilities": (_list(ref("ability")), "its Abilities"),
    "attacks": (_list(ref("attack")), "its attacks"),
    "effects": ("effect_list", "effects in force on it"),
    "came_into_play_this_turn": ("bool", "put into play this turn"),
    "evolved_this_turn": ("bool", "evolved this turn"),
    "evolved_from_this_turn": ("optional_text", "the Pokémon it evolved from this turn (extension)"),
    "moved_to_active_this_turn": ("bool", "moved to the Active Spot this turn (extension)"),
    "healed_this_turn": ("bool", "healed this turn (extension)"),
    "abilities_used": (_list(ref("text")), "Abilities it used this turn"),
    "tags": (_list(ref("tag")), "the mark printed above its name: [ancient] or [future] (default none; a real "
                                "card's is asked for where a text needs it)"),
    "under": (_list({"if": {"type": "string"}, "then": ref("text"), "else": ref("pokemon")}),
              "the cards it evolved from, Basic first (Format 2; [] if put into play directly)"),
    "line": ("evolution_line", "its evolution line [Basic, Stage 1] (a Stage 2; Rare Candy)"),
}
HAND_POKEMON: dict[str, Field] = {
    "name": ("text", "the card's name"),
    "stage": ("stage", "basic (default), stage1 or stage2"),
    "evolves_from": ("optional_text", "the Pokémon it evolves from"),
    "rule": ("rule", "its Rule Box (default none)"),
    "types": ("types", "its type or types"),
    "hp": ("hp", "its printed HP"),
    "card": ("optional_text", REAL_CARD),
    "set": ("optional_text", "the set code printed on the card (informational)"),
    "line": ("evolution_line", "its evolution line [Basic, Stage 1] (a Stage 2)"),
    "weakness": POKEMON["weakness"],
    "resistance": POKEMON["resistance"],
    "retreat": ("count", "its Retreat Cost"),
    "abilities": (_list(ref("ability")), "its Abilities"),
    "attacks": (_list(ref("attack")), "its attacks"),
    "effects": ("effect_list", "effects in force on it"),
}
TURN: dict[str, Field] = {
    "number": ("turn_number", "the turn's number (default 3)"),
    "first": ("you_or_opponent", "who went first (odd turns belong to a `you` who went first)"),
    "energy_attached": ("bool", "an Energy was attached from the hand this turn"),
    "supporter_played": ("bool", "a Supporter was played this turn"),
    "stadium_played": ("bool", "a Stadium was played this turn"),
    "retreated": ("bool", "the Active Pokémon retreated this turn"),
    "knocked_out_last_turn": ("bool", "a Pokémon of yours was Knocked Out during the opponent's last turn"),
    "abilities_used": (_list(ref("text")), "Abilities used this turn (once-per-turn ones)"),
}
PLAYER: dict[str, Field] = {
    "prizes": ("prize_count", "Prize cards left (default 6)"),
    "deck": ("count", "cards in the deck (default 30)"),
    "hand": (_list(ref("text"), max_items=MAX_CARDS, why=CARDS_WHY), "cards in the hand, by name"),
    "discard": (_list(ref("text"), max_items=MAX_CARDS, why=CARDS_WHY), "cards in the discard pile, by name"),
    "active": (_nullable(ref("pokemon")), "the Active Pokémon"),
    "bench": (_list(ref("pokemon"), maxItems=MAX_BENCH,
                    **{"x-messages": {"type": "expected a list, got {got}",
                                      "maxItems": f"at most {MAX_BENCH} Benched Pokémon, got {{count}}"}}),
              f"the Benched Pokémon (at most {MAX_BENCH}), bench[0] first"),
    "effects": ("effect_list", "effects in force on the player (and their Pokémon)"),
    "prize_cards": (_list(ref("hand_pokemon"), max_items=6, why="six Prize cards"),
                    "the Prize cards the player takes, in the order taken: Pokémon cards, by name or "
                    "{name, types, hp, abilities …} (Format 2, Ⅱ-E-31, extension)"),
}
STADIUM: dict[str, Field] = {
    "card": ("text", "a Stadium of the card catalog"),
    "name": ("text", "a Stadium not in the catalog: its name (with `effects`)"),
    "owner": ("you_or_opponent", "who played it (default you)"),
    "effects": ("effect_list", "its effects"),
}

ASK_KINDS = ("attack", "retreat", "ability", "evolve", "bench", "play", "attach", "checkup", "game_end",
             "setup", "sequence")
# Asks that take `resolve: true` and may be an entry of a `sequence` (Format 2).
RESOLVING_ASKS = ("attach", "evolve", "bench", "play", "ability", "retreat")
# Shorthand for people typing YAML: asks written as a bare string (`ask: {attack: Burning
# Darkness}`, `ask: checkup`): the key the string stands for, and asks with nothing to give.
SHORT_ASKS = {"attack": "name", "ability": "name", "play": "card", "bench": "card"}
BARE_ASKS = ("checkup", "retreat")
SEQUENCE_ASKS = RESOLVING_ASKS + ("attack",)
RESOLVE: Field = ("bool", "carry it out and rule on the board it leaves (Format 2)")
YOU_MAY: Field = ("bool", "what the player does where the text says \"you may\" (のぞむなら): true, it does (default), "
                          "or false, it declines (Real cards)")
CHOOSE: Field = (_one_or_list(ref("position")), "the Pokémon its text lets the player choose, in the order the text "
                                                 "asks for them (Real cards)")
END_CONDITIONS: dict[str, Field] = {
    "took_all_prizes": ("bool", "took their last Prize card"),
    "no_active": ("bool", "has no Pokémon in play to be Active"),
    "cannot_draw": ("bool", "cannot draw at the start of their turn"),
}
ASKS: dict[str, tuple[str, dict[str, Field], tuple[str, ...]]] = {
    "attack": ("can this attack be used, and what does it do? (Ⅰ-A-01)", {
        "by": ("position", "the attacking Pokémon (default you.active)"),
        "name": ("text", "the attack"),
        "targets": (_one_or_list(ref("position")), "the Pokémon it targets (default opponent.active)"),
        "choose": CHOOSE, "you_may": YOU_MAY,
        "found": (_list(ref("text"), max_items=MAX_CARDS, why=CARDS_WHY),
                  "the cards its text finds in the deck, top card first (Real cards)")},
        ("name",)),
    "retreat": ("can the Active Pokémon retreat? (Ⅰ-C)", {
        "to": (_nullable(ref("position")), "the Benched Pokémon that comes in"),
        "resolve": RESOLVE}, ()),
    "ability": ("can this Ability be used? (Ⅱ-E)", {
        "by": ("position", "the Pokémon (default you.active)"), "name": ("text", "the Ability"),
        "resolve": RESOLVE, "choose": CHOOSE, "you_may": YOU_MAY}, ("name",)),
    "evolve": ("can this Pokémon evolve? (Ⅰ-B)", {
        "target": ("position", "the Pokémon that evolves"), "card": ("hand_pokemon", "the Evolution card"),
        "via": ("via", "from the hand (default), with Rare Candy, or by an effect"),
        "resolve": RESOLVE}, ("target", "card")),
    "bench": ("can this Pokémon be put onto the Bench?", {
        "card": ("hand_pokemon", "the Basic Pokémon card"), "resolve": RESOLVE}, ("card",)),
    "play": ("can this Trainer card be played? (Ⅰ-G)", {
        "card": ("text", "the card"), "kind": ("card_kind", "item, supporter, stadium or tool (default: the catalog's)"),
        "target": (_nullable(ref("position")), "the Pokémon a Tool goes on"),
        "does": (_list(ref("does_word")), "what it does (the nothing-would-happen check)"),
        "pay": (_list(ref("pay_item")), "what playing it costs"),
        "resolve": RESOLVE, "do": ("actions", "what it does (Format 2)"), "choose": CHOOSE, "you_may": YOU_MAY},
        ("card",)),
    "attach": ("can this Energy be attached? (Ⅰ-A)", {
        "energy": ("energy", "the Energy card"), "to": ("position", "to which Pokémon"), "resolve": RESOLVE},
        ("energy", "to")),
    "checkup": ("what happens at the Checkup? (Ⅰ-F)", {}, ()),
    "game_end": ("who wins? (Ⅰ-E)", {side: ("end_conditions", f"what holds for {side}") for side in SIDES}, ()),
    "setup": ("the setup and mulligans (Ⅰ-H)", {side: ("setup_side", f"{side}'s mulligans") for side in SIDES}, ()),
    "sequence": ("a turn: asks carried out one after another on one board (Format 2)", {}, ()),
}

BOARD_SPOT: dict[str, Field] = {
    "name": ("text", "the Pokémon there"),
    "counters": ("counter_count", "damage counters on it"),
    "energy": ("energy_names", "Energy attached"),
    "conditions": (_list(ref("condition")), "its Special Conditions"),
    "tool": ("optional_text", "its Pokémon Tool (null: none)"),
}
EXPECT: dict[str, Field] = {
    "allowed": ("bool", "whether the action is allowed"),
    "failed": ("bool", "whether the attack failed"),
    "cost": ({"if": {"type": "integer"}, "then": ref("count"), "else": ref("cost")},
             "the cost: Energy to discard (retreat), or the Energy it needs (attack)"),
    "damage": ({"type": ["object", "null"], "propertyNames": ref("position"), "additionalProperties": ref("damage")},
               "damage each Pokémon takes, by position"),
    "counters": ({"type": ["object", "null"], "propertyNames": ref("position"),
                  "additionalProperties": ref("counter_count")}, "damage counters placed, by position"),
    "conditions": ({"type": ["object", "null"], "propertyNames": ref("position"),
                    "additionalProperties": _list(ref("condition"))}, "Special Conditions, by position"),
    "knocked_out": (_list(ref("position")), "the Pokémon Knocked Out"),
    "prizes_taken": ("side_prizes", "Prize cards each player takes"),
    "winner": ("winner", "who wins (null: nobody yet)"),
    "extra_draws": ("side_counts", "extra cards each player draws (mulligans)"),
    "board": ({"type": ["object", "null"], "propertyNames": ref("position"),
               "additionalProperties": _nullable(ref("board_spot"))},
              "what is at each spot afterwards (null: empty) (Format 2)"),
    "discarded": ("side_names", "cards each player put in the discard pile (Format 2)"),
    "triggered": (_list(ref("text"), max_items=MAX_SEQUENCE), "the triggers that worked, in order (Format 2)"),
    "sequence": (_list(ref("expect"), max_items=MAX_SEQUENCE), "what each ask of a sequence rules (Format 2)"),
    "cites": (_list(ref("citation")), "sections the ruling must cite"),
}
ROOT: dict[str, Field] = {
    "format": ("format", "1 (default) or 2"),
    "title": ("optional_text", "what the scenario is about"),
    "turn": ("turn", "the turn being played (it is your turn)"),
    "you": ("player", "the player whose turn it is"),
    "opponent": ("player", "the other player"),
    "stadium": ("stadium", "the Stadium in play"),
    "coins": (_list(ref("coin")), "coin flips, in order"),
    "ask": ("ask", "what is asked: exactly one of " + ", ".join(ASK_KINDS)),
    "expect": ("expect", "what the ruling must say (check --verify)"),
}

COMMON_ENTRY: dict[str, Field] = {
    "category": ("category", "the kind of card"),
    "aliases": (_list(ref("text")), "other names it is found by (Chinese, English …)"),
    "set": ("optional_text", "the set it is printed in"),
    "text": ("optional_text", "its text, as the guide prints it"),
    "sections": (_list(ref("citation")), "the records that discuss it"),
    "effects": (_list(ref("effect")), "the effects it puts in force (primitives)"),
    "modelled": ("bool", "false: the engine refuses it, with `why`"),
    "why": ("optional_text", "why it is not modelled"),
}
TRAINER_ENTRY: dict[str, Field] = {
    "does": (_list(ref("does_word")), "what it does (the nothing-would-happen check)"),
    "pay": (_list(ref("pay_item")), "what playing it costs"),
    "do": ("actions", "what it does when played (Format 2)"),
}
CATEGORY_FIELDS: dict[str, dict[str, Field]] = {
    "item": TRAINER_ENTRY, "supporter": TRAINER_ENTRY, "stadium": TRAINER_ENTRY, "tool": {},
    "special_energy": {"provides": (_one_or_list(ref("provision")), "what it provides (options)"),
                       "only_on": ("filter", "it can be attached only to these (extension)")},
    "ability": {k: v for k, v in ABILITY.items() if k != "name"},
    "attack": {k: v for k, v in ATTACK.items() if k not in ("name", "effects")},
}


# -- the JSON Schema ---------------------------------------------------------------------------

def _field_node(field: Field) -> dict:
    kind, description = field
    node = ref(kind) if isinstance(kind, str) else dict(kind)
    return {**node, "description": description} if description else node


def _mapping(fields: dict[str, Field], description: str = "", required: tuple[str, ...] = (),
             nullable: bool = True, **extra) -> dict:
    # null reads as an empty mapping, so a mapping with required keys cannot be null:
    # the readers say which key is missing, and so does the schema's message.
    node: dict[str, Any] = {"type": ["object", "null"] if nullable and not required else "object",
                            "properties": {k: _field_node(v) for k, v in fields.items()},
                            "additionalProperties": False}
    if required:
        node["required"] = list(required)
        if nullable:
            node["x-null"] = f"missing required key {required[0]!r}"
    if description:
        node["description"] = description
    node.update(extra)
    return node


def _effect() -> dict:
    """A primitive effect: `kind` decides which keys it has."""
    branches = []
    for kind, (description, fields) in EFFECTS.items():
        keys = {"kind": ({"const": kind}, description), **fields,
                "applies_to": ("filter", "which Pokémon it is on (default: the one it is listed on)"),
                "when": ("filter", "only while the Pokémon it is on is like this (extension)"),
                "holder": ("filter", "only while the Pokémon that carries it (its Tool's or Ability's Pokémon) is "
                                     "like this (extension)"),
                "if": ("test", "only while this test on the board holds (extension; `self` is the Pokémon it is "
                               "on)"),
                "per": ("per", "its amount or delta for each of what this counts (extension)")}
        then = _mapping(keys, nullable=False, required=EFFECT_REQUIRED.get(kind, ()),
                        **{"x-required": f"missing required key {{key!r}} for kind {kind}"})
        branches.append({"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": then})
    return {"type": "object", "required": ["kind"],
            "properties": {"kind": {**_choice(tuple(EFFECTS), "effect kind"),
                                    "description": "the kind of effect: " + ", ".join(EFFECTS)}},
            "allOf": branches,
            "x-messages": {"type": "expected an effect ({{kind: …}} or {{card: NAME}}), got {got}"},
            "x-required": "missing required key 'kind' (or give a catalog card as {{card: NAME}})",
            "description": "a primitive effect {kind: …, …}"}


def _action() -> dict:
    kinds = ", ".join(ACTIONS)
    properties = {}
    for kind, (description, fields) in ACTIONS.items():
        properties[kind] = {**_mapping({**fields, **ACTION_COMMON}, description,
                                       required=ACTION_REQUIRED.get(kind, ()),
                                       **{"x-required": f"missing required key {{key!r}} for action {kind}"}),
                            **ACTION_ONE_OF_SCHEMA.get(kind, {})}
    return {"if": {"type": "string"},
            "then": {"const": "fail", "x-message": f"expected one action as a one-key mapping ({kinds}), got {{shape}}"},
            "else": {"type": "object", "minProperties": 1, "maxProperties": 1, "properties": properties,
                     "additionalProperties": False,
                     "x-message": f"expected one action as a one-key mapping ({kinds}), got {{shape}}",
                     "x-unknown-key": f"unknown action {{key!r}}; expected one of {kinds}"},
            "description": "an action {place_counters: {…}} …, or fail"}


def _ask(kinds: tuple[str, ...], unknown: str) -> dict:
    return {"type": "object", "minProperties": 1, "maxProperties": 1,
            "properties": {k: ref(f"ask_{k}") for k in kinds}, "additionalProperties": False,
            "x-messages": {"type": f"expected a mapping with exactly one of {', '.join(kinds)}, got {{got}}",
                           "minProperties": f"expected exactly one of {', '.join(kinds)}; got 0 keys: none",
                           "maxProperties": f"expected exactly one of {', '.join(kinds)}; got {{count}} keys: {{keys}}"},
            "x-unknown-key": unknown,
            "description": "exactly one of " + ", ".join(kinds)}


def _catalog_entry() -> dict:
    branches = []
    for category, fields in CATEGORY_FIELDS.items():
        then = _mapping({**COMMON_ENTRY, **fields}, nullable=False)
        branches.append({"if": {"properties": {"category": {"const": category}}, "required": ["category"]},
                         "then": then})
    return {"type": "object", "required": ["category"],
            "properties": {"category": ref("category")}, "allOf": branches,
            "description": "a card of the catalog: its category decides its keys (docs/CATALOG.md)"}


@lru_cache(maxsize=1)
def definitions() -> dict[str, dict]:
    defs: dict[str, dict] = {}
    for kind, (node, description) in SCALARS.items():
        defs[kind] = {**node, "description": description}
    defs.update({
        "types": {**_one_or_list(ref("type"), minItems=1, maxItems=2,
                                 **{"x-messages": {"minItems": "expected 1 to 2 types, got {count}",
                                                   "maxItems": "expected 1 to 2 types, got {count}"}}),
                  "description": "a type, or a list of 1 or 2"},
        "energy_types": {**_one_or_list(ref("energy_type"), minItems=1,
                                        **{"x-messages": {"minItems": "expected at least one type"}}),
                         "description": "a type or any, or a list of them"},
        "cost": _list(ref("type"), "a list of types") | {"description": "a list of types, e.g. [fire, colorless]"},
        "energy_names": {**_one_or_list(ref("text"), MAX_CARDS, CARDS_WHY), "description": "Energy by name: a basic Energy's type word, "
                                                                       "or a special Energy's name"},
        "names": {**_one_or_list(ref("text"), MAX_CARDS, CARDS_WHY), "description": "card names"},
        "condition_list": {**_one_or_list(ref("condition")), "description": "Special Conditions"},
        "energy_cards": {**_one_or_list(ref("energy"), MAX_CARDS, CARDS_WHY), "description": "Energy cards"},
        "evolution_line": _list(ref("text"), "a list [Basic, Stage 1]") | {"description": "[Basic, Stage 1]"},
        "filter": _mapping(FILTER, "which Pokémon: every key given must hold"),
        "choice": {"type": "object", "minProperties": 1, "maxProperties": 1,
                   "properties": {"choose": ref("filter") | {"description": "a Pokémon the text's player chooses"},
                                  "each": ref("filter") | {"description": "every Pokémon that matches"}},
                   "additionalProperties": False,
                   "x-messages": {"minProperties": "expected {{choose: FILTER}} or {{each: FILTER}}",
                                  "maxProperties": "expected {{choose: FILTER}} or {{each: FILTER}}"},
                   "x-unknown-key": "unknown key {key!r}; expected choose or each",
                   "description": "a Pokémon the text lets its player choose, or every one that matches"},
        "effect": _effect(),
        "effect_item": {"if": {"type": "string"}, "then": ref("text"),  # a bare name: short for {card: NAME}
                        "else": {"if": {"type": "object", "required": ["card"]},
                                 "then": {"type": "object", "properties": {"card": ref("text")},
                                          "additionalProperties": False},
                                 "else": ref("effect")},
                        "description": "a primitive effect, or {card: NAME} (or just NAME) of a card"},
        "effect_list": _list(ref("effect_item")) | {"description": "effects: primitives, or {card: NAME}"},
        "action": _action(),
        "actions": _list(ref("action"), "a list of actions ({place_counters: …}, …)")
        | {"description": "a list of actions (Format 2)"},
        "formula": _mapping(FORMULA, "a damage formula (Format 2): {base, plus|minus|times, per|if}",
                            nullable=False),
        "per": _mapping(PER, "what a formula counts: exactly one of " + ", ".join(PER_KEYS), nullable=False,
                        **{"x-messages": {"type": f"expected a mapping with one of {', '.join(PER_KEYS)}, got {{shape}}"}}),
        "test": _mapping(TEST, "a test: exactly one of " + ", ".join(TEST_KINDS), nullable=False,
                         **{"x-messages": {"type": "expected a test ({{counters: POS, at_least: N}}, {{energy: POS, "
                                                   "at_least: N}}, {{at: POS, match: FILTER}} or {{prizes: SIDE, "
                                                   "at_most: N}}), got {shape}"}}),
        "pay_item": _mapping({k: ("positive", "how many cards") for k in PAY_WORDS}, "a cost: exactly one of "
                             + ", ".join(PAY_WORDS), nullable=True, minProperties=1, maxProperties=1,
                             **{"x-messages": {"minProperties": f"expected exactly one of {', '.join(PAY_WORDS)}",
                                               "maxProperties": f"expected exactly one of {', '.join(PAY_WORDS)}"}}),
        "ability": {"if": {"type": "string"}, "then": ref("text"),
                    "else": _mapping(ABILITY, required=("name",)),
                    "description": "an Ability: a catalog name, or {name, …}"},
        "attack": {"if": {"type": "string"}, "then": ref("text"),
                   "else": {"if": {"type": "object", "required": ["card"]},
                            "then": _mapping({"card": ("text", "a catalog attack, the keys given replacing its own")}
                                             | ATTACK),
                            "else": _mapping(ATTACK, required=("name",))},
                   "description": "an attack: a catalog name, {card: NAME, …} or {name, cost, damage, …}"},
        "bench_hit": _mapping(BENCH_HIT, "damage to a Benched Pokémon", required=("target", "amount")),
        "energy": {"if": {"type": "string"}, "then": ref("text"),
                   "else": _mapping(ENERGY_CARD, required=("name", "provides")),
                   "description": "an Energy: a type word (basic), a catalog special Energy, or {name, provides, …}"},
        "tool": {"if": {"type": "string"}, "then": ref("text"), "else": _mapping(TOOL, required=("name",)),
                 "description": "a Pokémon Tool: a catalog name, or {name, effect}"},
        "provision": _mapping(PROVISION, "an option of what a special Energy provides", required=("types",)),
        "weakness": _mapping(WEAKNESS, "a Weakness", required=("type",)),
        "resistance": _mapping(RESISTANCE, "a Resistance", required=("type",)),
        "pokemon": {"if": {"type": "string"}, "then": ref("text"),
                    "else": {"if": {"type": "object", "required": ["card"]},
                             "then": _mapping(POKEMON, "a Pokémon in play, from a real card"),
                             "else": _mapping(POKEMON, "a Pokémon in play", required=("name", "types", "hp"))},
                    "description": "a Pokémon in play: a real card's name or number, {card: …, …}, "
                                   "or {name, types, hp, …}"},
        "hand_pokemon": {"if": {"type": "string"}, "then": ref("text"),
                         "else": {"if": {"type": "object", "required": ["card"]},
                                  "then": _mapping(HAND_POKEMON),
                                  "else": _mapping(HAND_POKEMON, required=("name",))},
                         "description": "a Pokémon card in the hand: its name (a real card's), {card: …} or "
                                        "{name, stage, …}"},
        "turn": _mapping(TURN, "the turn being played"),
        "player": _mapping(PLAYER, "a player's side of the board"),
        "stadium": {"if": {"type": "string"}, "then": ref("text"), "else": _mapping(STADIUM),
                    "description": "the Stadium: a catalog name, {card, owner} or {name, owner, effects}"},
        "ask": {"if": {"type": "string"},  # `ask: checkup` is short for `ask: {checkup: {}}`
                "then": {"enum": list(BARE_ASKS),
                         "x-message": f"expected a mapping with exactly one of {', '.join(ASK_KINDS)} (or just "
                                      f"{' or '.join(BARE_ASKS)}), got {{got}}"},
                "else": _ask(ASK_KINDS, f"unknown ask {{key!r}}; expected one of {', '.join(ASK_KINDS)}")},
        "sequence_entry": _ask(SEQUENCE_ASKS, f"{{key!r}} cannot be an entry of a sequence; expected one of "
                                              f"{', '.join(SEQUENCE_ASKS)}"),
        "end_conditions": _mapping(END_CONDITIONS, "what holds for a player"),
        "setup_side": _mapping({"mulligans": ("count", "how many mulligans")}, "a player's setup"),
        "side_prizes": _mapping({s: ("prize_count", "") for s in SIDES}, "by player"),
        "side_counts": _mapping({s: ("count", "") for s in SIDES}, "by player"),
        "side_names": _mapping({s: (_list(ref("text")), "") for s in SIDES}, "by player"),
        "board_spot": _mapping(BOARD_SPOT, "what is at a spot"),
        "expect": _mapping(EXPECT, "what the ruling must say"),
        "catalog_entry": _catalog_entry(),
        "catalog_file": {"type": ["object", "null"], "additionalProperties": ref("catalog_entry"),
                         "x-messages": {"type": "expected a mapping: card name -> entry"},
                         "description": "a card-catalog file: card name -> entry"},
    })
    for kind, (description, fields, required) in ASKS.items():
        if kind == "sequence":
            defs["ask_sequence"] = _list(ref("sequence_entry"), "a list of asks ({attach: …}, {attack: …}, …)",
                                         max_items=MAX_SEQUENCE, why="a turn", minItems=1) | {"description": description}
            defs["ask_sequence"]["x-messages"]["minItems"] = "expected at least one ask"
        else:
            defs[f"ask_{kind}"] = _mapping(fields, description, required=required)
    # `attack: NAME` is short for `attack: {name: NAME}` (SCENARIOS.md "Real cards"); so are
    # `ability: NAME`, and `play: NAME`, `bench: NAME` for {card: NAME} (SHORT_ASKS).
    for kind in SHORT_ASKS:
        defs[f"ask_{kind}"] = {"if": {"type": "string"}, "then": ref("text"), "else": defs[f"ask_{kind}"],
                               "description": defs[f"ask_{kind}"].get("description", "")}
    return defs


@lru_cache(maxsize=1)
def scenario_schema() -> dict:
    """The JSON Schema of a scenario file (draft-07), with its definitions."""
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID,
            "title": SCHEMA_TITLES["scenario"][0], "description": SCHEMA_TITLES["scenario"][1],
            **_mapping(ROOT, required=("ask",), nullable=False),
            "allOf": [_board_needed()],
            "definitions": definitions()}


# Asks about a whole game, not a board: both players' Active Pokémon may be left out.
BOARDLESS_ASKS = ("game_end", "setup")


def _board_needed() -> dict:
    """Every other ask is about a board: both players, each with an Active Pokémon."""
    side = {"type": "object", "required": ["active"], "x-null": "missing required key 'active'",
            "properties": {"active": {"type": ["object", "string"],
                                      "x-null": "expected the Active Pokémon (a mapping or a card's name), got "
                                                "nothing (null): this ask is about a board"}}}
    return {"if": {"required": ["ask"], "properties": {"ask": {"type": "object", "anyOf": [
                {"required": [kind]} for kind in BOARDLESS_ASKS]}}},
            "else": {"required": list(SIDES), "properties": {side_name: side for side_name in SIDES}}}


def schema_for(definition: str) -> dict:
    """The schema of one definition (e.g. catalog_file), its references resolved in ours."""
    if definition == "scenario":
        return scenario_schema()
    return {"$schema": "http://json-schema.org/draft-07/schema#", **ref(definition),
            "definitions": definitions()}


SCHEMA_TITLES = {
    "scenario": ("judgebot scenario", "A board state and a question for `judgebot check` (SCENARIOS.md)"),
    "catalog_file": ("judgebot card catalog", "Cards by name: what a scenario may name with `card:` (CATALOG.md)"),
}


def published(definition: str = "scenario", indent: int | None = 2) -> str:
    """A schema as `judgebot schema` prints it (the scenario file's, or a catalog file's):
    only standard keywords (the x- message keywords are ours; editors would list them as
    unknown)."""
    if definition not in SCHEMA_TITLES:
        raise KeyError(definition)
    schema = dict(schema_for(definition))
    if definition != "scenario":
        title, description = SCHEMA_TITLES[definition]
        schema = {"$schema": schema.pop("$schema"), "$id": SCHEMA_ID.replace("scenario", "catalog"),
                  "title": title, "description": description, **schema}
    return json.dumps(_public(schema), ensure_ascii=False, indent=indent)


def _public(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _public(v) for k, v in node.items() if not k.startswith("x-")}
    if isinstance(node, list):
        return [_public(v) for v in node]
    return node


def keys(fields: dict[str, Field]) -> tuple[str, ...]:
    return tuple(fields)
