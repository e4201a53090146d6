"""check_paths / check_file / --verify, and `judgebot check` as a process."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from judgebot.corpus import load_corpus
from judgebot.engine import ASK_HANDLERS, check_paths
from judgebot.errors import InputError, NotModelledError
from judgebot.present.ruling_view import render_rulings
from tests.engine.helpers import board, dump

HERE = Path(__file__).parent
EXAMPLE = HERE / "scenarios" / "spec-example.yaml"
CONTRACT_KEYS = ["file", "ask", "allowed", "failed", "cost", "reasons", "damage", "counters", "conditions",
                 "knocked_out", "prizes_taken", "winner", "extra_draws", "steps", "citations", "verified"]


def write(directory: Path, name: str, data) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else dump(data), encoding="utf-8")
    return path


def test_ruling_object_has_the_contract_keys():
    (result,) = check_paths([EXAMPLE])
    assert list(result)[:len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert result["verified"] is None and result["extra_draws"] is None
    json.dumps(result, ensure_ascii=False)


def test_directory_means_every_yaml_recursively_sorted(tmp_path):
    write(tmp_path, "b.yaml", board())
    write(tmp_path, "a/z.yaml", board())
    write(tmp_path, "a/notes.txt", "not a scenario")
    results = check_paths([tmp_path])
    assert [Path(r["file"]).relative_to(tmp_path).as_posix() for r in results] == ["a/z.yaml", "b.yaml"]


def test_verify_compares_only_what_is_given(tmp_path):
    data = board(expect={"damage": {"opponent.active": 60}, "counters": {"opponent.bench[0]": 0},
                         "prizes_taken": {"you": 0}, "cites": ["guide-ja:I-A-01"], "winner": None})
    (good,) = check_paths([write(tmp_path, "good.yaml", data)], verify=True)
    assert good["verified"] is True and "mismatches" not in good
    data["expect"] = {"damage": {"opponent.active": 70}, "cites": ["guide-ja:II-B-07"], "knocked_out": []}
    (bad,) = check_paths([write(tmp_path, "bad.yaml", data)], verify=True)
    assert bad["verified"] is False
    assert bad["mismatches"][0] == {"key": "damage.opponent.active", "expected": 70, "actual": 60}
    assert bad["mismatches"][1]["key"] == "cites" and bad["mismatches"][1]["missing"] == ["guide-ja:II-B-07"]
    assert len(bad["mismatches"]) == 2


def test_verify_compares_card_names_in_any_language(tmp_path):
    """SCENARIOS.md "Real cards": names compare in any of the card's languages, in `expect`
    too — a discarded Hero's Cape is the ヒーローマント the ruling names, a board spot's
    ピカチュウex is Pikachu ex; another card's name still does not match."""
    data = {"format": 2,
            "you": {"active": {"card": "Raticate POR 061", "energy": ["colorless"]}},
            "opponent": {"active": {"card": "Pikachu ex ASC 276", "tool": "Hero's Cape", "damage": 190},
                         "bench": [{"card": "Iron Hands ex"}]},
            "ask": {"attack": "Scrape Off"},
            "expect": {"discarded": {"opponent": ["Hero's Cape", "Pikachu ex"]},
                       "board": {"opponent.bench[0]": {"name": "テツノカイナex"}}}}
    (good,) = check_paths([write(tmp_path, "good.yaml", data)], verify=True)
    assert good["verified"] is True, good.get("mismatches")
    data["expect"] = {"discarded": {"opponent": ["Bravery Charm", "Pikachu ex"]},
                      "board": {"opponent.bench[0]": {"name": "Squawkabilly ex"}}}
    (bad,) = check_paths([write(tmp_path, "bad.yaml", data)], verify=True)
    assert [m["key"] for m in bad["mismatches"]] == ["discarded.opponent", "board.opponent.bench[0].name"]


def test_an_ask_kind_without_a_handler_is_refused_not_guessed(tmp_path, monkeypatch):
    data = board()
    data["ask"] = {"retreat": {}}
    monkeypatch.delitem(ASK_HANDLERS, "retreat", raising=False)
    with pytest.raises(NotModelledError, match="ask 'retreat' is not modelled yet"):
        check_paths([write(tmp_path, "r.yaml", data)])


def test_missing_path_and_empty_directory(tmp_path):
    with pytest.raises(InputError, match="no such file or directory"):
        check_paths([tmp_path / "nope.yaml"])
    with pytest.raises(InputError, match="no scenario files"):
        check_paths([tmp_path])


def test_human_view_renders_headline_steps_and_titles():
    results = check_paths([EXAMPLE], verify=True)
    out = io.StringIO()
    render_rulings(results, load_corpus(), out)
    text = out.getvalue()
    assert "✓ ALLOWED (attack)" in text and "Knocked Out: the opponent's Active Pokémon" in text
    assert "verified ✓" in text
    assert "guide-ja:II-B-05" in text and "ダメージは" in text  # the citation with its title
    assert "Weakness (damage calculation, step 3) — the opponent's Active Pokémon" in text and "×2" in text  # the step named as the guide names it


def test_human_view_fails_loudly_on_an_unknown_citation():
    (result,) = check_paths([EXAMPLE])
    result["citations"].append("guide-ja:IX-Z-99")
    with pytest.raises(InputError):
        render_rulings([result], load_corpus(), io.StringIO())


def test_cli_check_json_verify_and_exit_codes(cli, tmp_path):
    shutil.copy(EXAMPLE, tmp_path / "ok.yaml")
    single = cli("check", "--json", "--verify", str(tmp_path / "ok.yaml"))
    assert single.code == 0, single.stderr
    assert single.json()["verified"] is True
    data = board(expect={"damage": {"opponent.active": 10}})
    write(tmp_path, "wrong.yaml", data)
    both = cli("check", "--json", "--verify", str(tmp_path))
    assert both.code == 1
    assert [r["verified"] for r in both.json()["rulings"]] == [True, False]
    write(tmp_path, "broken.yaml", "ask: {attack: {name: x}}\nyou: {active: {name: a, types: [fire], hp: 95}}\n")
    broken = cli("check", str(tmp_path / "broken.yaml"))
    assert broken.code == 2 and broken.stdout == ""
    assert broken.stderr.strip().splitlines() == [
        f"judgebot: error: {tmp_path / 'broken.yaml'}:2:40: you.active.hp: expected a positive multiple of 10 up to 990, got 95"]
    human = cli("check", str(tmp_path / "ok.yaml"))
    assert human.code == 0 and "ALLOWED" in human.stdout


def test_a_folder_that_cannot_be_read_is_an_error_not_skipped(tmp_path, monkeypatch):
    import os

    import pytest

    from judgebot.engine import scenario_files
    from judgebot.errors import InputError

    locked = tmp_path / "sub"
    locked.mkdir()
    (tmp_path / "a.yaml").write_text("ask: {setup: {}}\n")
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(locked))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(InputError, match="sub: folder cannot be read"):
        scenario_files([tmp_path])
