"""ワザを使う手順 (guide-ja Ⅰ-A-01), the whole resolution of `ask: attack`:

1 declare (Asleep/Paralyzed, "cannot attack", first turn of the player going first,
  Active only, enough Energy) → 2 coin checks (2a "if tails the attack fails",
  2b Confusion, and the attack's own "if tails, this attack does nothing") →
  3 "before doing damage" (Ⅱ-E-09; an attack used as this one, Ⅱ-C-18) →
  4 damage (step 1 printed or counted on the board, Ⅱ-B-01…03; six steps, per target,
  Bench and self damage) → 5 other effects (format-1 `effects`, then `do` actions) →
  6 "when damaged" (Ⅱ-E-03) → 7 Knock Outs ("when Knocked Out", Ⅱ-E-04), Prizes →
  game end (Ⅰ-E).
All of it on one board as state (board.state): each step reads the board as the steps
before it left it.
"""

from __future__ import annotations

from dataclasses import replace

from judgebot.engine.procedures import aftermath, card_effects, figures, formula, knockout, timing
from judgebot.engine.procedures import damage as dmg
from judgebot.engine.procedures.card_effects import AttackFails, Coins, Context, GameWon, NothingFollows
from judgebot.engine.board.effects import (CANNOT_BEATS_CAN, Board, cant_attack, cites_of, effect_msg, effects_msg,
                                          matches, not_applying_msg)
from judgebot.engine.board.energy import attached_msg, check_cost
from judgebot.engine.board.model import AttackAsk, Attack, Choice, Formula, Pokemon, Scenario, other
from judgebot.engine.board.state import State
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Msg, Pos, Term, msg, render
from judgebot.errors import ScenarioError

CONFUSION_COUNTERS = 3
ROTATION = ("asleep", "confused", "paralyzed")


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("attack", key).cite) + list(extra)


# The procedure step each part of the text is carried out at (Ⅰ-A-01; Ⅰ-D for Knock Outs).
STEP_CITES = {"before_damage": ("guide-ja:I-A-01", "guide-ja:II-E-09"), "damage": ("guide-ja:I-A-01",),
              "other_effects": ("guide-ja:I-A-01",), "on_damaged": ("guide-ja:I-A-01", "guide-ja:II-E-03"),
              "on_knockout": ("guide-ja:I-D", "guide-ja:II-E-04")}


class Resolution:
    """The state of one attack being resolved: the board as state (board.state), changed
    step by step; `scenario` is the file as given."""

    def __init__(self, scenario: Scenario, ruling: Ruling):
        self.scenario = scenario
        self.ruling = ruling
        self.state = State(scenario)
        ask: AttackAsk = scenario.ask
        self.ask = ask
        self.attacker: Pokemon = self.state.at(ask.by)
        if self.attacker is None:  # e.g. a sequence whose earlier entry left the spot empty
            raise ScenarioError(scenario.file, scenario.line_of(ask.path), ask.path,
                                f"no Pokémon is at {ask.by} to use {ask.name!r} (the board the entries "
                                "before it left)")
        self.attack: Attack = self.attacker.attack(ask.name)
        if self.attack is None or self.attack.missing:
            have = ", ".join(a.name for a in self.attacker.attacks) or "none given"
            raise ScenarioError(scenario.file, scenario.line_of(f"{ask.path}.name"), f"{ask.path}.name",
                                f"{self.attacker.name} at {ask.by} has no attack {ask.name!r} (with its cost) "
                                f"when it is used; its attacks: {have}")
        self.before = {mon.uid: mon.damage for mon in scenario.all_pokemon()}
        self.conditions_changed: dict[str, list[str]] = {}  # uid -> conditions set by the attack
        self.attack_damage_from: dict[str, str] = {}  # uid -> side of the attacker
        self.damaged: list[tuple[str, int, str]] = []  # (uid, damage, hit kind) in order
        self.coins = Coins(tuple(scenario.coins), file=scenario.file, line=scenario.line_of("coins"))
        self.defending_uid: str | None = None
        self.events: list = []
        self.dealt: dict[str, int] = {}  # uid -> attack damage done (a text that heals that much)

    @property
    def board(self) -> Board:
        return self.state.board()

    def context(self, step: str) -> Context:
        return Context(state=self.state, ruling=self.ruling, step=step, side=self.attacker.owner,
                       source=self.attack.name, self_uid=self.attacker.uid, attacker_uid=self.attacker.uid,
                       defending_uid=self.defending_uid, by_attack=True, cites=tuple(self.attack.cites),
                       coins=self.coins, step_cites=STEP_CITES.get(step, ()), scenario_file=self.scenario.file,
                       events=self.events, dealt=self.dealt)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    r = Resolution(scenario, ruling)
    ruling.allowed = declare(r)
    if not ruling.allowed:
        ruling.failed = None
        return ruling
    ruling.failed = coin_checks(r)
    ruling.damage = {t: 0 for t in r.ask.targets}
    ended = False
    if not ruling.failed:
        try:
            before_damage(r)
            ruling.damage = damage(r)
            other_effects(r)
            on_damaged(r)
        except AttackFails:
            ruling.failed = True
        except NothingFollows:
            pass
        except GameWon as won:
            ruling.winner = won.args[0]
            ended = True
    finish(r, knockouts=not ended)
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
        # "If you go first, this Pokémon can use attacks during your first turn" (an Ability in force).
        first_turn = r.board.of_kind(mon, "usable_first_turn")
        if attack.usable_first_turn or first_turn:
            can.append(msg("attack.can.first_turn"))
            ruling.step("declare", msg("attack.first_turn.can", attack=attack.name) if attack.usable_first_turn
                        else msg("attack.first_turn.can_by", attack=attack.name, effects=effects_msg(first_turn)),
                        ["guide-zh:I-A-01", "guide-ja:II-E-28"] + [c for e in first_turn for c in cites_of(e)])
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
    elif cost.modifier.no_colorless:
        how = msg("attack.cost.how.no_colorless", printed=printed, effects=effects_msg(cost.modifier.effects),
                  cost=_types(cost.cost))
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
        if index >= len(r.coins.outcomes):
            _need_more_coins(r, flips, index)
        coin = r.coins.outcomes[index]
        r.coins.used = index + 1
        if coin == "heads":
            ruling.step("coin_check", msg("attack.coin.heads", n=index + 1, why=why),
                        cites, value="heads")
            continue
        if kind == "coin_check":
            ruling.step("coin_check", msg("attack.coin.tails.check", n=index + 1), cites + ["guide-ja:II-D-01"],
                        value="tails")
        elif kind == "confused":
            mon.damage += CONFUSION_COUNTERS * 10  # damage alone changes no effect in force
            ruling.step("coin_check", msg("attack.coin.tails.confused", n=index + 1, mon=mon.name,
                                          counters=msg("counters", n=CONFUSION_COUNTERS)),
                        cites, value="tails", change=f"+{CONFUSION_COUNTERS * 10}", target=mon.position)
        else:
            ruling.step("coin_check", msg("attack.coin.tails.nothing", n=index + 1, attack=r.attack.name),
                        cites, value="tails")
        return True
    return False


# -- 3. "before doing damage" ------------------------------------------------------------

def before_damage(r: Resolution) -> None:
    """Step 3: an attack that uses another attack (Ⅱ-C-18) becomes it here; then the text
    that works before damage (Ⅱ-E-09). The Defending Pokémon is the opponent's Active as
    step 3 leaves it."""
    defending = r.state.at(f"{other(r.attacker.owner)}.active")
    r.defending_uid = defending.uid if defending is not None else None
    _copy_is_the_whole_text(r)
    for action in r.attack.do:
        if action.kind == "copy_attack":
            copy_attack(r, action)
            break
        branches = {side: action.get(side) or () for side in ("heads", "tails")} if action.kind == "coin" else {}
        if any(a.kind == "copy_attack" for branch in branches.values() for a in branch):
            # "Flip a coin. If heads, use one of … as this attack" (灵摆操纵): the flip decides at step 3.
            ctx = r.context("before_damage")
            outcome = r.coins.flip(f"{r.attack.name}: {action.path}")
            ctx.record(msg(f"card_effect.coin.{outcome}", n=r.coins.used, source=r.attack.name), ctx.step_cites,
                       value=outcome)
            chosen = [a for a in branches[outcome] if a.kind == "copy_attack"]
            if chosen:
                copy_attack(r, chosen[0])
            else:
                r.attack = replace(r.attack, do=tuple(branches[outcome]) + tuple(a for a in r.attack.do if a is not action))
            break
    _discard_found(r)
    early = [a for a in r.attack.do if a.at == "before_damage"]
    if early:
        ctx = r.context("before_damage")
        r.ruling.step("before_damage", msg("attack.before_damage.now", attack=r.attack.name), _cite("before_damage"))
        card_effects.run(ctx, early)
        timing.drain(ctx)
    defending = r.state.at(f"{other(r.attacker.owner)}.active")
    r.defending_uid = defending.uid if defending is not None else None


def _discard_found(r: Resolution) -> None:
    """"Discard the top N cards of your deck, and this attack does … for each … you discarded in
    this way": the cards the ask's `found` lists go to the discard pile before the damage is
    counted (Ⅱ-C-01 トラッシュする); the deck has that many fewer."""
    damage_ = r.attack.damage
    if not isinstance(damage_, Formula) or not damage_.per or damage_.per[0] != "found" \
            or not damage_.per[2].get("discarded") or r.state.found is None:
        return
    side = r.attacker.owner
    cards = list(r.state.found)
    r.state.discard(side, cards)
    player = r.state.scenario.players[side]
    player.deck = max(0, player.deck - len(cards))
    r.ruling.step("before_damage", msg("attack.found.discarded", attack=r.attack.name, n=len(cards),
                                       cards=Joined(tuple(card_effects.energy_word(c) for c in cards)) if cards else "—"),
                  ["guide-ja:II-C-01"])


def _copy_is_the_whole_text(r: Resolution) -> None:
    """copy_attack is the whole of the attack's text, or the whole of a coin's branch that
    is (Ⅱ-C-18): an action beside it would be dropped silently when the attack is replaced."""
    for action in r.attack.do:
        branches = [action.get(side) or () for side in ("heads", "tails")] if action.kind == "coin" else []
        copies = action.kind == "copy_attack" or any(a.kind == "copy_attack" for b in branches for a in b)
        beside = len(r.attack.do) > 1 or any(len(b) > 1 and any(a.kind == "copy_attack" for a in b)
                                             for b in branches)
        if copies and beside:
            raise ScenarioError(r.scenario.file, r.scenario.line_of(action.path), action.path,
                                "copy_attack is the whole of an attack's text (Ⅱ-C-18), or of a coin's branch that "
                                "is: it cannot stand beside other actions")


def copy_attack(r: Resolution, action) -> None:
    ctx = r.context("before_damage")
    source = card_effects.target(ctx, action, "from")
    if source is None:
        raise AttackFails()
    copied = source.attack(action.get("name"))
    if copied is None:
        have = ", ".join(a.name for a in source.attacks) or "none given"
        raise ScenarioError(r.scenario.file, r.scenario.line_of(action.path), f"{action.path}.name",
                            f"{source.name} has no attack {action.get('name')!r}; its attacks: {have}")
    absolute = [a.path for a in _all_actions(copied.do) if _absolute(a)] + \
        [f"bench_damage: {hit.target}" for hit in copied.bench_damage]
    if absolute:
        raise ScenarioError(r.scenario.file, r.scenario.line_of(action.path), action.path,
                            f"the copied attack {copied.name} names positions ({', '.join(absolute)}); a copied "
                            "attack names its targets as self, defending or attacker")
    # Ⅱ-D-06: the attack used is one the source Pokémon 持つ (has printed on its card).
    r.ruling.step("copy_attack", msg("attack.copy", mon=r.attacker.name, attack=r.attack.name, copied=copied.name,
                                       source=source.name),
                  ["guide-ja:II-C-18", "guide-ja:II-D-06"] + list(r.attack.cites) + list(copied.cites))
    r.attack = replace(copied, name=r.attack.name, cost=(), do=tuple(a for a in copied.do if a.kind != "copy_attack"),
                       cites=tuple(dict.fromkeys(r.attack.cites + copied.cites)))


def _all_actions(actions):
    for action in actions:
        yield action
        for key in ("then", "else", "heads", "tails"):
            yield from _all_actions(action.get(key) or ())


def _absolute(action) -> bool:
    return any(isinstance(v, str) and v.startswith(("you.", "opponent.")) for v in action.args.values())


# -- 4. damage -------------------------------------------------------------------------

class _Where:
    """Relative targets of the attack's text (self, defending, attacker) on the board now."""

    def __init__(self, r: Resolution):
        self.r = r

    def __call__(self, where: str) -> Pokemon | None:
        r = self.r
        uid = {"self": r.attacker.uid, "attacker": r.attacker.uid, "defending": r.defending_uid}.get(where)
        if where in ("self", "attacker", "defending"):
            return r.state.by_uid(uid) if uid else None
        return r.state.at(where)

    def side(self, relative: str) -> str:
        return self.r.attacker.owner if relative == "own" else other(self.r.attacker.owner)

    def many(self, choice: Choice) -> list[Pokemon]:
        """The Pokémon a choice in the text means (each that matches, or the one chosen)."""
        return card_effects.chosen(self.r.context("damage"), choice)


def _base(r: Resolution) -> tuple[int, Msg | None, tuple[str, ...]]:
    """Step 1's number: printed, or counted on the board now (Ⅱ-B-01…03)."""
    damage_ = r.attack.damage
    if not isinstance(damage_, Formula):
        return damage_, None, ()
    ctx = r.context("damage")
    counted = formula.base_damage(r.state, _Where(r), damage_, r.coins,
                                  lambda test: card_effects.test_holds(ctx, test, damage_.path + ".if"))
    return counted.value, counted.said, tuple(counted.cites)


def _hits(r: Resolution) -> list[dmg.Hit]:
    attack, mon = r.attack, r.attacker
    hits: list[dmg.Hit] = []

    def hit(target: Pokemon, amount: int, kind: str, wr_stated: bool = False) -> dmg.Hit:
        h = dmg.Hit(attacker=mon, target=target, base=amount, attack_name=attack.name, kind=kind,
                    attack_cites=attack.cites)
        if attack.ignore_weakness_resistance:
            h.weakness_resistance, h.wr_note, h.wr_cite = False, msg("damage.wr.ignored", attack=attack.name), \
                ("guide-ja:II-B-06",) + attack.cites
        elif (attack.ignore_weakness or attack.ignore_resistance) and (target.is_active or wr_stated):
            # "isn't affected by Weakness" / "… by Resistance": only that one (Ⅱ-B-06).
            h.ignore_only = "weakness" if attack.ignore_weakness else "resistance"
            h.wr_cite = ("guide-ja:II-B-06",) + attack.cites
        elif not target.is_active and not wr_stated:
            h.weakness_resistance, h.wr_note, h.wr_cite = False, msg("damage.wr.bench"), \
                ("guide-ja:II-B-09",) if target.owner == mon.owner else ("guide-ja:II-B-08",)
        h.ignore_defender_effects = (attack.ignore_defender_effects or bool(ignoring)) \
            and target.position == f"{other(mon.owner)}.active"
        retyped = r.board.types_of(mon)
        if retyped[1]:
            h.retyped = retyped
        return h

    # "Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's
    # Active Pokémon" (an Ability in force): as the attack's own text (Ⅱ-B-07).
    ignoring = r.board.of_kind(mon, "ignore_defender_effects")

    if attack.damage is not None:
        amount, said, cites = _base(r)
        for position in r.ask.targets:
            target = r.state.at(position)
            if target is None:
                r.ruling.step("damage", msg("card_effect.empty", pos=Pos(position)), _cite("damage"), target=position)
                continue
            h = hit(target, amount, "attack" if target.is_active else "bench")
            h.base_text, h.base_cites = said, cites
            hits.append(h)
    for extra in attack.bench_damage:
        if isinstance(extra.target, Choice):
            # A Pokémon the text lets its player choose, or each one it names (card text).
            for target in card_effects.chosen(r.context("damage"), extra.target):
                hits.append(hit(target, extra.amount, "attack" if target.is_active and target.owner != mon.owner
                                else "bench", extra.weakness_resistance))
            continue
        target = r.state.at(extra.target)
        if target is not None:
            hits.append(hit(target, extra.amount, "bench", extra.weakness_resistance))
    if attack.self_damage:
        hits.append(hit(mon, attack.self_damage, "self"))
    return hits


def damage(r: Resolution) -> dict[str, int]:
    """Step 4 for every hit; the damage each Pokémon took, by uid until the ruling ends
    (`finish` names the spot each is in then, SCENARIOS.md "Positions")."""
    ruling = r.ruling
    taken: dict[str, int] = {}
    for spot in r.ask.targets:
        mon = r.state.at(spot)
        taken[mon.uid if mon is not None else spot] = 0
    hits = _hits(r)
    if not hits:
        ruling.step("damage", msg("attack.no_damage", attack=r.attack.name), _cite("damage"))
    for h in hits:
        if h.kind != "self" and r.state.board().has_triggers:
            ctx = r.context("damage")
            timing.offer(ctx, timing.Event("before_damage", h.target.uid, cause="attack_damage",
                                           attacker_uid=r.attacker.uid, hit=h.kind))
            if r.state.by_uid(h.target.uid) is None:
                continue
        amount = dmg.calculate(r.board, ruling, h)
        figures.damage_done(amount, r.scenario.file, r.scenario.line_of(r.ask.path), r.ask.path, h.target.position)
        amount = _survive(r, h, amount)
        _spent_tools(r, h)
        taken[h.target.uid] = taken.get(h.target.uid, 0) + amount
        if h.kind != "self":
            r.dealt[h.target.uid] = r.dealt.get(h.target.uid, 0) + amount
        h.target.damage += amount  # damage alone changes no effect in force: the board stays
        if amount > 0:
            r.attack_damage_from[h.target.uid] = h.attacker.owner
            r.damaged.append((h.target.uid, amount, h.kind))
    return taken


def _survive(r: Resolution, h: dmg.Hit, amount: int) -> int:
    """"If this Pokémon (with full HP) would be Knocked Out by damage from an attack, it is not
    Knocked Out, and its remaining HP becomes 10" (effect `survive`): the damage it takes is
    what leaves it that HP (Ⅰ-D: it is not Knocked Out); a Tool that says so is discarded."""
    if h.kind == "self" or amount <= 0:
        return amount
    target = h.target
    left = r.board.max_hp(target)[0] - target.damage
    if amount < left:
        return amount
    for effect in r.board.of_kind(target, "survive"):
        if effect.from_ is not None and not matches(effect.from_, h.attacker, target.owner):
            continue
        # "Has full HP" (Ⅱ-D-14): no damage counters on it before this damage.
        full = ["guide-ja:II-D-14"] if effect.get("full_hp") else []
        if full and target.damage > 0:
            r.ruling.step("final", msg("damage.survive.not_full", mon=target.name, effect=effect_msg(effect),
                                       counters=target.damage // 10),
                          full + list(cites_of(effect)), target=target.position)
            continue
        keep = effect.get("hp", 10)
        now = max(left - keep, 0)
        r.ruling.step("final", msg("damage.survive", mon=target.name, effect=effect_msg(effect), hp=keep, damage=now),
                      ["guide-ja:I-D"] + full + list(cites_of(effect)), value=now, target=target.position)
        if effect.get("discard_tool") and target.tool is not None and effect.origin == "tool":
            _discard_own_tool(r, target)
        return now
    return amount


def _spent_tools(r: Resolution, h: dmg.Hit) -> None:
    """A Tool whose text changed the damage "and discard this card" (the Berries) is discarded."""
    if any(e.origin == "tool" for e in h.spent) and h.target.tool is not None:
        _discard_own_tool(r, h.target)


def _discard_own_tool(r: Resolution, mon: Pokemon) -> None:
    tool, mon.tool = mon.tool, None
    r.state.discard(mon.owner, [tool.name])
    r.state.changed()
    r.ruling.step("final", msg("card_effect.discard_tool", tool=tool.name, mon=mon.name),
                  ["guide-ja:II-C-01"] + list(tool.cites), target=mon.position)


# -- 5. other effects --------------------------------------------------------------------

def _protected(r: Resolution, target: Pokemon) -> list:
    return [e for e in r.board.of_kind(target, "prevent_effects")
            if (matches(e.from_, r.attacker, target.owner) if e.from_ else True)]


def other_effects(r: Resolution) -> None:
    """Step 5: the attack's effects take hold (format 1 `conditions` and `effects`, on the
    Defending Pokémon unless `applies_to` says otherwise), then its `do` actions in order."""
    ruling, attack = r.ruling, r.attack
    for position in r.ask.targets if (attack.conditions or attack.effects) else ():
        target = r.state.at(position)
        if target is None:
            continue
        protected = _protected(r, target)
        if protected:
            ruling.step("other_effects", msg("attack.other.protected", mon=target.name, effects=effects_msg(protected)),
                        _cite("other_effects", *[c for e in protected for c in cites_of(e)]), target=position)
            continue
        if attack.conditions and target.is_active:
            now = list(target.conditions)
            for condition in attack.conditions:
                if condition in ROTATION:
                    now = [c for c in now if c not in ROTATION]
                if condition not in now:
                    now.append(condition)
            target.conditions = tuple(now)
            r.conditions_changed[target.uid] = sorted(now)
            ruling.step("other_effects", msg("attack.other.conditions", mon=target.name,
                                             conditions=Joined(tuple(Term(f"condition.{c}") for c in sorted(now)))),
                        _cite("other_effects", "guide-ja:I-F"), value=sorted(now), target=position)
        own_effects = [e for e in attack.effects if e.applies_to is None]
        if own_effects:
            target.effects = target.effects + tuple(own_effects)
            ruling.step("other_effects", msg("attack.other.effects", mon=target.name, effects=effects_msg(own_effects)),
                        _cite("other_effects", *[c for e in own_effects for c in cites_of(e)]), target=position)
        r.state.changed()
    for effect in (e for e in attack.effects if e.applies_to is not None):
        hit = [m for m in r.state.scenario.all_pokemon() if matches(effect.applies_to, m, r.attacker.owner, "own")]
        r.attacker.effects = r.attacker.effects + (effect,)
        r.state.changed()
        ruling.step("other_effects", msg("attack.other.applies", effect=effect_msg(effect),
                                         mons=Joined(tuple(m.name for m in hit)) if hit else msg("attack.other.no_pokemon")),
                    _cite("other_effects", *cites_of(effect)))
    later = [a for a in attack.do if a.at != "before_damage" and a.kind != "copy_attack"]
    if later:
        ctx = r.context("other_effects")
        card_effects.run(ctx, later)
        timing.drain(ctx)


# -- 6. "when damaged" -------------------------------------------------------------------------

def on_damaged(r: Resolution) -> None:
    """Step 6 (Ⅱ-E-03): effects that work when a Pokémon took 10 damage or more from the
    attack, on the board as step 5 left it."""
    if not r.state.board().has_triggers:
        return
    for uid, amount, kind in r.damaged:
        ctx = r.context("on_damaged")
        timing.offer(ctx, timing.Event("damaged", uid, cause="attack_damage", attacker_uid=r.attacker.uid, hit=kind,
                                       details={"damage": amount}))


# -- 7. Knock Outs, Prizes, game end ---------------------------------------------------------

def finish(r: Resolution, knockouts: bool = True) -> None:
    """Step 7 (Ⅰ-D) on the board the steps before left, then Ⅰ-E (procedures.aftermath)."""
    ruling, state = r.ruling, r.state
    outcome = aftermath.knockouts(state, ruling, r.before, r.attack_damage_from, r.context, "attack",
                                  r.attacker.uid, r.attack.name) if knockouts else knockout.Outcome()
    aftermath.report(state, ruling, r.before, outcome, r.conditions_changed)
    if ruling.damage:  # by the spot each Pokémon is in at the end (or left)
        ruling.damage = {state.spot_of(uid): n for uid, n in ruling.damage.items()}
    ruling.state = state
    if r.coins.used < len(r.coins.outcomes):
        ruling.step("coin_check", msg("attack.coins_unused", n=len(r.coins.outcomes) - r.coins.used), _cite("coin_check"))
    aftermath.winner(state, ruling, outcome)
