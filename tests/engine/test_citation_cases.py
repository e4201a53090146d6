"""The citations issue 27 found missing or wrong, each pinned on its ruling: the step
that decides cites the record that decides it, and nothing about another case."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario
from judgebot.i18n import localized_card_name

RULINGS = Path(__file__).resolve().parents[2] / "rulings"


def _steps(name: str, key: str, lang: str = "en") -> list[dict]:
    shown = rule(load_scenario(RULINGS / name)).to_dict(lang)
    return [s for s in shown["steps"] + [dict(r, step="reason") for r in shown["reasons"]] if s["step"] == key]


@pytest.mark.parametrize("name,cite", [
    ("attack/ko-prizes-ex.yaml", "guide-ja:II-E-31/faq-1"),  # 「ポケモン【ex】」…サイドを2枚とった
    ("attack/ko-prizes-mega-ex.yaml", "guide-ja:II-D-18/faq-1"),
    ("attack/ko-prizes-vmax.yaml", "guide-zh:II-D-18/faq-1"),
])
def test_a_rule_box_prize_count_cites_the_record_that_states_it(name, cite):
    [prizes] = _steps(name, "prizes")
    assert cite in prizes["cite"]


def test_damage_to_your_own_bench_is_b09_and_your_own_shield_does_not_stop_it():
    base = [s for s in _steps("rule_II-B-09_own-bench-spread.yaml", "base") if s.get("target") == "you.bench[0]"]
    assert "guide-ja:II-B-09" in base[0]["cite"] and "guide-ja:II-B-08" not in base[0]["cite"]
    final = [s for s in _steps("rule_II-B-09_own-bench-spread.yaml", "final") if s.get("target") == "you.bench[0]"]
    assert final[0]["cite"][:2] == ["guide-ja:II-B-09/faq-2", "guide-ja:II-B-09"]
    assert "from your own Pokémon" in final[0]["text"]


def test_a_tool_hp_bonus_gone_under_a_stadium_says_why_and_cites_d13():
    [check] = _steps("rule_II-D-13_jamming-tower-hp-bonus.yaml", "knockout_check")
    assert check["cite"][0] == "guide-ja:II-D-13"
    assert "does not apply: removed by Jamming Tower" in check["text"]


def test_a_when_damaged_ability_removed_at_step_5_cites_e22():
    [on_damaged] = _steps("guide-ja_II-E-22_faq-1.yaml", "on_damaged")
    assert on_damaged["cite"][:2] == ["guide-ja:II-E-22/faq-1", "guide-ja:II-E-22"]


def test_an_evolution_by_an_effect_is_not_from_the_hand_e05():
    steps = _steps("rule_II-E-05_evolved-by-effect.yaml", "carry_out")
    [trigger] = [s for s in steps if localized_card_name("サイコドロー", "en") in s["text"]]
    assert trigger["cite"] == ["guide-ja:II-E-05"] and "not played from the hand" in trigger["text"]


def test_up_to_from_the_hand_is_e33_not_d05():
    for name in ("guide-ja_II-E-33_faq-1.yaml", "guide-ja_II-E-33_faq-2.yaml"):
        chosen = [s for s in _steps(name, "carry_out") + _steps(name, "other_effects") if "chosen of up to" in s["text"]]
        assert chosen and all("guide-ja:II-D-05" not in s["cite"] and "guide-ja:II-E-33" in s["cite"] for s in chosen)


def test_a_switch_out_is_c04_and_a_switch_in_c05():
    [repel] = _steps("guide-ja_II-E-29_faq-2.yaml", "nothing_happens")
    assert "guide-ja:II-C-04" in repel["cite"] and "guide-ja:II-C-05" not in repel["cite"]
    [catcher] = _steps("rule_II-C-05_opponent-no-bench.yaml", "reason")
    assert "guide-ja:II-C-05" in catcher["cite"] and "guide-ja:II-C-04" not in catcher["cite"]
    assert "guide-ja:II-E-29" not in catcher["cite"]  # its FAQ is not the case: no section through it


@pytest.mark.parametrize("name", ["attack/ignition-energy-evolved.yaml", "attack/ignition-energy-basic.yaml"])
def test_ignition_energy_is_c01_faq_1_not_d08(name):
    for step in _steps(name, "cost"):
        assert "guide-ja:II-C-01/faq-1" in step["cite"] and "guide-ja:II-D-08" not in step["cite"]


def test_prism_energy_still_cites_d08():
    [cost] = _steps("attack/prism-energy-basic.yaml", "cost")
    assert "guide-ja:II-D-08" in cost["cite"]


def test_a_tool_attached_is_not_d06():
    [base] = _steps("rule_II-D-06_has-a-tool.yaml", "base")
    assert "guide-ja:II-D-06" not in base["cite"] and "guide-ja:I-B-02" in base["cite"]


def test_big_net_leaving_a_basic_out_is_stated_and_cited():
    [cost] = _steps("rule_II-D-11_basic-not-caught.yaml", "cost")
    assert "guide-ja:II-D-11" in cost["cite"]
    assert "does not meet the condition: evolved" in cost["text"]


def test_brave_bangle_against_a_non_ex_cites_nothing_about_other_cases():
    [step] = _steps("attack/brave-bangle-not-against-non-ex.yaml", "attacker_effects")
    assert not [c for c in step["cite"] if "II-D-18" in c]
    assert "guide-ja:II-B-04" in step["cite"]
