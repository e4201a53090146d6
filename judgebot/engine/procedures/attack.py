"""ワザを使う手順 (guide-ja Ⅰ-A-01), the whole resolution of `ask: attack`:

1 declare (Asleep/Paralyzed, "cannot attack", first turn of the player going first,
  Active only, enough Energy) → 2 coin checks (2a "if tails the attack fails",
  2b Confusion, and the attack's own "if tails, this attack does nothing") →
  4 damage (six steps, per target, Bench and self damage) → 5 other effects →
  7 Knock Outs, Prizes → game end (Ⅰ-E).
Step 3 ("before doing damage") and 6 ("when damaged") texts have no primitive in
the scenario format, so the engine says nothing about them rather than guess.
"""

from __future__ import annotations

from judgebot.engine.procedures import damage as dmg
from judgebot.engine.procedures import game_end, knockout
from judgebot.engine.board.effects import (CANNOT_BEATS_CAN, Board, cant_attack, cites_of, effect_msg, effects_msg,
                                          matches, not_applying_msg)
from judgebot.engine.board.energy import attached_msg, check_cost
from judgebot.engine.board.model import AttackAsk, Attack, EndConditions, Pokemon, Scenario, other
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Msg, Term, msg, render
from judgebot.errors import ScenarioError

CONFUSION_COUNTERS = 3
ROTATION = ("asleep", "confused", "paralyzed")


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("attack", key).cite) + list(extra)


class Resolution:
    """The state of one attack being resolved."""

    def __init__(self, scenario: Scenario, ruling: Ruling):
        self.scenario = scenario
        self.ruling = ruling
        self.board = Board(scenario)
        ask: AttackAsk = scenario.ask
        self.ask = ask
        self.attacker: Pokemon = scenario.at(ask.by)
        self.attack: Attack = self.attacker.attack(ask.name)
        self.damage_after = {mon.position: mon.damage for mon in scenario.all_pokemon()}
        self.conditions_after = {mon.position: list(mon.conditions) for mon in scenario.all_pokemon()}
        self.attack_damage_from: dict[str, str] = {}
        self.coins = list(scenario.coins)
        self.coin_index = 0


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    r = Resolution(scenario, ruling)
    ruling.allowed = declare(r)
    if not ruling.allowed:
        ruling.failed = None
        return ruling
    ruling.failed = coin_checks(r)
    if not ruling.failed:
        ruling.damage = damage(r)
        other_effects(r)
    else:
        ruling.damage = {t: 0 for t in r.ask.targets}
    finish(r)
    return ruling


def _types(types) -> Msg | Joined:
    """Energy types in the guides' terms; no Energy at all said as such."""
    return Joined(tuple(Term(f"type.{t}") for t in types)) if types else msg("attack.cost.none")


# -- 1. declaration ------------------------------------------------------------------

def declare(r: Resolution) -> bool:
    ruling, mon, attack, turn = r.ruling, r.attacker, r.attack, r.scenario.turn
    start = len(ruling.steps)
    blocked = False
    can = []  # the "can" texts of the attack that are in play (Ⅱ-E-28)
    if not mon.is_active:
        if attack.usable_from_bench:
            can.append(msg("attack.can.bench"))
            ruling.step("declare", msg("attack.bench.can", mon=mon.name, attack=attack.name),
                        _cite("declare", "guide-ja:II-E-28"))
        else:
            blocked = True
            ruling.reason(msg("attack.bench.cannot", mon=mon.name, attack=attack.name),
                          _cite("declare", "guide-ja:II-E-28"))
    if turn.number == 1 and turn.first == "you":
        if attack.usable_first_turn:
            can.append(msg("attack.can.first_turn"))
            ruling.step("declare", msg("attack.first_turn.can", attack=attack.name),
                        ["guide-zh:I-A-01", "guide-ja:II-E-28"])
        else:
            blocked = True
            ruling.reason(msg("attack.first_turn"), ["guide-zh:I-A-01",
                                                                                             "guide-ja:II-E-28"])
    for condition in ("asleep", "paralyzed"):
        if condition in mon.conditions:
            blocked = True
            ruling.reason(msg("attack.condition_stops", mon=mon.name, condition=Term(f"condition.{condition}")),
                          _cite("declare"))
    stopping = cant_attack(r.board, mon, attack.name)
    if stopping:
        blocked = True
        cites = _cite("declare", "guide-ja:II-C-15") + [c for e in stopping for c in cites_of(e)]
        every = any(e.get("attack") is None for e in stopping)
        text = [msg("attack.cant" if every else "attack.cant.named", mon=mon.name, attack=attack.name,
                    effects=effects_msg(stopping))]
        if can:
            text.append(msg("attack.cannot_beats_can", can=Joined(tuple(can))))
            cites.append(CANNOT_BEATS_CAN)
        ruling.reason(text, cites)
    cost = check_cost(r.board, mon, attack)
    ruling.cost = list(cost.cost)
    printed = _types(attack.cost)
    if cost.alternative:
        how = msg("attack.cost.how.alternative", cost=_types(cost.cost))
    elif cost.modifier.none:
        how = msg("attack.cost.how.none", printed=printed, effects=effects_msg(cost.modifier.effects))
    elif cost.modifier.effects:
        how = msg("attack.cost.how.modified", printed=printed, delta=f"{cost.modifier.delta:+d}",
                  effects=effects_msg(cost.modifier.effects), cost=_types(cost.cost))
    else:
        how = msg("attack.cost.how.printed", printed=printed)
    attached = attached_msg(mon)
    if cost.silenced:
        how = msg("attack.cost.how.silenced", how=how, items=not_applying_msg(cost.silenced))
    plain = not (cost.alternative or cost.modifier.effects or cost.silenced) and all(e.basic for e in mon.energy)
    if cost.payable and plain:
        ruling.step("cost", msg("attack.cost.paid", cost=_types(cost.cost),
                                attached=_types([e.name for e in mon.energy])), cost.cites, value=list(cost.cost))
    elif cost.payable:
        ruling.step("cost", msg("attack.cost.paid_by", how=how, attached=attached, payment=cost.payment_msg()), cost.cites,
                    value=list(cost.cost))
    else:
        blocked = True
        ruling.reason(msg("attack.cost.short", how=how, mon=mon.name, attached=attached), cost.cites)
        ruling.step("cost", msg("attack.cost.cannot", how=how, attached=attached), cost.cites, value=list(cost.cost))
    if not blocked:
        ruling.step("declare", msg("attack.declares", mon=mon.name, attack=attack.name), _cite("declare"))
        ruling.steps.insert(start, ruling.steps.pop())
    return not blocked


# -- 2. coin checks --------------------------------------------------------------------

def _planned_flips(r: Resolution) -> list[tuple[str, Msg, list[str], str]]:
    """(kind, why, cites, rule) for every flip the attack needs if each one succeeds; the
    rule is named in the error that asks for a missing coin."""
    flips = []
    for effect in r.board.of_kind(r.attacker, "attack_coin_check"):
        flips.append(("coin_check", msg("attack.flip.coin_check", mon=r.attacker.name, effect=effect_msg(effect)),
                      _cite("coin_check") + list(cites_of(effect)), "guide-ja:I-A-01 step 2a"))
    if "confused" in r.attacker.conditions:
        flips.append(("confused", msg("attack.flip.confused", mon=r.attacker.name), _cite("coin_check"),
                      "guide-ja:I-A-01 step 2b"))
    if r.attack.fails_on_tails:
        flips.append(("fails_on_tails", msg("attack.flip.fails_on_tails", attack=r.attack.name),
                      ["guide-ja:II-D-01"], "guide-ja:II-D-01"))
    return flips


def _need_more_coins(r: Resolution, flips, first: int) -> None:
    wanted = "; ".join(f"coin flip {first + i + 1} needed: {render(why)} ({rule})"
                       for i, (_, why, _, rule) in enumerate(flips[first:]))
    raise ScenarioError(r.scenario.file, r.scenario.line_of("coins"), "coins",
                        f"{wanted} — give the outcomes in `coins` (heads or tails, in order)")


def coin_checks(r: Resolution) -> bool:
    """True when the attack failed."""
    ruling, mon = r.ruling, r.attacker
    flips = _planned_flips(r)
    for index, (kind, why, cites, _) in enumerate(flips):
        if index >= len(r.coins):
            _need_more_coins(r, flips, index)
        coin = r.coins[index]
        r.coin_index = index + 1
        if coin == "heads":
            ruling.step("coin_check", msg("attack.coin.heads", n=index + 1, why=why),
                        cites, value="heads")
            continue
        if kind == "coin_check":
            ruling.step("coin_check", msg("attack.coin.tails.check", n=index + 1), cites + ["guide-ja:II-D-01"],
                        value="tails")
        elif kind == "confused":
            r.damage_after[mon.position] += CONFUSION_COUNTERS * 10
            ruling.step("coin_check", msg("attack.coin.tails.confused", n=index + 1, mon=mon.name,
                                          counters=msg("counters", n=CONFUSION_COUNTERS)),
                        cites, value="tails", change=f"+{CONFUSION_COUNTERS * 10}", target=mon.position)
        else:
            ruling.step("coin_check", msg("attack.coin.tails.nothing", n=index + 1, attack=r.attack.name),
                        cites, value="tails")
        return True
    return False


# -- 4. damage -------------------------------------------------------------------------

def _hits(r: Resolution) -> list[dmg.Hit]:
    attack, mon = r.attack, r.attacker
    hits: list[dmg.Hit] = []

    def hit(target_pos: str, amount: int, kind: str, wr_stated: bool = False) -> dmg.Hit:
        target = r.scenario.at(target_pos)
        h = dmg.Hit(attacker=mon, target=target, base=amount, attack_name=attack.name, kind=kind,
                    attack_cites=attack.cites)
        if attack.ignore_weakness_resistance:
            h.weakness_resistance, h.wr_note, h.wr_cite = False, msg("damage.wr.ignored", attack=attack.name), \
                ("guide-ja:II-B-06",) + attack.cites
        elif not target.is_active and not wr_stated:
            h.weakness_resistance, h.wr_note, h.wr_cite = False, msg("damage.wr.bench"), ("guide-ja:II-B-08",)
        h.ignore_defender_effects = attack.ignore_defender_effects and target.position == f"{other(mon.owner)}.active"
        return h

    if attack.damage is not None:
        for target in r.ask.targets:
            hits.append(hit(target, attack.damage, "attack" if r.scenario.at(target).is_active else "bench"))
    for extra in attack.bench_damage:
        hits.append(hit(extra.target, extra.amount, "bench", extra.weakness_resistance))
    if attack.self_damage:
        hits.append(hit(mon.position, attack.self_damage, "self"))
    return hits


def damage(r: Resolution) -> dict[str, int]:
    ruling = r.ruling
    taken: dict[str, int] = {t: 0 for t in r.ask.targets}
    hits = _hits(r)
    if not hits:
        ruling.step("damage", msg("attack.no_damage", attack=r.attack.name), _cite("damage"))
    for h in hits:
        amount = dmg.calculate(r.board, ruling, h)
        position = h.target.position
        taken[position] = taken.get(position, 0) + amount
        r.damage_after[position] += amount
        if amount > 0:
            r.attack_damage_from[position] = h.attacker.owner
    return taken


# -- 5. other effects --------------------------------------------------------------------

def _protected(r: Resolution, target: Pokemon) -> list:
    return [e for e in r.board.of_kind(target, "prevent_effects")
            if (matches(e.from_, r.attacker, target.owner) if e.from_ else True)]


def other_effects(r: Resolution) -> None:
    ruling, attack = r.ruling, r.attack
    if not attack.conditions and not attack.effects:
        return
    changed: dict[str, list[str]] = {}
    for position in r.ask.targets:
        target = r.scenario.at(position)
        protected = _protected(r, target)
        if protected:
            ruling.step("other_effects", msg("attack.other.protected", mon=target.name, effects=effects_msg(protected)),
                        _cite("other_effects", *[c for e in protected for c in cites_of(e)]), target=position)
            continue
        if attack.conditions and target.is_active:
            now = [c for c in r.conditions_after[position]]
            for condition in attack.conditions:
                if condition in ROTATION:
                    now = [c for c in now if c not in ROTATION]
                if condition not in now:
                    now.append(condition)
            r.conditions_after[position] = now
            changed[position] = sorted(now)
            ruling.step("other_effects", msg("attack.other.conditions", mon=target.name,
                                             conditions=Joined(tuple(Term(f"condition.{c}") for c in sorted(now)))),
                        _cite("other_effects", "guide-ja:I-F"), value=sorted(now), target=position)
        own_effects = [e for e in attack.effects if e.applies_to is None]
        if own_effects:
            ruling.step("other_effects", msg("attack.other.effects", mon=target.name, effects=effects_msg(own_effects)),
                        _cite("other_effects", *[c for e in own_effects for c in cites_of(e)]), target=position)
    for effect in (e for e in attack.effects if e.applies_to is not None):
        hit = [m for m in r.scenario.all_pokemon() if matches(effect.applies_to, m, r.attacker.owner, "own")]
        ruling.step("other_effects", msg("attack.other.applies", effect=effect_msg(effect),
                                         mons=Joined(tuple(m.name for m in hit)) if hit else msg("attack.other.no_pokemon")),
                    _cite("other_effects", *cites_of(effect)))
    if changed:
        ruling.conditions = changed


# -- 7. Knock Outs, Prizes, game end ---------------------------------------------------------

def finish(r: Resolution) -> None:
    ruling, scenario = r.ruling, r.scenario
    outcome = knockout.check(scenario, r.board, ruling, r.damage_after, r.attack_damage_from)
    ruling.counters = {pos: dmg_ // 10 for pos, dmg_ in r.damage_after.items()
                       if dmg_ != (scenario.at(pos).damage)}
    ruling.counters_after = {pos: dmg_ // 10 for pos, dmg_ in r.damage_after.items()}
    ruling.conditions_after = {pos: sorted(c) for pos, c in r.conditions_after.items()}
    ruling.knocked_out = [mon.position for mon in outcome.knocked_out]
    ruling.prizes_taken = outcome.prizes_taken
    for mon in outcome.knocked_out:
        ruling.conditions_after[mon.position] = []
        if ruling.conditions and mon.position in ruling.conditions:
            del ruling.conditions[mon.position]
    if not outcome.knocked_out:
        return
    met = {}
    for side in ("you", "opponent"):
        player = scenario.players[side]
        gone = {id(m) for m in outcome.knocked_out}
        left_in_play = [m for m in player.pokemon() if id(m) not in gone]
        met[side] = EndConditions(
            took_all_prizes=outcome.prizes_taken[side] > 0 and outcome.prizes_taken[side] >= player.prizes,
            no_active=player.active is not None and id(player.active) in gone and not left_in_play,
        )
    ruling.winner = game_end.decide(met, ruling)
