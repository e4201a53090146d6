"""Scenario files (SCENARIOS.md, format 1): load, validate strictly, build the model.

`load_scenario(path)` reads one file with the line-tracking safe loader and returns
a `Scenario`. Anything the format does not allow — an unknown key, a wrong type, an
impossible value, a position that is not on the board — is a ScenarioError with
file, line and key path (exit 2). All of the format is validated here, including
the ask kinds whose engine lives elsewhere.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from judgebot.engine.board.model import (MAX_BENCH, SIDES, AbilityAsk, AttachAsk, AttackAsk,
                                   BenchAsk, CheckupAsk, EndConditions, EvolveAsk, Expect, GameEndAsk,
                                   HandPokemon, PlayAsk, Player, Pokemon, Resistance, RetreatAsk,
                                   Scenario, SequenceAsk, SetupAsk, Stadium, Turn, Weakness, Formula)
from judgebot.engine.format.format2 import does_of
from judgebot.engine.format.reader import Reader, _join
from judgebot.engine.format.realcards import RealCardReader
from judgebot.engine.format.schema import (ASK_KINDS, ASKS, BARE_ASKS, BOARD_SPOT, BOARDLESS_ASKS, COIN_ALIASES,
                                           END_CONDITIONS, EXPECT, HAND_POKEMON, MAX_HP, MAX_TURN, PLAYER, POKEMON,
                                           POSITION_RE, ROOT, SEQUENCE_ASKS, SHORT_ASKS, STADIUM, TURN, keys)
from judgebot.engine.format.validate import describe, validate
from judgebot.engine.format.yaml_lines import LIMITS, decode_utf8, load_yaml, read_yaml_file
from judgebot.errors import ScenarioError

ROOT_KEYS = keys(ROOT)
TURN_KEYS = keys(TURN)
PLAYER_KEYS = keys(PLAYER)
POKEMON_KEYS = keys(POKEMON)
# `does` words that change what a ruling describes (the Pokémon in play, their damage and Energy);
# draw / search_deck / hands_to_deck move cards the scenario does not describe.
BOARD_DOES = ("heal", "bench_from_deck", "bench_from_discard", "switch_own", "switch_opponent", "attach_energy",
              "move_damage", "move_energy", "discard")
HAND_POKEMON_KEYS = keys(HAND_POKEMON)
ASK_KEYS = {kind: keys(fields) for kind, (_, fields, _) in ASKS.items()}
EXPECT_KEYS = keys(EXPECT)
BOARD_FIELDS = keys(BOARD_SPOT)
# Conditions that replace one another (guide-ja Ⅰ-F): at most one of them at a time.
ROTATION_CONDITIONS = ("asleep", "confused", "paralyzed")


def own_names(used: tuple[str, ...], abilities) -> tuple[str, ...]:
    """A record of Abilities used, each name as the Ability it names is called (a real
    card's Ability may be written in any of its languages: Trade is とりひき)."""
    return tuple(next((a.name for a in abilities if a.named(name)), name) for name in used)


def load_scenario(path: Path | str, display: str | None = None) -> Scenario:
    file = display or str(path)
    return parse_scenario(read_yaml_file(path, file), file)


def load_scenario_text(text: str | bytes, name: str = "<scenario>") -> Scenario:
    """A scenario from text (e.g. a web request body), under the same limits as a file:
    bytes are decoded as UTF-8 with the place of a bad byte named."""
    if isinstance(text, bytes):
        if len(text) > LIMITS.file_bytes:
            raise ScenarioError(name, None, "", f"{len(text):,} bytes, over the limit of {LIMITS.file_bytes:,}")
        text = decode_utf8(text, name)
    return parse_scenario(text, name)


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    from judgebot.engine.format.catalog import load_catalog

    data, lines = load_yaml(text, file)
    if data is not None:
        validate(data, file, lines)
    reader = ScenarioReader(file, lines, load_catalog())
    return reader.scenario(data)


class ScenarioReader(RealCardReader, Reader):
    format = 1  # the file's format (a bare name on an evolve/bench ask is a real card in Format 2)

    def scenario(self, data: Any) -> Scenario:
        if data is None:
            raise ScenarioError(self.file, 1, "", "the file is empty; expected a scenario mapping with an `ask`",
                                column=1)
        raw = self.mapping(data, "", ROOT_KEYS, required=("ask",))
        if isinstance(raw["ask"], str) and raw["ask"] in BARE_ASKS:
            raw["ask"] = {raw["ask"]: {}}  # `ask: checkup` is short for {checkup: {}}
        self.raw_root = raw  # real cards are narrowed by what the ask names
        ask_kind = self.ask_kind(raw["ask"])
        boardless = ask_kind in BOARDLESS_ASKS
        format_ = self.format_number(raw["format"]) if "format" in raw else 1
        self.format = format_
        title = self.optional_text(raw.get("title"), "title")
        turn = self.turn(raw.get("turn"), "turn")
        players = {}
        for side in SIDES:
            if side not in raw and not boardless:
                self.fail("", f"missing required key {side!r}")
            players[side] = self.player(raw.get(side), side, boardless)
        scenario = Scenario(file=self.file, ask=None, title=title, turn=turn, players=players,
                            lines=self.lines, format=format_)
        scenario.stadium = self.stadium(raw["stadium"], "stadium") if raw.get("stadium") is not None else None
        scenario.coins = tuple(self.list_of(raw.get("coins"), "coins", self.coin))
        scenario.ask = self.ask(raw["ask"], ask_kind, scenario)
        if raw.get("expect") is not None:
            scenario.expect = self.expect(raw["expect"], "expect", scenario)
        self.hp_left(scenario)
        scenario.turn.abilities_used = own_names(scenario.turn.abilities_used,
                                                 [a for m in scenario.players["you"].pokemon() for a in m.abilities])
        scenario.cards = self.uses
        scenario.warnings = self.warnings
        return scenario

    def format_number(self, value: Any) -> int:
        if isinstance(value, bool) or value not in (1, 2):
            self.fail("format", f"expected 1 or 2, got {describe(value)}")
        return value

    def hp_left(self, scenario: Scenario) -> None:
        """A Pokémon in play has HP left: damage at or over its maximum HP (with changes,
        Ⅱ-D-15) would already have Knocked it Out (Ⅰ-D)."""
        from judgebot.engine.board.effects import Board

        board = Board(scenario)
        for mon in scenario.all_pokemon():
            max_hp, _ = board.max_hp(mon)
            if mon.damage >= max_hp:
                self.fail(f"{mon.position}.damage", f"{mon.damage} damage on {mon.name} with maximum HP {max_hp}: "
                                                    "it would already be Knocked Out (guide-ja:I-D)")

    # -- turn and players ---------------------------------------------------------
    def turn(self, value: Any, path: str) -> Turn:
        raw = self.mapping(value, path, TURN_KEYS)
        number = self.ranged(raw["number"], _join(path, "number"), 1, MAX_TURN) if "number" in raw else 3
        default_first = "you" if number % 2 else "opponent"
        first = self.choice(raw["first"], _join(path, "first"), SIDES, "player") if "first" in raw else default_first
        if first != default_first:
            # The turn is `you`'s (SCENARIOS.md): odd turns belong to a `you` who went first.
            self.fail(_join(path, "first"), f"turn {number} is the turn of the player who went "
                                            f"{'first' if number % 2 else 'second'}, and it is your turn, so `first` "
                                            f"must be {default_first}, not {first}")

        def flag(key):
            return self.bool(raw[key], _join(path, key)) if key in raw else False

        return Turn(number=number, first=first, energy_attached=flag("energy_attached"),
                    supporter_played=flag("supporter_played"), stadium_played=flag("stadium_played"),
                    retreated=flag("retreated"), knocked_out_last_turn=flag("knocked_out_last_turn"),
                    abilities_used=tuple(self.list_of(raw.get("abilities_used"), _join(path, "abilities_used"),
                                                      self.text)))

    def player(self, value: Any, side: str, boardless: bool) -> Player:
        raw = self.mapping(value, side, PLAYER_KEYS)
        player = Player(side=side)
        player.prizes = self.ranged(raw["prizes"], f"{side}.prizes", 0, 6) if "prizes" in raw else 6
        player.deck = self.count(raw["deck"], f"{side}.deck") if "deck" in raw else 30
        player.hand = tuple(self.list_of(raw.get("hand"), f"{side}.hand", self.text))
        player.hand_given = raw.get("hand") is not None
        player.discard = tuple(self.list_of(raw["discard"], f"{side}.discard", self.text)) \
            if raw.get("discard") is not None else None
        if raw.get("active") is not None:
            player.active = self.pokemon(raw["active"], f"{side}.active", side)
        elif not boardless:
            self.fail(side, "missing required key 'active'")
        bench = raw.get("bench")
        if isinstance(bench, list) and len(bench) > MAX_BENCH:
            self.fail(f"{side}.bench", f"at most {MAX_BENCH} Benched Pokémon, got {len(bench)}")
        player.bench = tuple(self.list_of(bench, f"{side}.bench", lambda v, p: self.pokemon(v, p, side)))
        if player.bench and player.active is None:
            self.fail(side, "missing required key 'active' (there are Benched Pokémon)")
        player.effects = self.effect_list(raw.get("effects"), f"{side}.effects", "player")
        if raw.get("prize_cards") is not None:
            player.prize_cards = tuple(self.list_of(raw["prize_cards"], f"{side}.prize_cards", self.hand_pokemon))
            if len(player.prize_cards) > player.prizes:
                self.fail(f"{side}.prize_cards", f"{len(player.prize_cards)} Prize cards listed, but {side} has "
                                                 f"{player.prizes} left")
        return player

    def pokemon(self, value: Any, path: str, side: str) -> Pokemon:
        real = None
        if isinstance(value, str) or (isinstance(value, dict) and value.get("card") is not None):
            value, real = self.real_pokemon(value, path)  # SCENARIOS.md "Real cards"
        raw = self.mapping(value, path, POKEMON_KEYS, required=("name", "types", "hp"))
        p = lambda key: _join(path, key)  # noqa: E731
        name = self.text(raw["name"], p("name"))
        mon = Pokemon(name=name, types=self.types(raw["types"], p("types")), hp=self.hp(raw["hp"], p("hp")),
                      position=path, owner=side, uid=path)
        mon.card = self.optional_text(raw["set"], p("set")) if "set" in raw else None
        mon.stage = self.stage(raw["stage"], p("stage")) if "stage" in raw else "basic"
        mon.evolves_from = self.optional_text(raw["evolves_from"], p("evolves_from")) if "evolves_from" in raw else None
        mon.rule = self.rule(raw["rule"], p("rule")) if "rule" in raw else "none"
        mon.weakness = tuple(self.list_or_one(raw["weakness"], p("weakness"), self.weakness)) \
            if raw.get("weakness") is not None else ()
        mon.resistance = tuple(self.list_or_one(raw["resistance"], p("resistance"), self.resistance)) \
            if raw.get("resistance") is not None else ()
        mon.retreat = self.count(raw["retreat"], p("retreat")) if "retreat" in raw else 0
        mon.damage = self.damage(raw["damage"], p("damage")) if "damage" in raw else 0
        # Absent keys are not looked at (their key paths are built only for what is there).
        mon.energy = tuple(self.list_of(raw["energy"], p("energy"), self.energy)) if "energy" in raw else ()
        mon.tool = self.tool(raw["tool"], p("tool")) if "tool" in raw else None
        mon.conditions = self.conditions(raw["conditions"], p("conditions"), path) if "conditions" in raw else ()
        mon.abilities = tuple(self.list_of(raw["abilities"], p("abilities"), self.ability)) if "abilities" in raw else ()
        mon.attacks = tuple(self.list_of(raw["attacks"], p("attacks"), self.attack)) if "attacks" in raw else ()
        mon.effects = self.effect_list(raw["effects"], p("effects"), "pokemon") if "effects" in raw else ()
        for key in ("came_into_play_this_turn", "evolved_this_turn", "moved_to_active_this_turn",
                    "healed_this_turn"):
            if key in raw:
                setattr(mon, key, self.bool(raw[key], p(key)))
        mon.evolved_from_this_turn = self.optional_text(raw["evolved_from_this_turn"], p("evolved_from_this_turn")) \
            if "evolved_from_this_turn" in raw else None
        mon.abilities_used = tuple(self.list_of(raw["abilities_used"], p("abilities_used"), self.text)) \
            if "abilities_used" in raw else ()
        mon.tags = tuple(self.list_of(raw["tags"], p("tags"), self.tag)) if "tags" in raw else ()
        if "under" in raw:
            mon.under = self.under(raw["under"], p("under"), mon, side)
        mon.line = self.evolution_line(raw, path)
        self.finish_real(mon, real, path)
        mon.abilities_used = own_names(mon.abilities_used, mon.abilities)  # in any of the card's languages
        return mon

    def under(self, value: Any, path: str, mon: Pokemon, side: str) -> tuple:
        """The cards a Pokémon evolved from, Basic first: names, or Pokémon (with HP and
        types) when a devolve needs to know what is left."""
        def card(v, q):
            return self.text(v, q) if isinstance(v, str) else self.pokemon(v, q, side)

        cards = tuple(self.list_of(value, path, card))
        wanted = {"basic": 0, "stage1": 1, "stage2": 2}[mon.stage]
        if cards and len(cards) != wanted:
            self.fail(path, f"{mon.name} is {mon.stage}: it evolved from {wanted} card(s), got {len(cards)} "
                            "([] if it was put into play directly by an effect)")
        return cards

    def weakness(self, value: Any, path: str) -> Weakness:
        raw = self.mapping(value, path, ("type", "value"), required=("type",))
        multiply, add = self.weakness_value(raw["value"], _join(path, "value")) if "value" in raw else (2, None)
        return Weakness(type=self.type(raw["type"], _join(path, "type")), multiply=multiply, add=add)

    def resistance(self, value: Any, path: str) -> Resistance:
        raw = self.mapping(value, path, ("type", "value"), required=("type",))
        amount = -30
        if "value" in raw:
            amount = self.integer(raw["value"], _join(path, "value"))
            if amount >= 0 or amount % 10:
                self.fail(_join(path, "value"), f"expected a negative multiple of 10 such as -30, got {amount}")
        return Resistance(type=self.type(raw["type"], _join(path, "type")), value=amount)

    def conditions(self, value: Any, path: str, position: str) -> tuple[str, ...]:
        result = self.list_of(value, path, self.condition)
        if not result:
            return ()
        if not position.endswith(".active"):
            self.fail(path, "a Benched Pokémon has no Special Conditions (guide-ja:I-F)")
        if len(set(result)) != len(result):
            self.fail(path, "a Special Condition is listed twice")
        rotation = [c for c in result if c in ROTATION_CONDITIONS]
        if len(rotation) > 1:
            self.fail(path, f"{' and '.join(rotation)} cannot be together: asleep, confused and paralyzed "
                            "replace one another (guide-ja:I-F)")
        return tuple(result)

    def stadium(self, value: Any, path: str) -> Stadium:
        if isinstance(value, str):
            value = {"card": value}
        raw = self.mapping(value, path, keys(STADIUM))
        owner = self.choice(raw["owner"], _join(path, "owner"), SIDES, "player") if "owner" in raw else "you"
        if "card" in raw:
            if "name" in raw or "effects" in raw:
                self.fail(path, "give either `card` (a catalog Stadium) or `name` with `effects`, not both")
            entry = self.entry(raw["card"], _join(path, "card"), ("stadium",))
            effects = tuple(_with_origin(e, "stadium") for e in entry.all_effects())
            return Stadium(name=entry.name, owner=owner, effects=effects, cites=entry.sections)
        if "name" not in raw:
            self.fail(path, "missing required key 'card' (or `name` with `effects`)")
        name = self.text(raw["name"], _join(path, "name"))
        effects = tuple(_with_origin(e, "stadium", name)
                        for e in self.effect_list(raw.get("effects"), _join(path, "effects"), "stadium"))
        return Stadium(name=name, owner=owner, effects=effects)

    def coin(self, value: Any, path: str) -> str:
        if isinstance(value, str) and value.strip().lower() in COIN_ALIASES:
            return COIN_ALIASES[value.strip().lower()]
        if isinstance(value, str) and value.strip() in COIN_ALIASES:
            return COIN_ALIASES[value.strip()]
        self.fail(path, f"expected heads or tails, got {describe(value)}")

    # -- positions -----------------------------------------------------------------
    def position(self, value: Any, path: str, scenario: Scenario, side: str | None = None,
                 bench_only: bool = False) -> str:
        position = self.position_text(value, path)
        match = POSITION_RE.fullmatch(position)
        if side and match.group(1) != side:
            self.fail(path, f"expected a position of {side} ({side}.active or {side}.bench[N]), got {position!r}")
        if bench_only and match.group(3) is None:
            self.fail(path, f"expected a Bench position ({match.group(1)}.bench[N]), got {position!r}")
        if self.board_known and scenario.at(position) is None:
            player = scenario.players[match.group(1)]
            if match.group(3) is None:
                self.fail(path, f"no Pokémon at {position}: {match.group(1)} has no Active Pokémon")
            self.fail(path, f"no Pokémon at {position}: {match.group(1)} has {len(player.bench)} "
                            f"Benched Pokémon")
        return position

    # -- ask -------------------------------------------------------------------------
    def ask_kind(self, value: Any) -> str:
        if not isinstance(value, dict):
            self.fail("ask", f"expected a mapping with exactly one of {', '.join(ASK_KINDS)}, got {describe(value)}")
        if len(value) != 1:
            got = ", ".join(value) if value else "none"
            self.fail("ask", f"expected exactly one of {', '.join(ASK_KINDS)}; got {len(value)} keys: {got}")
        kind = next(iter(value))
        if kind not in ASK_KINDS:
            self.fail(f"ask.{kind}", f"unknown ask {kind!r}; expected one of {', '.join(ASK_KINDS)}")
        return kind

    def ask(self, value: dict, kind: str, scenario: Scenario):
        path = f"ask.{kind}"
        return getattr(self, f"ask_{kind}")(value[kind], path, scenario)

    def short_ask(self, value: Any, kind: str) -> Any:
        """`attack: NAME` is short for {name: NAME}; `ability: NAME` too, `play: NAME` and
        `bench: NAME` for {card: NAME} (schema.SHORT_ASKS)."""
        return {SHORT_ASKS[kind]: value} if isinstance(value, str) else value

    def ask_attack(self, value: Any, path: str, scenario: Scenario) -> AttackAsk:
        value = self.short_ask(value, "attack")
        raw = self.mapping(value, path, ASK_KEYS["attack"], required=("name",))
        by = self.position(raw["by"], _join(path, "by"), scenario, side="you") if "by" in raw else "you.active"
        name = self.text(raw["name"], _join(path, "name"))
        choose = self.choose(raw, path, scenario)
        found = tuple(self.list_of(raw["found"], _join(path, "found"), self.text)) \
            if raw.get("found") is not None else None
        if not self.board_known:  # a later entry of a sequence: checked on the board it is ruled on
            return AttackAsk(name=name, by=by, targets=self.targets(raw, path, scenario), path=path, choose=choose,
                             you_may=self.you_may(raw, path), found=found)
        attacker = scenario.at(by)
        if attacker.attack(name) is None:
            self.other_attacks_text(scenario)  # a text in play may let it use other attacks
            have = ", ".join(a.name for a in attacker.attacks) or "none given"
            self.fail(_join(path, "name"), f"{attacker.name} at {by} has no attack {name!r}; its attacks: {have}")
        self.meet(attacker.attack(name))  # a real card's text: applied, or refused
        name = attacker.attack(name).name  # a real card's attack may be asked in any of its languages
        targets = self.targets(raw, path, scenario)
        number = next(i for i, a in enumerate(attacker.attacks) if a.name == name)
        if attacker.attack(name).missing:
            self.fail(f"{by}.attacks[{number}]",
                      f"missing required key 'cost' for {name} (the card catalog does not print it; give it inline: "
                      f"{{card: {name}, cost: [...]}})" if attacker.attack(name).cites
                      else f"missing required key 'cost' for {name} ([] for an attack that needs no Energy)")
        for index, hit in enumerate(attacker.attack(name).bench_damage):
            if isinstance(hit.target, str):
                self.position(hit.target, f"{by}.attacks[{number}].bench_damage[{index}].target", scenario)
        self.check_found(found, attacker, name, by, path, scenario, "found" in raw)
        return AttackAsk(name=name, by=by, targets=targets, path=path, choose=choose, you_may=self.you_may(raw, path),
                         found=found)

    def check_found(self, found, attacker, name: str, by: str, path: str, scenario: Scenario, written: bool) -> None:
        """`found` (Real cards): the cards an attack's text finds in the deck. An attack whose
        damage counts them needs it (or its damage by hand); an attack that reads no deck
        cards has no use for it; it lists the top N cards, fewer only when `deck` says the
        deck had fewer."""
        attack = attacker.attack(name)
        per = attack.damage.per if isinstance(attack.damage, Formula) else ()
        top = per[1] if per and per[0] == "found" else None
        if top is None:
            if written:
                self.fail(_join(path, "found"), f"the text of {name} reads no cards from the deck that the ruling "
                                                f"counts, so `found` has no use here: remove it")
            return
        deck = scenario.players[attacker.owner].deck
        wanted = min(top, deck)
        if found is None:
            self.fail(path, f"{name} counts the cards its text finds in the top {top} cards of the deck, which the "
                            f"file does not give: list them on the ask, `found: [{wanted} card names]` (top card "
                            f"first), or give the damage by hand: attacks: [{{name: {name}, damage: N}}] at {by}")
        if len(found) != wanted:
            said = f"the deck has {deck} cards (`deck`)" if deck < top else f"the text takes the top {top} cards"
            self.fail(_join(path, "found"), f"{name}: expected {wanted} card names, as {said}; got {len(found)}")

    def you_may(self, raw: dict, path: str) -> bool:
        """`you_may` (Real cards): false, the player declines what the text says they may do."""
        return self.bool(raw["you_may"], _join(path, "you_may")) if "you_may" in raw else True

    def choose(self, raw: dict, path: str, scenario: Scenario) -> tuple[str, ...]:
        """`choose` (Real cards): the Pokémon the text lets its player choose, in the order the
        text asks for them; each must be in play (whether it may be chosen is ruled)."""
        if "choose" not in raw:
            return ()
        return tuple(self.list_or_one(raw["choose"], _join(path, "choose"),
                                      lambda v, p: self.position(v, p, scenario)))

    def targets(self, raw: dict, path: str, scenario: Scenario) -> tuple[str, ...]:
        targets = ("opponent.active",)
        if "targets" in raw:
            targets = tuple(self.list_or_one(raw["targets"], _join(path, "targets"),
                                             lambda v, p: self.position(v, p, scenario)))
            if len(set(targets)) != len(targets):
                self.fail(_join(path, "targets"), "a target is listed twice")
        return targets

    def resolve_flag(self, raw: dict, path: str) -> bool:
        """`resolve: true` (Format 2): after the legality check, carry the action out."""
        return self.bool(raw["resolve"], _join(path, "resolve")) if "resolve" in raw else self.resolving

    resolving = False  # inside a `sequence`, every ask is carried out
    # False while reading an entry of a sequence after the first: what it names on the
    # board (a position, an Ability, an attack) is checked when it is ruled, on the board
    # the entries before it left (`sequence_entry`), not on the board the file starts with.
    board_known = True

    def ask_sequence(self, value: Any, path: str, scenario: Scenario) -> SequenceAsk:
        raws: list[tuple[str, Any, str]] = []

        def entry(v, p):
            kind = self.ask_kind_at(v, p, SEQUENCE_ASKS)
            raws.append((kind, v[kind], f"{p}.{kind}"))
            self.board_known = len(raws) == 1
            return self.ask_at(v[kind], f"{p}.{kind}", kind, scenario)

        self.resolving = True
        try:
            asks = tuple(self.list_of(value, path, entry, "a list of asks ({attach: …}, {attack: …}, …)"))
        finally:
            self.resolving, self.board_known = False, True
        if not asks:
            self.fail(path, "expected at least one ask")
        return SequenceAsk(asks=asks, entries=tuple(raws))

    def ask_kind_at(self, value: Any, path: str, kinds: tuple[str, ...]) -> str:
        if not isinstance(value, dict) or len(value) != 1:
            self.fail(path, f"expected a mapping with exactly one of {', '.join(kinds)}, got {describe(value)}")
        kind = next(iter(value))
        if kind not in kinds:
            self.fail(f"{path}.{kind}", f"{kind!r} cannot be an entry of a sequence; expected one of {', '.join(kinds)}")
        return kind

    def ask_at(self, value: Any, path: str, kind: str, scenario: Scenario):
        return getattr(self, f"ask_{kind}")(value, path, scenario)

    def ask_retreat(self, value: Any, path: str, scenario: Scenario) -> RetreatAsk:
        raw = self.mapping(value, path, ASK_KEYS["retreat"])
        to = self.position(raw["to"], _join(path, "to"), scenario, side="you", bench_only=True) \
            if raw.get("to") is not None else None
        return RetreatAsk(to=to, resolve=self.resolve_flag(raw, path))

    def ask_ability(self, value: Any, path: str, scenario: Scenario) -> AbilityAsk:
        value = self.short_ask(value, "ability")
        raw = self.mapping(value, path, ASK_KEYS["ability"], required=("name",))
        by = self.position(raw["by"], _join(path, "by"), scenario, side="you") if "by" in raw else "you.active"
        name = self.text(raw["name"], _join(path, "name"))
        # In a sequence, an entry after the first is read again on the board the
        # entries before it left (board_known); its holder is checked then.
        holder = scenario.at(by) if self.board_known else None
        if holder is not None:
            if all(not a.named(name) for a in holder.abilities):
                have = ", ".join(a.name for a in holder.abilities) or "none given"
                self.fail(_join(path, "name"), f"{holder.name} at {by} has no Ability {name!r}; its Abilities: {have}")
            ability = next(a for a in holder.abilities if a.named(name))
            self.meet(ability)  # a real card's text: applied, or refused
            name = ability.name
        return AbilityAsk(name=name, by=by, resolve=self.resolve_flag(raw, path), path=path,
                          choose=self.choose(raw, path, scenario), you_may=self.you_may(raw, path))

    def hand_pokemon(self, value: Any, path: str) -> HandPokemon:
        real = None
        if isinstance(value, str) and path.startswith("ask.") and self.format == 2 and self.names_real_pokemon(value):
            value, real = self.real_pokemon(value, path, hand=True)
        elif isinstance(value, dict) and value.get("card") is not None:
            value, real = self.real_pokemon(value, path, hand=True)
        if isinstance(value, str):
            return HandPokemon(name=self.text(value, path))
        raw = self.mapping(value, path, HAND_POKEMON_KEYS, required=("name",))
        p = lambda key: _join(path, key)  # noqa: E731
        return HandPokemon(
            weakness=tuple(self.list_or_one(raw["weakness"], p("weakness"), self.weakness))
            if raw.get("weakness") is not None else (),
            resistance=tuple(self.list_or_one(raw["resistance"], p("resistance"), self.resistance))
            if raw.get("resistance") is not None else (),
            retreat=self.count(raw["retreat"], p("retreat")) if "retreat" in raw else 0,
            abilities=tuple(self.list_of(raw["abilities"], p("abilities"), self.ability)) if "abilities" in raw else (),
            attacks=tuple(self.list_of(raw["attacks"], p("attacks"), self.attack)) if "attacks" in raw else (),
            effects=self.effect_list(raw["effects"], p("effects"), "pokemon") if "effects" in raw else (),
            name=self.text(raw["name"], _join(path, "name")),
            stage=self.stage(raw["stage"], _join(path, "stage")) if "stage" in raw else "basic",
            evolves_from=self.optional_text(raw.get("evolves_from"), _join(path, "evolves_from")),
            rule=self.rule(raw["rule"], _join(path, "rule")) if "rule" in raw else "none",
            types=self.types(raw["types"], _join(path, "types")) if "types" in raw else (),
            hp=self.hp(raw["hp"], _join(path, "hp")) if "hp" in raw else None,
            line=self.evolution_line(raw, path),
        ) if real is None else self.finished_hand(raw, path, real)

    def finished_hand(self, raw: dict, path: str, real: dict) -> HandPokemon:
        """A hand card read from a real card: as a Pokémon in play, then as a hand card."""
        mon = self.pokemon({k: v for k, v in raw.items() if k in POKEMON_KEYS}, path, "you")
        self.finish_real(mon, real, path)
        return HandPokemon(name=mon.name, stage=mon.stage, evolves_from=mon.evolves_from, rule=mon.rule,
                           types=mon.types, hp=mon.hp, line=mon.line, weakness=mon.weakness,
                           resistance=mon.resistance, retreat=mon.retreat, abilities=mon.abilities,
                           attacks=mon.attacks, effects=mon.effects, real=mon.real, unknown=mon.unknown)

    def evolution_line(self, raw: dict, path: str) -> tuple[str, ...]:
        """`line: [Basic, Stage 1]` on a Stage 2 card: the Pokémon it evolves through."""
        if "line" not in raw:
            return ()
        where = _join(path, "line")
        names = tuple(self.list_of(raw["line"], where, self.text, "a list [Basic, Stage 1]"))
        if len(names) != 2:
            self.fail(where, f"expected [Basic, Stage 1] (2 names), got {len(names)}")
        if raw.get("stage") != "stage2":
            self.fail(where, "only a Stage 2 card has an evolution line [Basic, Stage 1]")
        if raw.get("evolves_from") is not None and str(raw["evolves_from"]).strip() != names[1]:
            self.fail(where, f"the Stage 1 of the line ({names[1]}) is not the card's evolves_from "
                             f"({str(raw['evolves_from']).strip()})")
        return names

    def ask_evolve(self, value: Any, path: str, scenario: Scenario) -> EvolveAsk:
        raw = self.mapping(value, path, ASK_KEYS["evolve"], required=("target", "card"))
        return EvolveAsk(
            path=path, resolve=self.resolve_flag(raw, path),
            target=self.position(raw["target"], _join(path, "target"), scenario, side="you"),
            card=self.hand_pokemon(raw["card"], _join(path, "card")),
            via=self.choice(raw["via"], _join(path, "via"), ("hand", "rare_candy", "effect"), "way to evolve")
            if "via" in raw else "hand",
        )

    def ask_bench(self, value: Any, path: str, scenario: Scenario) -> BenchAsk:
        value = self.short_ask(value, "bench")
        raw = self.mapping(value, path, ASK_KEYS["bench"], required=("card",))
        return BenchAsk(card=self.hand_pokemon(raw["card"], _join(path, "card")), resolve=self.resolve_flag(raw, path),
                        path=path)

    def ask_play(self, value: Any, path: str, scenario: Scenario) -> PlayAsk:
        value = self.short_ask(value, "play")
        raw = self.mapping(value, path, ASK_KEYS["play"], required=("card",))
        card = self.text(raw["card"], _join(path, "card"))
        entry = self.catalog.lookup(card) if self.catalog else None
        if entry is None and self.catalog is not None:
            entry = self.played_real_card(card, raw, _join(path, "card"))  # SCENARIOS.md "Real cards"
        elif entry is not None:
            self.record_entry(entry, card, "ask")  # a catalog card that is a real card: in the ruling's `cards`
        kind = self.card_kind(raw["kind"], _join(path, "kind")) if "kind" in raw else None
        if kind is None and entry is None:
            kind = self.real_trainer_kind(card)
        if kind is None and entry is not None and entry.category in ("item", "supporter", "stadium", "tool"):
            kind = entry.category
        if kind is None:
            self.fail(path, f"missing required key 'kind' ({card} is not an item, supporter, stadium or tool "
                            "in the card catalog)")
        does = tuple(self.list_of(raw["does"], _join(path, "does"), self.does_word)) if "does" in raw else None
        if does is None and "do" in raw:
            does = does_of(self.actions(raw["do"], _join(path, "do")))
        pay = tuple(self.list_of(raw["pay"], _join(path, "pay"), self.pay_item)) if "pay" in raw else None
        if entry is not None and not entry.modelled and does is None:
            self.not_modelled(_join(path, "card"), f"{entry.name}: not modelled: {entry.why or ''} — give "
                                                   "`does` and `pay` inline")
        if entry is not None:
            does = does if does is not None else entry.does
            pay = pay if pay is not None else entry.pay
        target = self.position(raw["target"], _join(path, "target"), scenario) if raw.get("target") is not None \
            else None
        if kind == "tool" and target is None:
            self.fail(path, "missing required key 'target' (the Pokémon to attach the Tool to)")
        do = self.actions(raw["do"], _join(path, "do")) if "do" in raw else (entry.do if entry is not None else ())
        effects = ()
        if entry is not None and kind in ("item", "supporter") and "do" not in raw:
            effects = tuple(replace(e, origin="player") for e in entry.effects)
        resolve = self.resolve_flag(raw, path)
        unmade = [w for w in does or () if w in BOARD_DOES]
        if resolve and kind in ("item", "supporter") and not do and unmade and entry is not None:
            # The catalog says what it does, not as actions: its real card's text may.
            read = self.linked_actions(entry)
            do = read if read and set(unmade) <= set(does_of(read)) else ()
        if resolve and kind in ("item", "supporter") and not do and unmade:
            # Carried out, it must change the board as its text says: never "carried out" with nothing done.
            self.not_modelled(_join(path, "card"), f"{card}: what it does on the board ({', '.join(unmade)}) is not "
                                                   "given as actions — give `do:` on the ask to carry it out "
                                                   "(or leave out `resolve: true`)")
        return PlayAsk(card=card, card_kind=kind, target=target, does=does, pay=pay,
                       resolve=resolve, do=do, effects=effects, path=path,
                       choose=self.choose(raw, path, scenario), you_may=self.you_may(raw, path))

    def ask_attach(self, value: Any, path: str, scenario: Scenario) -> AttachAsk:
        raw = self.mapping(value, path, ASK_KEYS["attach"], required=("energy", "to"))
        return AttachAsk(energy=self.energy(raw["energy"], _join(path, "energy")),
                         to=self.position(raw["to"], _join(path, "to"), scenario, side="you"),
                         resolve=self.resolve_flag(raw, path))

    def ask_checkup(self, value: Any, path: str, scenario: Scenario) -> CheckupAsk:
        self.mapping(value, path, ())
        return CheckupAsk()

    def ask_game_end(self, value: Any, path: str, scenario: Scenario) -> GameEndAsk:
        raw = self.mapping(value, path, SIDES)
        result = GameEndAsk()
        for side in SIDES:
            sub = self.mapping(raw.get(side), _join(path, side), keys(END_CONDITIONS))
            setattr(result, side, EndConditions(**{k: self.bool(v, _join(_join(path, side), k))
                                                   for k, v in sub.items()}))
        return result

    def ask_setup(self, value: Any, path: str, scenario: Scenario) -> SetupAsk:
        raw = self.mapping(value, path, SIDES)
        mulligans = {}
        for side in SIDES:
            sub = self.mapping(raw.get(side), _join(path, side), ("mulligans",))
            mulligans[side] = self.count(sub["mulligans"], _join(_join(path, side), "mulligans")) \
                if "mulligans" in sub else 0
        return SetupAsk(mulligans=mulligans)

    # -- expect ---------------------------------------------------------------------
    def expect(self, value: Any, path: str, scenario: Scenario) -> Expect:
        raw = self.mapping(value, path, EXPECT_KEYS)
        boardless = isinstance(scenario.ask, (GameEndAsk, SetupAsk))
        values: dict[str, Any] = {}
        p = lambda key: _join(path, key)  # noqa: E731

        def pos(v, q):
            # A sequence's board changes from ask to ask: its positions are checked as text.
            if boardless or isinstance(scenario.ask, SequenceAsk):
                return self.position_text(v, q)
            return self.position(v, q, scenario)

        def pos_map(key, item):
            sub = self.mapping(raw[key], p(key), tuple(raw[key]) if isinstance(raw[key], dict) else ())
            return {pos(k, _join(p(key), k)): item(v, _join(p(key), k)) for k, v in sub.items()}

        def side_map(key, item):
            sub = self.mapping(raw[key], p(key), SIDES)
            return {k: item(v, _join(p(key), k)) for k, v in sub.items()}

        for key in raw:
            if key in ("allowed", "failed"):
                values[key] = self.bool(raw[key], p(key))
            elif key == "cost":
                values[key] = self.count(raw[key], p(key)) if isinstance(raw[key], int) \
                    and not isinstance(raw[key], bool) else list(self.cost(raw[key], p(key)))
            elif key == "damage":
                values[key] = pos_map(key, self.damage)
            elif key == "counters":
                values[key] = pos_map(key, lambda v, q: self.ranged(v, q, 0, MAX_HP // 10))
            elif key == "conditions":
                values[key] = pos_map(key, lambda v, q: sorted(self.list_of(v, q, self.condition)))
            elif key == "knocked_out":
                values[key] = list(self.list_of(raw[key], p(key), pos))
            elif key == "prizes_taken":
                values[key] = side_map(key, lambda v, q: self.ranged(v, q, 0, 6))
            elif key == "extra_draws":
                values[key] = side_map(key, self.count)
            elif key == "winner":
                values[key] = None if raw[key] is None else self.choice(raw[key], p(key),
                                                                        ("you", "opponent", "draw"), "winner")
            elif key == "cites":
                values[key] = list(self.list_of(raw[key], p(key), self.citation))
            elif key == "board":
                # A spot may be filled by the action itself (a Pokémon put onto the Bench).
                sub = self.mapping(raw[key], p(key), tuple(raw[key]) if isinstance(raw[key], dict) else ())
                values[key] = {self.position_text(k, _join(p(key), k)): self.board_spot(v, _join(p(key), k))
                               for k, v in sub.items()}
            elif key == "discarded":
                values[key] = side_map(key, lambda v, q: sorted(self.list_of(v, q, self.text)))
            elif key == "triggered":
                values[key] = list(self.list_of(raw[key], p(key), self.text))
            elif key == "sequence":
                if not isinstance(scenario.ask, SequenceAsk):
                    self.fail(p(key), "`sequence` is expected of a sequence ask only")
                values[key] = list(self.list_of(raw[key], p(key), lambda v, q: self.expect(v, q, scenario)))
        return Expect(values=values)

    def board_spot(self, value: Any, path: str) -> dict | None:
        """What `expect.board` says is at a spot after the ruling (null: empty)."""
        if value is None:
            return None
        raw = self.mapping(value, path, BOARD_FIELDS)
        spot: dict[str, Any] = {}
        if "name" in raw:
            spot["name"] = self.text(raw["name"], _join(path, "name"))
        if "counters" in raw:
            spot["counters"] = self.ranged(raw["counters"], _join(path, "counters"), 0, MAX_HP // 10)
        if "energy" in raw:
            spot["energy"] = sorted(self.energy_names(raw["energy"], _join(path, "energy"))) \
                if raw["energy"] is not None else []
        if "conditions" in raw:
            spot["conditions"] = sorted(self.list_of(raw["conditions"], _join(path, "conditions"), self.condition))
        if "tool" in raw:
            spot["tool"] = self.optional_text(raw["tool"], _join(path, "tool"))
        return spot


def sequence_entry(scenario: Scenario, index: int, board: Scenario):
    """Entry `index` of the scenario's sequence, read again on `board` (the board the
    entries before it left): a position, Ability or attack it names that is not there
    then is the same error, with the same file, line and key path, as for a single ask."""
    from judgebot.engine.format.catalog import load_catalog

    kind, value, path = scenario.ask.entries[index]
    reader = ScenarioReader(scenario.file, scenario.lines, load_catalog())
    reader.resolving = True
    return reader.ask_at(value, path, kind, board)


def _with_origin(effect, origin: str, source: str | None = None):
    from dataclasses import replace

    return replace(effect, origin=origin, source=effect.card or source or effect.source)


__all__ = ["load_scenario", "parse_scenario", "ScenarioReader", "ASK_KINDS", "sequence_entry"]
