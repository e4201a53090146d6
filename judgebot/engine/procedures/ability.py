"""特性 (guide-ja Ⅰ-A-02): may this Ability be declared now (`ask: ability`).

Checks, each a step with its rule: it is an Ability the player declares (Ⅰ-A-02: one
whose text does not say "使える" works by itself and is never declared); no effect
has removed it (Ⅱ-D-13); it may be used where the Pokémon is (Ⅰ-A-02, "このポケモン
がバトル場にいるなら"); this Pokémon has not used it this turn (Ⅱ-E-12, the record of
use carried over by 引きつぐ Ⅱ-D-19 included; a Pokémon that left play and came back is
a new Pokémon); no other Ability of the same name was used this turn when the text
says so (Ⅱ-E-14, also after the user left play); its condition can be met (`pay`,
Ⅱ-E-30); and using it would change something (`does`, Ⅰ-A-02 step 1).

Shared with the other turn procedures (retreat, evolve, bench, play, checkup), since the
Ability is where Ⅰ-A-02 first states them: the board questions about `does` and `pay`
words (`what_happens`, `cannot_pay`, `hand_of`) and the citations of a catalog card
(`card_cites`). Active-only Abilities of Benched Pokémon are left out of the effects in
force by effects.Board itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgebot.engine.ruling import citations
from judgebot.engine.board.effects import Board, cites_of, effect_msg
from judgebot.engine.board.model import MAX_BENCH, TYPES, Ability, AbilityAsk, Pokemon, Scenario, other
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.format.reader import TYPE_ALIASES
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Msg, Pos, msg, render
from judgebot.errors import NotModelledError, ScenarioError


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("ability", key).cite) + list(extra)


# -- citations of a card ------------------------------------------------------------------

def card_cites(cites) -> list[str]:
    """A card's catalog citations, and for each FAQ among them the section it belongs
    to — in guide-ja's numbering too when the FAQ is guide-zh's (data/alignment.yaml)."""
    out: list[str] = []
    for cite in cites:
        out.append(cite)
        if "/faq-" in cite:
            section = citations.item_of(cite)
            derive = cite.derive if isinstance(cite, citations.Mention) else str
            out.append(derive(section))  # a card's FAQ names its section as a mention too
            if citations.guide_ja_of(section) != section:
                out.append(derive(citations.guide_ja_of(section)))
    return citations.unique(out)


# -- the hand --------------------------------------------------------------------------------

def hand_of(scenario: Scenario, side: str, why: str, playing: str | None = None) -> list[str]:
    """The cards in `side`'s hand (less the card being played). A question that depends
    on the hand needs it written in the scenario: an omitted `hand` is not taken as empty."""
    path = f"{side}.hand"
    if path not in scenario.lines:
        raise ScenarioError(scenario.file, scenario.line_of(side), path,
                            f"the ruling needs the cards in the hand ({why}): give `{path}` (a list, [] for none)")
    cards = list(scenario.players[side].hand)
    if playing is not None:
        for index, card in enumerate(cards):
            if same_card(card, playing):
                del cards[index]
                break
    return cards


def same_card(a: str, b: str) -> bool:
    """Same card name, the catalog's aliases included (ポケモンいれかえ = 宝可梦交替)."""
    from judgebot.engine.format.catalog import load_catalog

    if a == b:
        return True
    catalog = load_catalog()
    entry_a, entry_b = catalog.lookup(a), catalog.lookup(b)
    return entry_a is not None and entry_a is entry_b


def is_energy_card(name: str) -> bool:
    from judgebot.engine.format.catalog import load_catalog

    key = name.strip()
    if TYPE_ALIASES.get(key, key.lower()) in TYPES:
        return True
    if any(word in key.lower() for word in ("エネルギー", "能量", "에너지", "energy")):
        return True
    entry = load_catalog().lookup(key)
    return entry is not None and entry.category == "special_energy"


# -- `does`: would anything happen? ----------------------------------------------------------

@dataclass
class Outcome:
    word: str
    possible: bool | None  # None: the board cannot tell (not modelled)
    why: Msg


def _damaged(mons: list[Pokemon]) -> list[Pokemon]:
    return [m for m in mons if m.damage > 0]


def _names(mons: list[Pokemon]) -> Joined:
    return Joined(tuple(m.name for m in mons))


def _deck(count: int) -> Msg:
    return msg("action.why.deck", n=count) if count else msg("action.why.deck_empty")


def word_outcome(scenario: Scenario, side: str, word: str, playing: str | None = None) -> Outcome:
    """Can the thing a `does` word names be done at all on this board, for `side`?"""
    me, them = scenario.players[side], scenario.players[other(side)]
    if word == "heal":
        hurt = _damaged(me.pokemon())
        return Outcome(word, bool(hurt), msg("action.why.damage_on", mons=_names(hurt)) if hurt
                       else msg(f"action.why.no_damage.{side}"))
    if word in ("draw", "search_deck"):
        return Outcome(word, me.deck > 0, _deck(me.deck))
    if word == "bench_from_deck":
        if len(me.bench) >= MAX_BENCH:
            return Outcome(word, False, msg("action.why.bench_full", n=MAX_BENCH))
        return Outcome(word, me.deck > 0, msg("action.why.bench_room_deck", used=len(me.bench), max=MAX_BENCH,
                                              deck=_deck(me.deck)) if me.deck else _deck(0))
    if word == "bench_from_discard":
        full = len(me.bench) >= MAX_BENCH
        return Outcome(word, not full, msg("action.why.bench_full", n=MAX_BENCH) if full else
                       msg("action.why.bench_room_discard", used=len(me.bench), max=MAX_BENCH))
    if word == "switch_own":
        return Outcome(word, bool(me.bench), msg("action.why.benched", n=len(me.bench)) if me.bench
                       else msg(f"action.why.no_bench.{side}"))
    if word == "switch_opponent":
        return Outcome(word, bool(them.bench), msg("action.why.opponent_benched", n=len(them.bench)) if them.bench
                       else msg(f"action.why.no_bench.{other(side)}"))
    if word == "move_damage":
        hurt = _damaged(scenario.all_pokemon())
        return Outcome(word, bool(hurt), msg("action.why.counters_on", mons=_names(hurt)) if hurt
                       else msg("action.why.no_counters"))
    if word == "move_energy":
        charged = [m for m in me.pokemon() if m.energy]
        ok = bool(charged) and len(me.pokemon()) >= 2
        return Outcome(word, ok, msg("action.why.energy_on", mons=_names(charged)) if ok else msg("action.why.no_energy"))
    if word == "attach_energy" and me.hand_given:
        energy = [c for c in me.hand if is_energy_card(c) and c != playing]
        return Outcome(word, bool(energy), msg("action.why.energy_in_hand", n=len(energy)) if energy
                       else msg("action.why.no_energy_in_hand"))
    if word == "discard":
        cards = hand_of(scenario, side, "`discard` discards from the hand", playing)
        return Outcome(word, bool(cards), msg("action.why.hand", n=len(cards)) if cards else msg("action.why.no_hand"))
    if word == "hands_to_deck":
        # Each player's hand into their deck: it can be done when some hand has a card.
        why = "`hands_to_deck` puts each player's hand into their deck"
        mine, theirs = hand_of(scenario, side, why, playing), hand_of(scenario, other(side), why)
        return Outcome(word, bool(mine or theirs),
                       msg("action.why.hands", mine=len(mine), theirs=len(theirs)) if mine or theirs
                       else msg("action.why.no_hands"))
    return Outcome(word, None, msg("action.why.unknown"))


# The sections behind each `does` word's board check: what the text does, and for the
# words that choose something (Ⅱ-D-04), that nothing to choose means nothing happens.
DOES_CITES = {
    "heal": ("guide-ja:II-C-06",),
    "switch_own": ("guide-ja:II-C-03",),
    "switch_opponent": ("guide-ja:II-C-05", "guide-ja:II-C-04"),
    "search_deck": ("guide-ja:II-D-04",),
    "bench_from_deck": ("guide-ja:II-C-11", "guide-ja:II-D-04"),
    "bench_from_discard": ("guide-ja:II-C-11", "guide-ja:II-D-04"),
}


def does_cites(does: tuple[str, ...], card_sections=()) -> list[str]:
    """The sections behind the word that decides (the first). Where the card's own sections
    say which of the word's items its text is (むしよけスプレー is Ⅱ-C-04's 【文例】: the
    opponent chooses; プライムキャッチャー "chooses 1 of the opponent's Benched Pokémon",
    Ⅱ-C-05), that item alone; else every item of the word."""
    if not does:
        return []
    word = list(DOES_CITES.get(does[0], ()))
    own = [c for c in dict.fromkeys(citations.item_of(c) for c in card_sections if "/faq-" not in c) if c in word]
    return own or word


def what_happens(scenario: Scenario, side: str, does: tuple[str, ...], subject: str,
                 playing: str | None = None, path: str = "ask") -> tuple[bool | None, Msg]:
    """(something would happen — None when `does` is not given —, explanation).

    The text is done in order (Ⅱ-E-20): the first thing it does decides — when that
    cannot be done at all, what follows it ("その後") is not done either; when it can,
    the rest may fail without stopping it."""
    if not does:
        return None, msg("action.not_asked")
    outcomes = [word_outcome(scenario, side, word, playing) for word in does]
    first = outcomes[0]
    if first.possible is None:
        raise NotModelledError(f"{subject}: {render(first.why)} — not modelled; the first thing it "
                               f"does (`{first.word}`) decides whether it may be used",
                               file=scenario.file, line=scenario.line_of(path), path=path)
    text = [msg("action.outcome", action=msg(f"action.{first.word}"), why=first.why)]
    for o in outcomes[1:]:
        how = "possible" if o.possible else "not_checked" if o.possible is None else "cannot"
        text.append(msg(f"action.then.{how}", action=msg(f"action.{o.word}"), why=o.why))
    if len(outcomes) > 1 and first.possible:
        text.append(msg("action.first_decides"))
    return bool(first.possible), msg("list.items", items=Joined(tuple(text), sep="list.none"))


def cannot_pay(scenario: Scenario, side: str, pay: tuple[dict, ...], playing: str | None = None) -> list[Msg]:
    """What of `pay` (Ⅱ-E-30: what the text asks you to do first) the player cannot do."""
    problems = []
    for item in pay:
        (word, count), = item.items()
        cards = hand_of(scenario, side, f"`pay: {word}`", playing)
        if word == "discard_hand" and len(cards) < count:
            problems.append(msg("action.pay.discard_hand", n=count, have=len(cards)))
        elif word == "discard_energy_from_hand":
            energy = [c for c in cards if is_energy_card(c)]
            if len(energy) < count:
                problems.append(msg("action.pay.discard_energy", n=count, have=len(energy)))
    return problems


# -- the procedure ---------------------------------------------------------------------------

class Declaration:
    def __init__(self, scenario: Scenario, ruling: Ruling):
        ask: AbilityAsk = scenario.ask
        self.scenario, self.ruling, self.ask = scenario, ruling, ask
        self.holder: Pokemon = scenario.at(ask.by)
        found = [a for a in self.holder.abilities if a.name == ask.name] if self.holder is not None else []
        if not found:  # a sequence whose earlier entry moved or removed the Pokémon
            what = f"{self.holder.name} at {ask.by} has no Ability {ask.name!r}" if self.holder is not None \
                else f"no Pokémon is at {ask.by} to use {ask.name!r}"
            raise ScenarioError(scenario.file, scenario.line_of(ask.path), ask.path,
                                f"{what} (the board the entries before it left)")
        self.ability: Ability = found[0]
        self.board = Board(scenario)
        self.cites = card_cites(self.ability.cites)

    def refuse(self, text: str, cites) -> None:
        self.ruling.reason(text, list(cites) + self.cites)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    d = Declaration(scenario, ruling)
    if declared(d):
        for check in (negated, where, once_per_turn, exclusive, condition, nothing_happens):
            check(d)
    ruling.allowed = not ruling.reasons
    if ruling.allowed:
        ruling.step("declare", msg("ability.may", mon=d.holder.name, pos=Pos(d.holder.position), ability=d.ability.name),
                    _cite("declare") + d.cites, value=True)
    ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
    ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    return ruling


def declared(d: Declaration) -> bool:
    if d.ability.declared:
        d.ruling.step("declare", msg("ability.declared", ability=d.ability.name), _cite("declare"))
        return True
    d.refuse(msg("ability.automatic", ability=d.ability.name), _cite("declare"))
    return False


def negated(d: Declaration) -> None:
    because = d.board.no_ability.get(id(d.holder))
    if because is None:
        d.ruling.step("negated", msg("ability.not_negated", mon=d.holder.name), _cite("negated"))
        return
    d.refuse(msg("ability.negated.now", mon=d.holder.name, effect=effect_msg(because), ability=d.ability.name),
             _cite("negated") + list(cites_of(because)) + card_cites(because.cites))


def where(d: Declaration) -> None:
    if d.ability.active_only and not d.holder.is_active:
        d.refuse(msg("ability.active_only.bench", ability=d.ability.name, mon=d.holder.name,
                     pos=Pos(d.holder.position)), _cite("where"))
        return
    if d.ability.active_only:
        text = msg("ability.active_only.ok", ability=d.ability.name, mon=d.holder.name)
    else:
        text = msg("ability.anywhere", ability=d.ability.name, mon=d.holder.name, pos=Pos(d.holder.position))
    d.ruling.step("where", text, _cite("where"))


def once_per_turn(d: Declaration) -> None:
    used = d.holder.abilities_used
    own = {a.name for a in d.holder.abilities}
    cites = _cite("once_per_turn")
    record: Msg | str = ""
    if used:
        # The record of use passes to a card that replaces this one (引きつぐ, Ⅱ-D-19);
        # the card's own FAQs on it answer here.
        cites += ["guide-ja:II-D-19", *d.cites]
        carried = sorted(set(used) - own)
        record = msg("ability.record", mon=d.holder.name, used=_times(used))
        if carried:
            record = msg("list.items", items=Joined((record, msg("ability.record.carried", carried=Joined(tuple(carried)))),
                                                    sep="list.none"))
    if not d.ability.once_per_turn:
        d.ruling.step("once_per_turn", msg("ability.any_number", ability=d.ability.name) if not record
                      else msg("ability.any_number.record", ability=d.ability.name, record=record), cites)
        return
    if d.ability.name in used:
        d.refuse(msg("ability.already_used", mon=d.holder.name, ability=d.ability.name, record=record), cites)
        return
    text = [msg("ability.once_per_turn.ok", ability=d.ability.name, mon=d.holder.name, record=record)]
    if d.ability.name in d.scenario.turn.abilities_used:
        text.append(msg("ability.other_used.new" if d.holder.came_into_play_this_turn else "ability.other_used",
                        ability=d.ability.name))
    d.ruling.step("once_per_turn", text, cites)


def _times(used: tuple[str, ...]) -> Joined:
    """The record of use, each name once in the order first used: what the rules ask of it
    is whether a name is in it (a name repeated for every use made a long sequence
    quadratic: each step reprinted the whole list)."""
    return Joined(tuple(dict.fromkeys(used)))


def exclusive(d: Declaration) -> None:
    if not d.ability.exclusive:
        return
    if d.ability.name in d.scenario.turn.abilities_used:
        d.refuse(msg("ability.exclusive.used", ability=d.ability.name), _cite("exclusive"))
        return
    d.ruling.step("exclusive", msg("ability.exclusive.ok", ability=d.ability.name), _cite("exclusive"))


def condition(d: Declaration) -> None:
    if not d.ability.pay:
        return
    problems = cannot_pay(d.scenario, "you", d.ability.pay)
    if problems:
        d.refuse(msg("ability.pay.cannot", ability=d.ability.name, problems=Joined(tuple(problems), sep="list.separator")),
                 _cite("pay"))
        return
    d.ruling.step("pay", msg("ability.pay.ok", ability=d.ability.name), _cite("pay"))


def nothing_happens(d: Declaration) -> None:
    possible, why = what_happens(d.scenario, "you", d.ability.does, f"Ability {d.ability.name}",
                                 path=d.scenario.ask.path)
    cites = (_cite("nothing_happens") + (["guide-ja:II-E-30"] if d.ability.pay else [])
             + does_cites(d.ability.does, d.cites))
    if len(d.ability.does) > 1:
        cites.append("guide-ja:II-E-20")
    if possible is None:
        d.ruling.step("nothing_happens", msg("ability.happens.not_asked", ability=d.ability.name, why=why), cites)
    elif possible:
        d.ruling.step("nothing_happens", msg("ability.happens.yes", ability=d.ability.name, why=why), cites)
    else:
        d.refuse(msg("ability.happens.no", ability=d.ability.name, why=why), cites)
