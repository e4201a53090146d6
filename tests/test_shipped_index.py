"""The search index shipped in the wheel (data/index/, `python3 dev.py index`): it is
the packaged corpus's index, the same postings and stored fields a build writes, and
a fresh cache gets a copy of it instead of a build; a damaged copy is never used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from whoosh import index as whoosh_index

from judgebot.corpus.model import content_hash
from judgebot.search import index as search_index
from judgebot.search import search


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    search_index.close_searchers()
    yield tmp_path / "cache"
    search_index.close_searchers()


def test_the_shipped_index_is_the_packaged_corpus_index():
    shipped = search_index.shipped_key()
    assert shipped is not None, "no data/index/SHIPPED: run python3 dev.py index"
    assert shipped[0] == search_index.index_key(content_hash()), \
        "data/index/ is not the index of the current corpus and schema: run python3 dev.py index"


def _postings_and_fields(path: Path) -> tuple[dict, dict]:
    ix = whoosh_index.open_dir(str(path))
    with ix.reader() as reader:
        ids = {docnum: fields["id"] for docnum, fields in reader.iter_docs()}
        stored = {fields["id"]: fields for _, fields in reader.iter_docs()}
        postings = {}
        for field, term in reader.all_terms():
            matcher = reader.postings(field, term)
            postings[(field, term)] = sorted((ids[d], w) for d, w in zip(matcher.all_ids(), _weights(reader, field, term)))
    ix.close()
    return postings, stored


def _weights(reader, field, term):
    matcher = reader.postings(field, term)
    out = []
    while matcher.is_active():
        out.append(matcher.weight())
        matcher.next()
    return out


def test_the_shipped_index_holds_what_a_build_writes(tmp_path):
    from judgebot.corpus import load_corpus

    built = tmp_path / "built"
    built.mkdir()
    search_index._write_records(built, load_corpus())
    assert _postings_and_fields(search_index.shipped_dir()) == _postings_and_fields(built)


def test_a_fresh_cache_gets_the_shipped_copy_and_from_scratch_builds(fresh_cache):
    info = search_index.ensure_index()
    assert info["source"] == "shipped" and info["built"] is True
    assert info["documents"] == search_index.shipped_key()[1]
    assert search("にげる", limit=3)["hits"]
    assert search_index.ensure_index()["source"] == "cache"
    again = search_index.ensure_index(rebuild=True, from_scratch=True)
    assert again["source"] == "corpus" and again["path"] == info["path"]
    assert search("にげる", limit=3)["hits"]


def test_a_damaged_shipped_copy_is_built_instead(fresh_cache, tmp_path, monkeypatch):
    damaged = tmp_path / "shipped"
    shutil.copytree(search_index.shipped_dir(), damaged)
    for postings in damaged.glob("*.trm"):
        postings.write_bytes(postings.read_bytes()[:100])
    monkeypatch.setattr(search_index, "shipped_dir", lambda: damaged)
    info = search_index.ensure_index()
    assert info["source"] == "corpus"
    assert search("にげる", limit=3)["hits"]
