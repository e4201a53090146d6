"""Card text the engine does not read, met when the ruling reaches what it speaks of.

An Ability in force that no template reads refuses every ruling of its Pokémon, unless its
text speaks only of some events (cardtext.ability_events: the Pokémon damaged by an
attack, a card played from the hand, the Checkup …). Then the ruling is refused
(`not modelled`, the text quoted) when it reaches such an event:

- `before`: what the asks bring about (a card played, an attack by the other side, the
  Checkup, setting up …), checked before anything is ruled;
- `after`: what the ruling of one ask did (the Pokémon damaged or moved, a Knock Out, a
  Special Condition), checked on the board it left;

and when it reaches none, the ruling's `cards` lists the text as not applied, naming what
it waits for (`not_reached`). Every check is wide: anything that could bring the event
about meets it.
"""

from __future__ import annotations

from typing import Callable, Iterator

from judgebot.engine.board.model import Ability, Action, Pokemon, Scenario
from judgebot.i18n import Joined, msg

PLAYS = frozenset({"play", "attach", "evolve", "bench"})


def pending(scenario: Scenario) -> list[tuple[Pokemon, Ability]]:
    """The unread Abilities in force that wait for an event, with their Pokémon."""
    return [(mon, ability) for mon in scenario.all_pokemon() for ability in mon.abilities
            if ability.unapplied is not None and ability.met_on]


def _asks(scenario: Scenario) -> tuple:
    ask = scenario.ask
    return tuple(ask.asks) if ask.kind == "sequence" else (ask,)


def _attacking_sides(asks: tuple) -> set[str]:
    return {(getattr(ask, "by", None) or "you.active").split(".")[0] for ask in asks if ask.kind == "attack"}


def _actions(actions) -> Iterator[Action]:
    """Every action of a `do` list, those inside `if` and `coin` branches included."""
    for action in actions or ():
        if not isinstance(action, Action):
            continue
        yield action
        for value in action.args.values():
            if isinstance(value, (list, tuple)):
                yield from _actions(value)


def _action_kinds(scenario: Scenario) -> set[str]:
    """The kinds of every action a text of a Pokémon in play could carry out."""
    kinds: set[str] = set()
    for mon in scenario.all_pokemon():
        for part in (*mon.attacks, *mon.abilities):
            kinds |= {action.kind for action in _actions(part.do)}
            for effect in part.effects:
                kinds |= {action.kind for action in _actions(effect.get("do"))}
    return kinds


# -- before: what the asks bring about ---------------------------------------------------------

def _met_before(event: str, mon: Pokemon, scenario: Scenario, kinds: set[str], asks: tuple) -> bool:
    other_side = "opponent" if mon.owner == "you" else "you"
    if event == "setup":
        return "setup" in kinds
    if event == "evolving":
        return bool(kinds & {"evolve", "play"})
    if event == "put_into_play":
        return bool(kinds & {"bench", "evolve", "play"})
    if event == "cards_played":
        return bool(kinds & PLAYS)
    if event == "attacked":
        return other_side in _attacking_sides(asks)
    if event == "abilities":
        others = any(m.abilities or m.abilities_used for m in scenario.all_pokemon() if m is not mon)
        return others or bool(scenario.turn.abilities_used) or bool(kinds & {"ability", "evolve", "bench", "play"})
    if event == "checkup":
        return bool(kinds & {"checkup", "game_end"})
    if event in ("moved", "opponent_moved"):
        return "retreat" in kinds
    if event == "conditions":
        return bool(mon.conditions)
    if event == "counters_moved":
        return "move_counters" in _action_kinds(scenario) or bool(kinds & {"play", "ability"})
    if event == "to_hand":
        return bool(_action_kinds(scenario) & {"return_pokemon", "devolve"}) or bool(kinds & {"play", "ability"})
    if event == "tools":
        return any(m.tool is not None for m in scenario.players[mon.owner].pokemon()) or bool(kinds & {"play", "attach"})
    if event == "stadium":
        return scenario.stadium is not None or "play" in kinds
    return False  # knocked_out, other_attacks: met by what the ruling does, or by the ask read


def before(scenario: Scenario) -> None:
    """Refuse the scenario when its asks bring about what an unread text speaks of."""
    waiting = pending(scenario)
    if not waiting:
        return
    asks = _asks(scenario)
    kinds = {ask.kind for ask in asks}
    for mon, ability in waiting:
        if any(_met_before(event, mon, scenario, kinds, asks) for event in ability.met_on):
            raise ability.unapplied.error()


# -- after: what the ruling of one ask did -----------------------------------------------------

def _zone(position: str) -> str:
    return position.split(".")[1].split("[")[0] if "." in position else position


def _moved(before_mon: Pokemon, state) -> bool:
    now = state.by_uid(before_mon.uid)
    return now is not None and _zone(now.position) != _zone(before_mon.position)


def _met_after(event: str, mon: Pokemon, scenario: Scenario, state, ruling) -> bool:
    now = state.by_uid(mon.uid)
    if event == "attacked":  # damaged by anything, or gone (Knocked Out …)
        return now is None or now.damage > mon.damage
    if event == "moved":
        return _moved(mon, state)
    if event == "opponent_moved":
        other_side = "opponent" if mon.owner == "you" else "you"
        return any(_moved(m, state) for m in scenario.players[other_side].pokemon())
    if event == "knocked_out":
        return bool(ruling.knocked_out) or bool(state.left)
    if event == "conditions":
        return now is not None and bool(now.conditions)
    return False


def after(scenario: Scenario, ruling) -> None:
    """Refuse the ruling when what one ask did reached what an unread text speaks of
    (`scenario` is the board the ask was ruled on; `ruling.state` the board it left)."""
    state = getattr(ruling, "state", None)
    if state is None:
        return
    for mon, ability in pending(scenario):
        if any(_met_after(event, mon, scenario, state, ruling) for event in ability.met_on):
            raise ability.unapplied.error()


# -- not reached -------------------------------------------------------------------------------

def not_reached(scenario: Scenario) -> None:
    """The ruling is given: each unread text that waits for an event is listed in `cards` as
    not applied, with what it waits for."""
    for _mon, ability in pending(scenario):
        record: Callable | None = ability.on_unreached
        if record is not None:
            events = Joined(tuple(msg(f"card.why.event.{event}") for event in ability.met_on))
            record(msg("card.why.unreached", events=events))
