"""`judgebot ingest`: seeds -> data/corpus, deterministic; the parsers' building blocks."""

from __future__ import annotations

import filecmp
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judgebot.corpus.ingest import ingest_all
from judgebot.corpus.ingest.cards import card_name
from judgebot.corpus.ingest.common import GuideRefResolver, first_sentence
from judgebot.corpus.ingest.guide_ja import slug
from judgebot.corpus.ingest.sources import identify_seeds
from judgebot.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "data" / "sources"
CORPUS = ROOT / "data" / "corpus"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("corpus")
    return out, ingest_all(SEEDS, out)


def test_ingest_reproduces_the_checked_in_corpus_byte_for_byte(fresh):
    out, _ = fresh
    written = sorted(p.name for p in out.iterdir())
    checked_in = sorted(p.name for p in CORPUS.glob("*.json"))
    assert written == checked_in
    match, mismatch, errors = filecmp.cmpfiles(out, CORPUS, written, shallow=False)
    assert (mismatch, errors) == ([], [])


def test_ingest_twice_gives_identical_bytes(fresh, tmp_path):
    out, _ = fresh
    ingest_all(SEEDS, tmp_path)
    for path in out.iterdir():
        assert path.read_bytes() == (tmp_path / path.name).read_bytes(), path.name


def test_json_is_written_readably_and_deterministically(fresh):
    out, _ = fresh
    text = (out / "guide-ja.json").read_text(encoding="utf-8")
    assert "ワザ" in text  # ensure_ascii=False
    assert text.startswith('{\n "doc": "guide-ja",\n "attribution"')  # indent=1, stable key order
    assert text.endswith("}\n")


def test_summary_counts_match_the_files(fresh):
    out, summary = fresh
    assert summary["out"] == str(out)
    for doc, counts in summary["documents"].items():
        records = json.loads((out / f"{doc}.json").read_text(encoding="utf-8"))["records"]
        kinds = [r["kind"] for r in records]
        assert counts == {"sections": kinds.count("section"), "faqs": kinds.count("faq"),
                          "examples": kinds.count("example")}
    repairs = json.loads((out / "repairs.json").read_text(encoding="utf-8"))
    assert summary["repairs"] == len(repairs) > 0


def test_seeds_are_found_by_content_when_file_names_change(tmp_path):
    for path in SEEDS.glob("*.txt"):
        shutil.copy(path, tmp_path / ("renamed_" + path.name[4:]))
    found = identify_seeds(tmp_path)
    originals = identify_seeds(SEEDS)
    assert {doc: p.name[len("renamed_"):] for doc, p in found.items()} == {
        doc: p.name[4:] for doc, p in originals.items()}


def test_seed_prefixes_map_to_the_documents_of_the_readme():
    found = identify_seeds(SEEDS)
    assert {doc: p.name[:4] for doc, p in found.items()} == {
        "guide-ja": "000_", "guide-zh": "001_", "rules-ko": "002_", "rules-ja": "003_", "wiki-ja": "004_"}


def test_a_missing_source_is_a_clear_input_error(tmp_path):
    for path in SEEDS.glob("*.txt"):
        if not path.name.startswith("002_"):
            shutil.copy(path, tmp_path / path.name)
    with pytest.raises(InputError, match="rules-ko"):
        ingest_all(tmp_path, tmp_path / "out")


def test_cli_ingest_json(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "judgebot", "ingest", "--seeds", str(SEEDS), "--out", str(tmp_path), "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["documents"]["guide-ja"] == {"sections": 111, "faqs": 55, "examples": 201}
    assert (tmp_path / "wiki-ja.json").is_file()


def test_cli_ingest_bad_seeds_folder_exits_2(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "judgebot", "ingest", "--seeds", str(tmp_path / "nope"), "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


@pytest.mark.parametrize(("args", "expected_id"), [
    (["show", "guide-ja:II-B-07/faq-1", "--json"], "guide-ja:II-B-07/faq-1"),
    (["show", "I-A-03", "--lang", "zh", "--json"], "guide-zh:I-A-03"),
    (["show", "rules-ko:B-11", "--json"], "rules-ko:B-11"),
    (["show", "wiki-ja:勝敗の判定", "--json"], "wiki-ja:勝敗の判定"),
])
def test_show_finds_corpus_records(args, expected_id, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "judgebot", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**__import__("os").environ, "JUDGEBOT_CACHE": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["id"] == expected_id


# -- building blocks ------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "lang", "name"), [
    ("フラージェス(SV1V)の特性「ブルームガーデン」", "ja", "フラージェス"),
    ("グッズ「パワープロテイン」(M1L)", "ja", "パワープロテイン"),
    ("ポケモンのどうぐ「ワザマシン フローライト」(SV8)", "ja", "ワザマシン フローライト"),
    ("イグニッションエネルギー (SV11W)", "ja", "イグニッションエネルギー"),
    ("メガルカリオex(M1L)の「メガシンカ【ex】ルール」", "ja", "メガルカリオex"),
    ("アンノーン(SM8)の特性「MISSING［ミッシング］」", "ja", "アンノーン"),
    ("ロケット団のガルーラex(SV-P)のワザ「バッドインパクト」", "ja", "ロケット団のガルーラex"),
    ("この効果は相手のバトルポケモンが受けます。", "ja", None),
    ("Nのシンボラー (SV9)のワザ「ビクトリーシンボル」を使った場合、この対戦は自分の勝ちになります。", "ja", None),
    ("洗翠 大剑鬼 VSTAR（CS5a）的招式「残忍之刃」", "zh", "洗翠 大剑鬼 VSTAR"),
    ("宝可梦道具卡「道具妨碍器」", "zh", "道具妨碍器"),
    ("支援者「伙星」", "zh", "伙星"),
    ("百变怪◇ (CSM1.5) 特性「万能进化」", "zh", "百变怪◇"),
    ("雷伊布 (151) 的招式「直击弹」", "zh", "雷伊布"),
    ("在下一个对手的回合，这只宝可梦所受到的招式的伤害「-30」。", "zh", None),
])
def test_card_lines(line, lang, name):
    assert card_name(line, lang) == name


@pytest.mark.parametrize(("heading", "anchor"), [
    ("D きぜつ", "d-きぜつ"),
    ("E-20 ●●する。その後、▲▲する", "e-20-するその後する"),
    ("D-04 選び（選ぶ）", "d-04-選び選ぶ"),
    ("E-33 自分の手札から●●を▲▲枚(まで)選ぶ", "e-33-自分の手札からを枚まで選ぶ"),
    ("ダメージ計算の手順", "ダメージ計算の手順"),
])
def test_heading_anchor_slugs_match_the_guide_links(heading, anchor):
    assert slug(heading) == anchor


RESOLVER = GuideRefResolver(
    {"I-C": "エネルギー", "II-C": "効果", "I-D": "きぜつ", "II-D": "用語", "II-D-04": "選び（選ぶ）",
     "I-H": "山札", "I-E": "勝ち負け"},
    {"ダメージ計算の手順": "I-A-01"},
)


@pytest.mark.parametrize(("span", "part", "expected"), [
    ("C エネルギー", "II", ["I-C"]),          # title picks part I over the current part
    ("D-04 選び", "II", ["II-D-04"]),
    ("D【昏厥】", "I", ["I-D"]),
    ("Ⅰ-E.勝ち負けの項", "II", ["I-E"]),
    ("ダメージ計算の手順", "II", ["I-A-01"]),
    ("H. 山札、E-99 なし", "II", ["I-H"]),    # unknown items are left out
    ("それぞれの該当項目", "I", []),
])
def test_reference_phrases_resolve_to_sections(span, part, expected):
    assert RESOLVER.resolve_span(span, part) == expected


def test_first_sentence_titles():
    assert first_sentence("この効果は相手のバトルポケモンが受けます。そのため、…") == "この効果は相手のバトルポケモンが受けます。"
    long = "あ" * 60 + "。"
    assert len(first_sentence(long)) == 40 and first_sentence(long).endswith("…")


def test_a_source_without_its_structure_is_an_input_error_naming_the_file(tmp_path):
    for path in SEEDS.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        if path.name.startswith("000_"):
            text = text.replace("### A-02 特性", "### 特性")  # an item heading without its number
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="000_.*特性"):
        ingest_all(tmp_path, tmp_path / "out")


def test_trailing_headings_missing_from_a_play_rules_source_fail_loudly(tmp_path):
    for path in SEEDS.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        if path.name.startswith("003_"):
            text = text.replace("\nこんらん\n", "\n")
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="こんらん"):
        ingest_all(tmp_path, tmp_path / "out")
