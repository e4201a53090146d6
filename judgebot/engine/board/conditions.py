"""An effect's `if` and `per` (card text, extension): a test and a count on the board as it
is whenever the effect is asked about — "If you have any {D} Mega Evolution Pokémon ex in
play, attacks used by this Pokémon do 120 more damage", "This Pokémon gets +50 HP for each
Prize card your opponent has taken".

`self` is the Pokémon the effect is on; sides are seen from the effect's owner. A count the
board does not give (a hand or discard pile the file leaves out) is an error naming the
key, asked for only when the effect is (never a guess).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgebot.carddb.lookup import same_name
from judgebot.engine.board.model import Pokemon, other
from judgebot.errors import ScenarioError
from judgebot.i18n import Msg, Term, msg

if TYPE_CHECKING:
    from judgebot.engine.board.effects import Board


def _side(word: str, owner: str) -> str:
    return owner if word == "own" else other(owner)


def _hand(board: "Board", side: str, source: str) -> tuple:
    scenario = board.scenario
    player = scenario.players[side]
    if not player.hand_given:
        raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.hand",
                            f"{source} counts the cards in {side}'s hand: give `hand`")
    return player.hand


def _energy(board: "Board", mon: Pokemon, type_: str | None, cards: bool) -> int:
    from judgebot.engine.board.energy import units_of

    units = units_of(mon, board)
    if type_ is not None:
        units = [u for u in units if type_ in u.types]
    return len({u.card_index for u in units}) if cards else len(units)


def _pokemon(board: "Board", side_word: str, wanted, owner: str) -> list[Pokemon]:
    from judgebot.engine.board.effects import matches

    sides = ("you", "opponent") if side_word == "both" else (_side(side_word, owner),)
    return [m for side in sides for m in board.scenario.players[side].pokemon()
            if matches(wanted, m, owner, None, board)]


def holds(board: "Board", test: dict, mon: Pokemon, owner: str, source: str) -> tuple[bool, Msg | int | str]:
    """(does the test hold now, what was seen)."""
    kind = test["kind"]
    players = board.scenario.players
    if kind in ("prizes_vs", "hands_vs"):
        if kind == "prizes_vs":
            own, theirs = players[owner].prizes, players[other(owner)].prizes
        else:
            own, theirs = (len(_hand(board, side, source)) for side in (owner, other(owner)))
        held = {"more": own > theirs, "fewer": own < theirs, "same": own == theirs}[test["want"]]
        return held, msg(f"card_effect.seen.{kind}", own=own, theirs=theirs)
    if kind == "stadium":
        stadium = board.scenario.stadium
        return (stadium is not None) == test["want"], stadium.name if stadium else msg("card_effect.seen.no_stadium")
    if kind == "hand":
        side = _side(test["side"], owner)
        have = len(_hand(board, side, source))
        said = msg("formula.hand", side=Term(f"side.{side}"), n=have)
    elif kind in ("prizes", "deck"):
        side = _side(test["side"], owner)
        have = players[side].prizes if kind == "prizes" else players[side].deck
        said = msg(f"effect.seen.{kind}", side=Term(f"side.{side}"), n=have)
    elif kind == "pokemon":
        have, said, _ = count(board, ("pokemon", test["side"], {"match": test.get("match")}), mon, owner, source)
    elif kind == "counters":
        have, said, _ = count(board, ("counters", "self", {}), mon, owner, source)
    elif kind == "energy":
        have, said, _ = count(board, ("energy", "self", {"type": test.get("type"), "cards": test.get("cards", False)}),
                              mon, owner, source)
    else:  # the reader allows only the kinds above (schema.EFFECT_TESTS)
        raise ValueError(f"an effect's `if` cannot test {kind}")
    return ("at_least" not in test or have >= test["at_least"]) and \
        ("at_most" not in test or have <= test["at_most"]), said


def count(board: "Board", per: tuple, mon: Pokemon, owner: str, source: str) -> tuple[int, Msg, tuple[str, ...]]:
    """(how many, in words, the rules that decided what counts) of an effect's `per`."""
    from judgebot.engine.board.effects import filter_cites, filter_msg

    what, of, options = per
    if what == "energy":
        n = _energy(board, mon, options.get("type"), bool(options.get("cards")))
        kind = Term(f"type.{options['type']}") if options.get("type") else msg("formula.any_type")
        return n, msg("formula.energy" + (".cards" if options.get("cards") else ""), mon=mon.name, kind=kind, n=n), ()
    if what == "counters":
        n = mon.damage // 10
        return n, msg("formula.counters", mon=mon.name, n=n), ("guide-ja:II-C-07",)
    if what == "pokemon":
        found = _pokemon(board, of, options.get("match"), owner)
        side = Term(f"side.{_side(of, owner)}") if of != "both" else None
        said = msg("formula.pokemon", side=side, n=len(found), filter=filter_msg(options.get("match"))) if side \
            else msg("formula.pokemon.both", n=len(found), filter=filter_msg(options.get("match")))
        return len(found), said, filter_cites(options.get("match"))
    side = _side(of, owner)
    player = board.scenario.players[side]
    if what == "bench":
        n = len(player.bench)
        return n, msg("formula.bench", side=Term(f"side.{side}"), n=n), ()
    if what == "prizes_taken":
        n = 6 - player.prizes
        return n, msg("formula.prizes_taken", side=Term(f"side.{side}"), n=n), ("guide-ja:II-D-17",)
    if what == "hand":
        n = len(_hand(board, side, source))
        return n, msg("formula.hand", side=Term(f"side.{side}"), n=n), ()
    if what == "discard":
        scenario = board.scenario
        if player.discard is None:
            raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.discard",
                                f"{source} counts cards in {side}'s discard pile: give `discard`")
        if options.get("kind") is not None:
            raise ValueError("an effect's `per` does not count discard piles by kind")
        name = options.get("name")
        # The card's name in any of its languages (a Japanese file's ハッサク is Kofu).
        n = sum(1 for c in player.discard if name is None or c == name or same_name(name, c))
        return n, msg("formula.discard", side=Term(f"side.{side}"), n=n), ()
    raise ValueError(f"an effect's `per` cannot count {what}")
