"""The typed board model a scenario file becomes (format: SCENARIOS.md).

Everything here is plain data: the loader and validator (scenario.py) builds it,
the catalog (catalog.py) fills in named cards, and the procedures read it.
Positions are the strings of SCENARIOS.md: `you.active`, `opponent.bench[2]`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SIDES = ("you", "opponent")
TYPES = ("grass", "fire", "water", "lightning", "psychic", "fighting", "darkness",
         "metal", "dragon", "colorless", "fairy")
# Every type an "all types" Energy has (guide-ja Ⅱ-D-08: 草炎水雷超闘悪鋼ドラゴン).
ALL_ENERGY_TYPES = ("grass", "fire", "water", "lightning", "psychic", "fighting",
                    "darkness", "metal", "dragon")
CONDITIONS = ("asleep", "burned", "confused", "paralyzed", "poisoned")
STAGES = ("basic", "stage1", "stage2")
RULES = ("none", "ex", "mega_ex", "v", "vstar", "vmax", "gx", "tag_team", "radiant")
# The mark printed above a Pokémon's name that card texts name ("Ancient Pokémon", 「古代」のポケモン).
TAGS = ("ancient", "future")
MAX_BENCH = 5
# Effects an effect's `per` (card text, extension) counts for: the field it multiplies.
EFFECT_PER_KINDS = {"damage_dealt": "amount", "damage_taken": "amount", "max_hp": "amount",
                    "attack_cost": "delta", "retreat_cost": "delta"}


def other(side: str) -> str:
    return "opponent" if side == "you" else "you"


@dataclass(frozen=True)
class Filter:
    """`applies_to` / `from` / `against` / `when`: which Pokémon an effect is about.
    None means "any"; `side` is seen from the player the effect belongs to."""

    side: str | None = None  # own | opponent | both
    types: tuple[str, ...] | None = None
    stage: tuple[str, ...] | None = None
    rule: tuple[str, ...] | None = None  # values of RULES, or ("any",) / ("none",)
    position: str | None = None  # active | bench
    name: tuple[str, ...] | None = None
    evolved: bool | None = None
    has_ability: bool | None = None  # extension: has an Ability in force now (Ⅱ-D-13 FAQ)
    evolved_from_this_turn: tuple[str, ...] | None = None  # extension: evolved this turn from one of these (Ⅱ-E-24)
    name_prefix: tuple[str, ...] | None = None  # extension: a name that starts so (「ロケット団のポケモン」)
    moved_to_active_this_turn: bool | None = None  # extension: Ⅱ-E-25
    healed_this_turn: bool | None = None  # extension: Ⅱ-E-27
    has_tool: bool | None = None  # extension: "a Pokémon that has a Tool attached" (Ⅱ-D-06)
    has_energy: tuple[str, ...] | None = None  # extension: has Energy of one of these types attached (Ⅱ-D-06)
    # Extensions for card text (judgebot.cardtext): "non-{D} Pokémon", "that has any damage
    # counters on it", "Poisoned Pokémon" / "affected by a Special Condition" (("any",)).
    not_types: tuple[str, ...] | None = None
    damaged: bool | None = None
    conditions: tuple[str, ...] | None = None
    hp_left_at_most: int | None = None  # "If that Pokémon's remaining HP is 30 or less" (Ⅱ-D-16)
    has_attack: tuple[str, ...] | None = None  # "that has the Round attack" (Ⅱ-E-37)
    has_energy_card: tuple[str, ...] | None = None  # "has any Special Energy / Team Rocket's Energy attached"
    tag: tuple[str, ...] | None = None  # "the Ancient Pokémon …", "Future Pokémon": the mark printed on the card


@dataclass(frozen=True)
class Choice:
    """A target the text lets its player pick (`{choose: FILTER}`: the next position of the
    ask's `choose` list, else the first that matches) or means all of (`{each: FILTER}`)."""

    how: str  # choose | each
    filter: Filter


@dataclass
class Effect:
    """A primitive effect of SCENARIOS.md (`kind` + its fields) with where it applies.

    `source` says where it comes from (a card name or the scenario key path),
    `origin` what kind of thing carries it (pokemon, ability, tool, energy, player,
    stadium, attack), `cites` the sections behind it (catalog `sections`)."""

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)
    applies_to: Filter | None = None
    from_: Filter | None = None
    source: str = ""
    origin: str = ""
    cites: tuple[str, ...] = ()
    card: str | None = None  # catalog card name, when it came from the catalog

    def get(self, key: str, default=None):
        return self.fields.get(key, default)


@dataclass(frozen=True)
class Action:
    """One step of a `do` list (SCENARIOS.md, Format 2 "Actions"): `kind` and its parsed
    fields; `path` is its key path in the file, for errors that name it; `at` is
    `before_damage` for an attack's step-3 text."""

    kind: str
    args: dict = field(default_factory=dict, compare=False)
    path: str = ""
    at: str | None = None

    def get(self, key: str, default=None):
        return self.args.get(key, default)


@dataclass(frozen=True)
class Formula:
    """An attack's damage as printed with "+", "×" or "-" (Ⅱ-B-01…03): `base`, then
    `plus`, `times` or `minus` for each of what `per` counts, or `plus` when `test` holds."""

    base: int = 0
    plus: int = 0
    minus: int = 0
    times: int = 0
    per: tuple = ()  # (what, value, options dict) — what: energy | counters | bench | heads | …
    test: dict | None = None
    path: str = ""


@dataclass
class Ability:
    name: str
    declared: bool = True
    once_per_turn: bool = True
    exclusive: bool = False
    active_only: bool = False
    does: tuple[str, ...] = ()
    pay: tuple[dict, ...] = ()
    effects: tuple[Effect, ...] = ()
    cites: tuple[str, ...] = ()
    do: tuple[Action, ...] = ()  # Format 2: what it does when used (resolve: true)
    # A real card's Ability (engine.format.realcards): its names in every language, and
    # the printed text the engine has no meaning for (raised when the ruling meets it).
    aliases: tuple[str, ...] = ()
    unapplied: Any = None
    # An unread text in force that speaks only of some events (cardtext.ability_events): met
    # when the ruling reaches one (procedures.unread_text), else listed as not applied.
    met_on: tuple[str, ...] = ()
    on_unreached: Any = None  # records it in the ruling's `cards` as not applied, and why

    def named(self, name: str) -> bool:
        return self.name == name or name in self.aliases


@dataclass
class BenchHit:
    target: "str | Choice"
    amount: int
    weakness_resistance: bool = False  # "unless stated": Ⅱ-B-08


@dataclass
class Attack:
    name: str
    cost: tuple[str, ...] = ()
    damage: "int | Formula | None" = None
    ignore_weakness_resistance: bool = False
    ignore_defender_effects: bool = False
    ignore_weakness: bool = False  # extension: "isn't affected by Weakness" (Ⅱ-B-06)
    ignore_resistance: bool = False  # extension: "isn't affected by Resistance" (Ⅱ-B-06)
    self_damage: int = 0
    bench_damage: tuple[BenchHit, ...] = ()
    fails_on_tails: bool = False
    alt_cost: tuple[str, ...] | None = None
    usable_from_bench: bool = False
    usable_first_turn: bool = False
    effects: tuple[Effect, ...] = ()
    conditions: tuple[str, ...] = ()  # Special Conditions it gives its target (step 5)
    do: tuple[Action, ...] = ()  # Format 2: what it does to the board (steps 3 and 5)
    cites: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()  # what its source does not give ("cost"): never guessed
    aliases: tuple[str, ...] = ()  # a real card's attack: its names in every language
    unapplied: Any = None  # a real card's printed text the engine has no meaning for

    def named(self, name: str) -> bool:
        return self.name == name or name in self.aliases


@dataclass(frozen=True)
class Provision:
    """What one attached Energy card provides: `units` Energy, each of any one of
    `types` (("any",) = every type at once, Ⅱ-D-08), when `when` holds."""

    types: tuple[str, ...]
    units: int = 1
    when: Filter | None = None


@dataclass
class Energy:
    name: str
    basic: bool
    provides: tuple[Provision, ...]  # options: the first whose `when` holds applies
    effects: tuple[Effect, ...] = ()
    cites: tuple[str, ...] = ()
    only_on: "Filter | None" = None  # extension: attached only to these; on another, discarded (Ⅱ-C-10 FAQ 2)


@dataclass
class Tool:
    name: str
    effects: tuple[Effect, ...] = ()
    cites: tuple[str, ...] = ()


@dataclass
class Weakness:
    type: str
    multiply: int | None = 2  # x2
    add: int | None = None  # +N (older cards)

    def describe(self) -> str:
        return f"{self.type} ×{self.multiply}" if self.multiply else f"{self.type} +{self.add}"


@dataclass
class Resistance:
    type: str
    value: int = -30


@dataclass
class Pokemon:
    name: str
    types: tuple[str, ...]
    hp: int
    stage: str = "basic"
    card: str | None = None
    evolves_from: str | None = None
    rule: str = "none"
    weakness: tuple[Weakness, ...] = ()
    resistance: tuple[Resistance, ...] = ()
    retreat: int = 0
    damage: int = 0
    energy: tuple[Energy, ...] = ()
    tool: Tool | None = None
    conditions: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    attacks: tuple[Attack, ...] = ()
    effects: tuple[Effect, ...] = ()
    came_into_play_this_turn: bool = False
    evolved_this_turn: bool = False
    evolved_from_this_turn: str | None = None
    moved_to_active_this_turn: bool = False
    healed_this_turn: bool = False
    abilities_used: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()  # Ancient / Future, printed above the name (a real card: asked when a text needs it)
    under: tuple["Pokemon | str", ...] = ()  # Format 2: the cards it evolved from, Basic first
    line: tuple[str, ...] = ()  # Format 2: a Stage 2's evolution line (Basic, Stage 1)
    # A real card (engine.format.realcards): its id, and the values no print of it gives
    # (key -> what to raise where the ruling needs the value).
    real: str | None = None
    unknown: dict = field(default_factory=dict)
    # Set when the board is built: where it is and whose it is. `uid` is the spot it
    # started the ruling in: who it is, wherever an action moves it.
    position: str = ""
    owner: str = ""
    uid: str = ""

    def need(self, key: str) -> None:
        """A printed value the ruling needs: asked for if no print of the card gives it."""
        if key in self.unknown:
            raise self.unknown[key].error()

    @property
    def is_active(self) -> bool:
        return self.position.endswith(".active")

    @property
    def evolved(self) -> bool:
        return self.stage != "basic"

    def attack(self, name: str) -> Attack | None:
        for attack in self.attacks:
            if attack.name == name:
                return attack
        for attack in self.attacks:  # a real card's attack, named in another of its languages
            if name in attack.aliases:
                return attack
        return None


@dataclass
class Turn:
    number: int = 3
    first: str = "you"
    energy_attached: bool = False
    supporter_played: bool = False
    stadium_played: bool = False
    retreated: bool = False
    abilities_used: tuple[str, ...] = ()
    knocked_out_last_turn: bool = False  # extension: one of your Pokémon was Knocked Out in the opponent's last turn


@dataclass
class Player:
    side: str
    prizes: int = 6
    deck: int = 30
    hand: tuple[str, ...] = ()
    hand_given: bool = False  # `hand` omitted: not limited (Format 2)
    discard: tuple[str, ...] | None = None  # None: not given
    active: Pokemon | None = None
    bench: tuple[Pokemon, ...] = ()
    effects: tuple[Effect, ...] = ()
    prize_cards: tuple | None = None  # HandPokemon, in the order taken (Ⅱ-E-31); None: not given

    def pokemon(self) -> list[Pokemon]:
        return ([self.active] if self.active else []) + list(self.bench)


@dataclass
class Stadium:
    name: str
    owner: str = "you"
    effects: tuple[Effect, ...] = ()
    cites: tuple[str, ...] = ()


# -- questions -------------------------------------------------------------------

@dataclass
class AttackAsk:
    name: str
    by: str = "you.active"
    targets: tuple[str, ...] = ("opponent.active",)
    path: str = "ask.attack"  # its key path (an ask inside a sequence: ask.sequence[N].attack)
    choose: tuple[str, ...] = ()  # the choices its text gives, in the order the text asks for them
    you_may: bool = True  # "you may" in its text: the player does (false: declines)
    found: tuple[str, ...] | None = None  # the cards its text finds in the deck, top first (None: not given)
    kind = "attack"


@dataclass
class RetreatAsk:
    to: str | None = None
    resolve: bool = False
    kind = "retreat"


@dataclass
class AbilityAsk:
    name: str
    by: str = "you.active"
    resolve: bool = False
    path: str = "ask.ability"  # its key path, for errors that name it
    choose: tuple[str, ...] = ()
    you_may: bool = True
    kind = "ability"


@dataclass
class HandPokemon:
    """A Pokémon card in hand (`evolve` / `bench` asks): HP and types may be omitted."""

    name: str
    stage: str = "basic"
    evolves_from: str | None = None
    rule: str = "none"
    types: tuple[str, ...] = ()
    hp: int | None = None
    line: tuple[str, ...] = ()  # a Stage 2's evolution line: (Basic, Stage 1)
    # Format 2 (resolve: true): what the card is once in play.
    weakness: tuple = ()
    resistance: tuple = ()
    retreat: int = 0
    abilities: tuple = ()
    attacks: tuple = ()
    effects: tuple = ()
    real: str | None = None  # a real card (engine.format.realcards)
    unknown: dict = field(default_factory=dict)

    def need(self, key: str) -> None:
        if key in self.unknown:
            raise self.unknown[key].error()


@dataclass
class EvolveAsk:
    target: str
    card: HandPokemon
    via: str = "hand"
    resolve: bool = False
    path: str = "ask.evolve"  # its key path (in a sequence: ask.sequence[N].evolve)
    kind = "evolve"


@dataclass
class BenchAsk:
    card: HandPokemon
    resolve: bool = False
    path: str = "ask.bench"  # its key path (in a sequence: ask.sequence[N].bench)
    kind = "bench"


@dataclass
class PlayAsk:
    card: str
    card_kind: str | None = None  # item | supporter | stadium | tool (`kind` in the file)
    target: str | None = None
    does: tuple[str, ...] | None = None
    pay: tuple[dict, ...] | None = None
    resolve: bool = False
    do: tuple[Action, ...] = ()  # Format 2: what it does (resolve: true)
    # Effects an Item or Supporter puts in force when played ("During this turn, …", "During
    # your opponent's next turn, …"): on its player once carried out (resolve: true).
    effects: tuple[Effect, ...] = ()
    path: str = "ask.play"  # its key path (in a sequence: ask.sequence[N].play)
    choose: tuple[str, ...] = ()
    you_may: bool = True
    kind = "play"


@dataclass
class AttachAsk:
    energy: Energy
    to: str
    resolve: bool = False
    kind = "attach"


@dataclass
class CheckupAsk:
    kind = "checkup"


@dataclass
class EndConditions:
    took_all_prizes: bool = False
    no_active: bool = False
    cannot_draw: bool = False


@dataclass
class GameEndAsk:
    you: EndConditions = field(default_factory=EndConditions)
    opponent: EndConditions = field(default_factory=EndConditions)
    kind = "game_end"


@dataclass
class SequenceAsk:
    """Format 2: what was done this turn, in order, each carried out on the board the
    previous one left (resolve: true implied)."""

    asks: tuple = ()
    # (kind, the entry as written, its key path) of each ask: an entry after the first is
    # read again on the board it is ruled on (format.scenario.sequence_entry).
    entries: tuple = ()
    kind = "sequence"


@dataclass
class SetupAsk:
    mulligans: dict[str, int] = field(default_factory=lambda: {"you": 0, "opponent": 0})
    kind = "setup"


Ask = (AttackAsk | RetreatAsk | AbilityAsk | EvolveAsk | BenchAsk | PlayAsk | AttachAsk
       | CheckupAsk | GameEndAsk | SetupAsk | SequenceAsk)


@dataclass
class Expect:
    """Only the keys the file gives are compared (`given`)."""

    values: dict[str, Any] = field(default_factory=dict)

    @property
    def given(self) -> list[str]:
        return list(self.values)


@dataclass
class Scenario:
    file: str
    ask: Ask
    title: str | None = None
    turn: Turn = field(default_factory=Turn)
    players: dict[str, Player] = field(default_factory=dict)
    stadium: Stadium | None = None
    coins: tuple[str, ...] = ()
    expect: Expect | None = None
    format: int = 1
    lines: dict[str, int] = field(default_factory=dict, repr=False)  # key path -> line
    cards: list = field(default_factory=list)  # the real cards used (realcards.CardUse)
    warnings: list[str] = field(default_factory=list)  # one line each: file:line:col: key: what

    @property
    def you(self) -> Player:
        return self.players["you"]

    @property
    def opponent(self) -> Player:
        return self.players["opponent"]

    def all_pokemon(self) -> list[Pokemon]:
        return [p for side in SIDES if side in self.players for p in self.players[side].pokemon()]

    def at(self, position: str) -> Pokemon | None:
        for pokemon in self.all_pokemon():
            if pokemon.position == position:
                return pokemon
        return None

    def line_of(self, path: str) -> int | None:
        return line_of(self.lines, path)


def line_of(lines: dict[str, int], path: str) -> int | None:
    """The line of a key path (`you.bench[2].hp`), or of its nearest ancestor that has one."""
    while path:
        if path in lines:
            return lines[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return lines.get("")  # the document itself
