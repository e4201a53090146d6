"""The board as state (SCENARIOS.md, Format 2): one board that every step of a ruling
reads as the steps before it left it.

`State(scenario)` copies the scenario's players and Pokémon once; actions change the
copies (damage, conditions, Energy, spots), never the scenario, so the ruling can say
what changed. Each Pokémon keeps its `uid` (the spot it started in) wherever it goes;
spots keep their labels — a switch swaps two Pokémon's spots, a Pokémon that leaves
play leaves its spot empty, and nothing closes up. `board()` is the effects in force
now (effects.Board), rebuilt after every change rather than patched.
"""

from __future__ import annotations

from judgebot.engine.board.effects import Board
from judgebot.engine.board.model import MAX_BENCH, Pokemon, Scenario


def _copy(obj):
    """A shallow copy of a model object (its fields are tuples and values: changing the
    copy's fields never reaches the original). dataclasses.replace re-runs __init__."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _key(mon: Pokemon) -> tuple:
    """What `snapshot` shows, as a tuple: cheap to make and to compare."""
    return (mon.name, mon.damage, tuple(e.name for e in mon.energy), tuple(sorted(mon.conditions)),
            mon.tool.name if mon.tool else None)


def snapshot(mon: Pokemon | None) -> dict | None:
    if mon is None:
        return None
    # Energy as the board names it: basic by its type word, special by name.
    return {"name": mon.name, "counters": mon.damage // 10, "energy": [e.name for e in mon.energy],
            "conditions": sorted(mon.conditions), "tool": mon.tool.name if mon.tool else None}


class State:
    def __init__(self, scenario: Scenario):
        self.original = scenario
        players = {}
        for side, player in scenario.players.items():
            copied = _copy(player)
            copied.active = _copy(player.active) if player.active is not None else None
            copied.bench = tuple(_copy(mon) for mon in player.bench)
            players[side] = copied
        # The turn's records change as actions are carried out (a sequence reads them).
        self.scenario = _copy(scenario)
        self.scenario.players, self.scenario.turn = players, _copy(scenario.turn)
        self.keys_before = {mon.position: _key(mon) for mon in scenario.all_pokemon()}
        self.left: dict[str, tuple[str, Pokemon]] = {}  # uid -> (spot it left, the Pokémon as it left)
        self.discarded: dict[str, list[str]] = {"you": [], "opponent": []}
        self.triggered: list[str] = []
        self.fired: set[tuple] = set()  # (trigger name, holder uid) of `once` triggers that fired
        self.last_trigger = None  # the trigger that worked last (an endless loop of them is named)
        self.trigger_runs = 0  # triggers that worked (timing.MAX_TRIGGERS)
        self.prizes_drawn: dict[str, int] = {"you": 0, "opponent": 0}  # of `prize_cards`, taken so far
        self.extra_prizes: dict[str, int] = {"you": 0, "opponent": 0}  # taken by card text (take_prize)
        self.knocked_out: set[str] = set()  # uids Knocked Out by an effect (knock_out), at the next check
        # The choices the ask states for its text (`choose`), used in the order the text asks.
        ask = scenario.ask
        self.choices: tuple[str, ...] = tuple(getattr(ask, "choose", ()) or ())
        self.choice_path = f"{getattr(ask, 'path', 'ask.' + ask.kind)}.choose"
        self.chosen = 0
        self.last_chosen: str | None = None  # uid of the Pokémon a choice took last (target `chosen`)
        self.chosen_uids: list[str] = []  # every Pokémon a choice took, in order
        self.you_may = getattr(ask, "you_may", True)  # "you may": the player does (false: declines)
        self.found = getattr(ask, "found", None)  # the cards the text finds in the deck (`found`)
        self.found_path = f"{getattr(ask, 'path', 'ask.' + ask.kind)}.found"
        self._board: Board | None = None
        self._by_uid: dict[str, Pokemon] | None = None
        self._by_spot: dict[str, Pokemon] | None = None

    # -- reading -----------------------------------------------------------------
    def free_bench_spot(self, side: str) -> str | None:
        """The spot a Pokémon put onto `side`'s Bench takes (never one a Pokémon left during
        this ruling, so positions keep naming one Pokémon); None when the Bench is full."""
        player = self.scenario.players[side]
        if len(player.bench) >= MAX_BENCH:
            return None
        used = {m.position for m in player.bench} | {spot for spot, _ in self.left.values()} \
            | {s for s in self.keys_before if s.startswith(f"{side}.bench")}
        return next(f"{side}.bench[{i}]" for i in range(MAX_BENCH + len(used) + 1) if f"{side}.bench[{i}]" not in used)

    def board(self) -> Board:
        if self._board is None:
            self._board = Board(self.scenario)
        return self._board

    def changed(self) -> None:
        self._board = None
        self._by_uid = self._by_spot = None

    def _index(self) -> None:
        mons = self.scenario.all_pokemon()
        self._by_uid = {mon.uid: mon for mon in mons}
        self._by_spot = {mon.position: mon for mon in mons}

    def at(self, spot: str) -> Pokemon | None:
        if self._by_spot is None:
            self._index()
        return self._by_spot.get(spot)

    def by_uid(self, uid: str) -> Pokemon | None:
        if self._by_uid is None:
            self._index()
        return self._by_uid.get(uid)

    def spot_of(self, uid: str) -> str:
        mon = self.by_uid(uid)
        if mon is not None:
            return mon.position
        return self.left[uid][0] if uid in self.left else uid

    def last_known(self, uid: str) -> Pokemon | None:
        """The Pokémon, in play or as it was when it left play."""
        mon = self.by_uid(uid)
        return mon if mon is not None else (self.left[uid][1] if uid in self.left else None)

    def existed(self, spot: str) -> bool:
        """Was there ever a Pokémon at this spot in this ruling (the file names it)?"""
        return spot in self.keys_before or any(s == spot for s, _ in self.left.values())

    # -- changing ------------------------------------------------------------------
    def leave_play(self, mon: Pokemon) -> None:
        """The Pokémon leaves play; its spot stays empty."""
        player = self.scenario.players[mon.owner]
        if player.active is mon:
            player.active = None
        else:
            player.bench = tuple(m for m in player.bench if m is not mon)
        self.left[mon.uid] = (mon.position, mon)
        self.changed()

    def take(self, side: str, zone: str, name: str) -> bool:
        """Take one card called `name` from a player's hand or discard pile. False when the
        file gives that pile and the card is not in it; a pile the file leaves out is not
        limited (SCENARIOS.md), so the card is taken from it."""
        player = self.scenario.players[side]
        field = {"hand": "hand", "discard": "discard"}.get(zone)
        pile = getattr(player, field) if field and (field != "hand" or player.hand_given) else None
        if pile is None:
            return True
        if name not in pile:
            return False
        cards = list(pile)
        cards.remove(name)
        setattr(player, field, tuple(cards))
        return True

    def discard(self, side: str, cards: list[str]) -> None:
        self.discarded[side].extend(cards)
        player = self.scenario.players[side]
        if player.discard is not None:
            player.discard = tuple(player.discard) + tuple(cards)

    def swap(self, active: Pokemon, benched: Pokemon) -> None:
        """The Active Pokémon and a Benched one of the same player change spots."""
        player = self.scenario.players[active.owner]
        spot = benched.position
        player.bench = tuple(active if m is benched else m for m in player.bench)
        player.active = benched
        benched.position, active.position = active.position, spot
        self.changed()

    # -- the ruling's keys ---------------------------------------------------------------
    def whole_board(self) -> dict[str, dict | None]:
        """Every spot the ruling saw, as it is now (None: empty), in board order."""
        now = {mon.position: snapshot(mon) for mon in self.scenario.all_pokemon()}
        spots = sorted(set(self.keys_before) | set(now), key=_spot_order)
        return {spot: now.get(spot) for spot in spots}

    def board_changes(self) -> dict[str, dict | None]:
        """Every spot whose contents changed: what is there now (None: empty)."""
        now = {mon.position: mon for mon in self.scenario.all_pokemon()}
        spots = sorted(set(self.keys_before) | set(now), key=_spot_order)
        changes = {}
        for spot in spots:
            mon = now.get(spot)
            if (None if mon is None else _key(mon)) != self.keys_before.get(spot):
                changes[spot] = snapshot(mon)
        return changes

    def discarded_cards(self) -> dict[str, list[str]] | None:
        found = {side: list(cards) for side, cards in self.discarded.items() if cards}
        return found or None


def _spot_order(spot: str) -> tuple:
    side, _, place = spot.partition(".")
    return (side != "you", place != "active", place)
