"""Build scenarios from Python data (through the real loader) and rule on them."""

from __future__ import annotations

import copy

import yaml

from judgebot.engine import rule
from judgebot.engine.format.scenario import parse_scenario


def mon(name="テスト", types=("colorless",), hp=100, **fields) -> dict:
    return {"name": name, "types": list(types), "hp": hp, **fields}


def attacker(damage=60, cost=("colorless",), energy=None, types=("fire",), hp=100, attack_fields=None, **fields):
    attack = {"name": "テストアタック", "cost": list(cost), "damage": damage, **(attack_fields or {})}
    energy = list(energy) if energy is not None else ["colorless"] * len(cost)
    return mon("アタッカー", types, hp, energy=energy, attacks=[attack], **fields)


def board(you_active=None, opp_active=None, **top) -> dict:
    data = {
        "you": {"active": you_active or attacker(), "bench": [mon("ベンチ自分")]},
        "opponent": {"active": opp_active or mon("ディフェンダー", hp=300), "bench": [mon("ベンチ相手")]},
        "ask": {"attack": {"name": "テストアタック"}},
    }
    for key, value in top.items():
        data[key] = value
    return data


def dump(data: dict) -> str:
    return yaml.safe_dump(copy.deepcopy(data), allow_unicode=True, sort_keys=False)


def load(data: dict | str, file: str = "test.yaml"):
    return parse_scenario(data if isinstance(data, str) else dump(data), file)


def ruling(data: dict | str) -> dict:
    return rule(load(data)).to_dict()


def steps(result: dict, key: str | None = None, target: str | None = None) -> list[dict]:
    return [s for s in result["steps"] if (key is None or s["step"] == key)
            and (target is None or s.get("target") == target)]
