"""Cards by name: every English, Korean and Chinese card name the project knows (the
catalog's Latin aliases and data/card_names.yaml) is searchable and leads to a record
that discusses the card; the card names file is well formed."""

from __future__ import annotations

import pytest

from judgebot.corpus import load_corpus
from judgebot.errors import InputError
from judgebot.glossary import _is_latin, card_entries, card_names_path, fold, glossary
from judgebot.search import search


def _english_named_cards():
    return [(name, card) for card in card_entries()
            for name in card.forms("en") if name and _is_latin(fold(name))]


def _card_of(name: str, cards):
    return next(card for card in cards if name in {form for _, form in card.all_forms()})


def _names_in(lang: str):
    """(name, card) for every name in `lang` in data/card_names.yaml."""
    import yaml

    names = yaml.safe_load(card_names_path().read_text(encoding="utf-8"))
    cards = card_entries()
    out = []
    for key, entry in names.items():
        value = entry.get(lang)
        for name in ([value] if isinstance(value, str) else value or []):
            out.append((name, _card_of(key, cards)))
    return out


def test_card_names_name_cards_and_cite_records():
    import yaml

    corpus = load_corpus()
    names = yaml.safe_load(card_names_path().read_text(encoding="utf-8"))
    assert names, "data/card_names.yaml is empty"
    cards = card_entries()
    for name, entry in names.items():
        assert set(entry) <= {"en", "ko", "zh", "sections"} and set(entry) & {"en", "ko", "zh"}, name
        assert all(c in corpus for c in entry.get("sections", [])), name
        card = _card_of(name, cards)
        for lang in ("en", "ko", "zh"):
            given = entry.get(lang) or []
            forms = {form for _, form in card.all_forms()}
            assert all(form in forms for form in ([given] if isinstance(given, str) else given)), name
        assert card.sections and all(c in corpus for c in card.sections), name


def test_a_card_name_that_is_a_glossary_word_stays_the_glossarys():
    words = {fold(form) for entry in glossary().entries for _, form in entry.all_forms()}
    assert all(fold(f) not in words for card in glossary().cards for _, f in card.all_forms() if f)


def test_no_name_is_given_to_a_card_the_glossary_names():
    """A card the glossary has (Potion, Switch) is searched as the glossary's entry, so
    data/card_names.yaml gives it no names that would go unused."""
    searched = {tuple(card.all_forms()) for card in glossary().cards}
    unused = [name for lang in ("en", "ko", "zh") for name, card in _names_in(lang)
              if tuple(card.all_forms()) not in searched]
    assert not unused, unused


@pytest.mark.parametrize("name,card", _english_named_cards(), ids=lambda v: v if isinstance(v, str) else "")
def test_english_card_name_leads_to_a_record_that_discusses_the_card(name, card):
    result = search(name, limit=5)
    if not glossary().exact(name):  # "Switch" is the glossary's word switch first
        assert card.en in {term["en"] for term in result["expanded"]}, f"{name!r} was not read as the card"
    found = {hit_id for hit in result["hits"] for hit_id in (hit["id"], *hit["editions"])}
    # A real card (data/catalog/standard.yaml) no rule record names is answered by its card hit.
    real = [hit for hit in result["hits"] if hit["kind"] == "card" and hit.get("title_en") == card.en]
    assert found & set(card.sections) or real, f"{name!r}: top 5 {sorted(found)} has none of {card.sections}"


@pytest.mark.parametrize("name,card", _names_in("ko") + _names_in("zh"), ids=lambda v: v if isinstance(v, str) else "")
def test_korean_and_chinese_card_names_lead_to_a_record_that_discusses_the_card(name, card):
    result = search(name, limit=5)
    assert any(fold(name) in {fold(f) for f in term["forms"]} for term in result["expanded"]), \
        f"{name!r} was not read as the card"
    found = {hit_id for hit in result["hits"] for hit_id in (hit["id"], *hit["editions"])}
    # A real card (data/catalog/standard.yaml) no rule record names is answered by its card hit.
    real = [hit for hit in result["hits"] if hit["kind"] == "card" and hit.get("title_en") == card.en]
    assert found & set(card.sections) or real, f"{name!r}: top 5 {sorted(found)} has none of {card.sections}"


@pytest.mark.parametrize("entry,why", [
    ("つきとばす: {ko: Push}\n", "Latin letters as a Korean name"),
    ("つきとばす: {zh: 들이밀치기}\n", "Hangul as a Chinese name"),
    ("つきとばす: {zh: すなかけ}\n", "kana as a Chinese name"),
    ("つきとばす: {ko: []}\n", "no name"),
    ("つきとばす: {en: [Push Down]}\n", "a list as the English name"),
    ("つきとばす: {fr: Repousser}\n", "a language it does not take"),
    ("つきとばす: {sections: [guide-ja:II-C-04]}\n", "no name at all"),
])
def test_a_malformed_card_name_is_refused_naming_its_line(tmp_path, monkeypatch, entry, why):
    import shutil

    from judgebot.paths import data_dir

    data = tmp_path / "data"
    shutil.copytree(data_dir() / "catalog", data / "catalog")
    (data / "card_names.yaml").write_text(entry, encoding="utf-8")
    monkeypatch.setenv("JUDGEBOT_DATA", str(data))
    with pytest.raises(InputError, match=r"card_names\.yaml:1: 'つきとばす': expected names"):
        card_entries()


def test_a_card_not_in_the_catalog_needs_its_sections(tmp_path, monkeypatch):
    import shutil

    from judgebot.paths import data_dir

    data = tmp_path / "data"
    shutil.copytree(data_dir() / "catalog", data / "catalog")
    (data / "card_names.yaml").write_text("ないカード: {en: No Card}\n", encoding="utf-8")
    monkeypatch.setenv("JUDGEBOT_DATA", str(data))
    with pytest.raises(InputError, match=r"card_names\.yaml:1: 'ないカード' is not in the catalog"):
        card_entries()


def test_the_card_names_evidence_covers_every_name_and_the_second_reading_found_none_wrong():
    """docs/review/card-names.yaml has the evidence of each Korean and Chinese name (and
    each English one added with them); docs/review/card-names-sample.yaml, a second
    reader's check of a sample, leaves no name it found wrong in data/card_names.yaml."""
    import yaml

    from judgebot.paths import data_dir

    review_dir = data_dir().parent / "docs" / "review"
    if not review_dir.is_dir():
        pytest.skip("the review files are in the source tree, not in the wheel")
    evidence = yaml.safe_load((review_dir / "card-names.yaml").read_text(encoding="utf-8"))["names"]
    for lang in ("ko", "zh"):
        for name, card in _names_in(lang):
            keys = [k for k, v in evidence.items() if lang in v and name in [v[lang][lang], *(v[lang].get("also") or [])]]
            assert keys and all(evidence[k][lang]["source"] for k in keys), (lang, name)
    sample = yaml.safe_load((review_dir / "card-names-sample.yaml").read_text(encoding="utf-8"))
    assert len(sample) >= 30 and {v["verdict"] for v in sample.values()} <= {"ok", "wrong", "unsure"}
    given = {name for lang in ("en", "ko", "zh") for name, _ in _names_in(lang)}
    wrong = [n for v in sample.values() if v["verdict"] != "ok" for n in v["name"].values()]
    assert not set(wrong) & given, wrong
