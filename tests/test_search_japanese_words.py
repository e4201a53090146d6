"""A Japanese question's run that no passage has enough of is searched as its words
(judgebot.search.expand.japanese_words, judgebot.search.score)."""

from __future__ import annotations

import pytest

from judgebot.search import search
from judgebot.search.analysis import normalize
from judgebot.search.expand import _original_scripts, expand, japanese_words


def words(text: str) -> list[str]:
    norm = normalize(text)
    return [w for w, _ in japanese_words(norm, _original_scripts(text, norm), 0)]


def test_words_by_script_without_particles_and_endings():
    assert words("対戦のはじめのあいさつと握手はルールに入っていますか") == [
        "対戦", "はじめ", "あいさつ", "握手", "るーる", "入っ"]
    assert words("ねむりとマヒは同時になることがありますか") == ["ねむり", "まひ", "同時"]


def test_a_run_keeps_its_words_for_when_it_is_not_found():
    run = [c for c in expand("対戦のはじめのあいさつと握手はルールに入っていますか").concepts if not c.glossary]
    assert len(run) == 1 and [w.source for w in run[0].words][:2] == ["対戦", "はじめ"]


pytestmark = pytest.mark.usefixtures("private_cache")  # a cache of its own (tests/conftest.py)


def test_a_question_with_no_glossary_term_finds_the_rule():
    hits = search("対戦のはじめのあいさつと握手はルールに入っていますか")["hits"]
    ids = [h["id"] for h in hits[:5]] + [e for h in hits[:5] for e in h["editions"]]
    assert "guide-ja:I-G" in ids
