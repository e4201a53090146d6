"""What makes `judgebot cards` cheap (issue 15): the font subsets shipped in the wheel
cover every character of the packaged data, so packaged cards cut no font; and a
selection printed before is copied from the PDF cache, byte for byte, until the
program or the data changes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil

import pytest
from fontTools.ttLib import TTFont

from judgebot.cards import Selection, build_cards, fonts, pdf_cache
from judgebot.cards.font_build import packaged_charset
from judgebot.paths import packaged_data_dir



@pytest.fixture()
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_shipped_subsets_cover_every_character_of_the_packaged_data():
    shipped = fonts.packaged_fonts()
    assert shipped is not None, "data/fonts/manifest.json is missing: run python3 dev.py fonts"
    uncovered = sorted(packaged_charset() - shipped.known)
    assert not uncovered, f"characters without a shipped glyph (run python3 dev.py fonts): {''.join(uncovered)!r}"
    assert set(shipped.files) == {f"{lang}-{weight}" for lang in ("ja", "zh", "ko") for weight in ("regular", "bold")}


def test_shipped_subsets_are_the_files_the_manifest_names():
    folder = packaged_data_dir() / "fonts"
    manifest = json.loads((folder / fonts.PACKAGED_MANIFEST).read_text(encoding="utf-8"))
    for key, entry in manifest["fonts"].items():
        body = (folder / entry["file"]).read_bytes()
        assert hashlib.sha256(body).hexdigest() == entry["sha256"], key
        font = TTFont(folder / entry["file"])
        assert "glyf" in font  # TrueType outlines: reportlab embeds them as they are
        drawn = {chr(cp) for cp in font.getBestCmap()}
        assert set(manifest["chars"]) <= drawn, key
        assert not set(manifest["lacking"]) & drawn, key


def test_packaged_text_cuts_no_font_but_other_text_still_can(own_cache, monkeypatch):
    shipped = fonts.packaged_fonts()
    monkeypatch.setattr(fonts, "_cut_subset", lambda *a: pytest.fail("cut a subset for packaged text"))
    font = fonts.register_fonts("zh", "".join(sorted(shipped.chars))[:500])
    assert font.regular.endswith("-packaged") and font.missing == ()
    monkeypatch.undo()
    monkeypatch.setenv("JUDGEBOT_CACHE", str(own_cache))
    outside = next(chr(cp) for cp in range(0x4E00, 0x9FFF) if chr(cp) not in shipped.known)
    font = fonts.register_fonts("ja", "直" + outside)
    assert not font.regular.endswith("-packaged")
    assert list((own_cache / "fonts").glob("*-ja-*.ttf"))  # cut from Noto and cached


def test_a_repeated_selection_is_copied_from_the_cache(own_cache, tmp_path, monkeypatch):
    selection = Selection(procedures=["retreat"], lang="ko")
    first = build_cards(selection, tmp_path / "first.pdf")
    monkeypatch.setattr("judgebot.cards._render", lambda *a: pytest.fail("rendered again despite the cache"))
    second = build_cards(selection, tmp_path / "second.pdf")
    assert (tmp_path / "first.pdf").read_bytes() == (tmp_path / "second.pdf").read_bytes()
    assert {**first, "output": None} == {**second, "output": None}
    assert list(first) == list(second)  # the same keys in the same order (--json)
    with pytest.raises(BaseException):  # another selection is another entry
        build_cards(Selection(procedures=["retreat"], lang="ja"), tmp_path / "third.pdf")


def test_changed_data_or_a_damaged_entry_renders_again(own_cache, tmp_path, monkeypatch):
    selection = Selection(procedures=["checkup"], lang="ja")
    build_cards(selection, tmp_path / "a.pdf")
    key = pdf_cache.cache_key(selection, "a4", "63x88")
    entry = own_cache / "cards" / f"{key}.pdf"
    entry.write_bytes(entry.read_bytes()[:-50])
    assert pdf_cache.load(key) is None
    build_cards(selection, tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()

    data = tmp_path / "data"
    shutil.copytree(packaged_data_dir(), data, ignore=shutil.ignore_patterns("sources", "fonts", "__pycache__"))
    monkeypatch.setenv("JUDGEBOT_DATA", str(data))
    assert pdf_cache.cache_key(selection, "a4", "63x88") != key
    with (data / "glossary.yaml").open("a", encoding="utf-8") as handle:
        handle.write("\n")
    before = pdf_cache.cache_key(selection, "a4", "63x88")
    assert before != key
    stat = (data / "glossary.yaml").stat()
    os.utime(data / "glossary.yaml", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert pdf_cache.cache_key(selection, "a4", "63x88") != before


def test_the_cache_keeps_only_recent_pdfs(own_cache, tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_cache, "KEEP", 2)
    for index in range(4):
        pdf_cache.store(f"k{index}", b"%PDF-" + bytes([index]), {"cards": index})
    assert len(list((own_cache / "cards").glob("*.pdf"))) == 2
    assert pdf_cache.load("k3") == (b"%PDF-\x03", {"cards": 3})
