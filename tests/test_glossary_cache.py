"""The compiled glossary in the user cache: reused while glossary.yaml and the glossary
code are unchanged, rebuilt when either changes or the copy is damaged."""

from __future__ import annotations

import pytest

from judgebot import glossary as g

GLOSSARY = "- {ja: 弱点, zh: 弱点, ko: 약점, en: Weakness, kind: game_term, sections: [guide-ja:I-A-01]}\n"


@pytest.fixture()
def data(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    monkeypatch.setenv("JUDGEBOT_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    g._load.cache_clear()
    yield tmp_path
    g._load.cache_clear()


def _compiled(tmp_path):
    return sorted((tmp_path / "cache" / "glossary").glob("*.pickle"))


def test_a_second_process_reads_the_compiled_glossary(data, monkeypatch):
    assert [e.en for e in g.find_terms("weakness")] == ["Weakness"]
    assert len(_compiled(data)) == 1
    g._load.cache_clear()  # as a new process would

    def no_parse(path):
        raise AssertionError("parsed the YAML again")

    monkeypatch.setattr(g, "_read_entries", no_parse)
    assert [e.en for e in g.find_terms("weakness")] == ["Weakness"]


def test_a_changed_glossary_is_compiled_again(data):
    g.glossary()
    first = _compiled(data)
    (data / "data" / "glossary.yaml").write_text(GLOSSARY.replace("Weakness", "Weak Point"), encoding="utf-8")
    g._load.cache_clear()
    assert [e.en for e in g.find_terms("weak point")] == ["Weak Point"]
    assert _compiled(data) != first and len(_compiled(data)) == 1


def test_a_damaged_copy_is_rebuilt(data):
    g.glossary()
    (copy,) = _compiled(data)
    copy.write_bytes(b"not a pickle")
    g._load.cache_clear()
    assert [e.en for e in g.find_terms("weakness")] == ["Weakness"]
    assert copy.read_bytes() != b"not a pickle"


def test_an_unwritable_cache_is_not_an_error(data, monkeypatch):
    (data / "cache").write_text("a file where the cache directory should be")
    assert [e.en for e in g.find_terms("weakness")] == ["Weakness"]
