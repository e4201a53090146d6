"""The quick ruling form: what a judge fills in, read from a request's fields and checked.

Every field is optional text (a plain HTML form sends them all, empty or not); `read_form`
checks their number, length and values and returns a `QuickForm`. Nothing here looks a
card up: that is `plan.plan`'s work.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from judgebot.engine.board.model import CONDITIONS, MAX_BENCH
from judgebot.errors import InputError, shorten

LANGS = ("en", "ja", "zh", "ko")
ASKS = ("attack", "retreat", "ability", "play", "checkup")
TURNS = ("later", "1", "2")  # a later turn; your first turn having gone first; having gone second
DONE = ("energy_attached", "supporter_played", "retreated", "stadium_played", "ability_used")
SIDES = ("you", "opp")
# Fields of each side (the form's names are `you_…` and `opp_…`).
SIDE_FIELDS = ("energy", "damage", "cond", "tool", "effects", "prizes", "bench", "hand")
FIELDS = (("lang", "ask", "you", "opp", "attack", "ability", "trainer", "turn", "done", "stadium", "coins",
           "choose", "to", "energy_auto")
          + tuple(f"{side}_{name}" for side in SIDES for name in SIDE_FIELDS))
MULTI = {"done", "you_cond", "opp_cond"}  # fields that may be given several times (checkboxes)
MAX_FIELDS = 80  # values in one request: the form has ~40 fields, checkboxes repeat
MAX_TEXT = 200  # characters of one field (a list of names: a Bench of 5)
MAX_COUNTERS = 99  # damage counters on one Pokémon (990 damage: the format's bound)
MAX_NAMES = 8  # names in one list field (a Bench holds 5; 8 with Area Zero Underdepths)
MAX_HAND = 20  # cards named in a hand here (the scenario format takes 60)
EMPTY = ("0", "-", "—", "なし", "无", "없음", "none")  # a hand written as empty

_SPLIT = re.compile(r"\s*[,，、;；\n]\s*")


@dataclass
class Side:
    """One player's Active Pokémon and what is not printed on it."""

    name: str = ""  # the card as typed: a name in any language, a set number, a name with one
    energy: str = ""  # Energy attached, as typed ("fire, fire", "炎 炎", "R R", "2 fire")
    energy_given: bool = False  # the field was sent (even empty: no Energy)
    counters: int = 0
    conditions: tuple[str, ...] = ()
    tool: str = ""
    effects: tuple[str, ...] = ()
    prizes: int = 6  # Prize cards left
    bench: tuple[str, ...] = ()
    hand: tuple[str, ...] | None = None  # cards in the hand; None: not given (not limited), (): empty


@dataclass
class QuickForm:
    lang: str = "en"
    ask: str = "attack"
    you: Side = field(default_factory=Side)
    opp: Side = field(default_factory=Side)
    attack: str = ""
    ability: str = ""
    trainer: str = ""
    turn: str = "later"
    done: tuple[str, ...] = ()
    stadium: str = ""
    coins: tuple[str, ...] = ()
    choose: str = ""
    to: str = ""  # retreat: the Benched Pokémon that comes in (you.bench[N])
    energy_auto: str = ""  # the Energy the page filled in last time (unchanged: filled in again)

    def side(self, key: str) -> Side:
        return self.you if key == "you" else self.opp


def read_form(params: Mapping[str, list[str]] | Iterable[tuple[str, str]]) -> QuickForm:
    """The form from a request's fields (a mapping of name -> values, or (name, value)
    pairs). An unknown field, a value too long, a number or a choice out of range is an
    InputError naming the field."""
    values: dict[str, list[str]] = {}
    pairs = [(k, v) for k, vs in params.items() for v in vs] if isinstance(params, Mapping) else list(params)
    if len(pairs) > MAX_FIELDS:
        raise InputError(f"the form has {len(pairs)} values, over the limit of {MAX_FIELDS}")
    for name, value in pairs:
        if name not in FIELDS:
            raise InputError(f"{shorten(name, 40)}: not a field of the quick ruling form")
        if len(value) > MAX_TEXT:
            raise InputError(f"{name}: at most {MAX_TEXT} characters, got {len(value):,}")
        values.setdefault(name, []).append(value)
    for name, given in values.items():
        if len(given) > 1 and name not in MULTI:
            raise InputError(f"{name}: given {len(given)} times, expected once")

    def one(name: str, default: str = "") -> str:
        return " ".join((values.get(name) or [default])[0].split())

    form = QuickForm(lang=_choice(one("lang", "en") or "en", LANGS, "lang"),
                     ask=_choice(one("ask", "attack") or "attack", ASKS, "ask"),
                     attack=one("attack"), ability=one("ability"), trainer=one("trainer"),
                     turn=_choice(one("turn", "later") or "later", TURNS, "turn"),
                     done=tuple(_choice(v, DONE, "done") for v in values.get("done", ()) if v),
                     stadium=one("stadium"), coins=tuple(coin_words(one("coins"))),
                     choose=one("choose"),
                     to=one("to"), energy_auto=one("energy_auto"))
    for key in SIDES:
        side = form.side(key)
        side.name = one(key)
        side.energy = one(f"{key}_energy")
        side.energy_given = f"{key}_energy" in values
        side.counters = _number(one(f"{key}_damage"), f"{key}_damage", 0, MAX_COUNTERS, 0)
        side.conditions = tuple(dict.fromkeys(_choice(v, CONDITIONS, f"{key}_cond")
                                              for v in values.get(f"{key}_cond", ()) if v))
        side.tool = one(f"{key}_tool")
        side.effects = tuple(names(one(f"{key}_effects"), f"{key}_effects"))
        side.prizes = _number(one(f"{key}_prizes"), f"{key}_prizes", 1, 6, 6)
        side.bench = tuple(names(one(f"{key}_bench"), f"{key}_bench", MAX_BENCH + 3))
        hand = one(f"{key}_hand")
        side.hand = () if hand in EMPTY else tuple(names(hand, f"{key}_hand", MAX_HAND)) if hand else None
    return form


def names(text: str, field_name: str = "", limit: int = MAX_NAMES) -> list[str]:
    """Names in a list field, separated by commas (, ， 、) or semicolons."""
    found = [" ".join(part.split()) for part in _SPLIT.split(text or "") if part.strip()]
    if len(found) > limit:
        raise InputError(f"{field_name}: at most {limit} names, got {len(found)}")
    return found


# heads / tails as people write them: the scenario format's words and its aliases, and
# the first letters (h t, 表 裏, 正 反, 앞 뒤).
COIN_WORDS = {"heads": "heads", "h": "heads", "tails": "tails", "t": "tails", "オモテ": "heads", "ウラ": "tails",
              "表": "heads", "裏": "tails", "おもて": "heads", "うら": "tails", "正面": "heads", "反面": "tails",
              "正": "heads", "反": "tails", "앞면": "heads", "뒷면": "tails", "앞": "heads", "뒤": "tails"}
MAX_COINS = 20


def coin_words(text: str) -> list[str]:
    """heads/tails from what was typed: words or letters, separated by anything but
    letters (`h t h`, `heads, tails`, `オモテ ウラ`, `HTT`)."""
    text = (text or "").strip()
    if not text:
        return []
    parts = [p for p in re.split(r"[\s,，、;/・]+", text) if p]
    if len(parts) == 1 and re.fullmatch(r"[HhTt]+", parts[0]):
        parts = list(parts[0])
    out = []
    for part in parts:
        word = COIN_WORDS.get(part.lower()) or COIN_WORDS.get(part)
        if word is None:
            raise InputError(f"coins: expected heads or tails (h, t), got {shorten(part, 20)!r}")
        out.append(word)
    if len(out) > MAX_COINS:
        raise InputError(f"coins: at most {MAX_COINS} coin flips, got {len(out)}")
    return out


def _choice(value: str, choices: tuple[str, ...], name: str) -> str:
    if value not in choices:
        raise InputError(f"{name}: expected one of {', '.join(choices)}, got {shorten(value, 20)!r}")
    return value


def _number(value: str, name: str, low: int, high: int, default: int) -> int:
    if value == "":
        return default
    if not value.isascii() or not value.isdigit() or not low <= int(value) <= high:
        raise InputError(f"{name}: expected a whole number from {low} to {high}, got {shorten(value, 20)!r}")
    return int(value)
