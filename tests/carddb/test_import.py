"""The importer on a few upstream card files (tests/fixtures/tcgdex, copied unchanged from
the TCGdex snapshot) and a few PokéAPI rows: deterministic, the print join and the
reviewed fixes, names in four languages, conflicts stop it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judgebot.carddb import importer
from judgebot.carddb.store import Database

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TCGDEX = FIXTURES / "tcgdex"
POKEAPI = FIXTURES / "pokeapi" / "pokemon_species_names.csv"
REVIEW = FIXTURES / "carddb-review"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, importer.Report]:
    out = tmp_path_factory.mktemp("carddb") / "cards.sqlite"
    report = importer.run(TCGDEX, POKEAPI, REVIEW, out)
    return out, report


def test_two_imports_are_byte_identical(built, tmp_path):
    first, _ = built
    again = tmp_path / "again.sqlite"
    importer.run(TCGDEX, POKEAPI, REVIEW, again)
    assert again.read_bytes() == first.read_bytes()


def test_an_archive_and_a_folder_give_the_same_database(built, tmp_path):
    first, _ = built
    archive = shutil.make_archive(str(tmp_path / "snapshot"), "gztar", TCGDEX.parent, TCGDEX.name)
    out = tmp_path / "from-archive.sqlite"
    importer.run(Path(archive), POKEAPI, REVIEW, out)
    assert out.read_bytes() == first.read_bytes()


def test_prints_of_one_card_are_one_card_joined_across_languages(built):
    db = Database(built[0])
    charizard = db.card("sv03-125")
    assert [p["id"] for p in charizard["prints"]] == ["sv03-125", "SV3-066", "SV3-125"]
    assert charizard["name"] == {"en": "Charizard ex", "ja": "リザードンex", "zh": "喷火龙ex", "zh-tw": "噴火龍ex",
                                 "ko": "리자몽ex"}
    assert charizard["name_from"]["ko"] == "pokeapi" and charizard["name_from"]["ja"] == "print"
    assert charizard["types"] == ["darkness"] and charizard["rule"] == "ex" and charizard["stage"] == "stage2"
    assert charizard["evolves_from"] == {"en": "Charmeleon", "ja": "リザード"}
    assert charizard["attacks"][0]["name"] == {"en": "Burning Darkness", "ja": "バーニングダーク"}
    assert charizard["attacks"][0]["damage"] == "180+"
    # The Japanese text dropped the Energy symbol the English one prints: filled in from it.
    assert charizard["abilities"][0]["text"]["ja"].startswith("自分の番に、このカードを手札から出して進化させたとき、"
                                                              "1回使える。自分の山札から「基本[R]エネルギー」を3枚まで")
    assert {"field": "ability[0].text.ja", "from": "the English text of the same card"} in charizard["filled"]
    assert "text_gaps" not in charizard
    assert charizard["standard"] is False and charizard["marks"] == ["G"]


def test_the_fire_charizard_is_another_card(built):
    db = Database(built[0])
    fire = db.card("sv03.5-006")
    assert fire["types"] == ["fire"] and [p["id"] for p in fire["prints"]] == ["sv03.5-006", "SV2a-006"]


def test_a_trainer_joins_only_through_the_reviewed_table(built):
    db = Database(built[0])
    tower = db.card("sv06-153")
    assert tower["name"]["ja"] == "ジャミングタワー" and tower["trainer_type"] == "stadium"
    assert {p["id"] for p in tower["prints"]} == {"sv06-153", "SV6-100"}
    assert tower["standard"] is True


def test_lookups_by_name_print_and_id(built):
    db = Database(built[0])
    from judgebot.carddb.normalize import name_key, print_key
    from judgebot.carddb.store import id_key

    assert {card for _, _, card in db.by_name(name_key("리자몽 EX"))} == {"sv03-125", "sv03.5-006"}
    assert db.by_print(print_key("OBF", "125")) == [("sv03-125", "sv03-125")]
    assert db.by_print(print_key("sv3", "66")) == [("SV3-066", "sv03-125")]
    assert db.by_print(id_key("sv03-125")) == [("sv03-125", "sv03-125")]
    assert db.by_print(id_key("SV03-125", exact=False)) == [("sv03-125", "sv03-125")]


def test_statistics(built):
    _, report = built
    assert report.stats["cards"] == 3 and report.stats["prints"] == 7
    assert report.stats["joined_pokemon"] == 2 and report.stats["joined_trainers"] == 1
    assert report.stats["standard"] == 1


def test_a_data_error_without_a_decision_stops_the_import(tmp_path):
    review = tmp_path / "review"
    shutil.copytree(REVIEW, review)
    (review / "conflicts.yaml").write_text("fixes: {}\n", encoding="utf-8")
    out = tmp_path / "cards.sqlite"
    report = importer.run(TCGDEX, POKEAPI, review, out, review_file=tmp_path / "todo.yaml")
    assert [c.kind for c in report.undecided] == ["values"]
    assert "SV3-125" in report.undecided[0].key and not out.exists()
    assert "SV3-066" in (tmp_path / "todo.yaml").read_text(encoding="utf-8")


def test_a_decision_no_conflict_needs_stops_the_import(tmp_path):
    review = tmp_path / "review"
    shutil.copytree(REVIEW, review)
    with (review / "conflicts.yaml").open("a", encoding="utf-8") as handle:
        handle.write("decisions:\n  \"text:nothing:ja:X\": {decision: same, text_from: X, why: stale}\n")
    report = importer.run(TCGDEX, POKEAPI, review, tmp_path / "cards.sqlite")
    assert report.stale == ["text:nothing:ja:X"]


def test_a_trainer_table_entry_that_joins_nothing_is_an_error(tmp_path):
    review = tmp_path / "review"
    shutil.copytree(REVIEW, review)
    (review / "names.yaml").write_text("trainers:\n  ジャミングタワー: {en: Jaming Tower}\n", encoding="utf-8")
    with pytest.raises(importer.ImportProblem, match="ジャミングタワー"):
        importer.run(TCGDEX, POKEAPI, review, tmp_path / "cards.sqlite")


def test_a_card_file_outside_the_subset_names_its_file_and_place(tmp_path):
    snapshot = tmp_path / "snapshot"
    shutil.copytree(TCGDEX, snapshot)
    card = snapshot / "data/Scarlet & Violet/Obsidian Flames/125.ts"
    card.write_text(card.read_text(encoding="utf-8").replace('hp: 330', 'hp: `330`'), encoding="utf-8")
    from judgebot.carddb.source import SourceError

    with pytest.raises(SourceError, match=r"Obsidian Flames/125\.ts:\d+:\d+: unexpected character '`'"):
        importer.run(snapshot, POKEAPI, REVIEW, tmp_path / "cards.sqlite")


def _print_with_attack(name: dict, damage) -> "object":
    from judgebot.carddb.source import Part, Print

    return Print(id="X-001", set="X", number="001", region="asia", released="2025-01-01", path="x.ts",
                 name={"ja": "テスト"}, category="pokemon",
                 attacks=[Part(name=name, text={"ja": "このワザのダメージは小さくなる。"}, cost=("fire",), damage=damage)])


def test_a_reviewed_fix_moves_the_damage_out_of_an_attack_name():
    from judgebot.carddb import build

    fixed = build._apply_fix(_print_with_attack({"ja": "ビッグバンファイヤー 290-"}, None),
                             {"damage_in_attack_name": [0], "why": "…"})
    assert fixed.attacks[0].name == {"ja": "ビッグバンファイヤー"} and fixed.attacks[0].damage == "290-"


@pytest.mark.parametrize("name, damage", [({"ja": "ビッグバンファイヤー"}, None),  # nothing to move
                                          ({"ja": "ビッグバンファイヤー 290-"}, "290-")])  # the damage is given
def test_a_fix_that_finds_no_damage_in_the_name_stops_the_import(name, damage):
    from judgebot.carddb import build

    with pytest.raises(build.ImportProblem, match="damage_in_attack_name"):
        build._apply_fix(_print_with_attack(name, damage), {"damage_in_attack_name": [0]})
