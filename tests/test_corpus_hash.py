"""The corpus content hash (the search index's key) is kept in the user cache under the
files' names, sizes and modification times, so that a search does not read and hash the
corpus; a changed file, or one changed too recently to trust its time, is hashed again."""

from __future__ import annotations

import os
import time

import pytest

from judgebot.corpus import model


@pytest.fixture()
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(model, "_hash_memo", {})
    paths = [tmp_path / "a.json", tmp_path / "b.yaml"]
    for path in paths:
        path.write_text(path.name, encoding="utf-8")
    old = time.time() - 60
    for path in paths:
        os.utime(path, (old, old))
    return paths


def test_a_settled_corpus_is_hashed_once_for_every_process(files, monkeypatch):
    first = model.content_hash(files)
    assert first == model.hash_files(files)
    model._hash_memo.clear()  # another process

    def no_read(paths):
        raise AssertionError("hashed again")

    monkeypatch.setattr(model, "hash_files", no_read)
    assert model.content_hash(files) == first


def test_a_changed_file_is_hashed_again(files):
    first = model.content_hash(files)
    files[0].write_text("changed", encoding="utf-8")
    model._hash_memo.clear()
    assert model.content_hash(files) != first


def test_a_file_changed_a_moment_ago_is_not_trusted_by_its_time(files, monkeypatch):
    now = time.time()
    os.utime(files[0], (now, now))
    model.content_hash(files)
    assert not (model._hash_file()).exists()  # not kept: the next process hashes it again


def test_corpus_files_lists_the_renderings_the_marks_and_the_questions():
    from judgebot.corpus.english import rendering_files
    from judgebot.corpus.questions import question_files
    from judgebot.corpus.search_renderings import search_rendering_files
    from judgebot.corpus.superseded import superseded_files

    files = model.corpus_files()
    derived = (rendering_files() + superseded_files() + search_rendering_files("ko")
               + search_rendering_files("zh") + question_files())
    assert files[-len(derived):] == derived
    assert search_rendering_files("ko") and search_rendering_files("zh") and question_files()
    assert all(path.exists() for path in files)
