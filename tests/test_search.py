"""Search: analyzers, query expansion, the JSON shape, filters, errors, and the index's
life cycle in the cache (atomic rebuild, concurrent builds, unwritable cache).

Everything runs on a small synthetic corpus and glossary in a temporary data folder
(JUDGEBOT_DATA) with a temporary cache (JUDGEBOT_CACHE), so it does not depend on the
real corpus and never touches the user's cache.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from judgebot.errors import CacheError, InputError
from judgebot.search import ensure_index, search
from judgebot.search.analysis import index_terms, normalize, query_terms
from judgebot.search.expand import expand

ROOT = Path(__file__).resolve().parent.parent


def _rec(doc, ident, kind, title, text):
    lang = {"guide-ja": "ja", "guide-zh": "zh", "rules-ko": "ko", "rules-ja": "ja", "wiki-ja": "ja"}[doc]
    return {
        "id": f"{doc}:{ident}",
        "doc": doc,
        "section": ident.split("/")[0],
        "kind": kind,
        "lang": lang,
        "title": title,
        "text": text,
        "parent": None,
    }


RECORDS = [
    _rec("guide-ja", "I-A-03", "section", "にげる",
         "プレイヤーの意思で、自分のバトルポケモンをベンチにもどすことを【にげる】と言います。"
         "【にげる】ときは、カードの右下の【にげる】に書かれているエネルギーの数ぶんのエネルギーをトラッシュします。"),
    _rec("guide-ja", "I-F", "section", "ポケモンチェック",
         "ポケモンチェックとは、それぞれの番が終わるたびに、おたがいのポケモンの特殊状態【どく】・【やけど】を確認することです。"),
    _rec("guide-ja", "II-B-07/faq-1", "faq", "フラージェス(SV1V)の特性「ブルームガーデン」",
         "弱点がなくなっているとき、ソニックエッジのダメージは弱点を計算しますか？"),
    _rec("guide-ja", "II-B-08", "section", "相手のポケモン●●匹に、（それぞれ）▲▲ダメージ",
         "相手の場のポケモンを指定された数ぶんだけ選び、ダメージを与えるワザです。"
         "特別な指示がないかぎり、ベンチポケモンへのダメージは弱点・抵抗力の計算をしません。"),
    _rec("guide-ja", "II-B-08/ex-1", "example", "ラビフット(M1L)のワザ「ジャンプキック」",
         "相手のポケモン1匹に、40ダメージ。［ベンチは弱点・抵抗力を計算しない。］"),
    _rec("guide-ja", "II-D-10", "section", "にげるためのエネルギー",
         "カードの右下に書かれている、にげるために必要なエネルギーの数のことです。"),
    _rec("guide-zh", "I-A-03", "section", "撤退",
         "玩家可以将自己的战斗宝可梦放回备战区，这称为【撤退】。撤退时需要将撤退所需的能量放于弃牌区。"),
    _rec("guide-zh", "II-B-08", "section", "给对手的●●只宝可梦，（各）造成▲▲（点）伤害",
         "除非有特别说明，对备战宝可梦造成的伤害不计算弱点、抗性。"),
    _rec("rules-ko", "B-09", "section", "자신의 차례에 할 수 있는 것",
         "배틀 포켓몬을 벤치로 되돌리는 것을 「후퇴」라고 합니다. 후퇴할 때는 카드의 「후퇴 에너지」에 적힌 만큼의 에너지를 트래쉬합니다. "
         "벤치 포켓몬에게 주는 데미지는 약점, 저항력 계산을 하지 않습니다."),
    _rec("rules-ko", "포켓몬 체크의 순서", "section", "포켓몬 체크의 순서", "「독」의 체크 「화상」의 체크"),
    _rec("rules-ja", "B-09", "section", "自分の番の最初にすること", "自分の番の最初に山札からカードを1枚引きます。"),
    _rec("wiki-ja", "歴史", "section", "歴史", "ポケモンカードゲームは1996年に発売された。ＨＰの表記は"),
]

GLOSSARY = textwrap.dedent(
    """\
    - {ja: 弱点, zh: 弱点, ko: 약점, en: Weakness, kind: game_term, sections: [guide-ja:II-B-08]}
    - {ja: ベンチポケモン, zh: 备战宝可梦, ko: 벤치 포켓몬, en: Benched Pokémon, kind: zone,
       sections: [guide-ja:II-B-08], aliases: {en: [benched pokemon, bench pokemon]}}
    - {ja: にげる, zh: 撤退, ko: 후퇴, en: Retreat, kind: action, sections: [guide-ja:I-A-03]}
    - {ja: にげるためのエネルギー, zh: 撤退所需的能量, ko: 후퇴 에너지, en: Retreat Cost, kind: game_term,
       sections: [guide-ja:II-D-10]}
    - {ja: ポケモンチェック, zh: 宝可梦检查, ko: 포켓몬 체크, en: Pokémon Checkup, kind: game_term,
       sections: [guide-ja:I-F]}
    """
)


def write_data(data: Path, records=RECORDS) -> None:
    (data / "corpus").mkdir(parents=True, exist_ok=True)
    by_doc: dict[str, list] = {}
    for record in records:
        by_doc.setdefault(record["doc"], []).append(record)
    for doc, recs in by_doc.items():
        body = {"doc": doc, "attribution": {"lang": recs[0]["lang"]}, "records": recs}
        (data / "corpus" / f"{doc}.json").write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    (data / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")


@pytest.fixture()
def env(tmp_path, monkeypatch):
    data, cache = tmp_path / "data", tmp_path / "cache"
    write_data(data)
    monkeypatch.setenv("JUDGEBOT_DATA", str(data))
    monkeypatch.setenv("JUDGEBOT_CACHE", str(cache))
    return {"data": data, "cache": cache, "tmp": tmp_path}


def _env_vars(env) -> dict:
    return {**os.environ, "JUDGEBOT_DATA": str(env["data"]), "JUDGEBOT_CACHE": str(env["cache"])}


def ids(result) -> list[str]:
    return [hit["id"] for hit in result["hits"]]


# -- analysis -------------------------------------------------------------------

ANALYSIS_CASES = [
    # (text, terms that must be emitted when indexing, terms that must not be)
    ("ワザ", ["わ", "わざ", "ざ"], []),
    ("ベンチポケモン", ["べん", "んち", "ぽけ", "べ"], ["ベンチ"]),
    ("撤退时", ["撤退", "退时", "撤"], []),
    ("후퇴 에너지", ["후퇴", "에너", "너지", "후"], ["후퇴 에너지"]),
    ("ＨＰ　ｶｰﾄﾞ", ["hp", "かー", "ーど"], ["ＨＰ"]),
    ("Pokémon ex", ["pokemon", "ex"], ["pokémon"]),
]


@pytest.mark.parametrize("text,present,absent", ANALYSIS_CASES)
def test_index_analysis(text, present, absent):
    terms = index_terms(text)
    for term in present:
        assert term in terms
    for term in absent:
        assert term not in terms


QUERY_CASES = [
    ("にげるためのエネルギー", ["にげ", "げる", "えね"], ["に", "げ"]),
    ("弱点", ["弱点"], ["弱", "点"]),
    ("毒", ["毒"], []),
    ("후퇴 에너지", ["후퇴", "에너", "너지"], ["후", "퇴"]),
]


@pytest.mark.parametrize("text,present,absent", QUERY_CASES)
def test_query_analysis_uses_bigrams_only(text, present, absent):
    terms = query_terms(text)
    for term in present:
        assert term in terms
    for term in absent:
        assert term not in terms


@pytest.mark.parametrize("a,b", [("ニゲル", "にげる"), ("ＨＰ", "hp"), ("Pokémon", "pokemon"), ("ｶｰﾄﾞ", "かーど")])
def test_normalize_folds_width_case_kana(a, b):
    assert normalize(a) == normalize(b)


# -- expansion ------------------------------------------------------------------


def _forms(expansion) -> set[str]:
    return {form for concept in expansion.concepts for form in concept.forms}


def test_english_question_expands_through_glossary(env):
    expansion = expand("does weakness apply to benched pokemon", "all")
    forms = _forms(expansion)
    assert {"弱点", "약점", "备战宝可梦", normalize("ベンチポケモン")} <= forms
    sources = {concept.source for concept in expansion.concepts}
    assert not sources & {"does", "apply", "to"}
    assert {d["en"] for d in expansion.describe()} == {"Weakness", "Benched Pokémon"}


@pytest.mark.parametrize("typo,word", [("weaknes", "weakness"), ("retreet", "retreat")])
def test_english_typos_are_corrected_against_the_glossary(env, typo, word):
    expansion = expand(f"{typo} rule", "all")
    assert expansion.corrections == {typo: word}
    assert any(c.glossary for c in expansion.concepts)


@pytest.mark.parametrize("typo,word", [("retraet", "retreat"), ("wekness", "weakness")])
def test_one_slip_of_the_finger_is_corrected(env, typo, word):
    assert expand(f"{typo} rule", "all").corrections == {typo: word}


@pytest.mark.parametrize("word", ["drag", "start", "dra", "stad", "colour"])
def test_a_word_more_than_a_typo_away_is_never_turned_into_a_game_word(env, word):
    """"drag" is not "dragon", "start" not "vstar": a correction is one edit (two in a
    long word), never a different word that happens to be close."""
    assert expand(f"{word} rule", "all").corrections == {}


@pytest.mark.parametrize("a,b,distance", [("chekup", "checkup", 1), ("retreet", "retraet", 1), ("ab", "ba", 1),
                                          ("drag", "dragon", 2), ("start", "vstar", 2), ("", "abc", 3)])
def test_edits_counts_insertions_deletions_substitutions_and_swaps(a, b, distance):
    from judgebot.search.expand import edits

    assert edits(a, b) == edits(b, a) == distance


@pytest.mark.parametrize(
    "lang,expected,excluded",
    [("all", {"弱点", "약점"}, set()), ("ko", {"약점"}, {"弱点"}), ("ja", {"弱点"}, {"약점"})],
)
def test_expansion_follows_the_searched_language(env, lang, expected, excluded):
    forms = _forms(expand("약점", lang))
    assert expected <= forms
    assert not forms & excluded


def test_a_multiword_form_matches_only_with_its_words_together(env):
    from judgebot.search.highlight import find_matches

    (concept,) = [c for c in expand("벤치 포켓몬", "ko").concepts if c.glossary]
    assert find_matches(normalize("벤치 포켓몬에게 주는 데미지"), [concept])
    assert not find_matches(normalize("배틀 포켓몬이 벤치로 돌아갑니다"), [concept])


def test_closest_window_measures_how_near_the_concepts_are(env):
    from judgebot.search.highlight import closest_window, find_matches

    concepts = expand("weakness benched pokemon", "ja").concepts
    near = normalize("ベンチポケモンへのダメージは弱点を計算しない")
    far = normalize("弱点について。" + "あ" * 200 + "ベンチポケモン")
    assert closest_window(near, concepts, find_matches(near, concepts)) < 20
    assert closest_window(far, concepts, find_matches(far, concepts)) > 200


# -- search results -------------------------------------------------------------


def test_json_shape_and_order(env):
    result = search("does weakness apply to benched pokemon", limit=5)
    assert result["query"] == "does weakness apply to benched pokemon"
    assert result["hits"]
    for hit in result["hits"]:
        assert set(hit) >= {"id", "doc", "section", "lang", "kind", "title", "score", "snippet"}
        assert hit["id"].startswith(hit["doc"] + ":" + hit["section"])
        assert hit["kind"] in ("section", "faq", "example")
        assert isinstance(hit["score"], float)
    scores = [hit["score"] for hit in result["hits"]]
    assert scores == sorted(scores, reverse=True)
    json.dumps(result, ensure_ascii=False)  # serializable as is


@pytest.mark.parametrize(
    "query,lang,expected_top",
    [
        ("does weakness apply to benched pokemon", "all", "guide-ja:II-B-08"),
        ("retreat cost", "all", "guide-ja:II-D-10"),
        ("にげる", "ja", "guide-ja:I-A-03"),
        ("撤退", "zh", "guide-zh:I-A-03"),
        ("후퇴", "ko", "rules-ko:B-09"),
        ("ポケモンチェック", "all", "guide-ja:I-F"),
    ],
)
def test_finds_the_rule(env, query, lang, expected_top):
    assert expected_top in ids(search(query, lang=lang, limit=3))


def test_korean_query_finds_the_guides_with_lang_all(env):
    found = ids(search("벤치 포켓몬에게 약점이 적용되나요", lang="all", limit=5))
    assert "rules-ko:B-09" in found
    assert {"guide-ja:II-B-08", "guide-zh:II-B-08"} & set(found)


def test_faqs_and_examples_are_hits_of_their_own(env):
    kinds = {hit["kind"] for hit in search("弱点", lang="ja", limit=10)["hits"]}
    assert {"faq", "example", "section"} <= kinds


def test_matched_terms_and_snippet(env):
    hit = next(h for h in search("ニゲル", lang="ja")["hits"] if h["id"] == "guide-ja:I-A-03")
    assert "にげる" in hit["matched"]
    assert "にげる" in hit["snippet"]


def test_snippet_shows_the_sentence_with_all_the_concepts(env):
    from judgebot.search.expand import expand as expand_query
    from judgebot.search.highlight import find_matches, make_snippet

    text = ("弱点の話。" + "あ" * 300 + "ベンチポケモンの話。" + "い" * 300
            + "ベンチポケモンへのダメージは弱点を計算しません。" + "う" * 300)
    concepts = expand_query("weakness benched pokemon", "ja").concepts
    snippet, matched = make_snippet(text, "", find_matches(normalize(text), concepts))
    assert "ベンチポケモンへのダメージは弱点を計算しません" in snippet
    assert matched == ["弱点", "ベンチポケモン"]


def test_json_reports_expansion_and_corrections(env):
    result = search("weaknes on the bench", limit=3)
    assert result["corrected"] == {"weaknes": "weakness"}
    assert any(term["en"] == "Weakness" and "약점" in term["forms"] for term in result["expanded"])


@pytest.mark.parametrize("doc", ["guide-ja", "guide-zh", "rules-ko"])
def test_doc_filter(env, doc):
    result = search("weakness", doc=doc)
    assert result["hits"]
    assert {hit["doc"] for hit in result["hits"]} == {doc}


@pytest.mark.parametrize("lang", ["ja", "zh", "ko"])
def test_lang_filter(env, lang):
    result = search("retreat", lang=lang)
    assert result["hits"]
    assert {hit["lang"] for hit in result["hits"]} == {lang}


def test_en_searches_every_document(env):
    docs = {hit["doc"] for hit in search("retreat", lang="en", limit=20)["hits"]}
    assert {"guide-ja", "guide-zh", "rules-ko"} <= docs


@pytest.mark.parametrize(
    "query,expected",
    [
        ("II-B-08", ["guide-ja:II-B-08", "guide-zh:II-B-08"]),
        ("ⅱ-b-08", ["guide-ja:II-B-08", "guide-zh:II-B-08"]),
        ("guide-ja:II-B-07/faq-1", ["guide-ja:II-B-07/faq-1"]),
        ("wiki-ja:歴史", ["wiki-ja:歴史"]),
        ("rules-ko:포켓몬 체크의 순서", ["rules-ko:포켓몬 체크의 순서"]),
        ("B-09", ["rules-ko:B-09", "rules-ja:B-09"]),
        ("II-B-99", []),  # an ID that does not exist is not matched as words
    ],
)
def test_id_queries_find_exactly_those_records(env, query, expected):
    assert ids(search(query)) == expected


def test_limit(env):
    assert len(search("弱点", limit=2)["hits"]) == 2


@pytest.mark.parametrize("query", ["", "   ", "\t\n"])
def test_empty_query(env, query):
    with pytest.raises(InputError, match="empty query"):
        search(query)


def test_unknown_doc_lists_the_five(env):
    with pytest.raises(InputError) as info:
        search("weakness", doc="guide-en")
    for doc in ("guide-ja", "guide-zh", "rules-ko", "rules-ja", "wiki-ja"):
        assert doc in str(info.value)


def test_unknown_lang(env):
    with pytest.raises(InputError, match="--lang"):
        search("weakness", lang="fr")


def test_doc_of_another_language_than_lang(env):
    with pytest.raises(InputError, match="guide-zh"):
        search("weakness", lang="ja", doc="guide-zh")


@pytest.mark.parametrize("limit", [0, -3])
def test_bad_limit(env, limit):
    with pytest.raises(InputError, match="limit"):
        search("weakness", limit=limit)


def test_query_of_only_stopwords_has_no_hits(env):
    assert search("does it?")["hits"] == []


# -- the index in the cache -----------------------------------------------------


def test_index_is_built_once_then_reused(env):
    first = ensure_index()
    assert first["built"] is True
    assert first["documents"] == len(RECORDS)
    path = Path(first["path"])
    assert path.parent.parent == env["cache"]
    assert (path / "READY").is_file()
    assert first["source"] == "corpus"  # a corpus of the test's own: built, not the shipped copy
    second = ensure_index()
    assert second == {**first, "built": False, "source": "cache"}


def test_rebuild_flag_rebuilds_in_place(env):
    first = ensure_index()
    again = ensure_index(rebuild=True)
    assert again["built"] is True and again["path"] == first["path"]
    assert search("にげる")["hits"]


def test_corpus_change_triggers_atomic_rebuild(env):
    first = ensure_index()
    assert "guide-ja:I-H" not in ids(search("山札を切る", lang="ja"))
    changed = RECORDS + [_rec("guide-ja", "I-H", "section", "山札", "山札を切ることを指示された場合は、よく混ぜます。")]
    write_data(env["data"], changed)
    assert "guide-ja:I-H" in ids(search("山札を切る", lang="ja"))  # search noticed the change
    second = ensure_index()
    assert second["built"] is False  # search already rebuilt it
    assert second["content_hash"] != first["content_hash"]
    assert second["documents"] == len(changed)
    root = Path(second["path"]).parent
    leftovers = [p.name for p in root.iterdir() if p.is_dir()]
    assert leftovers == [Path(second["path"]).name]  # old index and temp dirs cleaned up


def test_glossary_change_also_changes_the_hash(env):
    first = ensure_index()
    with open(env["data"] / "glossary.yaml", "a", encoding="utf-8") as handle:
        handle.write("- {ja: 山札, zh: 牌库, ko: 덱, en: Deck, kind: zone, sections: [guide-ja:I-H]}\n")
    assert ensure_index()["content_hash"] != first["content_hash"]


def test_damaged_index_is_rebuilt(env):
    path = Path(ensure_index()["path"])
    for child in path.iterdir():
        if child.name != "READY":
            child.unlink()
    assert "guide-ja:I-A-03" in ids(search("にげる", lang="ja"))
    assert (path / "READY").is_file()


@pytest.mark.parametrize("marker", [b"", b"garbage", b"\xff\xfe not text", b"0" * 10_000, b"abc 12x\n"])
def test_garbage_ready_marker_is_repaired_by_rebuilding(env, marker):
    path = Path(ensure_index()["path"])
    (path / "READY").write_bytes(marker)
    again = ensure_index()
    assert again["built"] is True and again["documents"] == len(RECORDS)
    assert "guide-ja:I-A-03" in ids(search("にげる", lang="ja"))


def test_partial_build_without_marker_is_rebuilt(env):
    path = Path(ensure_index()["path"])
    (path / "READY").unlink()  # as if the build was killed before the marker
    assert ensure_index()["built"] is True
    assert (path / "READY").is_file()


BUILD_SCRIPT = "import json; from judgebot.search import ensure_index; print(json.dumps(ensure_index()))"


def test_two_processes_building_at_once(env):
    procs = [
        subprocess.Popen([sys.executable, "-c", BUILD_SCRIPT], env=_env_vars(env), cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outputs = [proc.communicate(timeout=120) for proc in procs]
    for proc, (out, err) in zip(procs, outputs):
        assert proc.returncode == 0, err
    infos = [json.loads(out) for out, _ in outputs]
    assert sum(info["built"] for info in infos) == 1  # the losers used the winner's index
    assert len({info["path"] for info in infos}) == 1
    assert all(info["documents"] == len(RECORDS) for info in infos)
    assert "guide-ja:I-A-03" in ids(search("にげる"))


def test_cache_under_a_regular_file_is_a_cache_error(env, monkeypatch):
    blocker = env["tmp"] / "file.txt"
    blocker.write_text("not a folder")
    cache = blocker / "sub"
    monkeypatch.setenv("JUDGEBOT_CACHE", str(cache))
    with pytest.raises(CacheError) as info:
        ensure_index()
    assert str(cache) in str(info.value)
    with pytest.raises(CacheError):
        search("にげる")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores directory permissions")
def test_read_only_cache_is_a_cache_error(env, monkeypatch):
    cache = env["tmp"] / "readonly"
    cache.mkdir()
    cache.chmod(0o500)
    monkeypatch.setenv("JUDGEBOT_CACHE", str(cache))
    try:
        with pytest.raises(CacheError, match=str(cache)):
            ensure_index()
    finally:
        cache.chmod(0o700)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores directory permissions")
def test_unreadable_cache_is_a_cache_error(env, monkeypatch):
    ensure_index()
    root = env["cache"] / "search-index"
    root.chmod(0o000)
    try:
        with pytest.raises(CacheError, match=str(root)):
            ensure_index()
    finally:
        root.chmod(0o700)


# -- command line and human output ----------------------------------------------


def _cli(env, *args):
    return subprocess.run([sys.executable, "-m", "judgebot", *args], env=_env_vars(env), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_cli_search_json(env):
    done = _cli(env, "search", "retreat cost", "--json", "--limit", "3")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["query"] == "retreat cost" and len(result["hits"]) <= 3
    assert "guide-ja:II-D-10" in ids(result)


@pytest.mark.parametrize("args", [["search", "x", "--doc", "nope"], ["search", "  "]])
def test_cli_bad_input_exits_2_with_one_line(env, args):
    done = _cli(env, *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1


def test_cli_index_json(env):
    done = _cli(env, "index", "--json")
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) >= {"built", "documents", "content_hash", "path"}


def test_human_view_shows_expansion_citations_and_highlights(env):
    from judgebot.present.search_view import render_search

    console = Console(record=True, width=200, color_system="truecolor")
    render_search(search("does weakness apply to benched pokemon", limit=3), console)
    text = console.export_text(clear=False)
    assert "expanded:" in text and "弱点" in text and "약점" in text
    assert "guide-ja:II-B-08" in text
    assert "\x1b[1;33m" in console.export_text(styles=True)  # a highlighted match


def test_human_view_without_hits(env):
    from judgebot.present.search_view import render_search

    console = Console(record=True, width=120)
    render_search(search("does it?"), console)
    assert "no hits" in console.export_text()


# -- long queries stay linear ---------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

_KANA = st.text(alphabet="あいうえおかきく", max_size=14)


def _pieces_by_brute_force(run: str, norm: str) -> list[str]:
    found, i = [], 0
    while i < len(run):
        best = next((j - i for j in range(len(run), i + 1, -1) if run[i:j] in norm), 0)
        if best:
            found.append(run[i : i + best])
        i += best or 1
    return found


@settings(max_examples=300, deadline=None)
@given(run=_KANA, norm=st.text(alphabet="あいうえおかきく", max_size=40))
def test_pieces_found_is_the_greedy_longest_match(run, norm):
    from judgebot.search.highlight import _pieces_found

    assert _pieces_found(run, norm) == _pieces_by_brute_force(run, norm)


def _window_by_brute_force(events, need):
    best = None
    for i in range(len(events)):
        for j in range(i, len(events)):
            if len({c for _, _, c in events[i : j + 1]}) == need:
                window = max(e for _, e, _ in events[i : j + 1]) - events[i][0]
                best = window if best is None else min(best, window)
                break
    return best


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(["弱点", "ベンチポケモン", "ベンチ", "あ", "いう"]), max_size=30))
def test_closest_window_is_the_shortest_stretch_with_every_concept(env, words):
    text = "".join(words)
    from judgebot.search.highlight import closest_window, find_matches

    concepts = expand("weakness benched pokemon", "ja").concepts
    norm = normalize(text)
    matches = find_matches(norm, concepts)
    events = sorted(
        (m.start(), m.end(), i) for i in matches for regex, _ in concepts[i].matchers for m in regex.finditer(norm)
    )
    expected = _window_by_brute_force(events, len(matches)) if len(matches) >= 2 else None
    if "弱点" in text and "ベンチポケモン" in text:
        assert expected is not None
    assert closest_window(norm, concepts, matches) == expected


def test_a_pasted_paragraph_is_searched_with_a_bounded_number_of_concepts(env):
    from judgebot.search.expand import MAX_CONCEPTS

    from judgebot.search.limits import MAX_QUERY_CHARS

    paragraph = "".join(f"ワザ{i}のダメージと弱点、ベンチポケモン{i}。" for i in range(300))[:MAX_QUERY_CHARS]
    assert len(paragraph) == MAX_QUERY_CHARS  # the longest query searched
    assert len(expand(paragraph).concepts) <= MAX_CONCEPTS
    assert search(paragraph, limit=3)["hits"]


# -- the judge's language: detection, preference, one hit per rule ---------------

LANGUAGE_CASES = [
    ("ベンチポケモンに弱点は？", "ja"),
    ("备战宝可梦 弱点", "zh"),
    ("벤치 포켓몬 약점", "ko"),
    ("does weakness apply to benched pokemon", "en"),
    ("にげるためのエネルギー", "ja"),
    ("撤退", "zh"),
]


@pytest.mark.parametrize("query,lang", LANGUAGE_CASES)
def test_the_query_language_is_detected(env, query, lang):
    assert expand(query).language() == lang
    assert search(query)["query_lang"] == lang


def test_with_no_lang_the_query_language_comes_first(env):
    query = "벤치 포켓몬 약점"
    assert search(query)["hits"][0]["lang"] == "ko"
    assert search(query, lang="all")["hits"][0]["lang"] != "ko"  # --lang all: no preference


@pytest.fixture()
def aligned(env):
    (env["data"] / "alignment.yaml").write_text("guides:\n  I-A-03: I-A-03\n  II-B-08: II-B-08\n", encoding="utf-8")
    return env


@pytest.mark.parametrize("query,shown,folded", [
    ("retreat", "guide-ja:I-A-03", "guide-zh:I-A-03"),  # English: guide-ja, the authority
    ("撤退", "guide-zh:I-A-03", "guide-ja:I-A-03"),  # Chinese: the Chinese edition
    ("弱点 备战宝可梦", "guide-zh:II-B-08", "guide-ja:II-B-08"),
])
def test_editions_of_one_rule_are_one_hit(aligned, query, shown, folded):
    hits = search(query)["hits"]
    by_id = {hit["id"]: hit for hit in hits}
    assert shown in by_id and folded not in by_id
    assert folded in by_id[shown]["editions"] and folded in by_id[shown]["equivalents"]


def test_every_hit_has_its_english_title(aligned):
    (aligned["data"] / "titles_en.yaml").write_text("guide-ja:I-A-03: Retreat\n", encoding="utf-8")
    hits = {hit["id"]: hit for hit in search("retreat")["hits"]}
    assert hits["guide-ja:I-A-03"]["title_en"] == "Retreat"
    assert all("title_en" in hit for hit in hits.values())


def test_an_english_query_gets_the_english_names_of_the_highlighted_words(env):
    hit = search("does weakness apply to benched pokemon")["hits"][0]
    assert hit["matched_en"]["弱点"] == "Weakness"
