"""The card catalog loader: merge, duplicates, validation with file/line, lookups."""

from __future__ import annotations

import pytest

from judgebot.engine.format import catalog as catalog_module
from judgebot.engine.format.catalog import load_catalog
from judgebot.errors import NotModelledError, ScenarioError
from tests.engine.helpers import attacker, board, load, mon, ruling

CARDS = """\
テストディフェンダー:
  category: item
  aliases: [Test Defender]
  text: 受けるワザのダメージは「-30」される。
  sections: [guide-ja:II-B-05]
  effects:
    - {kind: damage_taken, amount: -30, from: {side: opponent}}
テストエネルギー:
  category: special_energy
  sections: [guide-ja:II-D-08]
  provides:
    - {when: {evolved: true}, types: [fire], units: 3}
    - {types: [fire]}
テスト特性:
  category: ability
  effect: {kind: damage_taken, amount: -20}
テストどうぐ:
  category: tool
  effects: [{kind: retreat_cost, delta: -2}]
テスト塔:
  category: stadium
  effects: [{kind: no_abilities, applies_to: {types: [darkness]}}]
テストワザ:
  category: attack
  effects: [{kind: damage_dealt, amount: -20}]
未対応:
  category: item
  modelled: false
  why: it needs a mechanic the engine lacks
"""


@pytest.fixture
def catalog_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog_module, "catalog_dir", lambda: tmp_path)
    return tmp_path


def test_merge_and_lookup_by_name_or_alias(catalog_dir):
    (catalog_dir / "a.yaml").write_text(CARDS, encoding="utf-8")
    (catalog_dir / "b.yaml").write_text("別カード:\n  category: item\n  effects: []\n", encoding="utf-8")
    catalog = load_catalog()
    assert len(catalog) == 8
    assert catalog.lookup("Test Defender").name == "テストディフェンダー"
    assert catalog.lookup("テスト特性").ability.effects[0].get("amount") == -20
    assert catalog.lookup("テスト特性").ability.declared is False


def test_a_name_defined_twice_names_both_files(catalog_dir):
    (catalog_dir / "a.yaml").write_text(CARDS, encoding="utf-8")
    (catalog_dir / "b.yaml").write_text("Test Defender:\n  category: item\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_catalog()
    message = str(info.value)
    assert "'Test Defender' is defined twice" in message
    assert "a.yaml:1 (テストディフェンダー)" in message and "b.yaml:1 (Test Defender)" in message


def test_entries_are_validated_with_file_line_and_path(catalog_dir):
    (catalog_dir / "bad.yaml").write_text("カード:\n  category: item\n  effects:\n    - {kind: damage_taken}\n",
                                          encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_catalog()
    assert str(info.value).endswith("bad.yaml:4:7: カード.effects[0]: missing required key 'amount' for kind "
                                    "damage_taken")
    (catalog_dir / "bad.yaml").write_text("カード:\n  category: weapon\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_catalog()
    assert str(info.value).endswith("bad.yaml:2:3: カード.category: unknown category 'weapon'; expected one of "
                                    "item, supporter, stadium, tool, special_energy, ability, attack")


def test_catalog_cards_in_scenarios(catalog_dir):
    (catalog_dir / "a.yaml").write_text(CARDS, encoding="utf-8")
    opp = mon("D", ("metal",), 300, effects=[{"card": "Test Defender"}])
    result = ruling(board(attacker(damage=60), opp))
    assert result["damage"]["opponent.active"] == 30
    assert "guide-ja:II-B-05" in result["citations"]
    # Special Energy by name: 1 fire on a Basic, 3 on an evolved Pokémon.
    basic = attacker(cost=["fire", "fire"], energy=["テストエネルギー"])
    assert ruling(board(basic))["allowed"] is False
    evolved = attacker(cost=["fire", "fire"], energy=["テストエネルギー"], stage="stage1")
    assert ruling(board(evolved))["allowed"] is True
    scenario = load(board(attacker(tool="テストどうぐ", abilities=["テスト特性"]), stadium={"card": "テスト塔"}))
    assert scenario.you.active.tool.effects[0].kind == "retreat_cost"
    assert scenario.stadium.effects[0].kind == "no_abilities"


def test_wrong_category_unknown_and_not_modelled(catalog_dir):
    (catalog_dir / "a.yaml").write_text(CARDS, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(board(attacker(tool="テストディフェンダー")))
    assert str(info.value).endswith("you.active.tool: テストディフェンダー is a card of category item, expected tool")
    with pytest.raises(NotModelledError) as info:
        load(board(opp_active=mon("D", effects=[{"card": "未対応"}])))
    assert str(info.value).endswith("opponent.active.effects[0].card: 未対応: not modelled: it needs a mechanic the "
                                    "engine lacks — give its effect inline ({kind: …})")
    with pytest.raises(NotModelledError) as info:
        load(board(attacker(energy=["ナゾエネルギー"])))
    assert "ナゾエネルギー: not in the card catalog — not modelled" in str(info.value)


def test_the_projects_catalog_loads_and_its_sections_resolve():
    from judgebot.corpus import load_corpus

    catalog = load_catalog()
    corpus = load_corpus()
    missing = [(entry.name, c) for entry in catalog.entries.values() for c in entry.sections if c not in corpus]
    assert missing == []


def test_a_batch_reads_the_catalog_files_once(catalog_dir, monkeypatch):
    (catalog_dir / "a.yaml").write_text(CARDS, encoding="utf-8")
    first = load_catalog()
    looks = []
    stamp = catalog_module._stamp
    monkeypatch.setattr(catalog_module, "_stamp", lambda d: looks.append(d) or stamp(d))
    with catalog_module.one_read():
        assert all(load_catalog() is first for _ in range(5))
    assert len(looks) == 1
    (catalog_dir / "b.yaml").write_text("別カード:\n  category: item\n  effects: []\n", encoding="utf-8")
    assert load_catalog().lookup("別カード") is not None  # outside a batch, a change is seen at once
