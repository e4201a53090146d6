"""When an Ability's text is met (engine.format.realcards): its timing — used by its
player, set off by playing its card, or in force — and, for an unread text in force, the
events at which it could change a ruling (SCENARIOS.md "Real cards", Text).

An Ability "in force" (not used by its player, not set off by playing its card) that no
template reads would otherwise refuse every ruling of its Pokémon. Many such texts only
matter when something particular happens — the Pokémon is damaged by an attack, a card
is played from the hand, the Pokémon Checkup comes, the players set up. Each class below
names such an event, read from the English or the Japanese print; the ruling is refused
when it reaches the event (procedures.unread_text) and otherwise lists the text as not
applied, saying which event it waits for. A text whose every sentence is not covered by
one of these classes gets no class, and is refused at once, as before.

A class is wide on purpose: it is met by anything that could bring the event about, so a
ruling is refused rather than given without the text whenever in doubt.
"""

from __future__ import annotations

import re
from functools import lru_cache

# -- timing ----------------------------------------------------------------------------------------

_USED = (re.compile(r"^(?:You must [^.]+\. )?(?:Once during (?:your|each player's)(?: first)? turn|As often as you "
                    r"like during your turn)(?!, when this Pokémon moves)", re.I),
         re.compile(r"^(?!.*とき).*(?:自分の番に|番ごとに|自分の最初の番に)、?(?:[^。]*、)?(?:1回|何回でも)使える"))
_ON_EVOLVE = (re.compile(r"when you play this Pokémon from your hand to evolve", re.I),
              re.compile(r"手札から出して進化させたとき"))
_ON_BENCH = (re.compile(r"when you play this Pokémon from your hand onto your Bench", re.I),
             re.compile(r"手札からベンチに出したとき"))


def ability_timing(text: dict) -> str:
    """When an Ability's text is met (not what it does): `evolve` (when this card is
    played to evolve), `bench` (played onto the Bench), `used` (the player uses it: an
    `ability` ask), else `in_force` (as long as the Pokémon is in play)."""
    return _timing(text.get("en", ""), text.get("ja", ""))


@lru_cache(maxsize=4096)
def _timing(en: str, ja: str) -> str:
    for timing, (en_re, ja_re) in (("evolve", _ON_EVOLVE), ("bench", _ON_BENCH), ("used", _USED)):
        if en_re.search(en) or ja_re.search(ja):
            return timing
    return "in_force"


# -- the events an unread text in force speaks of ------------------------------------------------

# class -> (English, Japanese): a sentence of the text that speaks of that event.
EVENTS: dict[str, tuple[str, str]] = {
    # setting up to play (Ⅰ-B): only the `setup` ask
    "setup": (r"when you are setting up to play", r"対戦準備"),
    # how it may evolve or evolve into: evolve and play (Rare Candy) asks
    "evolving": (r"\bcan evolve (?:during|into)\b", r"進化できる"),
    # how it is put into play: bench, evolve and play asks
    "put_into_play": (r"^Put this Pokémon into play only with", r"によってしか場に出せない"),
    # a card played or attached from a hand: play, attach, evolve and bench asks
    "cards_played": (r"(?:your opponent (?:plays|can't play)|whenever (?:your opponent|you) attach(?:es)? an Energy "
                     r"card from (?:their|your) hand)",
                     r"(?:相手(?:が|は)手札から|手札からエネルギーをポケモンにつけるたび)"),
    # the damage or the effects of attacks on it (or on its player's Pokémon): an attack by
    # the other side, or any damage to it or its Knock Out
    "attacked": (r"(?:(?:damage|effects?) (?:from|of)(?: and effects of)? attacks|opponent's Pokémon's attacks|damaged by an attack|Knocked Out by "
                 r"damage from an attack|damage is done to this Pokémon by attacks|less damage from attacks|prevent all "
                 r"damage done to)",
                 r"ワザ(?:のダメージ|や特性の効果|の効果)"),
    # other Pokémon's Abilities (lost, or their effects prevented): an Ability of another
    # Pokémon in play, or any Ability used
    "abilities": (r"(?:lose (?:any|all) Abilit|ha(?:s|ve) no Abilities|Pokémon's (?:attacks and )?Abilities done)",
                  r"(?:特性が、すべてなくなる|の特性(?:（[^）]*）)?は、すべてなくな|特性の効果を受けない)"),
    # the Pokémon Checkup (Ⅰ-F): checkup and game_end asks
    "checkup": (r"during Pokémon Checkup", r"(?:ポケモンチェック|(?:やけど|どく)でのせるダメカン)"),
    # this Pokémon moving between the Active Spot and the Bench
    "moved": (r"when this Pokémon moves from", r"(?:ベンチからバトル場に出たとき|バトル場からベンチに戻ったとき)"),
    # the other player's Active Pokémon moving to the Bench (retreat, switch)
    "opponent_moved": (r"your opponent's Active Pokémon (?:moves to the Bench|retreats)",
                       r"(?:相手のバトルポケモンがベンチにもどるたび|相手のバトルポケモンがにげるとき)"),
    # a Knock Out in the ruling
    "knocked_out": (r"When your opponent's Active Pokémon is Knocked Out", r"相手のバトルポケモンがきぜつするたび"),
    # a Special Condition it cannot have
    "conditions": (r"This Pokémon can't be (?:Asleep|Burned|Confused|Paralyzed|Poisoned)\.",
                   r"このポケモンは(?:ねむり|やけど|こんらん|マヒ|どく)にならない"),
    # damage counters moved between Pokémon
    "counters_moved": (r"can't be moved to other Pokémon", r"のせ替えられない"),
    # Pokémon or attached cards put into a hand
    "to_hand": (r"can't be put into your opponent's hand", r"手札にもどせない"),
    # more Pokémon Tools than one
    "tools": (r"may have up to \d+ Pokémon Tool cards attached", r"「ポケモンのどうぐ」を\d+枚までつけられる"),
    # attacks of its previous Evolutions used
    "other_attacks": (r"can use any attack from its previous Evolutions", r"進化前に持っていたワザ"),
    # a named Stadium in play
    "stadium": (r"^If [^.]+ is in play, this Pokémon may use an attack it has twice",
                r"^場に「[^」]+」が出ているなら、このポケモンは、持っているワザを2回連続で使える"),
}

# A text about the attacks of this Pokémon (or of its player's) is in force whenever they
# attack: no class.
OWN_ATTACKS = (re.compile(r"used by (?:this Pokémon|your (?!opponent))", re.I),
               re.compile(r"(?:このポケモン|自分の[^、。相]*)が使うワザ"))

_COMPILED = {kind: (re.compile(en, re.I), re.compile(ja)) for kind, (en, ja) in EVENTS.items()}
_SENTENCE = re.compile(r"(?<=[.。])\s*(?![^()（）]*[)）])")  # not inside a parenthesis


@lru_cache(maxsize=4096)
def _classes(en: str, ja: str) -> tuple[str, ...]:
    """The classes of the text in one language, or () when a sentence has none (the
    sentences that only go on with the one before — "If heads, …", a parenthesis — are
    covered by it)."""
    text = en or ja
    if not text:
        return ()
    english = bool(en)
    if OWN_ATTACKS[0 if english else 1].search(text):
        return ()
    found: list[str] = []
    for kind, (en_re, ja_re) in _COMPILED.items():
        if (en_re if english else ja_re).search(text):
            found.append(kind)
    if not found:
        return ()
    first = _SENTENCE.split(text.strip(), maxsplit=1)[0]
    if not any((_COMPILED[k][0] if english else _COMPILED[k][1]).search(first) for k in found):
        return ()  # the class is met only by a later sentence: the first one is in force unread
    return tuple(found)


def events(text: dict) -> tuple[str, ...]:
    """The events at which this Ability's text is met: every class its English print (else
    its Japanese print) names; () when none (the text is in force in every ruling)."""
    en, ja = text.get("en") or "", text.get("ja") or ""
    found = _classes(en, "") if en else ()
    return found or (_classes("", ja) if ja else ())
