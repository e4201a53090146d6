"""トレーナーズ (guide-ja Ⅰ-B-01…04): may this Trainer be played from the hand now
(`ask: play`; kind, does and pay come from the catalog when the card is in it).

Per kind: Items any number (Ⅰ-B-01); one Tool per Pokémon, on your own Pokémon
(Ⅰ-B-02); one Supporter a turn and none on the first turn of the player who went
first (Ⅰ-B-03 — guide-zh states the latter); one Stadium a turn, and not one with the
name of the Stadium in play (Ⅰ-B-04). For every kind: "cannot play" effects on the
player (Ⅱ-C-19, received by the player, so a Pokémon's protection from attack effects
does not stop them); for Items and Supporters, the condition of the text (`pay`) and
"nothing would happen" (`does`: the first thing it does must be possible, Ⅱ-E-20; when
the scenario gives no `does`, the question is only about the play rules, and the
ruling says that this check was not made).
Playing a Stadium or attaching a Tool always changes the board, so `does` is not
asked of them (a Stadium's "～してよい" effect is used later, not when it is played).
"""

from __future__ import annotations

from judgebot.engine.procedures.ability import card_cites, cannot_pay, does_cites, same_card, what_happens
from judgebot.engine.format.catalog import load_catalog
from judgebot.engine.board.effects import Board, cites_of, effects_msg
from judgebot.engine.procedures.evolve import first_turn_of
from judgebot.engine.board.model import PlayAsk, Scenario
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Pos, Term, msg
from judgebot.errors import ScenarioError

# Ⅱ-E-20 "●●する。その後、▲▲する" as the card texts write it (ja, zh, ko).
THEN = ("その後", "然后", "그 후")
# "●●を山札にもどして切る" (Ⅱ-E-36): cards back into the deck, then the deck shuffled.
BACK_AND_SHUFFLE = ("山札にもどして切る", "放回牌库并重洗", "덱으로 되돌리고 섞")
KIND_LABEL = {"item": "Item", "supporter": "Supporter", "stadium": "Stadium", "tool": "Pokémon Tool"}
# Ⅱ-C-19 FAQ in both guides: "cannot play" is received by the player, not the Pokémon.
PLAYER_RECEIVES = ("guide-ja:II-C-19/faq-1", "guide-zh:II-C-19/faq-1")


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("play", key).cite) + list(extra)


# Ⅱ-E-33 自分の手札から●●を▲▲枚(まで)選ぶ: fewer may be chosen, even none.
CHOOSE_FROM_HAND = "guide-ja:II-E-33"


# The card text's own words for it: 「自分の手札から草エネルギーを2枚まで選び」 (its `do` may not be given).
FROM_HAND_UP_TO = (("手札から", "まで選"), ("手牌中", "最多"), ("패에서", "까지"))


def _chooses_up_to_from_hand(actions, text: str = "") -> bool:
    """The text chooses "up to N" cards from the hand (ナタネの活気 attaches up to 2 Grass Energy)."""
    if any(all(word in text for word in words) for words in FROM_HAND_UP_TO):
        return True
    for action in actions or ():
        if action.kind == "attach_energy" and action.get("up_to") is not None and (action.get("from") or "hand") == "hand":
            return True
        branches = [action.get(key) or () for key in ("then", "else", "heads", "tails")]
        if any(_chooses_up_to_from_hand(branch) for branch in branches if isinstance(branch, (list, tuple))):
            return True
    return False


def _general(key: str, kind: str) -> list[str]:
    """The rule behind a check every Trainer has ("its condition", "nothing would happen"):
    stated for Items in Ⅰ-B-01 and for Supporters again in Ⅰ-B-03 — a Supporter cites its own."""
    cites = _cite(key)
    return [c for c in cites if c != "guide-ja:I-B-01"] if kind == "supporter" else cites


class Play:
    def __init__(self, scenario: Scenario, ruling: Ruling):
        ask: PlayAsk = scenario.ask
        self.scenario, self.ruling, self.ask = scenario, ruling, ask
        self.board = Board(scenario)
        entry = load_catalog().lookup(ask.card)
        if entry is not None and entry.category != ask.card_kind:
            what = KIND_LABEL.get(entry.category, entry.category.replace("_", " "))
            raise ScenarioError(scenario.file, scenario.line_of(f"{ask.path}.kind"), f"{ask.path}.kind",
                                f"{entry.name} is a card of category {what} in the card catalog "
                                f"({entry.file}:{entry.line}), not a {KIND_LABEL[ask.card_kind]}")
        self.name = entry.name if entry is not None else ask.card
        self.text = entry.text if entry is not None else ""
        self.cites = card_cites(entry.sections) if entry is not None else []
        self.kind_cites = _cite(ask.card_kind) + self.cites + \
            ([CHOOSE_FROM_HAND] if _chooses_up_to_from_hand(ask.do, self.text) else [])

    def refuse(self, text, cites) -> None:
        self.ruling.reason(text, list(cites) + self.cites)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    p = Play(scenario, ruling)
    in_hand(p)
    {"item": item, "supporter": supporter, "stadium": stadium, "tool": tool}[p.ask.card_kind](p)
    locked(p)
    if p.ask.card_kind in ("item", "supporter"):
        condition(p)
        nothing_happens(p)
    ruling.allowed = not ruling.reasons
    if ruling.allowed:
        ruling.step("play", msg("play.may", card=p.ask.card), p.kind_cites, value=True)
    ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
    ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    return ruling


def in_hand(p: Play) -> None:
    """When the scenario lists the hand, the card must be in it."""
    if "you.hand" in p.scenario.lines and not any(same_card(c, p.ask.card) for c in p.scenario.you.hand):
        raise ScenarioError(p.scenario.file, p.scenario.line_of(f"{p.ask.path}.card"), f"{p.ask.path}.card",
                            f"{p.ask.card} is not in you.hand ({', '.join(p.scenario.you.hand) or 'empty'})")


def item(p: Play) -> None:
    p.ruling.step("item", msg("play.item", card=p.ask.card), _cite(p.ask.card_kind))


def supporter(p: Play) -> None:
    turn = p.scenario.turn
    if turn.number == 1 and first_turn_of(p.scenario, "you"):
        p.refuse(msg("play.supporter.first_turn"),
                 ["guide-zh:I-B-03", "guide-ja:I-B-03"])
    if turn.supporter_played:
        p.refuse(msg("play.supporter.already"), _cite("supporter"))
    if not p.ruling.reasons:
        p.ruling.step("supporter", msg("play.supporter.ok", card=p.ask.card),
                      _cite(p.ask.card_kind))


def stadium(p: Play) -> None:
    turn, in_play = p.scenario.turn, p.scenario.stadium
    if turn.stadium_played:
        p.refuse(msg("play.stadium.already"), _cite("stadium"))
    if in_play is not None and (in_play.name == p.name or same_card(in_play.name, p.ask.card)):
        p.refuse(msg("play.stadium.same", stadium=in_play.name),
                 _cite("stadium") + card_cites(in_play.cites))
    if not p.ruling.reasons:
        text = [msg("play.stadium.ok", card=p.ask.card)]
        if in_play:
            text.append(msg("play.stadium.replaces", stadium=in_play.name, owner=Term(f"side.{in_play.owner}")))
        p.ruling.step("stadium", text,
                      p.kind_cites)


def tool(p: Play) -> None:
    target = p.scenario.at(p.ask.target)
    if target.owner != "you":
        p.refuse(msg("play.tool.opponents", mon=target.name, pos=Pos(p.ask.target)),
                 _cite("tool"))
    elif target.tool is not None:
        p.refuse(msg("play.tool.has", mon=target.name, tool=target.tool.name), _cite("tool"))
    else:
        p.ruling.step("tool", msg("play.tool.ok", mon=target.name, pos=Pos(p.ask.target)), p.kind_cites,
                      target=p.ask.target)


def locked(p: Play) -> None:
    kind = p.ask.card_kind
    locks = [e for e in p.board.player_effects("you", "cant_play") if e.get("card_kind") == kind]
    if not locks:
        p.ruling.step("locked", msg("play.locked.ok", kind=Term(f"card_kind.{kind}")),
                      _cite("locked"))
        return
    cites = _cite("locked") + [c for e in locks for c in list(cites_of(e)) + card_cites(e.cites)]
    text = [msg("play.locked.no", kind=Term(f"card_kind.{kind}"),
                effects=effects_msg(locks))]
    protected = [m for m in p.scenario.you.pokemon() if p.board.of_kind(m, "prevent_effects")]
    if protected:
        text.append(msg("play.locked.player", mons=Joined(tuple(m.name for m in protected))))
        cites += list(PLAYER_RECEIVES)
    p.refuse(text, cites)


def condition(p: Play) -> None:
    if not p.ask.pay:
        return
    problems = cannot_pay(p.scenario, "you", p.ask.pay, playing=p.ask.card)
    if problems:
        p.refuse(msg("play.pay.cannot", card=p.ask.card, problems=Joined(tuple(problems), sep="list.separator")),
                 p.kind_cites + _general("pay", p.ask.card_kind))
    else:
        p.ruling.step("pay", msg("play.pay.ok", card=p.ask.card), p.kind_cites + _general("pay", p.ask.card_kind))


def nothing_happens(p: Play) -> None:
    does = p.ask.does or ()
    possible, why = what_happens(p.scenario, "you", does, f"{KIND_LABEL[p.ask.card_kind]} {p.ask.card}",
                                 playing=p.ask.card, path=p.ask.path)
    cites = _cite(p.ask.card_kind) + _general("nothing_happens", p.ask.card_kind) + does_cites(does, p.cites)
    if _chooses_up_to_from_hand(p.ask.do, p.text):
        cites.append(CHOOSE_FROM_HAND)  # what it chooses from the hand may be none: the rest need not be done
    if any(words in p.text for words in BACK_AND_SHUFFLE):
        cites.append("guide-ja:II-E-36")  # shuffled even when the hand held only this card (its FAQ)
    if len(does) > 1 or any(word in p.text for word in THEN):
        cites.append("guide-ja:II-E-20")  # "その後": what follows is done only if the first part is
    if possible is None and p.ask.effects:
        # "During this turn, …": an Item or Supporter that puts an effect in force changes the
        # game whatever the board (Black Belt's Training).
        p.ruling.step("nothing_happens", msg("play.happens.yes", card=p.ask.card,
                                             why=msg("play.happens.effects", effects=effects_msg(p.ask.effects))),
                      cites + [c for e in p.ask.effects for c in cites_of(e)])
    elif possible is None:
        p.ruling.step("nothing_happens", msg("play.happens.not_asked", card=p.ask.card, why=why), cites)
    elif possible:
        p.ruling.step("nothing_happens", msg("play.happens.yes", card=p.ask.card, why=why), cites + p.cites)
    else:
        p.refuse(msg("play.happens.no", card=p.ask.card, why=why), cites)
