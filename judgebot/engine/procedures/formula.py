"""Step 1 of the damage calculation for a "+", "×" or "-" attack (guide-ja Ⅱ-B-01 ●●ダメージ
追加, Ⅱ-B-02 ●●の数×▲▲ダメージ, Ⅱ-B-03 ●●ダメージぶん小さくなる): the printed number
changed by what the text counts on the board as it is at step 4 (after step 3).

Energy is counted by the units it provides (Ⅱ-D-08; `cards: true` counts cards), a
type narrowing it to the units of that type — an Energy of every type counts for each
type (Ⅱ-D-08). A count the board does not give (a hand or discard pile the file leaves
out) is an error naming the key, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgebot.engine.board.effects import Board, filter_cites, filter_msg, matches, retreat_cost_modifier
from judgebot.engine.board.energy import units_of
from judgebot.engine.board.model import Choice, Formula, Pokemon
from judgebot.errors import ScenarioError
from judgebot.i18n import Joined, Msg, Term, msg

FORMULA_RULES = {"plus": "guide-ja:II-B-01", "times": "guide-ja:II-B-02", "minus": "guide-ja:II-B-03"}


@dataclass
class Counted:
    value: int  # the attack's damage at step 1
    count: int  # how many of what the text counts (or 1/0 for a condition)
    said: Msg  # what was counted, in words
    cites: list[str]


def energy_units(board: Board, mon: Pokemon, type_: str | None, cards: bool, with_cites: bool = False):
    """(how many, whether an every-type Energy was counted as `type_`[, the sections of
    those every-type Energy cards])."""
    units = units_of(mon, board)
    if type_ is not None:
        units = [u for u in units if type_ in u.types]
    every = type_ is not None and any(u.every_type for u in units)
    n = len({u.card_index for u in units}) if cards else len(units)
    if with_cites:
        return n, every, [c for u in units if u.every_type for c in u.cites]
    return n, every


def provides_type(board: Board, mon: Pokemon, energy, type_: str) -> tuple[bool, bool]:
    """Does this attached card provide `type_` now? (and is it as an every-type Energy)"""
    index = next(i for i, e in enumerate(mon.energy) if e is energy)
    found = [u for u in units_of(mon, board) if u.card_index == index and type_ in u.types]
    return bool(found), any(u.every_type for u in found)


def filter_rules(wanted) -> tuple[str, ...]:
    """What a filter's words are defined by (has_ability: Ⅱ-D-13 なくなる; a Rule Box: Ⅱ-D-18)."""
    return filter_cites(wanted)


def count(state, resolve, formula: Formula, coins) -> tuple[int, Msg, list[str]]:
    """What `per` counts on the board now: (count, in words, the rules that decided it).
    `resolve(where)` gives the Pokémon a relative target names."""
    what, of, options = formula.per
    board = state.board()
    scenario = state.scenario
    cites: list[str] = []
    if what in ("energy", "counters", "retreat", "conditions"):
        mons = resolve.many(of) if isinstance(of, Choice) else [m for m in [resolve(of)] if m is not None]
        names = Joined(tuple(m.name for m in mons)) if mons else "—"
    if what == "energy":
        n, every, cards = 0, False, []
        for mon in mons:
            got, all_types, own = energy_units(board, mon, options.get("type"), options.get("cards", False), True)
            n, every, cards = n + got, every or all_types, cards + own
        if every:
            cites += ["guide-ja:II-D-08"] + cards
        kind = Term(f"type.{options['type']}") if options.get("type") else msg("formula.any_type")
        return n, msg("formula.energy" + (".cards" if options.get("cards") else ""), mon=names,
                      kind=kind, n=n), cites
    if what == "counters":
        n = sum(mon.damage // 10 for mon in mons)
        return n, msg("formula.counters", mon=names, n=n), ["guide-ja:II-C-07"]
    if what == "retreat":
        n = 0
        for mon in mons:
            mon.need("retreat")
            modifier = retreat_cost_modifier(board, mon)
            n += 0 if modifier.none else max(0, mon.retreat + modifier.delta)
        return n, msg("formula.retreat", mon=names, n=n), ["guide-ja:II-D-10"]
    if what == "conditions":
        n = sum(len(mon.conditions) for mon in mons)
        return n, msg("formula.conditions", mon=names, n=n), ["guide-ja:I-F"]
    if what == "heads":
        if of == "until_tails":
            # "Flip a coin until you get tails": every heads counts, the tails ends it.
            n = 0
            while coins.flip(f"{formula.path}: until tails, coin {n + 1}") == "heads":
                n += 1
            return n, msg("formula.heads.until_tails", n=n), []
        if isinstance(of, tuple):
            # "Flip a coin for each …": as many coins as that counts.
            many, said, counted = count(state, resolve, Formula(per=of, path=formula.path), coins)
            flips = [coins.flip(f"{formula.path}: coin {i + 1} of {many}") for i in range(many)]
            n = flips.count("heads")
            return n, msg("formula.heads.for_each", counted=said, flips=many, n=n), counted
        flips = [coins.flip(f"{formula.path}: coin {i + 1} of {of}") for i in range(of)]
        n = flips.count("heads")
        return n, msg("formula.heads", flips=of, n=n), []
    if what == "pokemon" and of == "both":
        wanted = options.get("match")
        found = [m for m in scenario.all_pokemon() if matches(wanted, m, resolve.side("own"), None, board)]
        return len(found), msg("formula.pokemon.both", n=len(found), filter=filter_msg(wanted)), \
            list(filter_rules(wanted))
    if what == "found":
        return found_count(state, formula, of, options)
    side = resolve.side(of)
    player = scenario.players[side]
    if what == "pokemon":
        wanted = options.get("match")
        found = [m for m in player.pokemon() if matches(wanted, m, side, None, board)]
        cites = list(filter_rules(wanted))
        return len(found), msg("formula.pokemon", side=Term(f"side.{side}"), n=len(found),
                               filter=filter_msg(wanted)), cites
    if what == "bench":
        n = len(player.bench)
        return n, msg("formula.bench", side=Term(f"side.{side}"), n=n), []
    if what == "prizes_taken":
        n = 6 - player.prizes
        return n, msg("formula.prizes_taken", side=Term(f"side.{side}"), n=n), ["guide-ja:II-D-17"]
    if what == "hand":
        if not player.hand_given:
            raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.hand",
                                f"{formula.path} counts the cards in {side}'s hand: give `hand`")
        n = len(player.hand)
        return n, msg("formula.hand", side=Term(f"side.{side}"), n=n), []
    if player.discard is None:
        raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.discard",
                            f"{formula.path} counts cards in {side}'s discard pile: give `discard`")
    names = [c for c in player.discard if options.get("name") in (None, c)]
    if options.get("kind"):
        # "for each Supporter card in your discard pile": each card's kind, from what it is named
        # (a basic Energy by its type word, a real card by its printed name); a name that says no
        # one kind is asked for, never counted on a guess.
        wanted = options["kind"]
        counted = []
        for card in names:
            kinds = discard_kinds(card)
            if kinds is None:
                raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.discard",
                                    f"{formula.path} counts the {wanted} cards in {side}'s discard pile: {card!r} "
                                    "names no one card whose kind is known; write the card's printed name (a basic "
                                    "Energy by its type word)")
            if wanted in kinds:
                counted.append(card)
        names = counted
    n = len(names)
    return n, msg("formula.discard", side=Term(f"side.{side}"), n=n), []


def found_count(state, formula: Formula, top: int, options: dict) -> tuple[int, Msg, list[str]]:
    """"… the top N cards of your deck, and … for each <kind> card you discarded in this way":
    the cards the ask's `found` lists, counted by their kind (from their names, as in a discard
    pile); a name of no known kind is asked for, never counted on a guess."""
    scenario = state.scenario
    if state.found is None:
        raise ScenarioError(scenario.file, scenario.line_of(state.found_path.rsplit(".", 1)[0]), state.found_path,
                            f"{formula.path} counts the cards the attack finds among the top {top} cards of the "
                            f"deck: give them on the ask, `found: [card names]`, top card first")
    counted = [card for card in state.found if found_matches(card, options, scenario, state.found_path)]
    n = len(counted)
    return n, msg("formula.found", top=top, found=len(state.found), n=n), []


def found_matches(card: str, options: dict, scenario, path: str) -> bool:
    """Is a card found in the deck of the kind (and type) the text counts?"""
    wanted, type_ = options.get("kind"), options.get("type")
    if wanted is None and type_ is None:
        return True
    kinds = discard_kinds(card)
    if kinds is None:
        raise ScenarioError(scenario.file, scenario.line_of(path.rsplit(".", 1)[0]), path,
                            f"{card!r} names no one card whose kind is known, and the attack counts the "
                            f"{wanted or type_} cards it finds; write the card's printed name (a basic Energy "
                            "by its type word)")
    if wanted is not None and wanted not in kinds:
        return False
    if type_ is not None:
        return basic_energy_type(card) == type_
    return True


def basic_energy_type(name: str) -> str | None:
    """The type of a basic Energy card named by its type word or its printed name."""
    from judgebot.carddb.lookup import find
    from judgebot.engine.board.model import TYPES

    if name in TYPES:
        return name
    types = {card.get("provides") for card in find(name, near=False).cards
             if card["category"] == "energy" and card.get("energy_type") == "basic"}
    return next(iter(types)) if len(types) == 1 else None


def discard_kinds(name: str) -> set[str] | None:
    """The kinds (DISCARD_KINDS) a card in a discard pile is, from its name; None when the name
    is no card, or cards of several kinds."""
    from judgebot.carddb.lookup import find
    from judgebot.engine.board.model import TYPES

    if name in TYPES and name != "colorless":
        return {"energy", "basic_energy"}
    kinds = set()
    for card in find(name, near=False).cards:
        if card["category"] == "pokemon":
            kinds.add(frozenset({"pokemon"}))
        elif card["category"] == "trainer" and card.get("trainer_type"):
            kinds.add(frozenset({card["trainer_type"]}))
        elif card["category"] == "energy":
            kinds.add(frozenset({"energy", "basic_energy"} if card.get("energy_type") == "basic" else {"energy"}))
        else:
            return None
    return set(next(iter(kinds))) if len(kinds) == 1 else None


def base_damage(state, resolve, formula: Formula, coins, test_holds) -> Counted:
    """Step 1 of a formula attack. `test_holds(test)` decides an `if` bonus."""
    rule = FORMULA_RULES["plus" if formula.plus else "times" if formula.times else "minus"]
    if formula.test is not None:
        holds, seen, counted = test_holds(formula.test)
        value = formula.base + (formula.plus if holds else 0)
        said = msg("formula.if." + ("yes" if holds else "no"), base=formula.base, plus=formula.plus, seen=seen)
        return Counted(value, int(holds), said, counted + [rule])
    n, said, cites = count(state, resolve, formula, coins)
    if formula.times:
        value = formula.times * n
        text = msg("formula.times", each=formula.times, counted=said, value=value)
    elif formula.plus:
        value = formula.base + formula.plus * n
        text = msg("formula.plus", base=formula.base, each=formula.plus, counted=said, value=value)
    else:
        value = formula.base - formula.minus * n
        text = msg("formula.minus", base=formula.base, each=formula.minus, counted=said, value=max(value, 0))
    return Counted(value, n, text, [rule] + cites)
