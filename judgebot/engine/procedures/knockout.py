"""【きぜつ】(guide-ja Ⅰ-D): which Pokémon are Knocked Out and how many Prize cards
each player takes.

A Pokémon is Knocked Out when its remaining HP — maximum HP with its changes
(Ⅱ-D-15) minus the damage on it — is 0 or less. Each player takes Prizes for the
opponent's Knocked Out Pokémon by Rule Box (procedures.PRIZES_BY_RULE), fewer by
`prizes_reduced` effects (e.g. レガシーエネルギー, Ⅱ-D-08) only when it was Knocked
Out by attack damage from the opponent's Pokémon; never more than the Prizes left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judgebot.engine.board.effects import Board, cites_of, effects_msg, matches, not_applying_msg
from judgebot.engine.board.model import Pokemon, Scenario, other
from judgebot.engine.procedures.steps import PRIZES_BY_RULE
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Pos, Term, msg

# The record that states each Rule Box's Prize count: メガシンカ【ex】ルール 3 (guide-ja
# Ⅱ-D-18 FAQ), VMAX ルール 3 (guide-zh Ⅱ-D-18 FAQ 1), ポケモン【ex】 2 (guide-ja Ⅱ-E-31
# FAQ 1: 「ポケモン【ex】」を【きぜつ】させて、サイドを2枚とった), V and VSTAR 2 (wiki-ja
# 特殊なポケモン: Vルール, VSTARルール), GX 2 and TAG TEAM 3 (wiki-ja 過去のシリーズに登場した
# 特殊なポケモン: GXルール, TAG TEAMルール). No Rule Box (and Radiant, whose rule says nothing
# on Prizes): one per Pokémon, Ⅰ-D step 4.
RULE_PRIZE_CITES = {"mega_ex": ("guide-ja:II-D-18/faq-1",), "vmax": ("guide-zh:II-D-18/faq-1",),
                    "ex": ("guide-ja:II-E-31/faq-1",), "v": ("wiki-ja:特殊なポケモン",),
                    "vstar": ("wiki-ja:特殊なポケモン",), "gx": ("wiki-ja:過去のシリーズに登場した特殊なポケモン",),
                    "tag_team": ("wiki-ja:過去のシリーズに登場した特殊なポケモン",)}
NUMBER_ON_THE_CARD = tuple(rule for rule in ("ex", "v", "vstar", "gx", "tag_team") if rule not in RULE_PRIZE_CITES)
# Procedures with a Knock Out step of their own (Ⅰ-A-01 step 7, Ⅰ-F); after another action
# carried out (Format 2 `resolve: true`) the check is Ⅰ-D's alone.
KO_PROCEDURES = ("attack", "checkup")


@dataclass
class Outcome:
    knocked_out: list[Pokemon] = field(default_factory=list)
    prizes_taken: dict[str, int] = field(default_factory=lambda: {"you": 0, "opponent": 0})


def check(scenario: Scenario, board: Board, ruling: Ruling, damage_after: dict[str, int],
          attack_damage_from: dict[str, str], procedure: str = "attack",
          before: dict[str, int] | None = None, forced: frozenset[str] = frozenset(),
          attacker: Pokemon | None = None, attack_name: str | None = None) -> Outcome:
    """`damage_after`: damage on each Pokémon after the ruling, by position;
    `attack_damage_from`: position -> side of the attacker, for Pokémon that took
    attack damage in this ruling; `procedure`: the procedure whose Knock Out step this
    is (attack: Ⅰ-A-01, checkup: Ⅰ-F), cited on each Knock Out check; `before`: damage
    on each Pokémon (by uid) when the ruling began, when `scenario` is the board as state."""
    outcome = Outcome()
    cite_ko = list(procedure_step(procedure, "knockout_check").cite) if procedure in KO_PROCEDURES else ["guide-ja:I-D"]
    for mon in scenario.all_pokemon():
        max_hp, changes = board.max_hp(mon)
        on = damage_after.get(mon.position, mon.damage)
        remaining = max_hp - on
        if mon.uid in forced:
            # Knocked Out by an effect (card text "… is Knocked Out"), whatever its HP (Ⅰ-D).
            ruling.step("knockout_check", msg("knockout.by_effect", mon=mon.name, pos=Pos(mon.position)), cite_ko,
                        value=remaining, target=mon.position)
            outcome.knocked_out.append(mon)
            continue
        gone = _hp_changes_gone(board, mon, max_hp, on)
        if remaining > 0:
            if on != (before.get(mon.uid, mon.damage) if before is not None else mon.damage):
                # The changed maximum HP decides only when the printed HP alone would be gone.
                decided = changes if on >= mon.hp else []
                said = (msg("knockout.survives.max_hp", mon=mon.name, pos=Pos(mon.position), hp=max_hp,
                            printed=mon.hp, effects=effects_msg(changes), damage=on, left=remaining) if decided else
                        msg("knockout.survives", mon=mon.name, pos=Pos(mon.position), hp=max_hp, damage=on,
                            left=remaining))
                ruling.step("knockout_check", _with_gone(said, gone),
                            [*gone_cites(gone), *cite_ko, *[c for e in decided for c in cites_of(e)]],
                            value=remaining, target=mon.position)
            continue
        cites = cite_ko + [c for e in changes for c in cites_of(e)]
        said = (msg("knockout.knocked_out.max_hp", mon=mon.name, pos=Pos(mon.position), hp=max_hp, printed=mon.hp,
                    effects=effects_msg(changes), damage=on,
                    left=remaining) if changes else
                msg("knockout.knocked_out", mon=mon.name, pos=Pos(mon.position), hp=max_hp, damage=on, left=remaining))
        ruling.step("knockout_check", _with_gone(said, gone), [*gone_cites(gone), *cites], value=remaining,
                    target=mon.position)
        outcome.knocked_out.append(mon)
    for mon in outcome.knocked_out:
        taker = other(mon.owner)
        prizes = PRIZES_BY_RULE[mon.rule]
        text = msg("prizes.take", mon=mon.name, rule=Term(f"rule.{mon.rule}"), taker=Term(f"side.{taker}"),
                   takes=Term(f"takes.{taker}"), n=prizes)
        if mon.rule in NUMBER_ON_THE_CARD:
            text = [text, msg("prizes.on_the_card")]
        cites = list(procedure_step("knockout", "prizes").cite) + list(RULE_PRIZE_CITES.get(mon.rule, ()))
        reductions = _reductions(board, mon)
        if reductions and attack_damage_from.get(mon.position) == taker:
            cut = sum(e.get("amount", 1) for e in reductions)
            prizes = max(prizes - cut, 0)
            text = [msg("prizes.reduced", mon=mon.name, rule=Term(f"rule.{mon.rule}"), taker=Term(f"side.{taker}"),
                        takes=Term(f"takes.{taker}"), full=prizes + cut, cut=cut, n=prizes,
                        effects=effects_msg(reductions))]
            cites += [c for e in reductions for c in cites_of(e)]
            if any(e.get("once_per_game") for e in reductions):
                text.append(msg("prizes.once_per_game"))
        elif reductions:
            text = [text] if not isinstance(text, list) else text
            text.append(msg("prizes.reduction_not_applied",
                            effects=effects_msg(reductions)))
            cites += [c for e in reductions for c in cites_of(e)]
        extra = _extra(board, attacker, attack_name, mon) if attack_damage_from.get(mon.position) == taker else []
        if extra:
            more = sum(e.get("amount", 1) for e in extra)
            prizes += more
            text = [text] if not isinstance(text, list) else text
            text.append(msg("prizes.extra", n=more, effects=effects_msg(extra)))
            cites += [c for e in extra for c in cites_of(e)]
        outcome.prizes_taken[taker] += prizes
        ruling.step("prizes", text, cites, value=prizes, target=mon.position)
    for side in ("you", "opponent"):
        left = scenario.players[side].prizes
        if outcome.prizes_taken[side] > left:
            ruling.step("prizes", msg("prizes.only_left", taker=Term(f"side.{side}"), has=Term(f"has.{side}"),
                                      takes=Term(f"takes.{side}"), n=left),
                        list(procedure_step("knockout", "prizes").cite), value=left)
            outcome.prizes_taken[side] = left
    return outcome


def _hp_changes_gone(board: Board, mon: Pokemon, max_hp: int, damage: int) -> list:
    """HP changes on the Pokémon that do not work now (a Tool's "+50 HP" under a Stadium
    that removes Tools' effects, Ⅱ-D-13) and would have decided the check: with them it
    would have HP left. The ruling says why the HP is what it is."""
    silenced = board.silenced_on(mon, "max_hp")
    lost = sum(s.placed.effect.get("amount", 0) for s in silenced)
    if not silenced or (max_hp - damage > 0) == (max_hp + lost - damage > 0):
        return []
    return silenced


def _with_gone(said, gone: list):
    if not gone:
        return said
    return [said, msg("knockout.hp_change_gone", effects=not_applying_msg([(s.placed.effect, s.why) for s in gone]))]


def gone_cites(gone: list) -> list[str]:
    """What removed them decides (Ⅱ-D-13 and the card that says so)."""
    return [c for s in gone for c in s.cites]


def _extra(board: Board, attacker: Pokemon | None, attack_name: str | None, mon: Pokemon):
    """extra_prizes effects on the attacking Pokémon that count for this Knock Out by its
    attack's damage (card text: "… take 1 more Prize card")."""
    if attacker is None or attacker.owner == mon.owner:
        return []
    found = []
    for effect in board.of_kind(attacker, "extra_prizes"):
        against = effect.get("against")
        if against is not None and not matches(against, mon, attacker.owner, "opponent", board):
            continue
        if effect.get("attack") not in (None, attack_name):
            continue
        found.append(effect)
    return found


def _reductions(board: Board, mon: Pokemon):
    """prizes_reduced effects on it; a once-per-game effect counts once per card name."""
    seen: set[str] = set()
    result = []
    for effect in board.of_kind(mon, "prizes_reduced"):
        if effect.get("once_per_game"):
            if effect.source in seen:
                continue
            seen.add(effect.source)
        result.append(effect)
    return result

