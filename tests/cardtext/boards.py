"""A board to try a reading on: the engine's own readers validate it and the procedures
carry it out (the reading is plain data: judgebot.cardtext imports nothing of the engine)."""

from __future__ import annotations

import re

import yaml

from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario_text


def _mon(name, hp, **more):
    return {"name": name, "types": ["colorless"], "hp": hp, **more}


def board(**extra) -> dict:
    scenario = {
        "format": 2,
        "you": {"hand": ["a", "b", "c", "d"], "discard": ["fire", "water", "metal"],
                "active": {"name": "Me", "types": ["fire"], "hp": 200, "energy": ["fire"] * 4,
                           "attacks": [{"name": "Hit", "cost": ["fire"], "damage": 60}]},
                "bench": [_mon("B1", 100, damage=10), _mon("B2", 90)]},
        "opponent": {"hand": ["x"], "discard": ["y"],
                     "active": _mon("Opp", 200, damage=20, energy=["water", "water"]),
                     "bench": [_mon("O1", 80, damage=10), _mon("O2", 70)]},
        "stadium": {"name": "Some Stadium", "owner": "opponent", "effects": []},
        "coins": ["heads", "tails"] * 8,
    }
    scenario.update(extra)
    return scenario


def attack_board(format2: dict, printed) -> dict:
    number = re.match(r"^\d+", str(printed)) if printed not in (None, "") else None
    attack = {"name": "Text", "cost": ["fire"], "damage": int(number.group(0)) if number else None, **format2}
    scenario = board(ask={"attack": {"name": "Text"}})
    scenario["you"]["active"]["attacks"] = [attack]
    return scenario


def trainer_board(format2: dict, kind: str, name: str = "Card") -> dict:
    if kind == "tool":
        scenario = board(ask={"attack": {"name": "Hit"}})
        scenario["opponent"]["active"]["tool"] = {"name": name, "effect": format2.get("effects", [])}
        return scenario
    if kind == "stadium":
        return board(ask={"attack": {"name": "Hit"}},
                     stadium={"name": name, "owner": "you", "effects": format2.get("effects", [])})
    ask = {"card": name, "kind": kind, "resolve": True, **{k: format2[k] for k in ("do", "pay") if k in format2}}
    scenario = board(ask={"play": ask})
    scenario["you"]["hand"] = scenario["you"]["hand"] + [name]
    if format2.get("effects"):
        scenario["you"]["effects"] = format2["effects"]
    return scenario


def ability_board(format2: dict, name: str = "Text") -> dict:
    ability = {"name": name, **format2}
    if format2.get("declared", True) and format2.get("do"):
        scenario = board(ask={"ability": {"name": name, "resolve": True}})
        scenario["you"]["active"]["abilities"] = [ability]
    else:
        scenario = board(ask={"attack": {"name": "Hit"}})
        scenario["opponent"]["active"]["abilities"] = [ability]
    return scenario


def run(scenario: dict):
    """Read the scenario as a file would be read, and rule on it."""
    return rule(load_scenario_text(yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False)))
