"""Korean and Chinese search renderings (data/text_ko/, data/text_zh/;
judgebot.corpus.search_renderings): every entry fits its record and is in its language,
and a question in that language finds a record through them alone."""

from __future__ import annotations

import json
import re

import pytest

from judgebot.corpus import load_corpus
from judgebot.corpus.search_renderings import SEARCH_RENDERING_DIRS, load_search_renderings
from judgebot.errors import InputError

from .conftest import ROOT, linked_data

HANGUL = re.compile(r"[\uac00-\ud7af]")
KANA = re.compile(r"[\u3040-\u30ff]")
QUOTED = re.compile(r"「[^」]*」|『[^』]*』")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.mark.parametrize("lang", sorted(SEARCH_RENDERING_DIRS))
def test_every_entry_fits_its_record(corpus, lang):
    """An entry that names no record, or whose shape does not fit the record's blocks,
    would be dropped at load without a word: here it fails."""
    entries = load_search_renderings(lang)
    unknown = [ident for ident in entries if ident not in corpus.by_id]
    assert not unknown, f"{lang}: renderings of records that are not there: {unknown[:5]}"
    dropped = [ident for ident, value in entries.items()
               if lang not in corpus.get(ident).search_renderings and (corpus.get(ident).text or "").strip()]
    assert not dropped, f"{lang}: renderings that do not fit their record: {dropped[:5]}"
    own_language = [ident for ident in entries if corpus.get(ident).lang == lang]
    assert not own_language, f"{lang}: a record rendered into its own language: {own_language[:5]}"


def _texts(value) -> list[str]:
    return [value] if isinstance(value, str) else [v for v in value if v]


def test_renderings_are_in_their_language(corpus):
    for record in corpus:
        for lang, value in record.search_renderings.items():
            for text in _texts(value):
                rest = QUOTED.sub("", text)
                if lang == "ko":
                    assert HANGUL.search(text), (record.id, text[:60])
                else:
                    assert not HANGUL.search(rest) and not KANA.search(rest), (record.id, text[:60])


def test_a_section_rendering_runs_beside_its_blocks(corpus):
    for record in corpus:
        for lang, value in record.search_renderings.items():
            if isinstance(value, list):
                assert len(value) == len(record.blocks), record.id
                for block, text in zip(record.blocks, value):
                    assert bool(text.strip()) == bool(block.get("text", "").strip() and not block.get("ref")), (
                        record.id, lang)


def _data_with(tmp_path, lang: str, files: dict[str, dict]):
    data = linked_data(tmp_path, (SEARCH_RENDERING_DIRS[lang],))
    folder = data / SEARCH_RENDERING_DIRS[lang]
    folder.mkdir()
    for name, content in files.items():
        (folder / name).write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    return data


def _blocks_of(record_id: str) -> list[dict]:
    doc = record_id.partition(":")[0]
    raw = json.loads((ROOT / f"data/corpus/{doc}.json").read_text(encoding="utf-8"))["records"]
    return next(r for r in raw if r["id"] == record_id)["blocks"]


def test_attached_beside_the_blocks_and_never_half(tmp_path, with_data):
    section = "guide-ja:II-B-07"
    blocks = _blocks_of(section)
    own = [b for b in blocks if not b.get("ref")]
    good = {section: [f"한국어 {i}" for i in range(len(own))], "guide-ja:I-A-03": ["하나뿐"],
            "rules-ko:A-01": "자기 언어"}
    corpus = with_data(_data_with(tmp_path, "ko", {"part.yaml": good}))
    value = corpus.get(section).search_renderings["ko"]
    assert len(value) == len(blocks)
    assert [v for v in value if v] == [f"한국어 {i}" for i in range(len(own))]
    assert all(v == "" for v, b in zip(value, blocks) if b.get("ref"))
    assert "ko" not in corpus.get("guide-ja:I-A-03").search_renderings  # one piece for many blocks
    assert "ko" not in corpus.get("rules-ko:A-01").search_renderings  # its own language


def test_a_record_rendered_twice_is_refused(tmp_path, with_data):
    twice = {"guide-ja:I-F/ex-1": "하나"}
    with pytest.raises(InputError, match="rendered twice"):
        with_data(_data_with(tmp_path, "ko", {"a.yaml": twice, "b.yaml": twice}))


def test_a_korean_question_finds_a_japanese_record_through_its_rendering(tmp_path, with_data, monkeypatch):
    """Words that are only in a Korean rendering (no glossary term, no Korean record)
    find the Japanese record; without the rendering, nothing does."""
    from judgebot.search import search
    from judgebot.search.index import close_searchers

    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    question = "슬리브의 무늬가 서로 다른 경우"
    target = "guide-ja:I-F/ex-1"
    try:
        with_data(_data_with(tmp_path, "ko", {"part.yaml": {target: "슬리브의 무늬가 서로 다른 경우의 예"}}))
        found = [h["id"] for h in search(question, limit=5)["hits"]]
        assert target in found
        close_searchers()
        other = tmp_path / "other"
        other.mkdir()
        with_data(_data_with(other, "ko", {}))
        assert target not in [h["id"] for h in search(question, limit=5)["hits"]]
    finally:
        close_searchers()
